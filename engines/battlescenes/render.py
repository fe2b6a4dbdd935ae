"""The card scene as PNG: both sides' cards as cards, the scenario, prize points, who owes
what, and the last move drawn on the scene and captioned in words.

Each character or support is drawn as a card framed in its power's colour, its name,
version and power on it, energy (the cards it carries) and shield as pips, the cards
it carries fanned behind it. The card lies as on the table (4.5): upright at stage 1,
turned left at stage 2, turned right at stage 0; its top edge (a coloured strip) shows
which way, while its text stays upright so a phone can read it. The viewer's side is at
the bottom. Text is never below 28 px on the 960-px canvas (11 px on a 400-px phone),
and the image never grows past 1,100 px: a crowded scene draws smaller cards (their
drawing and layout are ``render_scene.py``), then shortens the words below them. The
private hand view is ``render_hand.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from PIL import ImageDraw

from engines.battlescenes.view import BoardView, Label, parse
from engines.core import View, theme
from engines.core.i18n import Catalog
from engines.core.render import canvas, draw_text, font, text_width, to_png

Translate = Callable[..., str]
WIDTH = theme.CANVAS_WIDTH - 2 * theme.MARGIN
SMALL = theme.MIN_TEXT_PX
LINE = 36
STRIP_H = 80
SCENARIO_H = 60
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


def wrap(
    text: str, size: int, width: float, bold: bool = False, first: float | None = None
) -> list[str]:
    """``text`` cut into lines no wider than ``width`` at ``size`` px (the first line no
    wider than ``first`` when given); a word too long for a line breaks at its hyphens,
    and failing that anywhere, ending in "-"."""
    return list(_wrap(text, size, width, bold, first))


@lru_cache(maxsize=4096)
def _wrap(text: str, size: int, width: float, bold: bool, first: float | None) -> tuple[str, ...]:
    # Cached: a scene measures the same names and captions for each layout it tries,
    # and the next move's scene mostly the same ones again (text measuring is most of
    # a crowded scene's drawing time).
    fnt = font(size, bold)
    words: list[str] = []
    for word in text.split():
        # only the first word must fit the first line; a later one may start the next
        limit = min(width, first) if first is not None and not words else width
        while text_width(word, fnt) > limit and "-" in word[1:-1]:
            head, _, rest = word.partition("-")
            words.append(head + "-")
            word = rest
        while text_width(word, fnt) > limit and len(word) > 2:
            cut = len(word) - 1
            while cut > 1 and text_width(word[:cut] + "-", fnt) > limit:
                cut -= 1
            words.append(word[:cut] + "-")
            word = word[cut:]
        words.append(word)
    lines: list[str] = []
    line = ""
    for word in words:
        glue = "" if line.endswith("-") else " "
        trial = f"{line}{glue}{word}" if line else word
        room = width if lines or first is None else first
        if line and text_width(trial, fnt) > room:
            lines.append(line)
            line = word
        else:
            line = trial
    return (*lines, line) if line else tuple(lines)


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


def _scenario(
    draw: ImageDraw.ImageDraw,
    y: float,
    data: BoardView,
    t: Translate,
    locale: str,
    text: bool,
    avoid: Sequence[float] = (),
) -> None:
    """The scenario's band: its card (``text`` false) or its name and owner (true),
    beside the last move's arrows where they cross it (at x in ``avoid``) when it fits."""
    scenario = data.scenario
    if not text:
        fill = power_colour(scenario.powers) if scenario else theme.PANEL
        band = (theme.MARGIN, y + 6, theme.MARGIN + WIDTH, y + SCENARIO_H - 6)
        draw.rounded_rectangle(band, 12, fill=theme.PANEL)
        glyph = (theme.MARGIN + 14, y + 14, theme.MARGIN + 100, y + SCENARIO_H - 14)
        outline = fill if scenario else NEUTRAL
        draw.rounded_rectangle(glyph, 6, fill=CARD_FACE, outline=outline, width=3)
        owner = theme.seat_colour(scenario.owner) if scenario else NEUTRAL  # whose (4.4.1)
        draw.rectangle((glyph[0] + 4, glyph[1] + 4, glyph[0] + 14, glyph[3] - 4), fill=owner)
        return
    name = scenario.title if scenario else "—"
    line = t("battlescenes.render.scenario", locale, scenario=name)
    if scenario:
        line = f"{line} ({data.players[scenario.owner].name})"
    width = text_width(line, font(30, True))
    x: float = theme.MARGIN + 128
    end = theme.MARGIN + WIDTH - 12
    for place in [x, *(a + 30 for a in sorted(avoid))]:
        if all(not place - 24 < a < place + width + 24 for a in avoid) and place + width <= end:
            x = place
            break
    draw_text(
        draw, (x, y + SCENARIO_H / 2), line, max_width=end - x, size=30, bold=True, anchor="lm"
    )


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
    """``texts`` wrapped to the panel, at most ``limit`` lines (the last then ending in
    "…", still within the panel)."""
    out: list[tuple[str, bool]] = []
    for i, text in enumerate(texts):
        bold = bold_first and i == 0
        out.extend((part, bold) for part in wrap(text, SMALL, WIDTH - 32, bold))
    if len(out) > limit > 0:
        text, bold = out[limit - 1]
        words = text.split()
        while len(words) > 1 and text_width(" ".join(words) + " …", font(SMALL, bold)) > WIDTH - 32:
            words.pop()
        out = [*out[: limit - 1], (" ".join(words) + " …", bold)]
    return out[:limit]


