"""A condensed panel: a hero not involved in the current attack (3–4 heroes), half
the board's width (two side by side) or, a lone one, across it; where even that
board passes a phone's height, a minimal one (name, hero, marks, health · CP and
its chips, at the board's last resort one row of them: the card counts and
upgrades are on the hero's own board on its turn, and in ``/match lookup``)."""

from __future__ import annotations

from PIL import ImageDraw

from engines.core import theme
from engines.core.render import font
from engines.dicethrone.render import letters
from engines.dicethrone.render.chips import chip_layout, draw_statuses, one_row, panel_chips
from engines.dicethrone.render.effect_words import name_in as _name
from engines.dicethrone.render.hero import card_counts, name_apart, panel_tags
from engines.dicethrone.render.letters import text_width, wrap
from engines.dicethrone.render.style import (
    INDENT,
    LINE,
    RIGHT,
    SEGMENT_GAP,
    SMALL,
    TIGHT_CHIP_ROW,
    Translate,
)
from engines.dicethrone.view import BoardView, PlayerView, Token

#: Rows of the smaller status chips of a condensed panel (a "+N" chip counts the
#: rest: the hero's board, drawn in full when it attacks or is attacked, names them).
CONDENSED_CHIP_ROWS = 1


def chip_rows(chips: list[Token], room: int, locale: str) -> int:
    """Rows for a condensed panel's chips: CONDENSED_CHIP_ROWS, one more where that
    row would hold a "+N" chip only (a chip as wide as the panel)."""
    counts, _ = chip_layout(chips, room, locale, CONDENSED_CHIP_ROWS, tight=True)
    return CONDENSED_CHIP_ROWS + (1 if chips and not counts[0] else 0)


#: A line of a condensed panel: its parts side by side (text, bold, colour).
Segment = tuple[str, bool, theme.RGB]


def condensed_lines(
    p: PlayerView,
    data: BoardView,
    width: int,
    t: Translate,
    locale: str,
    minimal: bool = False,
    roomy: bool = False,
) -> list[list[Segment]]:
    """The lines of a condensed panel ``width`` px wide: name and hero, marks,
    health · CP, card counts, the applied upgrades (``minimal``: not these two),
    each put on the line before it where it fits whole, else on lines of its own
    (wrapped, never cut short); ``roomy``: the name on lines of its own, the marks
    after it, where that takes fewer lines."""
    room = width - INDENT - RIGHT
    health = t("dicethrone.render.health_of", locale, health=p.health, max=p.max_health)
    cp = t("dicethrone.render.cp", locale, cp=p.cp)
    names = [_name(u.name, locale) for u in p.upgrades]
    lead, hero = f"{p.seat + 1}. ", _name(p.hero_name, locale)
    # The marks in the colour the hero boards give them (team, leader, target).
    tags: Segment = (" · ".join(panel_tags(p.seat, data, t, locale)), True, theme.HIGHLIGHT)
    parts: list[Segment] = [
        # A name too long to follow its number on a line has the line to itself, the
        # number leading the hero's (see ``title_lines``).
        *(
            [(p.name, True, theme.TEXT), (f"{lead}{hero}", True, theme.TEXT)]
            if name_apart(lead, p.name, room)
            else [(f"{lead}{p.name} — {hero}", True, theme.TEXT)]
        ),
        tags,
        (f"{health} · {cp}", True, theme.TEXT),
    ]
    if not minimal:
        parts.append((card_counts(p, t, locale), False, theme.TEXT_MUTED))
    if names and not minimal:
        upgrades = t("dicethrone.render.upgrades", locale, cards=" · ".join(names))
        parts.append((upgrades, False, theme.TEXT))
    lines = _packed(parts, room)
    if roomy:
        # The name on lines of its own, the marks after its last line where they fit,
        # then the number leading the hero's: where that takes fewer lines.
        rest = parts[parts.index(tags) + 1 :]
        apart = [(p.name, True, theme.TEXT), tags, (f"{lead}{hero}", True, theme.TEXT), *rest]
        lines = min(lines, _packed(apart, room), key=len)
    return lines


