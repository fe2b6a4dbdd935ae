"""The card scene as PNG: both sides' cards as cards, the scenario, prize points, who owes
what, and the last move drawn on the scene and captioned in words.

Each character or support is drawn as a card framed in its power's colour, its name,
version and power on it, energy (the cards it carries) and shield as pips, the cards
it carries fanned behind it. The card lies as on the table (4.5): upright at stage 1,
turned left at stage 2, turned right at stage 0; its top edge (a coloured strip) shows
which way, while its text stays upright so a phone can read it. The viewer's side is at
the bottom. Text is never below 28 px on the 960-px canvas (11 px on a 400-px phone),
and the image stays about 1,100 px tall. The private hand view is ``render_hand.py``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw

from engines.battlescenes.view import BoardView, Label, SceneCard, parse
from engines.core import View, theme
from engines.core.i18n import Catalog
from engines.core.render import canvas, draw_text, font, text_width, to_png

Translate = Callable[..., str]
WIDTH = theme.CANVAS_WIDTH - 2 * theme.MARGIN
SMALL = theme.MIN_TEXT_PX
LINE = 36
STRIP_H = 80
SCENARIO_H = 68
#: The last move's cards: Okabe-Ito yellow, a colour no seat uses.
LAST = theme.HIGHLIGHT
CARD_FACE: theme.RGB = (58, 62, 74)
CARD_TEXT = theme.TEXT
#: Card frames by power (13 powers, 2; grey for neutral cards and unknown powers).
#: Yellow is left out: it marks the last move.
POWER_COLOURS: dict[str, theme.RGB] = {
    "forca": (200, 62, 50),
    "agilidade": (64, 168, 84),
    "tecnologia": (92, 140, 214),
    "magia": (156, 86, 200),
    "psiquico": (214, 96, 166),
    "energia": (232, 142, 36),
    "armas": (150, 120, 90),
    "metamorfose": (38, 166, 166),
}
NEUTRAL: theme.RGB = (128, 132, 142)
ENERGY_PIP: theme.RGB = (250, 250, 250)
SHIELD_PIP: theme.RGB = (120, 190, 255)


def power_colour(powers: Sequence[str]) -> theme.RGB:
    """The frame colour of a card with ``powers`` (its first one)."""
    return POWER_COLOURS.get(powers[0], NEUTRAL) if powers else NEUTRAL


def translated(t: Translate, locale: str, group: str, word: str) -> str:
    """A game term (power, keyword, alignment) in the reader's language; a word without
    a catalog entry (a pack's own) stays as printed."""
    key = f"battlescenes.{group}.{word}"
    text = t(key, locale)
    return word if text == key else text


def label(t: Translate, locale: str, item: Label) -> str:
    """A view label in ``locale`` (its parameters translated too)."""
    return t(item.key, locale, **item.params)


def render(view: View, kind: str, catalog: Catalog, locale: str) -> bytes:
    """PNG of the scene (any view), of the hand or its cards' texts (seat views only), or
    of one card."""
    if kind == "card":  # a lookup view (see lookup.py)
        from engines.battlescenes.render_card import render_card

        return render_card(view, catalog, locale)
    if kind in ("hand", "cards"):
        from engines.battlescenes.render_hand import render_cards, render_hand

        return (render_hand if kind == "hand" else render_cards)(view, catalog, locale)
    return board(parse(view), view.seat, catalog.translate, locale)


# -- words -------------------------------------------------------------------------------


def owes_text(data: BoardView, t: Translate, locale: str) -> str:
    """Who owes what now, in words ("Ana: use an action or pass"); every ower named."""
    parts = []
    for owed in data.owed:
        name = data.players[owed.seat].name
        short = owed.prompt.key.replace(".prompt.", ".short.").replace(".choice.", ".short.")
        what = t(short, locale, **owed.prompt.params)
        if what == short:  # no short form: the prompt itself
            what = label(t, locale, owed.prompt)
        parts.append(t("battlescenes.render.owes", locale, player=name, what=what))
    return " · ".join(parts)


def end_text(data: BoardView, t: Translate, locale: str) -> tuple[str, str]:
    """The end screen's two lines: who won and how, and the final score."""
    players = data.players
    score = t(
        "battlescenes.render.score",
        locale,
        first=players[0].name,
        a=players[0].points,
        second=players[1].name,
        b=players[1].points,
    )
    if data.winner is None:
        return t("battlescenes.render.draw", locale), score
    winner = players[data.winner].name
    loser = players[1 - data.winner].name
    how = "points" if data.end == "points" else "deck_out"
    points = players[data.winner].points
    head = t(f"battlescenes.render.won.{how}", locale, player=winner, loser=loser, points=points)
    return head, score


#: Events left out of the last move's caption: "now it is …" (the banner says it), the
#: tree's bookkeeping, and the win (the end screen's banner says it).
QUIET = (
    "battlescenes.event.now.",
    "battlescenes.event.resolving",
    "battlescenes.event.won_points",
    "battlescenes.event.deck_out",
)


def last_lines(data: BoardView, t: Translate, locale: str) -> list[str]:
    """The last move in words: who did what, then what happened."""
    if not data.last_action:
        return []
    who = data.players[data.last_seat].name if 0 <= data.last_seat < len(data.players) else ""
    said = [label(t, locale, e) for e in data.last_events if not e.key.startswith(QUIET)]
    if said and who and said[0].startswith(who):  # "Ana: Raio Negro V2 uses …" says it all
        return [t("battlescenes.render.last_event", locale, text=said[0]), *said[1:]]
    kind = t(f"battlescenes.render.kind.{data.last_action}", locale)
    return [t("battlescenes.render.last", locale, player=who, action=kind), *said]


def wrap(text: str, size: int, width: float, bold: bool = False) -> list[str]:
    """``text`` cut into lines no wider than ``width`` at ``size`` px (long words at
    their hyphens)."""
    fnt = font(size, bold)
    words: list[str] = []
    for word in text.split():
        while text_width(word, fnt) > width and "-" in word[1:]:
            head, _, rest = word.partition("-")
            words.append(head + "-")
            word = rest
        words.append(word)
    lines: list[str] = []
    line = ""
    for word in words:
        glue = "" if line.endswith("-") else " "
        trial = f"{line}{glue}{word}" if line else word
        if line and text_width(trial, fnt) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return [*lines, line] if line else lines


# -- drawing -----------------------------------------------------------------------------


def banner2(draw: ImageDraw.ImageDraw, head: str, sub: str, colours: Sequence[theme.RGB]) -> int:
    """A two-line header band in the owers' colours (split when several owe)."""
    height = 118
    part = theme.CANVAS_WIDTH / max(1, len(colours))
    for i, colour in enumerate(colours):
        draw.rectangle((i * part, 0, (i + 1) * part, height), fill=colour)
    white = (255, 255, 255)
    draw_text(draw, (theme.MARGIN, 10), head, max_width=WIDTH, size=40, bold=True, fill=white)
    draw_text(draw, (theme.MARGIN, 68), sub, max_width=WIDTH, size=30, fill=white)
    return height


def pips(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    filled: int,
    total: int,
    colour: theme.RGB,
    shape: str,
    width: float,
    numbers: bool = False,
) -> None:
    """``filled`` of ``total`` pips in a row, or one pip and the numbers ("●4/6") when
    they do not fit ``width`` or ``numbers`` asks; shapes: dot, shield."""
    count = max(filled, total)
    step = 26
    if numbers or count * step > width or count > 10:
        pip(draw, x, y, colour, shape, True)
        draw_text(draw, (x + 28, y - 17), f"{filled}/{total}", max_width=width - 28, size=SMALL)
        return
    for i in range(count):
        pip(draw, x + i * step, y, colour, shape, i < filled)


def pip(
    draw: ImageDraw.ImageDraw, x: float, y: float, colour: theme.RGB, shape: str, full: bool
) -> None:
    fill = colour if full else None
    if shape == "dot":
        draw.ellipse((x, y - 11, x + 22, y + 11), fill=fill, outline=colour, width=3)
    else:  # a shield: flat top, pointed bottom
        points = [(x, y - 11), (x + 22, y - 11), (x + 22, y + 2), (x + 11, y + 12), (x, y + 2)]
        draw.polygon(points, fill=fill, outline=colour, width=3)


def card_size(stage: int, slot_w: float, slot_h: float) -> tuple[int, int]:
    """Width and height of a card base in a slot: portrait upright, landscape turned
    (room left for the fan of carried cards and the cost badge)."""
    room_w, room_h = slot_w - 44, slot_h - 34
    if stage == 1:  # at least 150 px wide, so a name fits even on a short card
        h = room_h
        return int(min(max(h * 0.74, 150), room_w)), int(h)
    w = min(room_w, room_h / 0.74)
    return int(w), int(min(w * 0.74, room_h))


def draw_card_base(
    image: Image.Image,
    x: float,
    y: float,
    w: int,
    h: int,
    card: SceneCard,
    t: Translate,
    locale: str,
    lit: bool,
) -> None:
    """One card base lying at (x, y): fan of carried cards, frame, strip, text, pips."""
    draw = ImageDraw.Draw(image)
    frame = power_colour(card.powers)
    fan = min(card.energy, 3)
    for i in range(fan, 0, -1):  # the cards it carries, peeking out behind it
        dx, dy = 8 * i, -8 * i
        colour = power_colour(card.loaded[-i].powers) if card.loaded else NEUTRAL
        draw.rounded_rectangle(
            (x + dx, y + dy, x + w + dx, y + h + dy), 10, fill=(30, 32, 38), outline=colour, width=3
        )
    outline = LAST if lit else frame
    draw.rounded_rectangle(
        (x, y, x + w, y + h), 12, fill=CARD_FACE, outline=outline, width=7 if lit else 5
    )
    strip = 16  # the card's top edge: where it points shows the stage (4.5)
    inner = (x + 8, y + 8, x + w - 8, y + h - 8)
    if card.type == "character" and card.stage == 2:  # turned left
        draw.rectangle((inner[0], inner[1], inner[0] + strip, inner[3]), fill=frame)
        inner = (inner[0] + strip + 4, inner[1], inner[2], inner[3])
    elif card.type == "character" and card.stage == 0:  # turned right
        draw.rectangle((inner[2] - strip, inner[1], inner[2], inner[3]), fill=frame)
        inner = (inner[0], inner[1], inner[2] - strip - 4, inner[3])
    else:
        draw.rectangle((inner[0], inner[1], inner[2], inner[1] + strip), fill=frame)
        inner = (inner[0], inner[1] + strip + 2, inner[2], inner[3])
    left, top, right, bottom = inner
    room = right - left - 8
    # a short, wide card (turned, in a crowded row): energy and shield on one row
    compact = bottom - top < 150 and room >= 130
    stats_h = 40 if compact else 72
    bold = room >= 150  # a narrow card's name in the narrower regular weight
    fits = max(1, int((bottom - stats_h - top) // 33))
    names = wrap(card.title, SMALL, room, bold=bold)[:fits]
    ty = top + 2
    for line in names:
        draw_text(draw, (left + 4, ty), line, max_width=room, size=SMALL, bold=bold)
        ty += 33
    powers = ", ".join(translated(t, locale, "power", p) for p in card.powers)
    if card.type == "support":
        powers = t("battlescenes.render.type.support", locale)
    if powers and ty + 34 < bottom - stats_h:
        draw_text(draw, (left + 4, ty), powers, max_width=room, size=SMALL, fill=theme.TEXT_MUTED)
    if compact:  # "●4/6 ⛉2": energy carried of initial, shield now
        row = bottom - 18
        pip(draw, left + 6, row, ENERGY_PIP, "dot", True)
        energy = f"{card.energy}/{card.initial_energy}"
        end = left + 32 + text_width(energy, font(SMALL))
        draw.text((left + 32, row), energy, font=font(SMALL), fill=theme.TEXT, anchor="lm")
        pip(draw, end + 12, row, SHIELD_PIP, "shield", True)
        draw.text((end + 38, row), str(card.shield), font=font(SMALL), fill=theme.TEXT, anchor="lm")
    else:
        pips(draw, left + 6, bottom - 52, card.energy, card.initial_energy, ENERGY_PIP, "dot", room)
        pips(draw, left + 6, bottom - 18, card.shield, card.full_shield, SHIELD_PIP, "shield", room)
    badge(draw, x + w - 6, y + 6, str(card.initial_energy))
    if card.new:  # a star on the bottom corner: it entered this turn
        cx, cy = x + w - 6, y + h - 6
        draw.ellipse((cx - 18, cy - 18, cx + 18, cy + 18), fill=theme.HIGHLIGHT)
        draw.text((cx, cy), "★", font=font(SMALL), fill=(30, 30, 30), anchor="mm")


def badge(draw: ImageDraw.ImageDraw, cx: float, cy: float, cost: str) -> None:
    """The cost to play a card (Initial Energy, 4.4.2 A.1) in a white circle."""
    draw.ellipse(
        (cx - 20, cy - 20, cx + 20, cy + 20), fill=ENERGY_PIP, outline=(30, 30, 30), width=2
    )
    draw.text((cx, cy), cost, font=font(SMALL, True), fill=(30, 30, 30), anchor="mm")


def _side_layout(count: int) -> tuple[int, int, int]:
    """Columns, rows and row height of a side holding ``count`` card bases: one row of
    three or four, then rows of three or four smaller cards (a crowded scene is taller
    rather than unreadable)."""
    if count <= 3:
        return 3, 1, 244
    if count == 4:
        return 4, 1, 230
    cols = 3 if count <= 6 else 4
    return cols, math.ceil(count / cols), 200 if cols == 3 else 190


def _strip(
    draw: ImageDraw.ImageDraw, y: float, data: BoardView, seat: int, t: Translate, locale: str
) -> None:
    """A player's band: seat and name, prize points (large), then the zone counts."""
    p = data.players[seat]
    colour = theme.seat_colour(seat)
    white = (255, 255, 255)
    draw.rounded_rectangle((theme.MARGIN, y, theme.MARGIN + WIDTH, y + STRIP_H), 10, fill=colour)
    marker = "▶ " if seat in data.deciding else ""
    points = t("battlescenes.render.points", locale, points=p.points)
    draw_text(
        draw,
        (theme.MARGIN + WIDTH - 14, y + 4),
        points,
        max_width=300,
        size=36,
        bold=True,
        fill=white,
        anchor="ra",
    )
    draw_text(
        draw,
        (theme.MARGIN + 14, y + 6),
        f"{marker}{seat + 1}. {p.name}",
        max_width=WIDTH - 340,
        size=32,
        bold=True,
        fill=white,
    )
    zones = t(
        "battlescenes.render.zones",
        locale,
        deck=p.deck,
        hand=p.hand,
        resources=len(p.resources),
        prizes=len(p.prizes),
    )
    draw_text(
        draw, (theme.MARGIN + 14, y + 45), zones, max_width=WIDTH - 28, size=SMALL, fill=white
    )


def _cards(
    image: Image.Image,
    y: float,
    data: BoardView,
    seat: int,
    t: Translate,
    locale: str,
    centres: dict[int, tuple[float, float, float, float]],
) -> float:
    draw = ImageDraw.Draw(image)
    cards = [c for c in data.scene if c.controller == seat]
    if not cards:
        draw_text(
            draw,
            (theme.MARGIN + 16, y + 16),
            t("battlescenes.render.no_cards", locale),
            max_width=WIDTH,
            size=SMALL,
            fill=theme.TEXT_MUTED,
        )
        return y + 72
    cols, rows, row_h = _side_layout(len(cards))
    slot_w = WIDTH / cols
    for i, card in enumerate(cards):
        col, row = i % cols, i // cols
        w, h = card_size(card.stage if card.type == "character" else 1, slot_w, row_h)
        x = theme.MARGIN + col * slot_w + (slot_w - w) / 2 - 8
        top = y + row * row_h + (row_h - h) / 2 + 8
        lit = card.id in data.last_cards
        draw_card_base(image, x, top, w, h, card, t, locale, lit)
        centres[card.id] = (x, top, x + w, top + h)
    return y + rows * row_h


def _scenario(
    draw: ImageDraw.ImageDraw, y: float, data: BoardView, t: Translate, locale: str
) -> None:
    scenario = data.scenario
    fill = power_colour(scenario.powers) if scenario else theme.PANEL
    draw.rounded_rectangle(
        (theme.MARGIN, y + 6, theme.MARGIN + WIDTH, y + SCENARIO_H - 6), 12, fill=theme.PANEL
    )
    glyph = (theme.MARGIN + 14, y + 14, theme.MARGIN + 100, y + SCENARIO_H - 14)
    draw.rounded_rectangle(glyph, 6, fill=CARD_FACE, outline=fill if scenario else NEUTRAL, width=3)
    owner = theme.seat_colour(scenario.owner) if scenario else NEUTRAL  # whose it is (4.4.1)
    draw.rectangle((glyph[0] + 4, glyph[1] + 4, glyph[0] + 14, glyph[3] - 4), fill=owner)
    text = scenario.title if scenario else "—"
    line = t("battlescenes.render.scenario", locale, scenario=text)
    if scenario:
        line = f"{line} ({data.players[scenario.owner].name})"
    draw_text(
        draw,
        (theme.MARGIN + 128, y + SCENARIO_H / 2),
        line,
        max_width=WIDTH - 140,
        size=30,
        bold=True,
        anchor="lm",
    )


def _arrow(
    draw: ImageDraw.ImageDraw,
    source: tuple[float, float, float, float],
    target: tuple[float, float, float, float],
) -> None:
    """The last action's path: from the acting card's edge to its target's edge."""
    sx, sy = (source[0] + source[2]) / 2, (source[1] + source[3]) / 2
    tx, ty = (target[0] + target[2]) / 2, (target[1] + target[3]) / 2
    length = math.hypot(tx - sx, ty - sy)
    if length < 1:
        return
    ux, uy = (tx - sx) / length, (ty - sy) / length

    def edge(box: tuple[float, float, float, float], sign: float) -> float:
        half_w, half_h = (box[2] - box[0]) / 2, (box[3] - box[1]) / 2
        return min(half_w / max(abs(ux), 1e-6), half_h / max(abs(uy), 1e-6)) * sign

    start = (sx + ux * edge(source, 1), sy + uy * edge(source, 1))
    end = (tx - ux * edge(target, 1), ty - uy * edge(target, 1))
    draw.line((start, end), fill=(20, 20, 20), width=16)
    draw.line((start, end), fill=LAST, width=9)
    back = (end[0] - ux * 34, end[1] - uy * 34)
    wing = (-uy * 20, ux * 20)
    head = [end, (back[0] + wing[0], back[1] + wing[1]), (back[0] - wing[0], back[1] - wing[1])]
    draw.polygon(head, fill=LAST, outline=(20, 20, 20), width=3)


def _text_block(
    draw: ImageDraw.ImageDraw, y: float, lines: Sequence[tuple[str, bool]], fill: theme.RGB
) -> float:
    for text, bold in lines:
        draw_text(
            draw,
            (theme.MARGIN + 16, y),
            text,
            max_width=WIDTH - 32,
            size=SMALL,
            bold=bold,
            fill=fill,
        )
        y += LINE
    return y


def _wrapped(texts: Sequence[str], limit: int, bold_first: bool) -> list[tuple[str, bool]]:
    out: list[tuple[str, bool]] = []
    for i, text in enumerate(texts):
        bold = bold_first and i == 0
        out.extend((part, bold) for part in wrap(text, SMALL, WIDTH - 32, bold))
    if len(out) > limit:
        out = [*out[: limit - 1], (out[limit - 1][0] + " …", out[limit - 1][1])]
    return out


def legend_lines(t: Translate, locale: str) -> list[str]:
    """The board's symbols in words."""
    return [t("battlescenes.render.legend.board", locale)]


def board(data: BoardView, seat: int | None, t: Translate, locale: str) -> bytes:
    """The scene: banner, the other side, the scenario, the viewer's side, the last move."""
    me = seat if seat is not None else 0
    order = [1 - me, me]  # the viewer's side at the bottom
    phase = t(f"battlescenes.render.phase.{data.phase}", locale)
    if data.phase == "over":
        head, sub = end_text(data, t, locale)
        colours = [theme.seat_colour(data.winner)] if data.winner is not None else [theme.PANEL]
    else:
        head = owes_text(data, t, locale) or phase
        active = data.players[data.active].name
        sub = t("battlescenes.render.title", locale, turn=data.turn, phase=phase, player=active)
        if data.turn == 0:  # setting up (6.1): nobody's turn yet
            sub = t("battlescenes.render.setup", locale, phase=phase)
        colours = [theme.seat_colour(o.seat) for o in data.owed] or [theme.PANEL_ACTIVE]
    last = _wrapped(last_lines(data, t, locale), 5, True)
    tree = [
        t(
            "battlescenes.render.tree_paused" if p.paused else "battlescenes.render.tree_item",
            locale,
            level=p.level,
            label=p.label,
        )
        for p in sorted(data.tree, key=lambda e: -e.level)
    ]
    tree_lines = _wrapped([t("battlescenes.render.tree", locale), *tree], 5, True) if tree else []
    legend = _wrapped(legend_lines(t, locale), 1, False)
    rows = 0.0
    for s in order:
        count = len([c for c in data.scene if c.controller == s])
        _cols, nrows, row_h = _side_layout(count)
        rows += nrows * row_h if count else 72
    height = 118 + 12 + 2 * (STRIP_H + 8) + rows + SCENARIO_H + 16
    height += (len(last) * LINE + 24 if last else 0) + (len(tree_lines) * LINE + 16)
    height += len(legend) * LINE + 16
    image, draw = canvas(int(height))
    y: float = banner2(draw, head, sub, colours) + 12
    centres: dict[int, tuple[float, float, float, float]] = {}
    _strip(draw, y, data, order[0], t, locale)
    y = _cards(image, y + STRIP_H + 8, data, order[0], t, locale, centres)
    _scenario(draw, y, data, t, locale)
    y = _cards(image, y + SCENARIO_H, data, order[1], t, locale, centres)
    _strip(draw, y, data, order[1], t, locale)
    y += STRIP_H + 16
    if data.last_action == "use" and len(data.last_cards) > 1:
        source = centres.get(data.last_cards[0])
        for target in data.last_cards[1:]:
            if source is not None and target in centres and target != data.last_cards[0]:
                _arrow(draw, source, centres[target])
    if last:
        draw.rounded_rectangle(
            (theme.MARGIN, y, theme.MARGIN + WIDTH, y + len(last) * LINE + 12),
            10,
            fill=theme.PANEL,
            outline=LAST,
            width=3,
        )
        y = _text_block(draw, y + 6, last, theme.TEXT) + 18
    if tree_lines:
        y = _text_block(draw, y, tree_lines, theme.TEXT) + 8
    _text_block(draw, y + 4, legend, theme.TEXT_MUTED)
    return to_png(image)
