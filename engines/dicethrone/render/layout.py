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
    options to the banner that names who chooses (no "Bruno chooses:" line);
    ``choice_once`` says a waiting choice once: its options in the notes, the defence
    that made it framed with its name and dice only.

    The last resorts, where even that passes a phone's height, say as much in less
    room: ``packed`` packs the status chips closer (each on the first row with room
    for it), puts a board's marks after its name, a lone row of dice's label beside
    them, and leaves out what is not in play (the attacker's own defence, the
    targeting die once its target is marked); ``noted`` says the defence just rolled
    under the caption, across the board, its frame naming it with its dice;
    ``lean`` leaves the card counts out of the hero boards (the post and ``/match
    lookup`` say them) and gives the CP as a number beside the health bar; ``reach``
    counts the abilities the roll can no longer reach in one line (and not those an
    Attack leaves out), and names the ability just activated with its dice where
    the notes say its damage; and last, ``lean``
    and ``stacked``: the one board of a turn of 3–4 heroes with its abilities in two
    columns."""

    brief: frozenset[str] = frozenset()
    tight: bool = False
    stacked: bool = False
    terse: bool = False
    choice_once: bool = False
    packed: bool = False
    noted: bool = False
    lean: bool = False
    reach: bool = False
    #: The very last resort: the abilities the dice meet named with their dice too.
    bare: bool = False


BRIEF = frozenset({"active", "other"})

#: Roomy first; then smaller chips; then the board of the player not on turn brief
#: (the one on turn plans the roll); then both brief; then each board across the
#: whole width, one under the other, its abilities in two columns; then both brief
#: side by side with no damage arrow nor choice heading, and the defence whose
#: choice waits named with its dice only (the Gunslinger's Duel); then (from
#: :data:`LEAN`) packed, noted and lean hero boards; and last (from :data:`REACH`)
#: boards that say only what is in play, the one board of a turn with its abilities
#: in two columns.
LAYOUTS = (
    Layout(),
    Layout(tight=True),
    Layout(frozenset({"other"}), tight=True),
    Layout(BRIEF, tight=True),
    Layout(frozenset({"other"}), tight=True, stacked=True),
    Layout(BRIEF, tight=True, stacked=True),
    Layout(BRIEF, tight=True, terse=True),
    Layout(BRIEF, tight=True, terse=True, choice_once=True),
    Layout(BRIEF, tight=True, terse=True, choice_once=True, packed=True),
    Layout(BRIEF, tight=True, terse=True, choice_once=True, packed=True, noted=True),
    Layout(BRIEF, tight=True, terse=True, choice_once=True, packed=True, noted=True, lean=True),
    Layout(BRIEF, True, False, True, True, True, True, True, reach=True),
    Layout(BRIEF, True, True, True, True, True, True, True, reach=True),
    Layout(BRIEF, True, False, True, True, True, True, True, reach=True, bare=True),
    Layout(BRIEF, True, True, True, True, True, True, True, reach=True, bare=True),
)
#: Where the last resorts start: tried only once the condensed panels are minimal.
LEAN = 8
#: Where the hero boards that say only what is in play start (``reach``): tried once
#: the condensed panels have one row of chips.
REACH = 11


def quiet(layout: Layout, data: BoardView) -> bool:
    """Whether the defence just rolled is named with its dice only in ``layout``:
    its choice waits (the options in the notes) or the notes say its text."""
    return (layout.choice_once and data.choice is not None) or layout.noted


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