def legend_lines(t: Translate, locale: str) -> list[str]:
    """The board's symbols in words."""
    return [t("battlescenes.render.legend.board", locale)]


#: The scene never grows taller than this: a crowded one draws smaller cards, then
#: shortens the last move's caption, the Effect Tree and the legend, in that order.
MAX_HEIGHT = 1100
#: (every side crowded, crowded cards name their powers, caption lines, tree lines,
#: legend lines), tried in turn.
PLANS = (
    (False, True, 5, 5, 1),
    (True, True, 5, 5, 1),
    (True, False, 5, 5, 1),
    (True, False, 4, 3, 1),
    (True, False, 3, 3, 1),
    (True, False, 3, 2, 0),
    (True, False, 2, 2, 0),
    (True, False, 1, 1, 0),
)


def board(data: BoardView, seat: int | None, t: Translate, locale: str) -> bytes:
    """The scene: banner, the other side, the scenario, the viewer's side, the last move."""
    from engines.battlescenes.render_scene import arrow, draw_side, grid, place

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
    said = last_lines(data, t, locale)
    tree = [
        t(
            "battlescenes.render.tree_paused" if p.paused else "battlescenes.render.tree_item",
            locale,
            level=p.level,
            label=p.label,
        )
        for p in sorted(data.tree, key=lambda e: -e.level)
    ]
    header = t("battlescenes.render.tree", locale)
    # one line an effect when they all fit, else one paragraph cut to the lines there are
    tree_runs = [f"{header}: {' · '.join(tree)}"] if tree else []
    tree = [header, *tree] if tree else []
    fixed = 118 + 8 + 2 * (STRIP_H + 8) + SCENARIO_H + 8
    for crowded, powers, caption, effects, keys in PLANS:
        sides = [
            grid(tuple(c for c in data.scene if c.controller == s), crowded, powers) for s in order
        ]
        last = _wrapped(said, caption, True)
        tree_lines = _wrapped(tree if len(tree) <= effects else tree_runs, effects, False)
        legend = _wrapped(legend_lines(t, locale), keys, False)
        height = fixed + sum(side.height for side in sides)
        height += (len(last) * LINE + 24 if last else 0) + (len(tree_lines) * LINE + 8)
        height += len(legend) * LINE + 16 if legend else 0
        if height <= MAX_HEIGHT:
            break
    image, draw = canvas(int(height))
    y: float = banner2(draw, head, sub, colours) + 8
    _strip(draw, y, data, order[0], t, locale)
    tops = (y + STRIP_H + 8, y + STRIP_H + 8 + sides[0].height + SCENARIO_H)
    scenario_y = tops[0] + sides[0].height
    _scenario(draw, scenario_y, data, t, locale, text=False)
    # The last move's arrow lies under the cards (a card it crosses hides it, never the
    # card's text) and under the scenario's name, from the acting card to each target.
    boxes = {**place(sides[0], tops[0]), **place(sides[1], tops[1])}
    source = boxes.get(data.last_cards[0]) if data.last_cards else None
    crossings: list[float] = []
    if data.last_action == "use" and source is not None:
        for target in data.last_cards[1:]:
            if target in boxes and target != data.last_cards[0]:
                crossing = arrow(draw, source, boxes[target], scenario_y + SCENARIO_H / 2)
                crossings += [] if crossing is None else [crossing]
    for side, top in zip(sides, tops, strict=True):
        draw_side(image, top, side, t, locale, data.last_cards)
    _scenario(draw, scenario_y, data, t, locale, text=True, avoid=crossings)
    y = tops[1] + sides[1].height
    _strip(draw, y, data, order[1], t, locale)
    y += STRIP_H + 8
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
        y = _text_block(draw, y, tree_lines, theme.TEXT)
    y += 8
    _text_block(draw, y + 4, legend, theme.TEXT_MUTED)
    return to_png(image)
