"""Status effects beyond spending and Upkeep ("Efeitos de Status").

* Stack limits per holder: "Limite de Empilhamento: 5/3" (the Cursed Doubloon)
  is 5 on the hero who brings the status and 3 on anyone else; raised limits
  ("Aumentando o limite de empilhamento") add to either.
* ``overflow``: gaining a token while at the limit first runs the status's
  script for the holder (the Powder Keg: "if a player is afflicted by a
  Powder Keg while already afflicted, the first one explodes at once").
* Triggers: ``when_attacking`` runs for an Attacker holding the status once
  per token when the Attack activates (the Fade: "-1 damage per token";
  Negotiate: "deal no damage when Attacking"), ``when_attacked`` for an
  Attacked holder; ``expires_after_roll`` tokens are removed when the roll
  phase of the holder's turn concludes (Negotiate).
* ``protected`` tokens are removed or moved only by the bringing hero's
  effects, and ``decline`` lets the bringing hero refuse to gain one, also one
  passed to her with ``move`` (both the Cursed Doubloon).
* Steps: ``move`` (pass a token to the opponent: the Powder Keg on a 6),
  ``steal_health`` ("Roube"), ``lessen_attack`` and ``cancel_attack`` (reduce
  or cancel the owner's own Attack).

This module holds what the rules read (picks, limits); the steps, triggers and
offers run as effects: :mod:`engines.dicethrone.effects.tokens`, ``.triggers``
and ``.offers``.
"""

from __future__ import annotations

from engines.dicethrone.content import Content
from engines.dicethrone.rules.state import State

#: Marks a gain its hero chose to accept after a ``decline`` offer.
ACCEPTED = "accepted"


def parse_pick(content: Content, state: State, pick: str, by: str) -> tuple[int, str] | None:
    """``"2:evasive"`` -> (seat index 1, "evasive") if hero ``by`` may pick that token."""
    seat_text, _, status = pick.partition(":")
    status = status.strip()
    if not seat_text.strip().isdecimal():
        return None
    seat = int(seat_text) - 1
    if not 0 <= seat < len(state.players) or not state.players[seat].statuses.get(status):
        return None
    return (seat, status) if content.status(status).pickable(by) else None


def tokens_in_play(content: Content, state: State, by: str) -> list[tuple[int, str]]:
    """Every (seat, status) with a token that hero ``by`` may remove (e.g. with Bye-Bye)."""
    return [
        (i, s)
        for i, p in enumerate(state.players)
        for s, n in sorted(p.statuses.items())
        if n and content.status(s).pickable(by)
    ]


def stack_limit(content: Content, state: State, seat: int, status: str) -> int:
    """The seat's stack limit for a status: per holder, plus any raised limit, less the
    tokens of the statuses sharing its limit (``limit_shared_with``: Regenerate)."""
    player = state.players[seat]
    definition = content.status(status)
    shared = sum(player.statuses.get(s, 0) for s in definition.limit_shared_with)
    return definition.limit(player.hero) + player.stack_bonus.get(status, 0) - shared


def readable(content: Content, state: State, seat: int, values: tuple[int, ...]) -> tuple[int, ...]:
    """The seat's dice as its statuses let them be read: a face one of them blanks
    (Raveness's Hex: "6s are blank") reads as a blank die (0: no symbol, no number)."""
    blanks = blank_faces(content, state, seat)
    return tuple(0 if v in blanks else v for v in values) if blanks else values


def blank_faces(content: Content, state: State, seat: int) -> frozenset[int]:
    """The faces the seat's statuses make blank on her dice (none usually)."""
    return frozenset(
        face
        for status, count in state.players[seat].statuses.items()
        if count
        for face in content.status(status).blank_faces
    )
