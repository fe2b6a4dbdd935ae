"""The arena as a PNG a phone can read: grid, terrain, kamas, figures, timeline.

Draws from a :class:`View` only (never the state), so nothing absent from the
public view can appear in a public image.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import ImageDraw

from engines.core import View, theme
from engines.core.i18n import Catalog
from engines.core.render import banner, canvas, draw_text, fit_text, font, to_png
from engines.krosmaster import render_plan
from engines.krosmaster.faces import Face, faces_message
from engines.krosmaster.names import localise
from engines.krosmaster.render_text import notes, wrap

LABEL_W = 44  # row numbers on the left edge
LABEL_H = 40  # column letters on the top edge
EDGE = 8  # outer margin around the grid
TREE = (34, 92, 52)
BUSH = (96, 150, 70)
BOX = (150, 105, 60)
DEMONIC = (120, 60, 140)
FLOOR = (222, 214, 190)
FLOOR_ALT = (210, 201, 175)
GRID = (150, 140, 120)
KAMA = (236, 190, 40)
HP_OK = (0, 158, 115)
HP_BG = (60, 60, 60)
DARK = (20, 20, 20)
REACH = (120, 200, 235)  # sky blue: squares the active unit can walk to
UNSEEN = (110, 110, 110)


def _square(text: str) -> tuple[int, int]:
    return ord(text[0].upper()) - ord("A"), int(text[1:]) - 1


def short_names(units: list[dict[str, Any]]) -> dict[str, str]:
    """Three-letter token names; duplicates get a digit so every token is unique."""
    out: dict[str, str] = {}
    taken: set[str] = set()
    for u in units:
        base = "".join(ch for ch in u["name"].upper() if ch.isalpha())[:3] or "?"
        name, n = base, 2
        while name in taken:
            name, n = base[:2] + str(n), n + 1
        taken.add(name)
        out[u["id"]] = name
    return out


def render(view: View, catalog: Catalog, locale: str, preview: bool = False) -> bytes:
    """PNG of the arena and both sides' status; ``preview`` overlays the active unit's options."""
    # Content names given per locale (engines.krosmaster.names) are read in ``locale``.
    data: dict[str, Any] = localise(dict(view.data), locale)
    arena = data["arena"]
    w, h = arena["width"], arena["height"]
    cell = (theme.CANVAS_WIDTH - 2 * EDGE - LABEL_W) // w
    players = data["players"]
    rows_per_player = max(1, (max(len(p["timeline"]) for p in players) + 3) // 4)
    panel_h = 56 + rows_per_player * 50
    shown = [p["shown"] for p in data.get("piles", []) if p["shown"]]
    width = theme.CANVAS_WIDTH - 2 * theme.MARGIN
    shown_lines = (
        wrap(catalog.translate("krosmaster.render.shown", locale, names=" · ".join(shown)), width)
        if shown
        else []
    )
    shown_lines += notes(data, catalog, locale, width)
    plan = data.get("plan") if preview else None  # a move's or a cast's preview
    plan_lines = render_plan.legend(plan, catalog, locale, width) if plan else []
    height = 96 + LABEL_H + cell * h + 24 + len(players) * (panel_h + 16) + 60
    height += 40 * (len(shown_lines) + len(plan_lines)) + (8 if plan_lines else 0)
    image, draw = canvas(height)
    t = catalog.translate
    y0 = banner(draw, _title(data, t, locale), _title_colour(data)) + 8
    gx, gy = EDGE + LABEL_W, y0 + LABEL_H
    names = short_names(data["units"])
    _grid(draw, data, gx, gy, cell)
    if plan:
        render_plan.under(draw, plan, gx, gy, cell)
    elif preview and data.get("preview"):
        _preview(draw, data["preview"], gx, gy, cell)
    else:
        _last(draw, data, gx, gy, cell)
    _units(draw, data, names, gx, gy, cell)
    _overlays(draw, data, gx, gy, cell)
    if plan:
        where = {u["id"]: u["square"] for u in data["units"] if u["square"]}
        render_plan.over(draw, plan, where, gx, gy, cell)
    elif preview and data.get("preview"):
        _rings(draw, data["preview"], gx, gy, cell)
    y = gy + cell * h + 24
    for line in plan_lines:  # the preview in words, right under the arena
        draw_text(draw, (theme.MARGIN, y), line, max_width=width, size=theme.MIN_TEXT_PX)
        y += 40
    y += 8 if plan_lines else 0
    multi = data.get("mode", "duel") != "duel"
    for seat in data["order"] if multi else range(len(players)):  # 9.2.1: in play order
        _panel(draw, data, seat, players[seat], names, y, panel_h, t, locale)
        y += panel_h + 16
    footer = footer_text(data, catalog, locale)
    if preview and data.get("preview") and not plan:
        footer = t("krosmaster.render.legend", locale)
    for line in shown_lines:  # the face-up demonic rewards next to the piles (4.7.4)
        draw_text(draw, (theme.MARGIN, y + 4), line, max_width=width, size=theme.MIN_TEXT_PX)
        y += 40
    draw_text(
        draw,
        (theme.MARGIN, y + 4),
        footer,
        max_width=theme.CANVAS_WIDTH - 2 * theme.MARGIN,
        size=theme.MIN_TEXT_PX,
        fill=theme.TEXT_MUTED,
    )
    return to_png(image)


def footer_text(data: Mapping[str, Any], catalog: Catalog, locale: str) -> str:
    """The wild GG, the reserve and the tension dice kept, faces in the reader's language."""
    return catalog.translate(
        "krosmaster.render.footer",
        locale,
        wild=data["wild_gg"],
        reserve=data["reserve"],
        tension=faces_message([Face(f) for f in data["tension"]]),
    )