def _packed(parts: list[Segment], room: int) -> list[list[Segment]]:
    """``parts`` on lines ``room`` px wide, each on the line before it where it fits
    whole, else on lines of its own (wrapped, never cut short)."""
    lines: list[list[Segment]] = []
    used = float(room)  # a new line before the first part
    for text, bold, fill in parts:
        if not text:
            continue
        w = text_width(text, font(SMALL, bold=bold))
        if used + SEGMENT_GAP * 5 + w <= room:
            lines[-1].append((text, bold, fill))
            used += SEGMENT_GAP * 5 + w
            continue
        wrapped = wrap(text, room, SMALL, bold=bold)
        lines += [[(line, bold, fill)] for line in wrapped]
        used = text_width(wrapped[-1], font(SMALL, bold=bold))
    return lines


def inline_at(lines: list[list[Segment]], chips: list[Token], room: int, locale: str) -> int | None:
    """Where a minimal panel's row of chips starts on its last line (px after the
    indent) when the rest of that line names as many of them as a row of their own
    would; else None (the chips on a row under the lines)."""
    if not chips or not lines:
        return None
    last = lines[-1]
    used = sum(text_width(x, font(SMALL, bold=b)) + SEGMENT_GAP * 5 for x, b, _ in last)
    alone, _ = one_row(chips, room, locale)
    beside, _ = one_row(chips, int(room - used), locale)
    return int(used) if beside and len(beside) == len(alone) else None


def condensed_height(
    p: PlayerView,
    data: BoardView,
    width: int,
    t: Translate,
    locale: str,
    minimal: int = 0,
    roomy: bool = False,
) -> int:
    """The height of a condensed panel ``width`` px wide (see :func:`draw_condensed`)."""
    bare = minimal > 1
    chips = panel_chips(p)
    room = width - INDENT - RIGHT
    rows = chip_rows(chips, room, locale)
    counts, _ = chip_layout(chips, room, locale, rows, tight=True)
    chip_h = TIGHT_CHIP_ROW * (1 if bare else len(counts)) + 4 if chips else 0
    lines = condensed_lines(p, data, width, t, locale, bool(minimal), roomy)
    if bare and inline_at(lines, chips, room, locale) is not None:
        # The chips beside the last line's text, a little taller than it.
        return 12 + LINE * (len(lines) - 1) + TIGHT_CHIP_ROW + 4
    return 12 + LINE * len(lines) + chip_h + 4


def draw_condensed(
    draw: ImageDraw.ImageDraw,
    p: PlayerView,
    data: BoardView,
    x0: int,
    y: int,
    height: int,
    width: int,
    t: Translate,
    locale: str,
    minimal: int = 0,
    roomy: bool = False,
) -> None:
    """A condensed panel ``width`` px wide (3–4 heroes, outside the attack): its
    lines (:func:`condensed_lines`), then its status chips, smaller, on
    :func:`chip_rows` rows, a "+N" chip counting the rest (``minimal``: 1 the
    minimal panel, 2 the minimal panel with one row of chips, beside its last line
    where that names as many: the board's last resort; ``roomy``: see
    :func:`condensed_lines`)."""
    x1 = x0 + width
    draw.rounded_rectangle((x0, y, x1, y + height), 14, fill=theme.PANEL)
    draw.rounded_rectangle((x0, y, x0 + 12, y + height), 6, fill=theme.seat_colour(p.seat))
    ty = y + 12
    lines = condensed_lines(p, data, width, t, locale, bool(minimal), roomy)
    chips, room = panel_chips(p), width - INDENT - RIGHT
    at = inline_at(lines, chips, room, locale) if minimal > 1 else None
    for line in lines:
        x = x0 + INDENT
        for text, bold, fill in line:
            w = text_width(text, font(SMALL, bold=bold))
            letters.draw_text(
                draw, (x, ty), text, max_width=x1 - RIGHT - x, size=SMALL, bold=bold, fill=fill
            )
            x += int(w) + SEGMENT_GAP * 5
        ty += LINE
    if at is not None:
        # Beside the last line's text, level with it.
        x, ty = x0 + INDENT + at, ty - LINE
        shown, more = one_row(chips, room - at, locale)
        draw_statuses(draw, shown, x, ty + 2, x1 - RIGHT, t, locale, 1, True, more=more)
    elif chips and minimal > 1:
        # One row: the chips that fit it, a "+N" chip counting the rest.
        shown, more = one_row(chips, room, locale)
        draw_statuses(draw, shown, x0 + INDENT, ty + 6, x1 - RIGHT, t, locale, 1, True, more=more)
    elif chips:
        rows = chip_rows(chips, width - INDENT - RIGHT, locale)
        draw_statuses(draw, chips, x0 + INDENT, ty + 6, x1 - RIGHT, t, locale, rows, tight=True)
