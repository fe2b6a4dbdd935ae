"""The card scene as PNG: both sides' cards, the scenario, zone counts, whose decision.

Cards in the scene are tiles, two per row; a small card glyph on each tile is
drawn upright (stage 1), turned left (stage 2) or turned right (stage 0) as
the card lies on the table (4.5), with the stage number next to it. Text stays
horizontal so a phone can read it (≥ 28 px).
"""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from engines.core import View, theme
from engines.core.i18n import Catalog
from engines.core.render import banner, canvas, draw_text, to_png

TILE_W = (theme.CANVAS_WIDTH - 2 * theme.MARGIN - 16) // 2
TILE_H = 200
ROW_H = 56
CARD_FACE = (236, 232, 220)


def render(view: View, kind: str, catalog: Catalog, locale: str) -> bytes:
    """PNG of the scene (any view) or of the hand (seat views only)."""
    if kind == "hand":
        return _hand(view, catalog, locale)
    if kind == "card":  # a lookup view (see lookup.py)
        from engines.battlescenes.render_card import render_card

        return render_card(view, catalog, locale)
    return _board(view, catalog, locale)


def _title(data: dict[str, Any], t: Any, locale: str) -> tuple[str, theme.RGB]:
    players = data["players"]
    if data["winner"] is not None:
        name = players[data["winner"]]["name"]
        return t("battlescenes.render.winner", locale, player=name), theme.seat_colour(
            data["winner"]
        )
    phase = t(f"battlescenes.render.phase.{data['phase']}", locale)
    deciding = data["deciding"][0] if data["deciding"] else data["active"]
    return (
        t(
            "battlescenes.render.title",
            locale,
            turn=data["turn"],
            phase=phase,
            player=players[deciding]["name"],
        ),
        theme.seat_colour(deciding),
    )


def _glyph(draw: ImageDraw.ImageDraw, x: float, y: float, stage: int) -> None:
    """A card lying as on the table: upright at stage 1, turned left 2, right 0 (4.5)."""
    if stage == 1:
        box = (x + 12, y, x + 72, y + 84)
        draw.rounded_rectangle(box, 6, fill=CARD_FACE)
        draw.rectangle((box[0], box[1], box[2], box[1] + 12), fill=theme.HIGHLIGHT)
        return
    box = (x, y + 12, x + 84, y + 72)
    draw.rounded_rectangle(box, 6, fill=CARD_FACE)
    if stage == 2:  # turned left: the card's top edge is now on the left
        draw.rectangle((box[0], box[1], box[0] + 12, box[3]), fill=theme.HIGHLIGHT)
    else:
        draw.rectangle((box[2] - 12, box[1], box[2], box[3]), fill=theme.HIGHLIGHT)


def _tile(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    card: dict[str, Any],
    t: Any,
    locale: str,
    highlight: bool,
) -> None:
    colour = theme.seat_colour(card["controller"])
    outline = theme.HIGHLIGHT if highlight else None
    draw.rounded_rectangle(
        (x, y, x + TILE_W, y + TILE_H), 12, fill=theme.PANEL, outline=outline, width=5
    )
    draw.rounded_rectangle((x, y, x + 10, y + TILE_H), 4, fill=colour)
    inner = TILE_W - 200
    title = f"#{card['id']} {card['title']}"
    draw_text(draw, (x + 22, y + 10), title, max_width=TILE_W - 34, bold=True)
    sub = card["alter_ego"] or t(f"battlescenes.render.type.{card['type']}", locale)
    draw_text(draw, (x + 22, y + 58), sub, max_width=inner, size=28, fill=theme.TEXT_MUTED)
    powers = ", ".join(card["powers"]) or "—"
    draw_text(draw, (x + 22, y + 98), powers, max_width=inner, size=28, fill=theme.TEXT_MUTED)
    stats = t(
        "battlescenes.render.stats",
        locale,
        shield=card["shield"],
        full=card["full_shield"],
        energy=card["energy"],
        initial=card["initial_energy"],
    )
    draw_text(draw, (x + 22, y + 146), stats, max_width=TILE_W - 40, size=30, bold=True)
    if card["type"] == "character":  # only characters have capacitation stages (4.5)
        _glyph(draw, x + TILE_W - 160, y + 54, card["stage"])
        draw_text(
            draw,
            (x + TILE_W - 16, y + 96),
            f"⟳{card['stage']}",
            max_width=60,
            size=32,
            bold=True,
            fill=theme.HIGHLIGHT,
            anchor="rm",
        )


