"""The card bases of the scene as PNG drawing: each side's grid and each card base on it.

A side of up to four card bases lies as on the table (4.5): a card is upright at stage 1,
turned left at stage 2 and turned right at stage 0. A crowded side (five or more, or any
side when the whole scene would grow past about 1,100 px) is drawn as a grid of equal,
smaller cards, three or four a row, each as tall as its row's longest name needs; there
the stage shows only by the coloured top edge (top, left or right, as the legend says),
so every name stays whole and readable on a phone instead of the scene growing taller.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engines.battlescenes.render.style import (
    CARD_FACE,
    ENERGY_PIP,
    LAST,
    NEUTRAL,
    SHIELD_PIP,
    SMALL,
    WIDTH,
    pip,
    pips,
    power_colour,
    wrap,
)
from engines.battlescenes.render.words import Translate, short_powers
from engines.battlescenes.view import SceneCard
from engines.core import theme
from engines.core.render import draw_text, font, text_width

Box = tuple[float, float, float, float]
#: A name line, the pip rows (energy, shield), the one-row "●4/6 ⛉2" of a short card.
NAME_LINE = 32
PIPS_H = 70
STATS_H = 36
#: Inside a card: its frame, the coloured edge that shows the stage (4.5), the cost badge.
INSET = 8
EDGE = 10
BADGE_R = 19
#: A crowded side uses nearly the whole canvas width (its cards' names need it).
GRID_MARGIN = 12
#: Room above a crowded row for the cards a base carries, fanned upwards, and between rows.
FAN_STEP = 4
ROW_GAP = 6


@dataclass(frozen=True)
class Grid:
    """Where a side's card bases go: ``cols`` a row, each row ``rows[i]`` px tall."""

    cards: tuple[SceneCard, ...]
    cols: int
    rows: tuple[int, ...]
    compact: bool
    actions: bool = False  # its cards show their actions (name and cost)

    @property
    def height(self) -> int:
        """Height of the side's area (a line saying "no cards" when it is empty)."""
        return sum(self.rows) if self.cards else 72


def upright(card: SceneCard) -> bool:
    """Whether a card lies upright: supports always, characters at stage 1 (4.5)."""
    return card.type != "character" or card.stage == 1


def text_room(card: SceneCard, w: float) -> float:
    """Width of a card's text column (its coloured edge takes room when turned)."""
    return w - 2 * INSET - 4 - (0 if upright(card) else EDGE + 4)


def name_lines(card: SceneCard, w: float, compact: bool) -> tuple[list[str], bool]:
    """A card's name in lines of its text column and whether bold (when that takes no
    more lines than the regular weight). The first line leaves room for the cost badge
    in the top corner (a crowded card has it at the bottom)."""
    room = text_room(card, w)
    first = None if compact else room - 2 * BADGE_R - 6
    bold = wrap(card.title, SMALL, room, True, first)
    regular = wrap(card.title, SMALL, room, False, first)
    return (bold, True) if len(bold) <= len(regular) else (regular, False)


def action_lines(card: SceneCard, w: float) -> list[str]:
    """A card's actions as it shows them, each "▸1 name" (its cost first, so it never
    wraps away from the name), wrapped to its text column: what it can do, a lookup away
    from the whole text."""
    room = text_room(card, w)
    out: list[str] = []
    for action in card.actions:
        out.extend(wrap(f"▸{action.cost} {action.name}", SMALL, room))
    return out


def chip_height(lines: int, powers: bool) -> int:
    """Height of a crowded side's card with ``lines`` name (and action) lines: edge, name,
    powers (when ``powers``), stats."""
    return INSET + EDGE + 4 + (lines + powers) * NAME_LINE + STATS_H + INSET


def grid(cards: tuple[SceneCard, ...], compact: bool, powers: bool, actions: bool = False) -> Grid:
    """A side's layout: one row of three or four cards as on the table, or (``compact``
    or five cards or more) rows of three (up to six) or four equal cards, with a line
    of their powers when ``powers`` and their actions' names and costs when ``actions``."""
    count = len(cards)
    if not compact and count <= 4:
        table = Grid(cards, 4 if count == 4 else 3, (230 if count == 4 else 244,), False, actions)
        if all(_fits(card, table, actions) for card in cards):
            return table
    cols = 3 if count <= 6 and count != 4 else 4
    w = chip_width(cols)
    rows = []
    for start in range(0, count, cols):
        need = max(
            len(name_lines(c, w, True)[0]) + (len(action_lines(c, w)) if actions else 0)
            for c in cards[start : start + cols]
        )
        rows.append(chip_height(need, powers) + FAN_STEP * 2 + ROW_GAP)
    return Grid(cards, cols, tuple(rows), True, actions)


