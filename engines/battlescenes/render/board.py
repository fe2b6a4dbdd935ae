"""The card scene as PNG: both sides' cards as cards, the scenario, prize points, who owes
what, and the last move drawn on the scene and captioned in words.

Each character or support is drawn as a card framed in its power's colour, its name,
version and power on it, energy (the cards it carries) and shield as pips, the cards
it carries fanned behind it. The card lies as on the table (4.5): upright at stage 1,
turned left at stage 2, turned right at stage 0; its top edge (a coloured strip) shows
which way, while its text stays upright so a phone can read it. The viewer's side is at
the bottom. Text is never below 28 px on the 960-px canvas (11 px on a 400-px phone),
and the image never grows past 1,100 px: a crowded scene draws smaller cards (their
drawing and layout are ``card_bases.py``), then shortens the words below them. The
private hand view is ``render_hand.py``.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from engines.battlescenes.render.card_bases import arrow, draw_side, grid, place
from engines.battlescenes.render.style import (
    CARD_FACE,
    LAST,
    LINE,
    NEUTRAL,
    SCENARIO_H,
    SMALL,
    STRIP_H,
    WIDTH,
    banner2,
    power_colour,
    wrap,
)
from engines.battlescenes.render.words import (
    Translate,
    end_text,
    last_lines,
    legend_entries,
    owes_text,
)
from engines.battlescenes.view import BoardView, SceneCard
from engines.core import theme
from engines.core.render import canvas, draw_text, font, text_width, to_png


def _strip(
    draw: ImageDraw.ImageDraw, y: float, data: BoardView, seat: int, t: Translate, locale: str
) -> None:
    """A player's band: seat and name, prize points (large), then the zone counts."""
    p = data.players[seat]
    colour = theme.seat_colour(seat)
    white = (255, 255, 255)
    draw.rounded_rectangle((theme.MARGIN, y, theme.MARGIN + WIDTH, y + STRIP_H), 10, fill=colour)
    marker = "▶ " if seat in data.deciding else ""
    key = "battlescenes.render.points" if p.points < 15 else "battlescenes.board.points_over"
    points = t(key, locale, points=p.points)
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
    # 4.9: a player's prizes are their own knocked-out cards, which score for the other.
    zones = t(
        "battlescenes.board.zones",
        locale,
        deck=p.deck,
        hand=p.hand,
        resources=len(p.resources),
        prizes=len(p.prizes),
        rival=data.players[1 - seat].name,
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
    for start in [x, *(a + 30 for a in sorted(avoid))]:
        if all(not start - 24 < a < start + width + 24 for a in avoid) and start + width <= end:
            x = start
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


def _legend(
    t: Translate, locale: str, powers: Sequence[str], actions: bool, limit: int
) -> list[tuple[str, bool]]:
    """The legend in at most ``limit`` lines, every entry whole: the full one when it
    fits, else the stages without the note on the coloured bar and then fewer power
    labels (the last ones first) — never an entry cut short."""

    def lines(shown: Sequence[str], short: bool) -> list[tuple[str, bool]]:
        entries = legend_entries(t, locale, shown, actions, short)
        return _wrapped([" · ".join(entries)], 99, False)

    fitted = lines(powers, False)
    shown = list(powers)
    while len(fitted) > limit:
        fitted = lines(shown, True)
        if len(fitted) > limit and not shown:
            return _wrapped(
                [" · ".join(legend_entries(t, locale, (), actions, True))], limit, False
            )
        if len(fitted) > limit:
            shown.pop()
    return fitted


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


#: The scene never grows taller than this: a crowded one draws smaller cards, then
#: shortens the last move's caption, the Effect Tree and the legend, in that order.
MAX_HEIGHT = 1100
#: (every side crowded, cards name their powers, cards name their actions and costs,
#: lines of the actions named below the scene instead (whole entries only), caption
#: lines, tree lines, legend lines: the power labels' key, up to all thirteen, then the
#: stages), tried in turn.
PLANS = (
    (False, True, True, 0, 5, 5, 4),
    (True, True, True, 0, 5, 5, 4),
    (False, True, False, 4, 5, 5, 4),
    (True, True, False, 4, 5, 5, 4),
    (True, True, False, 2, 5, 5, 4),
    (True, True, False, 1, 5, 5, 4),
    (True, True, False, 0, 5, 5, 4),
    (True, True, False, 0, 4, 3, 2),
    (True, True, False, 0, 3, 2, 2),
    (True, False, False, 0, 5, 5, 4),
    (True, False, False, 0, 4, 3, 3),
    (True, False, False, 0, 3, 3, 2),
    (True, False, False, 0, 3, 3, 1),
    (True, False, False, 0, 3, 2, 0),
    (True, False, False, 0, 2, 2, 0),
    (True, False, False, 0, 1, 1, 0),
)


def action_block(
    scene: Sequence[SceneCard], order: Sequence[int], t: Translate, locale: str, limit: int
) -> list[str]:
    """The actions of the cards in the scene ("Raio Negro V2 ▸2 Sussurro Aniquilador"),
    the upper side's first, as running text of at most ``limit`` lines; entries that do
    not fit whole are left out and counted ("+2 more: /match lookup")."""
    entries = [
        t(
            "battlescenes.board.action_entry",
            locale,
            card=card.title,
            action=action.name,
            cost=action.cost,
        )
        for seat in order
        for card in scene
        if card.controller == seat
        for action in card.actions
    ]
    if not entries or limit <= 0:
        return []
    for keep in range(len(entries), -1, -1):
        left = len(entries) - keep
        parts = entries[:keep]
        if left:
            parts.append(t("battlescenes.board.actions_more", locale, count=left))
        head = t("battlescenes.board.actions", locale, entries=" · ".join(parts))
        lines = wrap(head, SMALL, WIDTH - 32)
        if len(lines) <= limit:
            return lines
    return []


def board(data: BoardView, seat: int | None, t: Translate, locale: str) -> bytes:
    """The scene: banner, the other side, the scenario, the viewer's side, the last move."""
    me = seat if seat is not None else 0
    order = [1 - me, me]  # the viewer's side at the bottom
    phase = t(f"battlescenes.render.phase.{data.phase}", locale)
    if data.standing is not None:  # ended or paused outside the rules
        head = t(data.standing.text.key, locale, **dict(data.standing.text.params))
        sub = end_text(data, t, locale)[1]  # the prize points
        if not data.standing.over:
            active = data.players[data.active].name
            sub = t("battlescenes.render.title", locale, turn=data.turn, phase=phase, player=active)
        colours = [theme.PANEL_ACTIVE]
    elif data.phase == "over":
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
    # The short power labels on the cards, keyed in the legend (in the scene's order).
    shown = list(dict.fromkeys(p for c in data.scene for p in c.powers))
    for crowded, powers, actions, listed, caption, effects, keys in PLANS:
        sides = [
            grid(tuple(c for c in data.scene if c.controller == s), crowded, powers, actions)
            for s in order
        ]
        last = _wrapped(said, caption, True)
        tree_lines = _wrapped(tree if len(tree) <= effects else tree_runs, effects, False)
        acts = [] if actions else action_block(data.scene, order, t, locale, listed)
        chips = (actions and any(c.actions for c in data.scene)) or bool(acts)
        legend = _legend(t, locale, shown, chips, keys)
        height = fixed + sum(side.height for side in sides) + len(acts) * LINE
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
    y = _text_block(draw, y, [(line, False) for line in acts], theme.TEXT)
    y += 8
    _text_block(draw, y + 4, legend, theme.TEXT_MUTED)
    return to_png(image)
