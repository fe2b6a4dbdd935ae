"""A condensed panel: a hero not involved in the current attack (3–4 heroes)."""

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
    RIGHT,
    SMALL,
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
