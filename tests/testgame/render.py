"""Renders of the test game: the public board and a seat's hand."""

from __future__ import annotations

from typing import Any

from engines.core import View, theme
from engines.core.i18n import Catalog
from engines.core.render import banner, canvas, draw_text, font, to_png

PANEL_H = 120


def render(view: View, kind: str, catalog: Catalog, locale: str) -> bytes:
    """PNG of the board (any view) or of the hand (seat views only)."""
    if kind == "hand":
        return _hand(view, catalog, locale)
    return _board(view, catalog, locale)


def _board(view: View, catalog: Catalog, locale: str) -> bytes:
    data: dict[str, Any] = dict(view.data)
    players = data["players"]
    height = 96 + 40 + len(players) * (PANEL_H + 16) + 90 + (56 if data.get("preview") else 0)
    image, draw = canvas(height)
    t = catalog.translate
    active = players[data["active"]]
    if data["winner"] is not None:
        title = t("testgame.render.winner", locale, player=players[data["winner"]]["name"])
        colour = theme.seat_colour(data["winner"])
    elif data["draw"]:
        title, colour = t("testgame.render.draw", locale), theme.PANEL_ACTIVE
    else:
        step = t(f"testgame.render.phase.{data['phase']}", locale)
        title = t("testgame.render.turn", locale, player=active["name"], step=step)
        colour = theme.seat_colour(data["active"])
    y = banner(draw, title, colour) + 24
    width = image.width - 2 * theme.MARGIN
    for p in players:
        is_active = p["seat"] == data["active"] and data["winner"] is None and not data["draw"]
        box = (theme.MARGIN, y, theme.MARGIN + width, y + PANEL_H)
        draw.rounded_rectangle(box, 14, fill=theme.PANEL_ACTIVE if is_active else theme.PANEL)
        draw.rounded_rectangle(
            (box[0], y, box[0] + 16, y + PANEL_H), 6, fill=theme.seat_colour(p["seat"])
        )
        marker = "▶ " if is_active else ""
        draw_text(
            draw,
            (box[0] + 36, y + 14),
            f"{marker}{p['seat'] + 1}. {p['name']}",
            max_width=width * 0.6,
            bold=True,
        )
        score = t("testgame.render.score", locale, score=p["score"], target=data["target"])
        draw_text(draw, (box[2] - 24, y + 14), score, max_width=width * 0.35, anchor="ra")
        cards = t("testgame.render.hand_size", locale, count=p["hand_size"])
        draw_text(
            draw,
            (box[0] + 36, y + 64),
            cards,
            max_width=width * 0.5,
            fill=theme.TEXT_MUTED,
            size=theme.MIN_TEXT_PX,
        )
        bar_x0, bar_x1 = box[0] + width * 0.55, box[2] - 24
        fill = min(1.0, p["score"] / max(1, data["target"]))
        draw.rounded_rectangle((bar_x0, y + 72, bar_x1, y + 96), 8, fill=theme.BACKGROUND)
        draw.rounded_rectangle(
            (bar_x0, y + 72, bar_x0 + (bar_x1 - bar_x0) * fill, y + 96),
            8,
            fill=theme.seat_colour(p["seat"]),
        )
        y += PANEL_H + 16
    if data.get("preview"):
        line = t("testgame.render.preview", locale, **data["preview"])
        draw_text(draw, (theme.MARGIN, y), line, max_width=width, bold=True)
        y += 56
    roll = data["last_roll"]
    footer = t(
        "testgame.render.footer",
        locale,
        turn=data["turn"],
        deck=data["deck_size"],
        roll="–" if roll is None else roll,
    )
    draw_text(draw, (theme.MARGIN, y + 16), footer, max_width=width, fill=theme.TEXT_MUTED)
    return to_png(image)


def _hand(view: View, catalog: Catalog, locale: str) -> bytes:
    if view.seat is None:
        raise ValueError("the public view has no hand")
    hand = list(view.data.get("hand", []))
    image, draw = canvas(96 + 220)
    player = view.data["players"][view.seat]
    banner(
        draw,
        catalog.translate("testgame.render.your_hand", locale, player=player["name"]),
        theme.seat_colour(view.seat),
    )
    x = theme.MARGIN
    for card in hand:
        draw.rounded_rectangle((x, 120, x + 120, 290), 14, fill=(250, 250, 250))
        draw.text(
            (x + 60, 205), str(card), font=font(72, bold=True), fill=(20, 20, 20), anchor="mm"
        )
        x += 140
    if not hand:
        draw_text(
            draw,
            (theme.MARGIN, 150),
            catalog.translate("testgame.render.empty", locale),
            max_width=image.width - 2 * theme.MARGIN,
        )
    return to_png(image)