def _title(data: dict[str, Any], t: Any, locale: str) -> str:
    players = data["players"]
    if len(data.get("winners") or []) > 1:  # 9.3.2: a team wins
        names = " & ".join(players[s]["name"] for s in data["winners"])
        return str(t("krosmaster.render.winners", locale, players=names))
    if data["winner"] is not None:
        return str(t("krosmaster.render.winner", locale, player=players[data["winner"]]["name"]))
    if data["draw"]:
        return str(t("krosmaster.render.draw", locale))
    if data["phase"] == "teams":  # teams being submitted, hidden until all are in
        done = len(data.get("teams_in", []))
        return str(t("krosmaster.render.teams", locale, done=done, total=len(players)))
    if data["phase"] in ("deploy", "side"):
        rows = [sorted({int(sq[1:]) for sq in s}) for s in data["arena"]["starts"]]
        spans = [f"{r[0]}–{r[-1]}" if r else "–" for r in rows]
        key = f"krosmaster.render.{data['phase']}"
        if data["phase"] == "side" and len(spans) > 2:  # 9.2.2 / 1.3.2: four sides
            key = "krosmaster.render.side_four"
        return str(
            t(key, locale, player=players[data["deploying"]]["name"], one=spans[0], two=spans[1])
        )
    who = players[data["active_player"]]["name"]
    unit = next((u["name"] for u in data["units"] if u["id"] == data["active_unit"]), None)
    step = t(f"krosmaster.render.phase.{data['phase']}", locale)
    if unit and data["phase"] in ("activation", "pending"):
        return str(
            t("krosmaster.render.unit_turn", locale, turn=data["turn"], player=who, unit=unit)
        )
    return str(t("krosmaster.render.turn", locale, turn=data["turn"], player=who, step=step))


def _title_colour(data: dict[str, Any]) -> theme.RGB:
    if data["winner"] is not None:
        return theme.seat_colour(data["winner"])
    if data["draw"] or data["phase"] == "teams":
        return theme.PANEL_ACTIVE
    seat = data["deploying"] if data["phase"] in ("deploy", "side") else data["active_player"]
    return theme.seat_colour(seat)


def _box(gx: int, gy: int, cell: int, sq: str, inset: int = 0) -> tuple[int, int, int, int]:
    x, y = _square(sq)
    return (
        gx + x * cell + inset,
        gy + y * cell + inset,
        gx + (x + 1) * cell - inset,
        gy + (y + 1) * cell - inset,
    )


