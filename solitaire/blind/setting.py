"""The blind part of a study setting or a run configuration.

A blind setting is a game and rules, as every setting, plus ``blind``:
``{"policy": {"name": ..., every parameter}, "hidden": ..., "seed": ...}``,
which ``blind_config`` checks and completes.
"""
from __future__ import annotations

from typing import Any

from solitaire.blind.observation import DEFAULT_HIDDEN, BlindError, check_hidden
from solitaire.blind.policies import make_policy

BLIND_KEYS = ("policy", "hidden", "seed")


def blind_config(raw: dict[str, Any]) -> dict[str, Any]:
    """``{"policy": {...} or a name, "hidden": ..., "seed": ...}`` checked and
    completed (every policy parameter, the default hidden and seed 0)."""
    from solitaire.blind.game import check_seed

    if not isinstance(raw, dict) or set(raw) - set(BLIND_KEYS):
        raise BlindError(f"blind play takes {', '.join(BLIND_KEYS)}, got {raw!r}")
    policy = raw.get("policy", "hop")
    if isinstance(policy, str):
        policy = {"name": policy}
    if not isinstance(policy, dict) or not isinstance(policy.get("name"), str):
        raise BlindError(f"policy must be a name or a table with a name (e.g. {{ name = \"hop\", samples = 20 }}), "
                         f"got {policy!r}")
    params = {k: v for k, v in policy.items() if k != "name"}
    return {"policy": make_policy(policy["name"], **params).describe(),
            "hidden": check_hidden(raw.get("hidden", DEFAULT_HIDDEN)), "seed": check_seed(raw.get("seed", 0))}


def blind_text(blind: dict[str, Any]) -> str:
    """``policy hop (samples 20, max_nodes 5000, ...), hidden tableau, seed 0``."""
    params = ", ".join(f"{k} {v}" for k, v in blind["policy"].items() if k != "name")
    policy = blind["policy"]["name"] + (f" ({params})" if params else "")
    return f"blind: policy {policy}, hidden {blind['hidden']}, seed {blind['seed']}"
