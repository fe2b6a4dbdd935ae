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
in :func:`_compose`: the status line without the name of the player on turn, the
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

from collections.abc import Callable, Sequence

from engines.core import theme
from engines.core.render import canvas, font, to_png
from engines.dicethrone.render import arrows, letters
from engines.dicethrone.render.abilities import defence_note
from engines.dicethrone.render.banner import banner_height, draw_banner
from engines.dicethrone.render.compact import condensed_height, draw_condensed
from engines.dicethrone.render.dice import (
    Tray,
    draw_dice,
    face_legend,
    label_beside,
    label_height,
    label_places,
    table_trays,
    tray_width,
)
from engines.dicethrone.render.effect_words import name_in as _name
from engines.dicethrone.render.fit import fit_columns
from engines.dicethrone.render.hero import ColumnPlan, draw_column
from engines.dicethrone.render.layout import (
    LAYOUTS,
    LEAN,
    REACH,
    Layout,
    involved,
    stack_height,
)
from engines.dicethrone.render.letters import text_width, wrap, wrap_line
from engines.dicethrone.render.style import (
    ARROW_ROW,
    DIE,
    DIE_GAP,
    GAP,
    LINE,
    MAX_HEIGHT,
    SMALL,
    SMALL_DIE,
    TIGHT_DIE,
    TIGHT_LINE,
    TRAY_GAP,
    Translate,
)
from engines.dicethrone.render.words import (
    SAID_BY_DICE,
    damage_lines,
    info_lines,
    last_lines,
    owes_parts,
    status_line,
)
from engines.dicethrone.view import BoardView, PlayerView


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
    condensed), and the drawing of it; ``last``: the last of the last resorts too;
    ``roomy``: room made for long names (the status line without the name of the
    player on turn where that saves it a line, a hero board's share of the width
    free of a name broken across lines anyway, a pair of condensed panels one under
    the other, each across the width, where that is shorter, their marks after a
    name on lines of its own or on lines of their own where that takes fewer, the
    labels of dice side by side without the names where they take more than a line:
    the boards say whose dice they are)."""
    width = theme.CANVAS_WIDTH - 2 * theme.MARGIN
    players = data.players

    def captions(tight: bool) -> list[str]:
        skip: frozenset[str] = frozenset()
        if tight and data.roll.dice:
            skip |= SAID_BY_DICE
        if tight and data.roll.defense_dice and data.roll.defense:
            # The defence just rolled: its dice on the table, its name framed.
            skip |= {"dicethrone.event.defended"}
        if tight and data.choice is not None:
            # "Bruno must choose one of 2 options": the notes list them under his name.
            skip |= {"dicethrone.event.choose"}
        if tight and data.reports:
            # The damage taken: said by the report line ("…; Bruno takes 5") and
            # the health bars.
            skip |= {"dicethrone.event.health_damage", "dicethrone.event.team_health_damage"}
        said = last_lines(data, t, locale, skip)
        # The caption keeps the last few lines of the move: the rest is in the post.
        return [line for text in said for line in wrap(text, width - 40, SMALL)][-4:]

    def notes_for(layout: Layout) -> list[str]:
        said = [
            *damage_lines(data, t, locale),
            *info_lines(data, t, locale, layout.tight, layout.terse, layout.packed),
        ]
        return [line for text in said for line in wrap_line(text, width - 40)]

    def caption_for(layout: Layout) -> list[str]:
        """The caption, and the defence just rolled said under it where the layout
        says it there (``noted``) rather than down the defender's narrow board."""
        note = defence_note(data, t, locale)
        if not layout.noted or not note or (layout.choice_once and data.choice is not None):
            return captions(layout.tight)
        return [*captions(layout.tight), *wrap(note, width - 40, SMALL)]

    banner_h = banner_height(owes_parts(data, t, locale))
    # The status line wraps (the end of a match of 3–4 heroes names every knock-out).
    status = wrap(status_line(data, t, locale), width, SMALL) or [""]
    unnamed = wrap(status_line(data, t, locale, named=False), width, SMALL)
    if roomy and len(unnamed) < len(status):
        # The ▶ on the board of the player on turn says whose turn it is.
        status = unnamed
    trays = table_trays(data, t, locale)
    columns = [p for p in players if p.seat in in_attack][:2]
    condensed = [p for p in players if p not in columns]
    half = (width - GAP) // 2

    def share(count: int) -> int:
        """The width of each of ``count`` panels side by side."""
        return (width - GAP * (count - 1)) // count

    def panels(side: bool, minimal: int) -> tuple[list[list[PlayerView]], list[int]]:
        """Heroes outside the attack (3–4 heroes), in rows, and the rows' heights:
        ``side``, beside the one hero board, one under the other; else under the
        boards, two side by side (a lone last one across the whole width);
        ``minimal``: 1 minimal panels, 2 with one row of chips (``compact.py``)."""
        if side:
            return [[p] for p in condensed], [
                condensed_height(p, data, half, t, locale, minimal, roomy) for p in condensed
            ]
        pairs = [condensed[i : i + 2] for i in range(0, len(condensed), 2)]
        if roomy:
            # Long names broken over lines of half panels: each panel across the
            # width, one under the other, where the two are shorter so.
            pairs = [
                r
                for q in pairs
                for r in (
                    [[p] for p in q]
                    if sum(condensed_height(p, data, width, t, locale, minimal, roomy) for p in q)
                    + GAP * (len(q) - 1)
                    < max(
                        condensed_height(p, data, share(len(q)), t, locale, minimal, roomy)
                        for p in q
                    )
                    else [q]
                )
            ]
        return pairs, [
            max(condensed_height(p, data, share(len(q)), t, locale, minimal, roomy) for p in q)
            for q in pairs
        ]

    shown = arrows.damage_arrows(data, [p.seat for p in columns], t, locale)
    # Rows of dice share a line (smaller dice) when they fit side by side.
    rows_of_trays: list[list[Tray]] = []
    for tray in trays:
        if rows_of_trays and tray_width([*rows_of_trays[-1], tray], SMALL_DIE) <= width:
            rows_of_trays[-1].append(tray)
        else:
            rows_of_trays.append([tray])
    if roomy:
        # Labels of dice side by side on more than a line (long names): the offensive
        # and defensive dice's without the names (the boards say whose they are).
        bare = {id(a): b for a, b in zip(trays, table_trays(data, t, locale, False), strict=True)}
        rows_of_trays = [
            [bare[id(tray)] for tray in row]
            if label_height(row, SMALL_DIE, width) > 8 + LINE
            else row
            for row in rows_of_trays
        ]
    # A row of dice keeps room under it for the "kept" tabs only when a die is kept.
    unders = [44 if any(any(tray[4]) for tray in row) else 12 for row in rows_of_trays]

    def unders_for(layout: Layout) -> list[int]:
        """Room under each row of dice: the last resort (``reach``) marks kept dice
        by their outline only (no tab under them)."""
        return [12] * len(unders) if layout.reach else unders

    def dice_sizes(tight: bool) -> list[int]:
        # A die is wide enough for its symbol's name ("Doubloon"), tight or not.
        names = [_name(n, locale) for row in rows_of_trays for tray in row for n in tray[3]]
        widest = max((text_width(n, font(SMALL)) for n in names), default=0.0)
        big = max(TIGHT_DIE if tight else DIE, int(widest) + 14)
        # Never wider than the row's dice fit on the board: a long name then has to
        # fit its die (the fit tests refuse a name shrunk), never a die off the edge.
        most = max((len(row[0][1]) for row in rows_of_trays if len(row) == 1), default=1)
        big = min(big, (width - (most - 1) * DIE_GAP) // max(most, 1))
        return [SMALL_DIE if len(row) > 1 else big for row in rows_of_trays]

    # Labels of dice side by side may take two lines (they are never cut short).
    tops = [
        label_height(row, die, width)
        for row, die in zip(rows_of_trays, dice_sizes(False), strict=True)
    ]

    def tops_for(layout: Layout) -> list[int]:
        """Room above each row of dice for its labels: none but a margin where a
        packed board's lone tray has its label beside its dice."""
        sizes = dice_sizes(layout.tight)
        return [
            8 if layout.packed and label_beside(row, die, width) else top
            for row, die, top in zip(rows_of_trays, sizes, tops, strict=True)
        ]

    def above(layout: Layout, side: bool = False, minimal: int = 0) -> int:
        """Everything but the hero boards and what is beside them (the arrows
        included unless ``terse``) in ``layout``."""
        tight = layout.tight
        line = TIGHT_LINE if tight else LINE
        height = (
            banner_h + 48 + LINE * (len(status) - 1) + ARROW_ROW * len(shown) * (not layout.terse)
        )
        said = len(caption_for(layout)) + len(notes_for(layout))
        if said:
            height += 24 + line * said + GAP
        sizes = dice_sizes(tight)
        height += sum(
            a + die + b + LINE * len(face_legend(row, die, width, locale))
            for row, a, die, b in zip(
                rows_of_trays, tops_for(layout), sizes, unders_for(layout), strict=True
            )
        )
        under = 0 if side else sum(h + GAP for h in panels(False, minimal)[1])
        return height + GAP + under + 16

    arrows_h = ARROW_ROW * len(shown)

    def arrange(
        side: bool, minimal: int, layouts: Sequence[Layout]
    ) -> tuple[int, list[int], list[ColumnPlan], Layout]:
        """The board's height, the hero boards' widths, plans and layout (the first
        of ``layouts`` that fits), the condensed panels beside the one hero board or
        under the boards."""
        board_w = half if side else width
        widths, plans, layout = fit_columns(
            columns,
            data,
            board_w,
            lambda layout: MAX_HEIGHT - above(layout, side, minimal),
            layouts,
            arrows_h,
            t,
            locale,
            side,
            roomy,
        )
        height = above(layout, side, minimal) - arrows_h * layout.stacked
        heights = stack_height([plan.height for plan in plans], layout.stacked)
        beside = panels(True, minimal)[1] if side else []
        return max(heights, sum(beside) + GAP * (len(beside) - 1)) + height, widths, plans, layout

    def place(
        minimal: int, layouts: Sequence[Layout]
    ) -> tuple[tuple[int, list[int], list[ColumnPlan], Layout], bool]:
        """:func:`arrange` under the boards or, the one hero board of a turn of 3–4
        heroes, beside the panels if only that fits a phone (or is shorter)."""
        under = arrange(False, minimal, layouts)
        if under[0] > MAX_HEIGHT and len(columns) == 1 and condensed:
            beside = arrange(True, minimal, layouts)
            if beside[0] < under[0]:
                return beside, True
        return under, False

    # Where the board passes a phone's height: minimal condensed panels, then packed
    # and lean hero boards, then minimal panels of one row of chips, then hero boards
    # that say only what is in play (boards that fit with the fuller forms are left
    # as they are).
    (height, widths, plans, layout), side = place(0, LAYOUTS[:LEAN])
    minimal = 0
    tries = [(1, LAYOUTS[:LEAN])] if condensed else []
    tries.append((int(bool(condensed)), LAYOUTS[LEAN:REACH]))
    if condensed and last:
        tries.append((2, LAYOUTS[LEAN:REACH]))
    if last:
        tries.append((2 * bool(condensed), LAYOUTS[LEAN:]))
    for fewer_panels, layouts in tries:
        if height <= MAX_HEIGHT:
            break
        fewer, fewer_side = place(fewer_panels, layouts)
        if fewer[0] < height:
            (height, widths, plans, layout), side, minimal = fewer, fewer_side, fewer_panels
    panel_rows, compact_h = panels(side, minimal)
    stacked, line = layout.stacked, TIGHT_LINE if layout.tight else LINE
    sizes = dice_sizes(layout.tight)
    caption, notes = caption_for(layout), notes_for(layout)
    heights = [plan.height for plan in plans]
    if stacked:
        # One board under the other: the damage is said in the notes, not drawn.
        shown = []
    if layout.terse:
        shown = []  # said in the notes (``above`` left its room out)

    def paint() -> bytes:
        image, draw = canvas(height)
        y = draw_banner(draw, owes_parts(data, t, locale), data)
        for i, part in enumerate(status):
            letters.draw_text(
                draw,
                (theme.MARGIN, y + 8 + i * LINE),
                part,
                max_width=width,
                size=SMALL,
                fill=theme.TEXT_MUTED,
            )
        y += 48 + LINE * (len(status) - 1)
        if caption or notes:
            box = 24 + line * (len(caption) + len(notes))
            draw.rounded_rectangle(
                (theme.MARGIN, y, theme.MARGIN + width, y + box), 12, fill=theme.PANEL
            )
            # The last move's mark: the highlight colour, which no seat uses.
            draw.rounded_rectangle(
                (theme.MARGIN, y, theme.MARGIN + 10, y + box), 4, fill=theme.HIGHLIGHT
            )
            ty = y + 12
            # The move in words, then what the table waits on, bold in the highlight.
            said = [(c, False, theme.TEXT) for c in caption]
            said += [(n, True, theme.HIGHLIGHT) for n in notes]
            for text, bold, fill in said:
                letters.draw_text(
                    draw,
                    (theme.MARGIN + 28, ty),
                    text,
                    max_width=width - 40,
                    size=SMALL,
                    bold=bold,
                    fill=fill,
                )
                ty += line
            y += box + GAP
        for row, die, under, top in zip(
            rows_of_trays, sizes, unders_for(layout), tops_for(layout), strict=True
        ):
            x = theme.MARGIN
            beside = label_beside(row, die, width) if layout.packed else None
            if beside:
                # Beside its dice, in the middle of their height.
                bx = theme.MARGIN + tray_width(row, die) + TRAY_GAP
                by = y + top + (die - LINE * len(beside)) // 2
                for i, part in enumerate(beside):
                    letters.draw_text(
                        draw,
                        (bx, by + i * LINE),
                        part,
                        max_width=theme.MARGIN + width - bx,
                        size=SMALL,
                        bold=True,
                    )
                draw_dice(draw, x, y + top, die, *row[0][1:], t, locale, tabs=not layout.reach)
                y += top + die + under
                continue
            for tray, (shift, room) in zip(row, label_places(row, die, width), strict=True):
                label, values, faces, names, kept, used = tray
                for i, part in enumerate(wrap(label, room, SMALL, bold=True)):
                    letters.draw_text(
                        draw, (x + shift, y + i * LINE), part, max_width=room, size=SMALL, bold=True
                    )
                draw_dice(
                    draw,
                    x,
                    y + top,
                    die,
                    values,
                    faces,
                    names,
                    kept,
                    used,
                    t,
                    locale,
                    tabs=not layout.reach,
                )
                x += tray_width([tray], die) + TRAY_GAP
            y += top + die + under
            # Dice too small to name their symbols: the names in a legend under them.
            for part in face_legend(row, die, width, locale):
                letters.draw_text(
                    draw, (theme.MARGIN, y), part, max_width=width, size=SMALL, fill=theme.TEXT
                )
                y += LINE
        centres, x = {}, theme.MARGIN
        for p, w in zip(columns, widths, strict=False):
            centres[p.seat] = x + w // 2
            x += w + GAP
        for source, target, label in shown:
            arrows.draw_arrow(draw, centres[source], centres[target], y, label)
            y += ARROW_ROW
        x = theme.MARGIN
        for p, w, plan in zip(columns, widths, plans, strict=False):
            if stacked:
                draw_column(draw, p, plan, data, x, y, w, plan.height, t, locale)
                y += plan.height + GAP
                continue
            draw_column(draw, p, plan, data, x, y, w, max(heights), t, locale)
            x += w + GAP
        if side:
            x = theme.MARGIN + half + GAP
            for p, h in zip(condensed, compact_h, strict=True):
                draw_condensed(draw, p, data, x, y, h, half, t, locale, minimal, roomy)
                y += h + GAP
            return to_png(image)
        if not stacked:
            y += max(heights, default=0) + GAP
        for pair, h in zip(panel_rows, compact_h, strict=True):
            w = share(len(pair))
            for i, p in enumerate(pair):
                x = theme.MARGIN + i * (w + GAP)
                draw_condensed(draw, p, data, x, y, h, w, t, locale, minimal, roomy)
            y += h + GAP
        return to_png(image)

    return height, paint
