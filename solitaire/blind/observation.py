"""What a blind player sees: observations, and worlds consistent with them.

An observation is an immutable object per game (``games/<game>.py``) built
from the true reference position and the cards the player has seen so far.
It holds the visible cards where they lie, the counts a player can see, and
``unseen``: the set of cards not seen yet, which is the complement of every
card seen and so tells nothing a player could not count.  It never holds a
card where a face-down or unseen card lies: those places hold ``UNSEEN``.

``sample(observation, rng)`` deals the unseen cards uniformly at random into
the unseen places: a *world*, a reference position consistent with the
observation.  Uniform is exact for every game here: no observation
constrains which unseen card lies in which unseen place.

What is hidden is a named option of blind play (``HIDDEN``): ``tableau+stock``
(the default: face-down tableau cards and the stock cards not yet turned) or
``tableau`` (the stock's order is known).  Per game (docs/rules.md, "Playing
blind"): Klondike hides its face-down tableau cards and, under
``tableau+stock``, its unseen stock; Yukon hides its face-down cards (no
stock: both options coincide); Pyramid hides its unseen stock under
``tableau+stock`` and nothing under ``tableau``; Baker's Dozen hides nothing
(blind play is thoughtful play).
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Sequence

import numpy as np

from solitaire import cards
from solitaire.games.base import ReferenceState
from solitaire.rules import RuleError

TABLEAU, TABLEAU_STOCK = "tableau", "tableau+stock"
HIDDEN = (TABLEAU_STOCK, TABLEAU)
DEFAULT_HIDDEN = TABLEAU_STOCK
UNSEEN = -1  # the mark of a place whose card the player has not seen


class BlindError(RuleError):
    """A bad option of blind play (what is hidden, a policy or its parameters)."""


def check_hidden(hidden: str) -> str:
    """The ``hidden`` option, checked (a BlindError names the values)."""
    if hidden not in HIDDEN:
        raise BlindError(f"hidden must be one of {', '.join(HIDDEN)}, got {hidden!r}")
    return hidden


@dataclass(frozen=True)
class Observation:
    """The fields every game's observation has; each game adds its own.

    ``rules`` are the complete rules as sorted (name, value) pairs,
    ``hidden`` what is hidden, ``unseen`` the cards not seen yet."""

    card_fields = ()  # a game's fields that hold cards where they lie (UNSEEN or None elsewhere)

    game: str
    rules: tuple[tuple[str, Any], ...]
    hidden: str
    unseen: frozenset[int]

    def rules_dict(self) -> dict[str, Any]:
        return dict(self.rules)

    @property
    def seen(self) -> frozenset[int]:
        """Every card the player has seen (the complement of ``unseen``)."""
        return frozenset(cards.ALL_CARDS) - self.unseen

    def placed_cards(self) -> list[int]:
        """Every card lying in a place of ``card_fields`` (no ``UNSEEN``, no empty place)."""
        out: list[int] = []

        def walk(value: Any) -> None:
            if isinstance(value, tuple):
                for item in value:
                    walk(item)
            elif isinstance(value, int) and value != UNSEEN:
                out.append(value)

        for name in self.card_fields:
            walk(getattr(self, name))
        return out

    def places(self) -> list[tuple]:
        """Every place holding an unseen card, in the order ``complete`` fills them."""
        raise NotImplementedError

    def complete(self, fill: Sequence[int]) -> ReferenceState:
        """The position with ``fill[i]`` in the i-th unseen place: a world."""
        raise NotImplementedError

    def progress_key(self) -> tuple:
        """What identifies the position for the driver's repetition rule
        (a pass counter that does not limit anything is left out)."""
        return tuple(getattr(self, f.name) for f in fields(self))


def rules_items(rules: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted(rules.items()))


def sample(observation: Observation, rng: np.random.Generator) -> ReferenceState:
    """A world consistent with ``observation``: its unseen cards shuffled
    uniformly into its unseen places."""
    unseen = sorted(observation.unseen)
    order = rng.permutation(len(unseen)) if unseen else []
    return observation.complete([unseen[i] for i in order])