def _grid(draw: ImageDraw.ImageDraw, data: dict[str, Any], gx: int, gy: int, cell: int) -> None:
    arena = data["arena"]
    w, h = arena["width"], arena["height"]
    label_font = font(theme.MIN_TEXT_PX, bold=True)
    for x in range(w):  # coordinates on the top edge…
        draw.text(
            (gx + x * cell + cell / 2, gy - LABEL_H / 2),
            chr(ord("A") + x),
            font=label_font,
            fill=theme.TEXT,
            anchor="mm",
        )
    for y in range(h):  # …and on the left edge
        draw.text(
            (gx - LABEL_W / 2 - 4, gy + y * cell + cell / 2),
            str(y + 1),
            font=label_font,
            fill=theme.TEXT,
            anchor="mm",
        )
    starts = {sq: seat for seat, squares in enumerate(arena["starts"]) for sq in squares}
    for y in range(h):
        for x in range(w):
            sq = f"{chr(ord('A') + x)}{y + 1}"
            fill = FLOOR if (x + y) % 2 == 0 else FLOOR_ALT
            if data["phase"] == "deploy" and sq in starts:
                fill = _tint(theme.seat_colour(starts[sq]), fill)
            if data["phase"] == "side" and sq in starts:  # sides as printed, not yet seats
                fill = _tint(theme.PANEL_ACTIVE, fill)
            draw.rectangle(_box(gx, gy, cell, sq), fill=fill, outline=GRID)
            if data["phase"] == "side" and sq in starts:  # the side's number to choose
                draw.text(
                    _centre(gx, gy, cell, sq),
                    str(starts[sq] + 1),
                    font=font(theme.MIN_TEXT_PX, True),
                    fill=DARK,
                    anchor="mm",
                )
    for sq in arena["demonic"]:
        draw.rectangle(_box(gx, gy, cell, sq, 3), fill=DEMONIC)
        draw.text(
            _centre(gx, gy, cell, sq), "✦", font=font(36, True), fill=(235, 200, 255), anchor="mm"
        )
    for sq in arena["boxes"]:
        x0, y0, x1, y1 = _box(gx, gy, cell, sq, 10)
        draw.rectangle((x0, y0, x1, y1), fill=BOX, outline=DARK, width=3)
        draw.line((x0, y0, x1, y1), fill=DARK, width=3)
        draw.line((x0, y1, x1, y0), fill=DARK, width=3)
    for sq in arena["bushes"]:
        x0, y0, x1, y1 = _box(gx, gy, cell, sq, 6)
        r = (x1 - x0) / 4
        for cx, cy in ((x0 + r, y1 - r), (x1 - r, y1 - r), ((x0 + x1) / 2, y0 + r * 1.3)):
            draw.ellipse(
                (cx - r * 1.2, cy - r * 1.2, cx + r * 1.2, cy + r * 1.2), fill=BUSH, outline=DARK
            )
    for sq in arena["trees"]:
        x0, y0, x1, y1 = _box(gx, gy, cell, sq, 4)
        draw.rectangle((x0, y0, x1, y1), fill=TREE)
        mid = (x0 + x1) / 2
        draw.polygon([(mid, y0 + 6), (x1 - 8, y1 - 14), (x0 + 8, y1 - 14)], fill=(20, 60, 30))
        draw.rectangle((mid - 5, y1 - 14, mid + 5, y1 - 4), fill=(90, 60, 30))


def _overlays(draw: ImageDraw.ImageDraw, data: dict[str, Any], gx: int, gy: int, cell: int) -> None:
    """Kamas and a box marker drawn over figures, so a figure never hides them."""
    occupied = {u["square"] for u in data["units"] if u["square"]}
    for sq in data["arena"]["boxes"]:
        if sq in occupied:  # a small crate in the corner: this figure has +1 range (4.17.5.c)
            x0, y0, _, _ = _box(gx, gy, cell, sq)
            draw.rectangle((x0 + 2, y0 + 2, x0 + 22, y0 + 22), fill=BOX, outline=DARK, width=2)
            draw.line((x0 + 2, y0 + 2, x0 + 22, y0 + 22), fill=DARK, width=2)
    for sq, count in data["kamas"].items():
        cx, cy = _centre(gx, gy, cell, sq)
        r = cell * 0.26
        cx, cy = cx + cell * 0.2, cy - cell * 0.2
        if sq in occupied:  # pushed to the corner so the figure's name stays readable
            x0, y0, x1, _ = _box(gx, gy, cell, sq)
            cx, cy, r = x1 - 6, y0 + 6, 16
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=KAMA, outline=DARK, width=2)
        draw.text((cx, cy), str(count), font=font(theme.MIN_TEXT_PX, True), fill=DARK, anchor="mm")


