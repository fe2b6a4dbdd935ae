"""A move's or a cast's preview drawn over the arena (``Krosmaster.preview``'s ``plan``).

Move: the path as an arrow with numbered steps, squares where a lock test happens
framed in red with a "!" badge, the enemies that would test ringed in red. Cast: the
squares in range and sight tinted blue, those in range without sight crossed in grey,
the zone tinted orange in yellow frames, each unit hit marked ◉, the target ringed and
the line of sight drawn from the caster.
A legend in the reader's language says the same in words under the panels.
"""

from __future__ import annotations

import math
from typing import Any

from PIL import ImageDraw

from engines.core import theme
from engines.core.i18n import Catalog
from engines.core.render import font
from engines.krosmaster.render.text import wrap

RANGE = (150, 205, 240)  # in range and in sight
ZONE = (240, 170, 90)  # the spell's zone
LOCK = (200, 30, 30)
GREY = (110, 110, 110)
DARK = (20, 20, 20)

Box = tuple[int, int, int, int]


def _box(gx: int, gy: int, cell: int, sq: str, inset: int = 0) -> Box:
    x, y = ord(sq[0].upper()) - ord("A"), int(sq[1:]) - 1
    return (
        gx + x * cell + inset,
        gy + y * cell + inset,
        gx + (x + 1) * cell - inset,
        gy + (y + 1) * cell - inset,
    )


def _centre(gx: int, gy: int, cell: int, sq: str) -> tuple[float, float]:
    x0, y0, x1, y1 = _box(gx, gy, cell, sq)
    return (x0 + x1) / 2, (y0 + y1) / 2


def under(draw: ImageDraw.ImageDraw, plan: dict[str, Any], gx: int, gy: int, cell: int) -> None:
    """Floor tints, drawn before the figures."""
    if plan["kind"] == "move":
        for sq in plan["path"]:
            draw.rectangle(_box(gx, gy, cell, sq, 3), fill=RANGE)
        return
    for sq in plan["range"]:
        draw.rectangle(_box(gx, gy, cell, sq, 3), fill=RANGE)
    for sq in plan["zone"]:
        draw.rectangle(_box(gx, gy, cell, sq, 3), fill=ZONE)
    for sq in plan["blocked"]:
        if sq in plan["zone"]:
            continue
        x0, y0, x1, y1 = _box(gx, gy, cell, sq, 16)
        draw.line((x0, y0, x1, y1), fill=GREY, width=6)
        draw.line((x0, y1, x1, y0), fill=GREY, width=6)


def over(
    draw: ImageDraw.ImageDraw,
    plan: dict[str, Any],
    squares: dict[str, str],
    gx: int,
    gy: int,
    cell: int,
) -> None:
    """Arrows, numbers, rings and lock marks, drawn over the figures.

    ``squares`` maps unit ids to their squares (the plan names the enemies that
    test lock and the units a zone hits by id)."""
    if plan["kind"] == "move":
        _move(draw, plan, squares, gx, gy, cell)
    else:
        _cast(draw, plan, squares, gx, gy, cell)


def arrow(
    draw: ImageDraw.ImageDraw, points: list[tuple[float, float]], colour: theme.RGB, width: int
) -> None:
    """A line through ``points`` with a head at the last one, outlined in black."""
    draw.line(points, fill=DARK, width=width + 6, joint="curve")
    draw.line(points, fill=colour, width=width, joint="curve")
    (ax, ay), (bx, by) = points[-2], points[-1]
    angle = math.atan2(by - ay, bx - ax)
    size = width * 2.6
    tip = (bx, by)
    left = (bx - size * math.cos(angle - 0.5), by - size * math.sin(angle - 0.5))
    right = (bx - size * math.cos(angle + 0.5), by - size * math.sin(angle + 0.5))
    draw.polygon([tip, left, right], fill=colour, outline=DARK, width=2)


def towards(a: tuple[float, float], b: tuple[float, float], by: float) -> tuple[float, float]:
    """``a`` moved ``by`` pixels towards ``b``."""
    length = max(math.hypot(b[0] - a[0], b[1] - a[1]), 1.0)
    return a[0] + (b[0] - a[0]) * by / length, a[1] + (b[1] - a[1]) * by / length