def _side(
    draw: ImageDraw.ImageDraw, y: float, data: dict[str, Any], seat: int, t: Any, locale: str
) -> float:
    p = data["players"][seat]
    width = theme.CANVAS_WIDTH - 2 * theme.MARGIN
    marker = "▶ " if seat in data["deciding"] else ""
    head = f"{marker}{seat + 1}. {p['name']}"
    draw.rounded_rectangle(
        (theme.MARGIN, y, theme.MARGIN + width, y + ROW_H * 2), 10, fill=theme.seat_colour(seat)
    )
    draw_text(
        draw,
        (theme.MARGIN + 16, y + 8),
        head,
        max_width=width * 0.55,
        bold=True,
        fill=(255, 255, 255),
    )
    points = t("battlescenes.render.points", locale, points=p["points"])
    draw_text(
        draw,
        (theme.MARGIN + width - 16, y + 8),
        points,
        max_width=width * 0.4,
        bold=True,
        fill=(255, 255, 255),
        anchor="ra",
    )
    zones = t(
        "battlescenes.render.zones",
        locale,
        deck=p["deck"],
        hand=p["hand"],
        resources=len(p["resources"]),
        prizes=len(p["prizes"]),
    )
    draw_text(
        draw,
        (theme.MARGIN + 16, y + ROW_H + 6),
        zones,
        max_width=width - 32,
        size=28,
        fill=(255, 255, 255),
    )
    y += ROW_H * 2 + 12
    cards = [c for c in data["scene"] if c["controller"] == seat]
    if not cards:
        draw_text(
            draw,
            (theme.MARGIN + 16, y),
            t("battlescenes.render.no_cards", locale),
            max_width=width,
            size=28,
            fill=theme.TEXT_MUTED,
        )
        return y + 48
    for i, card in enumerate(cards):
        x = theme.MARGIN + (i % 2) * (TILE_W + 16)
        lit = card["id"] in data.get("last_cards", [])
        _tile(draw, x, y + (i // 2) * (TILE_H + 12), card, t, locale, lit)
    return y + ((len(cards) + 1) // 2) * (TILE_H + 12)


def _side_height(data: dict[str, Any], seat: int) -> int:
    cards = len([c for c in data["scene"] if c["controller"] == seat])
    return ROW_H * 2 + 12 + (48 if not cards else ((cards + 1) // 2) * (TILE_H + 12))


def _board(view: View, catalog: Catalog, locale: str) -> bytes:
    data: dict[str, Any] = dict(view.data)
    t = catalog.translate
    me = view.seat if view.seat is not None else 0
    order = [1 - me, me]  # the viewer's side at the bottom
    extra = 60 * (len(data["tree"]) + 1) if data["tree"] else 0
    height = 100 + sum(_side_height(data, s) for s in order) + 110 + extra + 90
    image, draw = canvas(height)
    title, colour = _title(data, t, locale)
    y: float = banner(draw, title, colour) + 16
    width = theme.CANVAS_WIDTH - 2 * theme.MARGIN
    y = _side(draw, y, data, order[0], t, locale) + 8
    scenario = data["scenario"]["title"] if data["scenario"] else "—"
    draw.rounded_rectangle(
        (theme.MARGIN, y, theme.MARGIN + width, y + 80), 12, fill=theme.PANEL_ACTIVE
    )
    draw_text(
        draw,
        (theme.CANVAS_WIDTH / 2, y + 40),
        t("battlescenes.render.scenario", locale, scenario=scenario),
        max_width=width - 32,
        bold=True,
        anchor="mm",
    )
    y += 96
    y = _side(draw, y, data, order[1], t, locale) + 8
    if data["tree"]:
        draw_text(
            draw,
            (theme.MARGIN, y),
            t("battlescenes.render.tree", locale),
            max_width=width,
            bold=True,
        )
        y += 56
        for p in sorted(data["tree"], key=lambda e: -e["level"]):
            key = (
                "battlescenes.render.tree_paused"
                if p["paused"]
                else "battlescenes.render.tree_item"
            )
            line = t(key, locale, level=p["level"], label=p["label"])
            draw_text(draw, (theme.MARGIN + 16, y), line, max_width=width - 16, size=28)
            y += 60
    kind = data["last_action"]
    last = t(f"battlescenes.render.kind.{kind}", locale) if kind else "—"
    footer = t("battlescenes.render.footer", locale, action=last)
    draw_text(draw, (theme.MARGIN, y + 16), footer, max_width=width, size=28, fill=theme.TEXT_MUTED)
    return to_png(image)


def _hand(view: View, catalog: Catalog, locale: str) -> bytes:
    if view.seat is None:
        raise ValueError("the public view has no hand")
    t = catalog.translate
    hand = list(view.data.get("hand", []))
    choice = view.data.get("choice")
    extra = 64 + 60 * len(choice["options"]) if choice else 0
    image, draw = canvas(100 + max(1, len(hand)) * 68 + 40 + 50 + extra)
    player = view.data["players"][view.seat]
    title = t("battlescenes.render.your_hand", locale, player=player["name"])
    y = banner(draw, title, theme.seat_colour(view.seat)) + 20
    width = theme.CANVAS_WIDTH - 2 * theme.MARGIN
    for i, card in enumerate(hand):
        top = y + i * 68
        draw.rounded_rectangle(
            (theme.MARGIN, top, theme.MARGIN + width, top + 58), 10, fill=theme.PANEL
        )
        kind = t(f"battlescenes.render.type.{card['type']}", locale)
        if card["type"] in ("character", "support"):
            kind = t("battlescenes.render.hand_energy", locale, kind=kind, energy=card["energy"])
        draw_text(
            draw,
            (theme.MARGIN + 14, top + 29),
            f"#{card['id']} {card['title']}",
            max_width=width * 0.55,
            size=30,
            bold=True,
            anchor="lm",
        )
        draw_text(
            draw,
            (theme.MARGIN + width - 14, top + 29),
            kind,
            max_width=width * 0.4,
            size=28,
            fill=theme.TEXT_MUTED,
            anchor="rm",
        )
    if not hand:
        draw_text(draw, (theme.MARGIN, y), t("battlescenes.render.empty", locale), max_width=width)
    below = y + max(1, len(hand)) * 68 + 10
    order = t(f"battlescenes.load_order.{player.get('load_order', 'newest')}", locale)
    line = t("battlescenes.render.load_order", locale, order=order)
    draw_text(draw, (theme.MARGIN, below), line, max_width=width, size=28, fill=theme.TEXT_MUTED)
    if choice:
        _choice(draw, below + 60, choice, t, locale)
    return to_png(image)


def _choice(
    draw: ImageDraw.ImageDraw, y: float, choice: dict[str, Any], t: Any, locale: str
) -> None:
    """The seat's open question and its answers, each in the reader's language."""
    width = theme.CANVAS_WIDTH - 2 * theme.MARGIN
    draw_text(draw, (theme.MARGIN, y), t(choice["prompt"], locale), max_width=width, bold=True)
    for i, option in enumerate(choice["options"]):
        line = t("battlescenes.render.answer", locale, value=option["value"], label=option["label"])
        top = y + 64 + i * 60
        draw_text(draw, (theme.MARGIN + 16, top), line, max_width=width - 16, size=28)
