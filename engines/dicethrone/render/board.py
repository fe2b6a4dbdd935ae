"""The hero boards (public) as PNG, drawn from a View only (the hand: ``hand.py``).

The board is read on a phone: a 960-px canvas that Discord shows about 400 px
wide, so no text is smaller than 28 px (11 px there), and the board keeps within
1,100 px: it tries its layouts roomy first, then tighter (smaller chips, a board's
abilities named with their dice only, the boards one under the other, no damage
arrow, a waiting choice said once) and keeps the first that fits (:data:`LAYOUTS`).
With 3–4 heroes those outside the attack get condensed panels (``compact.py``),
two side by side under the boards, or beside the one board of a turn before any
attack where that is shorter, minimal where fuller ones would pass a phone's
height; after them come the last resorts (packed, then lean hero boards, the
defence just rolled said across the board; then minimal panels of one row of
chips, and hero boards that say only what is in play), and after the roll the
heroes the attack hit condensed too. A player's name is never cut short: too long
to follow its seat number, it has a line of its own; where names near Discord's 32
characters still pass a phone's height, the board makes room for them (``roomy``
in ``board_plan.BoardPlan``: the status line without the name of the player on turn, the
labels of dice side by side without the names, a board's share of the width past a
name broken anyway, condensed panels' names on lines of their own). From the top:
who owes the decision now and what it is (in their seat colour), the last move
in words, the dice on the table with their face symbols, then one hero board
per hero (health bar, CP track, status tokens, abilities with their dice
combinations, the ones the dice meet or can still reach highlighted). The last
move is drawn, not only said: the ability just activated and the defence just
rolled framed, the dice that made the ability outlined, the damage an arrow
between the boards (boards side by side), all in the highlight
colour, which no seat uses.
"""

from __future__ import annotations

from collections.abc import Callable

from engines.dicethrone.render.board_paint import paint
from engines.dicethrone.render.board_plan import BoardPlan
from engines.dicethrone.render.layout import involved
from engines.dicethrone.render.style import MAX_HEIGHT, Translate
from engines.dicethrone.view import BoardView


def draw_board(data: BoardView, t: Translate, locale: str) -> bytes:
    """The hero boards as PNG (any view): the first of :data:`LAYOUTS` that fits
    :data:`MAX_HEIGHT`, else the shortest. After the roll (3–4 heroes), where the
    hero boards of the attack pass a phone's height, the heroes it hit get
    condensed panels (the notes say the damage, the panels the health)."""
    seats = involved(data)
    height, paint = _compose(data, t, locale, seats)
    calm = data.phase not in ("offensive", "defensive")
    if height > MAX_HEIGHT and calm and len(data.players) > 2 and seats != {data.active}:
        fewer = _compose(data, t, locale, {data.active})
        if fewer[0] < height:
            (height, paint), seats = fewer, {data.active}
    if height > MAX_HEIGHT:
        # The last of the last resorts (minimal panels of one row of chips, boards
        # that say only what is in play).
        last = _compose(data, t, locale, seats, last=True)
        if last[0] < height:
            height, paint = last
    for resort in (False, True):
        # Still too tall (players' names near Discord's 32 characters): room made for
        # long names, with the fuller forms first.
        if height <= MAX_HEIGHT:
            break
        roomy = _compose(data, t, locale, seats, last=resort, roomy=True)
        if roomy[0] < height:
            height, paint = roomy
    return paint()


def _compose(
    data: BoardView,
    t: Translate,
    locale: str,
    in_attack: set[int],
    last: bool = False,
    roomy: bool = False,
) -> tuple[int, Callable[[], bytes]]:
    """The board's height with ``in_attack``'s seats drawn as hero boards (the others
    condensed), and the drawing of it (``board_plan.py`` measures, ``board_paint.py``
    draws); ``last``: the last of the last resorts too; ``roomy``: room made for long
    names."""
    plan = BoardPlan(data, t, locale, in_attack, roomy)
    chosen = plan.choose(last)
    return chosen.height, lambda: paint(plan, chosen)
