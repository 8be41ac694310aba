import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from hypothesis import settings

# The suite is deterministic by default, so CI never fails on an example that
# the previous run did not try.  `pytest --hypothesis-profile=explore` draws
# fresh random examples on every run, to hunt for new counterexamples.
settings.register_profile("default", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile("default")