def _fits(card: SceneCard, table: Grid, actions: bool) -> bool:
    """Whether a card lying as on the table has room for its whole name, its powers and
    its stats."""
    w, h = card_size(
        card.stage if card.type == "character" else 1, WIDTH / table.cols, table.rows[0]
    )
    # its name, its powers' short labels (a line of their own), its actions and its stats
    lines = len(name_lines(card, w, False)[0]) + bool(card.powers)
    lines += len(action_lines(card, w)) if actions else 0
    return INSET + (EDGE + 4 if upright(card) else 0) + 2 + lines * NAME_LINE + STATS_H + INSET <= h


def chip_width(cols: int) -> int:
    """Width of a crowded side's card with ``cols`` cards a row."""
    return int((theme.CANVAS_WIDTH - 2 * GRID_MARGIN) / cols) - ROW_GAP


def card_size(stage: int, slot_w: float, slot_h: float) -> tuple[int, int]:
    """Width and height of a card base on an uncrowded side: portrait upright, landscape
    turned (room left for the fan of carried cards)."""
    room_w, room_h = slot_w - 36, slot_h - 34
    if stage == 1:  # at least 190 px wide, so a name's longest word fits
        h = room_h
        return int(min(max(h * 0.74, 190), room_w)), int(h)
    w = min(room_w, room_h / 0.74)
    return int(w), int(min(w * 0.74, room_h))


def place(side: Grid, y: float) -> dict[int, Box]:
    """Where each card base of a side whose area starts at ``y`` lies (by card id)."""
    boxes: dict[int, Box] = {}
    for i, card in enumerate(side.cards):
        col, row = i % side.cols, i // side.cols
        top = y + sum(side.rows[:row])
        if side.compact:
            w = chip_width(side.cols)
            x = GRID_MARGIN + col * (w + ROW_GAP) + ROW_GAP / 2
            h = side.rows[row] - FAN_STEP * 2 - ROW_GAP
            box = (x, top + FAN_STEP * 2, x + w, top + FAN_STEP * 2 + h)
        else:
            slot_w = WIDTH / side.cols
            stage = card.stage if card.type == "character" else 1
            w, h = card_size(stage, slot_w, side.rows[0])
            x = theme.MARGIN + col * slot_w + (slot_w - w) / 2 - 8
            top += (side.rows[0] - h) / 2 + 8
            box = (x, top, x + w, top + h)
        boxes[card.id] = box
    return boxes


def draw_side(
    image: Image.Image,
    y: float,
    side: Grid,
    t: Translate,
    locale: str,
    last: tuple[int, ...],
) -> None:
    """Draw a side's card bases in their area from ``y`` (see :func:`place`)."""
    draw = ImageDraw.Draw(image)
    if not side.cards:
        text = t("battlescenes.render.no_cards", locale)
        draw_text(
            draw,
            (theme.MARGIN + 16, y + 16),
            text,
            max_width=WIDTH,
            size=SMALL,
            fill=theme.TEXT_MUTED,
        )
    boxes = place(side, y)
    for card in side.cards:
        draw_card_base(
            image, boxes[card.id], card, t, locale, card.id in last, side.compact, side.actions
        )


