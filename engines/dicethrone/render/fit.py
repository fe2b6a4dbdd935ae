"""How the hero boards of a Dice Throne board share its width and which layout of
:data:`~engines.dicethrone.render.layout.LAYOUTS` they take: the first whose boards
fit the room left (``board.py`` tries them from roomy to its last resorts)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engines.core.render import font
from engines.dicethrone.render.abilities import focus, status_names
from engines.dicethrone.render.chips import chip_label, chip_spacing, panel_chips
from engines.dicethrone.render.hero import ColumnPlan, plan_column
from engines.dicethrone.render.layout import Layout, names_briefly, stack_height
from engines.dicethrone.render.letters import text_width, words
from engines.dicethrone.render.style import GAP, INDENT, RIGHT, SMALL, Translate
from engines.dicethrone.view import BoardView, PlayerView


def fit_columns(
    columns: Sequence[PlayerView],
    data: BoardView,
    width: int,
    room_of: Callable[[Layout], int],
    layouts: Sequence[Layout],
    arrows_h: int,
    t: Translate,
    locale: str,
    side: bool = False,
    roomy: bool = False,
) -> tuple[list[int], list[ColumnPlan], Layout]:
    """The hero boards' widths and plans, and their layout: the first of ``layouts``
    whose boards fit in the room it leaves (``room_of``) px of height (else the
    shortest), each layout trying the usual split of the width first, then the
    others. Stacked boards draw no arrow: ``arrows_h`` more room.
    ``side``: one board beside the condensed panels (never in two columns);
    ``roomy``: a name broken across lines on an even share breaks on any."""
    statuses = status_names(data)
    best: tuple[int, list[int], list[ColumnPlan], Layout] | None = None
    if len(columns) == 1 and not side:
        # The one hero board (the player on turn, 3–4 heroes) across the whole width:
        # its abilities in two columns, in full, before it names them briefly.
        layouts = sorted(layouts, key=lambda layout: "active" in layout.brief)
    for layout in layouts:
        room = room_of(layout)
        if layout.stacked and (side or not columns):
            continue
        shares = (
            [[width] * len(columns)] if layout.stacked else splits(columns, data, width, layout)
        )
        for widths in shares:
            narrow = any(
                w
                < least_width(p, t, locale, layout.tight, layout.packed, width // 2 if roomy else 0)
                for p, w in zip(columns, widths, strict=True)
            )
            if narrow and len(set(widths)) > 1:
                continue  # a chip or the health would not fit across this board
            plans = [
                plan_column(p, w, data, statuses, t, locale, layout)
                for p, w in zip(columns, widths, strict=False)
            ]
            tall = stack_height([plan.height for plan in plans], layout.stacked)
            tall -= arrows_h if layout.stacked else 0
            if best is None or tall - room < best[0]:
                best = (tall - room, widths, plans, layout)
            if tall <= room:
                return widths, plans, layout
    assert best is not None
    return best[1], best[2], best[3]


def splits(
    columns: Sequence[PlayerView], data: BoardView, width: int, layout: Layout
) -> list[list[int]]:
    """Ways to share the width between the hero boards, the usual one first: a board
    listing every ability in full gets more room than one in focus (an Attack) or
    brief; then the other shares, for the one that makes the boards shortest."""
    if len(columns) < 2:
        return [[width]]
    full = [
        len(focus(p, data)) == len(p.abilities) and not names_briefly(p, data, layout)
        for p in columns
    ]
    usual = [0.62 if f else 0.38 for f in full] if full[0] != full[1] else [0.5, 0.5]
    out = []
    for share in (usual[0], 0.5, 0.58, 0.42, 0.66, 0.34):
        first = int((width - GAP) * share)
        if [first, width - GAP - first] not in out:
            out.append([first, width - GAP - first])
    return out


def least_width(
    p: PlayerView, t: Translate, locale: str, tight: bool, packed: bool = False, half: int = 0
) -> float:
    """The narrowest hero board that draws this hero's widest status chip, its
    health label and its player's name whole (the ability lines wrap); ``half``: a
    name's word too wide for a board that wide is broken across lines whatever the
    board's width (it does not count)."""
    fnt = font(SMALL, bold=True)
    pad, _ = chip_spacing(tight, packed)
    health = t("dicethrone.render.health_of", locale, health=p.health, max=p.max_health)
    inner = half - INDENT - RIGHT
    needed = [
        text_width(health, fnt) + 28,
        *(
            text_width(word, fnt)
            for word in words(p.name)
            if not half or text_width(word, fnt) <= inner
        ),
        *(text_width(chip_label(s, locale), fnt) + 2 * pad for s in panel_chips(p)),
    ]
    return max(needed) + INDENT + RIGHT
