"""Typed steps of a hero's piece that sits on her own board or with one other player
(Thor's Mjölnir, issue 22): sending it to an opponent, taking it back, whichever of
the two applies, conditions on where it is and how often it was sent this turn; and a
script repeated a number of times ("up to N times": the owner picks how many).

Only records and decoders live here (no handler), so :mod:`.steps` can merge
:data:`PIECE_DECODERS` into its table; the handlers are in :mod:`.pieces`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from engines.dicethrone.content import Script, Step


@dataclass(frozen=True)
class SendPiece:
    """The owner's piece, when on her board, goes to an opponent she picks (asked when
    there are several); the piece's ``sent`` script then aims at that player."""

    piece: str


@dataclass(frozen=True)
class PieceTo:
    """The piece goes to ``seat`` (a :class:`SendPiece` resolved)."""

    piece: str
    seat: int


@dataclass(frozen=True)
class RecallPiece:
    """The owner's piece, when with another player, comes back to her board; the
    piece's ``recalled`` script, then ``steps``, aim at the player it left."""

    piece: str
    steps: Script


@dataclass(frozen=True)
class MovePiece:
    """Sends the piece when it is on the owner's board, else takes it back."""

    piece: str


@dataclass(frozen=True)
class IfPieceHome:
    """``steps`` when the piece is on its owner's board now, else ``otherwise``."""

    piece: str
    steps: Script
    otherwise: Script


@dataclass(frozen=True)
class IfPieceSent:
    """``steps`` when the owner has sent the piece at least ``times`` times this turn."""

    piece: str
    times: int
    steps: Script


@dataclass(frozen=True)
class Repeat:
    """``steps`` ``times`` times; ``up_to``: the owner picks how many (0 to ``times``)."""

    times: int
    up_to: bool
    steps: Script


#: Record ``op`` -> typed step, for the steps of this module.
PIECE_DECODERS: Mapping[str, Callable[[Step], object]] = {
    "send_piece": lambda s: SendPiece(s.piece or ""),
    "piece_to": lambda s: PieceTo(s.piece or "", s.amount),
    "recall_piece": lambda s: RecallPiece(s.piece or "", s.steps),
    "move_piece": lambda s: MovePiece(s.piece or ""),
    "if_piece_home": lambda s: IfPieceHome(s.piece or "", s.steps, s.otherwise),
    "if_piece_sent": lambda s: IfPieceSent(s.piece or "", s.amount, s.steps),
    "repeat": lambda s: Repeat(s.amount, s.topic == "up_to", s.steps),
}