def _move(
    draw: ImageDraw.ImageDraw,
    plan: dict[str, Any],
    squares: dict[str, str],
    gx: int,
    gy: int,
    cell: int,
) -> None:
    for lock in plan["locks"]:  # 4.14: a test on leaving this square
        draw.rectangle(_box(gx, gy, cell, lock["square"], 1), outline=LOCK, width=7)
        for uid in lock["ids"]:
            if uid in squares:
                draw.ellipse(_box(gx, gy, cell, squares[uid], -3), outline=LOCK, width=7)
    route = [plan["from"], *plan["path"]]
    points = [_centre(gx, gy, cell, sq) for sq in route]
    r = cell * 0.3  # the step numbers' discs
    if len(points) > 1:
        # From the edge of the figure's square to the edge of the last step's disc, so
        # neither the figure's name nor the last number is covered.
        points[0] = towards(points[0], points[1], cell * 0.42)
        points[-1] = towards(points[-1], points[-2], r + 2)
        arrow(draw, points, theme.HIGHLIGHT, 9)
    number = font(theme.MIN_TEXT_PX, True)
    for i, sq in enumerate(plan["path"], start=1):
        cx, cy = _centre(gx, gy, cell, sq)
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=theme.HIGHLIGHT, outline=DARK, width=3)
        draw.text((cx, cy), str(i), font=number, fill=DARK, anchor="mm")
    for lock in plan["locks"]:  # the "!" badge in the square's corner, over the arrow
        x0, y0, _, _ = _box(gx, gy, cell, lock["square"])
        draw.ellipse((x0 + 2, y0 + 2, x0 + 34, y0 + 34), fill=LOCK, outline=DARK, width=2)
        draw.text((x0 + 18, y0 + 18), "!", font=number, fill=(255, 255, 255), anchor="mm")


def _cast(
    draw: ImageDraw.ImageDraw,
    plan: dict[str, Any],
    squares: dict[str, str],
    gx: int,
    gy: int,
    cell: int,
) -> None:
    for sq in plan["zone"]:  # a black-and-yellow frame reads on every seat colour
        draw.rectangle(_box(gx, gy, cell, sq, 1), outline=DARK, width=8)
        draw.rectangle(_box(gx, gy, cell, sq, 3), outline=theme.HIGHLIGHT, width=4)
    for uid in plan["hit_ids"]:  # every unit the zone makes a target (7.2.3): a bullseye
        if uid in squares:
            _, y0, x1, _ = _box(gx, gy, cell, squares[uid])
            cx, cy = x1 - 17, y0 + 17
            draw.ellipse(
                (cx - 15, cy - 15, cx + 15, cy + 15), fill=theme.HIGHLIGHT, outline=DARK, width=3
            )
            draw.ellipse((cx - 6, cy - 6, cx + 6, cy + 6), fill=DARK)
    start = _centre(gx, gy, cell, plan["from"])
    end = _centre(gx, gy, cell, plan["target"])
    if plan["from"] != plan["target"]:
        # The line of sight, centre to centre (4.15.9), from the caster's edge to the target's.
        arrow(
            draw,
            [towards(start, end, cell * 0.42), towards(end, start, cell * 0.45)],
            theme.HIGHLIGHT,
            6,
        )
    target = _box(gx, gy, cell, plan["target"], -2)
    draw.ellipse(target, outline=DARK, width=10)
    draw.ellipse(_box(gx, gy, cell, plan["target"], 1), outline=theme.HIGHLIGHT, width=5)


def legend(plan: dict[str, Any], catalog: Catalog, locale: str, width: float) -> list[str]:
    """What the preview shows, in words (the reader's language)."""
    t = catalog.translate
    key = "krosmaster.plan."
    lines: list[str] = []
    if plan["kind"] == "move":
        to = plan["path"][-1] if plan["path"] else plan["from"]
        lines += wrap(
            t(
                key + "move",
                locale,
                unit=plan["unit"],
                start=plan["from"],
                to=to,
                steps=plan["steps"],
                mp=plan["mp"],
            ),
            width,
        )
        for lock in plan["locks"]:
            names = ", ".join(lock["enemies"])
            lines += wrap(t(key + "lock", locale, square=lock["square"], enemies=names), width)
        if not plan["locks"]:
            lines += wrap(t(key + "no_lock", locale), width)
        if plan["trap"]:
            lines += wrap(t(key + "trap", locale, square=plan["trap"]), width)
        lines += wrap(t(key + "move_key", locale), width)
        return lines
    lines += wrap(
        t(
            key + "cast",
            locale,
            unit=plan["unit"],
            spell=plan["spell"],
            start=plan["from"],
            target=plan["target"],
        ),
        width,
    )
    if plan["hit"]:
        lines += wrap(t(key + "hits", locale, units=", ".join(plan["hit"])), width)
    else:
        lines += wrap(t(key + "hits_none", locale), width)
    lines += wrap(t(key + ("cast_key" if plan["sight"] else "cast_key_no_sight"), locale), width)
    return lines
