"""A condensed panel: a hero not involved in the current attack (3–4 heroes), across
the board's width or, two or more of them, half of it side by side."""

from __future__ import annotations

from PIL import ImageDraw

from engines.core import theme
from engines.core.render import font
from engines.dicethrone.render import letters
from engines.dicethrone.render.chips import chip_layout, draw_statuses, panel_chips
from engines.dicethrone.render.effect_words import name_in as _name
from engines.dicethrone.render.hero import card_counts, panel_tags
from engines.dicethrone.render.letters import text_width, wrap
from engines.dicethrone.render.style import (
    CHIP_ROW,
    COMPACT_H,
    INDENT,
    LINE,
    RIGHT,
    SEGMENT_GAP,
    SMALL,
    TIGHT_CHIP_ROW,
    UPGRADE_ROW,
    Translate,
)
from engines.dicethrone.view import BoardView, PlayerView


def compact_height(p: PlayerView, width: int, t: Translate, locale: str) -> int:
    """The height of a condensed panel ``width`` px wide (see :func:`draw_compact`)."""
    chips = panel_chips(p)
    counts, _ = chip_layout(chips, width - INDENT - RIGHT, locale)
    upgrades = UPGRADE_ROW * len(upgrade_lines(p, width, t, locale))
    return COMPACT_H + upgrades + (CHIP_ROW * len(counts) if chips else -8)


def draw_compact(
    draw: ImageDraw.ImageDraw,
    p: PlayerView,
    data: BoardView,
    y: int,
    height: int,
    width: int,
    t: Translate,
    locale: str,
) -> None:
    """A condensed panel (3–4 heroes, outside the attack): name and hero, health · CP,
    marks and card counts, the applied upgrades (wrapped), then every status chip."""
    x0, x1 = theme.MARGIN, theme.MARGIN + width
    draw.rounded_rectangle((x0, y, x1, y + height), 14, fill=theme.PANEL)
    draw.rounded_rectangle((x0, y, x0 + 12, y + height), 6, fill=theme.seat_colour(p.seat))
    hero = _name(p.hero_name, locale)
    letters.draw_text(
        draw,
        (x0 + INDENT, y + 12),
        f"{p.seat + 1}. {p.name} — {hero}",
        max_width=width * 0.5,
        bold=True,
    )
    health = t("dicethrone.render.health_of", locale, health=p.health, max=p.max_health)
    cp = t("dicethrone.render.cp", locale, cp=p.cp)
    letters.draw_text(
        draw,
        (x1 - RIGHT, y + 14),
        f"{health} · {cp}",
        max_width=width * 0.48,
        bold=True,
        anchor="ra",
    )
    x = x0 + INDENT
    tags = " · ".join(panel_tags(p.seat, data, t, locale))
    if tags:
        fnt = font(SMALL, bold=True)
        tags_w = min(text_width(tags, fnt), width * 0.5)
        letters.draw_text(draw, (x, y + 62), tags, max_width=tags_w, size=SMALL, bold=True)
        x += int(tags_w) + 20
    letters.draw_text(
        draw,
        (x, y + 62),
        card_counts(p, t, locale),
        max_width=x1 - RIGHT - x,
        size=SMALL,
        fill=theme.TEXT_MUTED,
    )
    upgrades = upgrade_lines(p, width, t, locale)
    for i, line in enumerate(upgrades):
        letters.draw_text(
            draw,
            (x0 + INDENT, y + 100 + i * UPGRADE_ROW),
            line,
            max_width=width - INDENT - RIGHT,
            size=SMALL,
        )
    chips = panel_chips(p)
    if chips:
        top = y + COMPACT_H + UPGRADE_ROW * len(upgrades)
        draw_statuses(draw, chips, x0 + INDENT, top, x1 - RIGHT, t, locale)


def upgrade_lines(p: PlayerView, width: int, t: Translate, locale: str) -> list[str]:
    """A condensed panel's applied upgrades, wrapped to its width (none: no line)."""
    names = [_name(u.name, locale) for u in p.upgrades]
    if not names:
        return []
    text = t("dicethrone.render.upgrades", locale, cards=" · ".join(names))
    return wrap(text, width - INDENT - RIGHT, SMALL)


#: A line of a narrow condensed panel: its parts side by side (text, bold, colour).
Segment = tuple[str, bool, theme.RGB]


def narrow_lines(
    p: PlayerView, data: BoardView, width: int, t: Translate, locale: str
) -> list[list[Segment]]:
    """The lines of a condensed panel half the board wide (two side by side): name
    and hero, health · CP, marks, card counts, the applied upgrades, each put on the
    line before it where it fits whole, else on lines of its own (wrapped, never cut)."""
    room = width - INDENT - RIGHT
    health = t("dicethrone.render.health_of", locale, health=p.health, max=p.max_health)
    cp = t("dicethrone.render.cp", locale, cp=p.cp)
    names = [_name(u.name, locale) for u in p.upgrades]
    parts: list[Segment] = [
        (f"{p.seat + 1}. {p.name} — {_name(p.hero_name, locale)}", True, theme.TEXT),
        (f"{health} · {cp}", True, theme.TEXT),
        (" · ".join(panel_tags(p.seat, data, t, locale)), True, theme.TEXT),
        (card_counts(p, t, locale), False, theme.TEXT_MUTED),
    ]
    if names:
        upgrades = t("dicethrone.render.upgrades", locale, cards=" · ".join(names))
        parts.append((upgrades, False, theme.TEXT))
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


def narrow_height(p: PlayerView, data: BoardView, width: int, t: Translate, locale: str) -> int:
    """The height of a narrow condensed panel (see :func:`draw_narrow`)."""
    chips = TIGHT_CHIP_ROW + 4 if panel_chips(p) else 0
    return 12 + LINE * len(narrow_lines(p, data, width, t, locale)) + chips + 4


def draw_narrow(
    draw: ImageDraw.ImageDraw,
    p: PlayerView,
    data: BoardView,
    x0: int,
    y: int,
    height: int,
    width: int,
    t: Translate,
    locale: str,
) -> None:
    """A condensed panel half the board wide (3–4 heroes, two or more outside the
    attack, drawn side by side): its lines (:func:`narrow_lines`), then its status
    chips on one row of smaller chips, a "+N" chip counting those that do not fit."""
    x1 = x0 + width
    draw.rounded_rectangle((x0, y, x1, y + height), 14, fill=theme.PANEL)
    draw.rounded_rectangle((x0, y, x0 + 12, y + height), 6, fill=theme.seat_colour(p.seat))
    ty = y + 12
    for line in narrow_lines(p, data, width, t, locale):
        x = x0 + INDENT
        for text, bold, fill in line:
            w = text_width(text, font(SMALL, bold=bold))
            letters.draw_text(
                draw, (x, ty), text, max_width=x1 - RIGHT - x, size=SMALL, bold=bold, fill=fill
            )
            x += int(w) + SEGMENT_GAP * 5
        ty += LINE
    chips = panel_chips(p)
    if chips:
        draw_statuses(draw, chips, x0 + INDENT, ty + 6, x1 - RIGHT, t, locale, 1, tight=True)
