"""How much a pair of hero boards says (:data:`LAYOUTS`, tried in order until the
board fits a phone) and which seats are drawn as hero boards."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engines.dicethrone.render.style import GAP
from engines.dicethrone.view import BoardView, PlayerView


@dataclass(frozen=True)
class Layout:
    """How much a pair of hero boards says: ``brief`` names each ability with its dice
    combination only (its effect kept where the dice meet it, for the ability just
    activated and for the defence) on the boards of the seats it holds — "active" the
    player whose turn it is, "other" the rest; ``tight`` draws smaller status chips;
    ``stacked`` sets the boards one under the other, each across the whole width;
    ``terse`` leaves the damage arrow to the notes (which say it) and a choice's
    options to the banner that names who chooses (no "Bruno chooses:" line)."""

    brief: frozenset[str] = frozenset()
    tight: bool = False
    stacked: bool = False
    terse: bool = False


#: Roomy first; then smaller chips; then the board of the player not on turn brief
#: (the one on turn plans the roll); then both brief; then each board across the
#: whole width, one under the other, its abilities in two columns; last, both brief
#: side by side with no damage arrow nor choice heading (the Gunslinger's Duel).
LAYOUTS = (
    Layout(),
    Layout(tight=True),
    Layout(frozenset({"other"}), tight=True),
    Layout(frozenset({"active", "other"}), tight=True),
    Layout(frozenset({"other"}), tight=True, stacked=True),
    Layout(frozenset({"active", "other"}), tight=True, stacked=True),
    Layout(frozenset({"active", "other"}), tight=True, terse=True),
)


def stack_height(heights: Sequence[int], stacked: bool) -> int:
    """The hero boards' height: side by side the tallest, stacked their sum."""
    if stacked:
        return sum(heights) + GAP * max(len(heights) - 1, 0)
    return max(heights, default=0)


def names_briefly(p: PlayerView, data: BoardView, layout: Layout) -> bool:
    """Whether this hero board names its abilities briefly in ``layout``."""
    return ("active" if p.seat == data.active else "other") in layout.brief


def involved(data: BoardView) -> set[int]:
    """Seats drawn as hero boards: every seat in a duel; with 3–4 heroes the active
    player, the target/defender and anyone about to take damage, so the board
    fits a phone screen."""
    players = data.players
    if len(players) <= 2 or data.phase == "over":
        return {p.seat for p in players}
    seats = {data.active}
    if data.target is not None:
        seats.add(data.target)
    if data.phase == "defensive":
        seats.add(data.defender)
    seats.update(inc.target for inc in data.incoming)
    seats.update(rep.target for rep in data.reports)
    return seats