def _tint(colour: theme.RGB, base: theme.RGB) -> theme.RGB:
    r, g, b = (int(c * 0.35 + d * 0.65) for c, d in zip(colour, base, strict=True))
    return (r, g, b)


def _centre(gx: int, gy: int, cell: int, sq: str) -> tuple[float, float]:
    x0, y0, x1, y1 = _box(gx, gy, cell, sq)
    return (x0 + x1) / 2, (y0 + y1) / 2


def _last(draw: ImageDraw.ImageDraw, data: dict[str, Any], gx: int, gy: int, cell: int) -> None:
    last = data["last"]
    path = last["path"]
    if len(path) > 1:  # the path walked, as a line ending in a dot
        points = [_centre(gx, gy, cell, sq) for sq in path]
        draw.line(points, fill=theme.HIGHLIGHT, width=8, joint="curve")
        ex, ey = points[-1]
        draw.ellipse((ex - 10, ey - 10, ex + 10, ey + 10), fill=theme.HIGHLIGHT)
    for sq in last["zone"]:
        draw.rectangle(_box(gx, gy, cell, sq, 4), outline=(213, 94, 0), width=4)
    if last["target"]:
        draw.rectangle(_box(gx, gy, cell, last["target"], 2), outline=(213, 94, 0), width=7)


def _preview(draw: ImageDraw.ImageDraw, p: dict[str, Any], gx: int, gy: int, cell: int) -> None:
    """Reachable squares with their MP cost, legal targets ringed, unseen squares crossed."""
    for sq, cost in p["reach"].items():
        draw.rectangle(_box(gx, gy, cell, sq, 3), fill=REACH)
        draw.text(
            _centre(gx, gy, cell, sq),
            str(cost),
            font=font(theme.MIN_TEXT_PX, True),
            fill=DARK,
            anchor="mm",
        )
    for sq in p["unseen"]:
        x0, y0, x1, y1 = _box(gx, gy, cell, sq, 14)
        if sq in p["reach"]:  # keep the MP number readable: a small cross in the corner
            x0, y0, x1, y1 = x0 - 10, y0 - 10, x0 + 8, y0 + 8
        draw.line((x0, y0, x1, y1), fill=UNSEEN, width=5)
        draw.line((x0, y1, x1, y0), fill=UNSEEN, width=5)


def _rings(draw: ImageDraw.ImageDraw, p: dict[str, Any], gx: int, gy: int, cell: int) -> None:
    """Legal targets, drawn over the figures standing on them."""
    for sq in p["targets"]:
        draw.ellipse(_box(gx, gy, cell, sq, 1), outline=(213, 94, 0), width=6)


def _units(
    draw: ImageDraw.ImageDraw,
    data: dict[str, Any],
    names: dict[str, str],
    gx: int,
    gy: int,
    cell: int,
) -> None:
    for u in data["units"]:
        if u["square"] is None:
            continue
        x0, y0, x1, y1 = _box(gx, gy, cell, u["square"], 2)
        colour = theme.seat_colour(u["owner"])
        if u.get("trap") or u.get("floor"):  # traps, tombstones: diamonds on the floor
            mx, my = (x0 + x1) / 2, (y0 + y1) / 2
            half = (x1 - x0) / 2 + 1
            draw.polygon(
                [(mx, my - half), (mx + half, my), (mx, my + half), (mx - half, my)],
                fill=_tint(colour, DARK),
                outline=colour,
                width=4,
            )
            text, fnt = fit_text(names[u["id"]], x1 - x0 - 6, theme.MIN_TEXT_PX)
            draw.text((mx, my), text, font=fnt, fill=(255, 255, 255), anchor="mm")
            continue
        if u["id"] == data["active_unit"]:
            draw.rounded_rectangle(
                (x0 - 2, y0 - 2, x1 + 2, y1 + 2), 12, outline=theme.HIGHLIGHT, width=6
            )
        draw.rounded_rectangle(
            (x0 + 3, y0 + 3, x1 - 3, y1 - 12), 12, fill=colour, outline=(255, 255, 255), width=2
        )
        # Regular weight: three letters at the minimum legible size fit a 75-px square.
        text, fnt = fit_text(names[u["id"]], x1 - x0 - 6, theme.MIN_TEXT_PX)
        draw.text(
            ((x0 + x1) / 2, (y0 + y1 - 9) / 2), text, font=fnt, fill=(255, 255, 255), anchor="mm"
        )
        if u.get("markers"):  # 4.13: a special marker lies on it (named under the panels)
            draw.ellipse((x1 - 20, y0, x1, y0 + 20), fill=theme.HIGHLIGHT, outline=DARK, width=2)
        # HP bar: the remaining share of HP, under the token.
        left = max(0, u["hp"] - u["wounds"]) / max(1, u["hp"])
        draw.rectangle((x0 + 2, y1 - 9, x1 - 2, y1), fill=HP_BG)
        draw.rectangle((x0 + 2, y1 - 9, x0 + 2 + (x1 - x0 - 4) * left, y1), fill=HP_OK)


