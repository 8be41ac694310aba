import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from hypothesis import settings

# Profiles (`pytest --hypothesis-profile=NAME`, or HYPOTHESIS_PROFILE):
# * ci (the default under CI=true): fresh random examples on every run, 200
#   for a test that names no count of its own, and a reproduction blob
#   printed on failure (`@reproduce_failure`), so a failure can be replayed;
# * dev (the default elsewhere): the same fixed examples on every run, fast;
# * explore: fresh random examples, five times as many, to hunt for new
#   counterexamples (slow).
# The oracle tests (tests/oracle) draw their positions from ORACLE_SEED
# (default 0) and print it on failure.
settings.register_profile("dev", derandomize=True, print_blob=True)
settings.register_profile("ci", derandomize=False, print_blob=True, max_examples=200)
settings.register_profile("explore", derandomize=False, print_blob=True, max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))