def draw_card_base(
    image: Image.Image,
    box: Box,
    card: SceneCard,
    t: Translate,
    locale: str,
    lit: bool,
    compact: bool,
    actions: bool = False,
) -> None:
    """One card base in ``box``: the cards it carries peeking out behind it, its frame in
    its power's colour (the last move's yellow when ``lit``), the coloured edge of its
    stage, its name, powers when there is room, energy and shield, cost and "new" star."""
    draw = ImageDraw.Draw(image)
    x, y, right, bottom = box
    w = right - x
    frame = power_colour(card.powers)
    fan = min(card.energy, 2 if compact else 3)
    for i in range(fan, 0, -1):  # the cards it carries, peeking out behind it
        dx, dy = (0, -FAN_STEP * i) if compact else (8 * i, -8 * i)
        colour = power_colour(card.loaded[-i].powers) if len(card.loaded) >= i else NEUTRAL
        behind = (x + dx, y + dy, right + dx, bottom + dy)
        draw.rounded_rectangle(behind, 10, fill=(30, 32, 38), outline=colour, width=3)
    draw.rounded_rectangle(
        box, 12, fill=CARD_FACE, outline=LAST if lit else frame, width=7 if lit else 5
    )
    left, top, inner_r, inner_b = x + INSET, y + INSET, right - INSET, bottom - INSET
    if upright(card):
        draw.rectangle((left, top, inner_r, top + EDGE), fill=frame)
        top += EDGE + 2
    elif card.stage == 2:  # turned left
        draw.rectangle((left, top, left + EDGE, inner_b), fill=frame)
        left += EDGE + 4
    else:  # turned right
        draw.rectangle((inner_r - EDGE, top, inner_r, inner_b), fill=frame)
        inner_r -= EDGE + 4
    room = text_room(card, w)
    names, bold = name_lines(card, w, compact)
    ty = top + 2
    for n, line in enumerate(names):
        width = room if n or compact else room - 2 * BADGE_R - 6
        draw_text(draw, (left + 2, ty), line, max_width=width, size=SMALL, bold=bold)
        ty += NAME_LINE
    acts = action_lines(card, w) if actions else []
    # the pips when they leave room for the powers and actions, else the one-row stats
    room_needed = PIPS_H + NAME_LINE * (1 + len(acts))
    stats = PIPS_H if not compact and inner_b - ty >= room_needed else STATS_H
    powers = short_powers(t, locale, card.powers)
    if card.type == "support":
        # Set as a heading like the powers above a character's stats ("Support", not "support").
        word = t("battlescenes.render.type.support", locale)
        powers = word[:1].upper() + word[1:]
    if powers and ty + NAME_LINE <= inner_b - stats:
        draw_text(draw, (left + 2, ty), powers, max_width=room, size=SMALL, fill=theme.TEXT_MUTED)
        ty += NAME_LINE
        if ty + len(acts) * NAME_LINE <= inner_b - stats:  # whole, or not at all
            for line in acts:
                draw_text(draw, (left + 2, ty), line, max_width=room, size=SMALL)
                ty += NAME_LINE
    if stats == STATS_H:  # "●4/6 ⛉2": energy carried of initial, shield now
        row = inner_b - 18
        pip(draw, left + 6, row, ENERGY_PIP, "dot", True)
        energy = f"{card.energy}/{card.initial_energy}"
        end = left + 32 + text_width(energy, font(SMALL))
        draw.text((left + 32, row), energy, font=font(SMALL), fill=theme.TEXT, anchor="lm")
        pip(draw, end + 12, row, SHIELD_PIP, "shield", True)
        draw.text((end + 38, row), str(card.shield), font=font(SMALL), fill=theme.TEXT, anchor="lm")
    else:
        x0, row = left + 6, room - (24 if card.new else 0)  # clear of the "new" star
        pips(draw, x0, inner_b - 52, card.energy, card.initial_energy, ENERGY_PIP, "dot", row)
        pips(draw, x0, inner_b - 18, card.shield, card.full_shield, SHIELD_PIP, "shield", row)
    corner = (right - INSET - BADGE_R, y + INSET + BADGE_R)  # top right
    low = (right - INSET - BADGE_R - 2, bottom - INSET - BADGE_R + 2)  # bottom right
    badge(draw, *(low if compact else corner), str(card.initial_energy))
    if card.new:  # a star on its corner: it entered this turn
        if compact:  # on the top edge, clear of the name and of the canvas's edge
            star(draw, right - 22, y)
        else:
            star(draw, right - 4, bottom - 4)


def star(draw: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
    """The "new this turn" mark: a dark five-pointed star on a yellow disc."""
    draw.ellipse((cx - 17, cy - 17, cx + 17, cy + 17), fill=theme.HIGHLIGHT, outline=(30, 30, 30))
    points = [
        (
            cx + (13 if i % 2 == 0 else 5.5) * math.sin(i * math.pi / 5),
            cy - (13 if i % 2 == 0 else 5.5) * math.cos(i * math.pi / 5),
        )
        for i in range(10)
    ]
    draw.polygon(points, fill=(30, 30, 30))


def badge(draw: ImageDraw.ImageDraw, cx: float, cy: float, cost: str) -> None:
    """The cost to play a card (Initial Energy, 4.4.2 A.1) in a white circle."""
    r = BADGE_R
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=ENERGY_PIP, outline=(30, 30, 30), width=2)
    draw.text((cx, cy), cost, font=font(SMALL, True), fill=(30, 30, 30), anchor="mm")


def arrow(draw: ImageDraw.ImageDraw, source: Box, target: Box, across: float) -> float | None:
    """The last action's path: from the acting card's edge to its target's edge; where
    it crosses the height ``across`` (``None`` if it does not)."""
    sx, sy = (source[0] + source[2]) / 2, (source[1] + source[3]) / 2
    tx, ty = (target[0] + target[2]) / 2, (target[1] + target[3]) / 2
    length = math.hypot(tx - sx, ty - sy)
    if length < 1:
        return None
    ux, uy = (tx - sx) / length, (ty - sy) / length

    def edge(box: Box) -> float:
        half_w, half_h = (box[2] - box[0]) / 2, (box[3] - box[1]) / 2
        return min(half_w / max(abs(ux), 1e-6), half_h / max(abs(uy), 1e-6))

    start = (sx + ux * edge(source), sy + uy * edge(source))
    end = (tx - ux * edge(target), ty - uy * edge(target))
    draw.line((start, end), fill=(20, 20, 20), width=16)
    draw.line((start, end), fill=LAST, width=9)
    back = (end[0] - ux * 34, end[1] - uy * 34)
    wing = (-uy * 20, ux * 20)
    head = [end, (back[0] + wing[0], back[1] + wing[1]), (back[0] - wing[0], back[1] - wing[1])]
    draw.polygon(head, fill=LAST, outline=(20, 20, 20), width=3)
    if not min(start[1], end[1]) <= across <= max(start[1], end[1]) or start[1] == end[1]:
        return None
    return start[0] + (end[0] - start[0]) * (across - start[1]) / (end[1] - start[1])