def _panel(
    draw: ImageDraw.ImageDraw,
    data: dict[str, Any],
    seat: int,
    p: dict[str, Any],
    names: dict[str, str],
    y: int,
    panel_h: int,
    t: Any,
    locale: str,
) -> None:
    x0, x1 = theme.MARGIN, theme.CANVAS_WIDTH - theme.MARGIN
    setting_up = data["phase"] in ("deploy", "side")
    turn = data["deploying"] if setting_up else data["active_player"]
    is_active = seat == turn and data["winner"] is None and not data["draw"]
    if data["phase"] == "teams":  # every seat that still owes its team
        is_active = seat not in data.get("teams_in", [])
    draw.rounded_rectangle(
        (x0, y, x1, y + panel_h), 14, fill=theme.PANEL_ACTIVE if is_active else theme.PANEL
    )
    draw.rounded_rectangle((x0, y, x0 + 14, y + panel_h), 6, fill=theme.seat_colour(seat))
    marker = "▶ " if is_active else ""
    title = f"{marker}{seat + 1}. {p['name']}"
    if data.get("mode", "duel") != "duel":  # chapter 9: player number, team, out
        number = t("krosmaster.render.player_no", locale, number=p["number"])
        title = f"{marker}{number} {p['name']}"
        if data["mode"] == "2v2":
            title += " · " + t("krosmaster.render.team", locale, team="AB"[p["team"]])
        if p.get("out"):
            title += " · " + t("krosmaster.render.out", locale)
    draw_text(draw, (x0 + 30, y + 10), title, max_width=(x1 - x0) * 0.52, bold=True)
    stock = t("krosmaster.render.stock", locale, gg=p["gg"], kamas=p["kamas"])
    draw_text(draw, (x1 - 20, y + 10), stock, max_width=(x1 - x0) * 0.4, anchor="ra")
    units = {u["id"]: u for u in data["units"]}
    chip_w = (x1 - x0 - 40) // 4
    for i, uid in enumerate(p["timeline"]):
        u = units[uid]
        cx = x0 + 30 + (i % 4) * chip_w
        cy = y + 56 + (i // 4) * 50
        active = uid == data["active_unit"]
        fill = theme.HIGHLIGHT if active else theme.BACKGROUND
        ink = DARK if active else (theme.TEXT_MUTED if u["ko"] else theme.TEXT)
        draw.rounded_rectangle((cx, cy, cx + chip_w - 10, cy + 44), 10, fill=fill)
        label = f"{names[uid]} {u['hp'] - u['wounds']}/{u['hp']}" if u["hp"] else names[uid]
        if u.get("rewards"):  # how many demonic rewards (face-down ones stay unnamed)
            label += f" ◆{len(u['rewards'])}"
        if u["ko"]:
            label = f"{names[uid]} KO"
        draw_text(
            draw,
            (cx + 8, cy + 22),
            label,
            max_width=chip_w - 26,
            size=theme.MIN_TEXT_PX,
            fill=ink,
            anchor="lm",
        )
