"""The arena as a PNG a phone can read: who owes what, the last action, the board with
the figures' chips beside it, and a legend.

Layout (960 px wide, at most 1,100 tall, so text of 28 px stays ≥ 11 px on a 400-px
phone screen): the banner names who owes the decision now in their seat colour; a
caption says the last action in words; the 12 × 12 arena (54-px squares) takes the left;
beside it the timeline of each player (the figures in initiative order, the active one
marked) as chips with HP, AP, MP, tokens, dice and rewards (``render_chips``); under
both, the terrain legend, who holds which reward, notes and the tension dice.

When a crowded match (eight figures a side with summons, four players) would make the
image taller, the chips turn compact, then the board's squares shrink (never below
42 px) so the column beside it is wider and fits more on each line.

Draws from a :class:`View` only (typed back into a
:class:`~engines.krosmaster.view.KrosmasterView`), so nothing absent from the public view
can appear in a public image.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PIL import ImageDraw

from engines.core import Standing, View, theme
from engines.core.i18n import Catalog
from engines.core.render import canvas, draw_text, fit_text, font, to_png
from engines.krosmaster.render import chips as render_chips
from engines.krosmaster.render import plan as render_plan
from engines.krosmaster.render import words
from engines.krosmaster.render.chips import Block
from engines.krosmaster.render.text import held_short, length, notes, wrap
from engines.krosmaster.view import KrosmasterView, PreviewView

LABEL_W = 32  # row numbers on the left edge
LABEL_H = 32  # column letters on the top edge
EDGE = 8  # outer margin around the grid
GAP = 10  # between the board and the chips
LINE = 33  # one line of 28-px text
TEXT_X = 16  # where text under the board starts
BANNER_H = 76
MAX_HEIGHT = 1100  # a phone shows the whole board post without scrolling
#: The board's side in px and whether the chips are compact, tried in turn until the image
#: fits MAX_HEIGHT: roomy chips, compact ones, then smaller squares (54 down to 42 px on a
#: 12 × 12 arena) for a wider chips column. The last one is kept even if still too tall.
LAYOUTS = ((648, False), (648, True), (600, True), (552, True), (504, True))
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
WHITE = (255, 255, 255)
REACH = (120, 200, 235)  # sky blue: squares the active unit can walk to
UNSEEN = (110, 110, 110)
#: The last action's arrow and target: Okabe-Ito yellow, which no seat uses.
LAST = theme.HIGHLIGHT
LAST_PALE = (245, 238, 150)  # the rest of its path or zone
SYMBOLS = {"inspiration": "✦", "reward": "◆", "marker": "◉"}  # the chips' symbols
LEGEND_GAP = 22  # between the legend's entries
DICE_ROW = 52  # the tension dice over the arena: a die's height and the room under it
DIE_PAD = 12  # room either side of a die's face name
DIE_GAP = 12  # between the dice


def _square(text: str) -> tuple[int, int]:
    return ord(text[0].upper()) - ord("A"), int(text[1:]) - 1


def short_names(units: Any) -> dict[str, str]:
    """Three-letter token names; duplicates get a digit so every token is unique.

    ``units`` are :class:`UnitView` s or their JSON (``{"id", "name"}``)."""
    out: dict[str, str] = {}
    taken: set[str] = set()
    for u in units:
        uid, shown = (u["id"], u["name"]) if isinstance(u, dict) else (u.id, u.name)
        base = "".join(ch for ch in words.name(shown).upper() if ch.isalpha())[:3] or "?"
        token, n = base, 2
        while token in taken:
            token, n = base[:2] + str(n), n + 1
        taken.add(token)
        out[uid] = token
    return out


@dataclass(frozen=True)
class _Layout:
    """Where everything goes for one board size and chip form, and the height it needs."""

    cell: int
    chips: list[Block]
    y_board: int
    side_x: int  # the chips column's left edge
    rows: list[list[tuple[str, str]]]  # the legend's rows
    y_legend: int
    below: list[tuple[int, str, int]]  # text under the board: (top, line, width)
    height: int


def render(view: View, catalog: Catalog, locale: str, preview: bool = False) -> bytes:
    """PNG of the arena and every side's status; ``preview`` overlays the active unit's
    options (or the plan of a move or cast ``Krosmaster.preview`` made)."""
    v = words.localised(view.data, locale)
    t = catalog.translate
    width = theme.CANVAS_WIDTH - 2 * theme.MARGIN
    plan = v.plan if preview else None
    turn = t("krosmaster.render.turn_no", locale, turn=v.turn)
    last = words.caption(v, catalog, locale)
    top = [f"{turn} · {last}" if last else turn] if not plan else []
    if v.winner is not None or v.draw:
        top.insert(0, words.score(v, catalog, locale))
    caption_lines = [line for text in top if text for line in wrap(text, width)]
    if plan:  # the preview in words goes under the board, beside the chips
        caption_lines = wrap(t("krosmaster.describe.preview", locale), width)
    names = short_names(v.units)
    y_board = BANNER_H + 10 + LINE * len(caption_lines) + (6 if caption_lines else 0)
    dice = None if plan else words.tension_dice(v)
    if dice is not None:
        y_board += DICE_ROW
    layouts = []
    for board_px, compact in LAYOUTS:
        text = _paragraphs(v, names, catalog, locale, preview, compact)
        form = (board_px, compact)
        layouts.append(_layout(v, names, catalog, locale, form, y_board, plan, text))
        if layouts[-1].height <= MAX_HEIGHT:
            break
    layout = min(layouts, key=lambda found: found.height)  # the first that fits, or the least tall
    image, draw = canvas(layout.height)
    _banner(draw, v, catalog, locale, view.standing)
    y = BANNER_H + 8
    for line in caption_lines:
        draw_text(draw, (theme.MARGIN, y), line, max_width=width, size=theme.MIN_TEXT_PX)
        y += LINE
    if dice is not None:
        _tension_dice(draw, v, catalog, locale, y + (6 if caption_lines else 0))
    cell = layout.cell
    gx, gy = EDGE + LABEL_W, y_board + LABEL_H
    reach = v.preview.reach if preview and v.preview and not plan else {}
    _grid(draw, v, gx, gy, cell, set(reach))
    if plan:
        render_plan.under(draw, plan, gx, gy, cell)
    elif preview and v.preview:
        _preview(draw, v, v.preview, gx, gy, cell)
    else:
        _last_under(draw, v, gx, gy, cell)
    _units(draw, v, names, gx, gy, cell)
    _overlays(draw, v, gx, gy, cell)
    if plan:
        where = {u.id: u.square for u in v.units if u.square}
        render_plan.over(draw, plan, where, gx, gy, cell)
    elif preview and v.preview:
        _rings(draw, v.preview, gx, gy, cell)
    else:
        _last(draw, v, gx, gy, cell)
        _badges(draw, v, gx, gy, cell)
    y = y_board
    for block in layout.chips:
        block.paint(draw, y)
        y += block.height
    _legend(draw, layout.rows, layout.y_legend)
    for top_y, line, room in layout.below:
        draw_text(draw, (TEXT_X, top_y), line, max_width=room, size=theme.MIN_TEXT_PX)
    return to_png(image)


def _paragraphs(
    v: KrosmasterView,
    names: dict[str, str],
    catalog: Catalog,
    locale: str,
    preview: bool,
    compact: bool,
) -> list[str]:
    """What goes under the board, beside the chips while they run on, then across: the
    rewards held, notes, kamas and the tension dice (a private preview: its key only)."""
    t = catalog.translate
    if preview:
        return [] if v.plan else [t("krosmaster.render.legend", locale)]
    if compact:
        paragraphs = held_short(v, names, catalog, locale)
    else:
        paragraphs = words.held(v, catalog, locale)
    shown = [words.name(p.shown) for p in v.piles if p.shown]
    if shown:
        paragraphs.append(t("krosmaster.render.shown", locale, names=" · ".join(shown)))
    paragraphs += notes(v, catalog, locale, float("inf"))
    footer = words.tension(v, catalog, locale)
    paragraphs.append(words.kamas(v, catalog, locale) + " · " + footer)
    return paragraphs


def _layout(
    v: KrosmasterView,
    names: dict[str, str],
    catalog: Catalog,
    locale: str,
    form: tuple[int, bool],
    y_board: int,
    plan: dict[str, Any] | None,
    paragraphs: list[str],
) -> _Layout:
    """Place the board, the chips column and the text under them for one board size and
    chip form (``form``: the board's side in px, compact chips or not)."""
    board_px, compact = form
    arena = v.arena
    cell = board_px // max(arena.width, arena.height)
    side_x = EDGE + LABEL_W + cell * arena.width + GAP
    chips = render_chips.column(
        v, names, catalog, locale, (side_x, theme.CANVAS_WIDTH - EDGE), compact
    )
    left = side_x - GAP - TEXT_X
    full = theme.CANVAS_WIDTH - EDGE - TEXT_X
    if plan:  # the plan's legend first, at the width it will have beside the chips
        paragraphs = [*render_plan.legend(plan, catalog, locale, left), *paragraphs]
    board_bottom = y_board + LABEL_H + cell * arena.height
    side_bottom = y_board + sum(b.height for b in chips)
    y_legend = board_bottom + 12
    rows = _legend_rows(v, catalog, locale, left if y_legend < side_bottom else full)
    y = y_legend + len(rows) * (LINE + 3)
    below: list[tuple[int, str, int]] = []
    for text in paragraphs:
        room = left if y < side_bottom else full
        for line in wrap(text, room):
            below.append((y, line, room))
            y += LINE
    height = max(y, side_bottom) + 12
    return _Layout(cell, chips, y_board, side_x, rows, y_legend, below, height)


def footer_text(data: Any, catalog: Catalog, locale: str) -> str:
    """The wild GG, the reserve and the tension dice kept (``View.data`` or typed)."""
    v = data if isinstance(data, KrosmasterView) else words.localised(data, locale)
    return words.tension(v, catalog, locale)


def _banner(
    draw: ImageDraw.ImageDraw,
    v: KrosmasterView,
    catalog: Catalog,
    locale: str,
    standing: Standing | None,
) -> None:
    """Who owes the decision now, each name on their seat colour, then what it is (or
    where the match stands outside the rules)."""
    seats, what = words.banner(v, catalog, locale, standing)
    fill = theme.seat_colour(seats[0]) if len(seats) == 1 else theme.PANEL_ACTIVE
    draw.rectangle((0, 0, theme.CANVAS_WIDTH, BANNER_H), fill=fill)
    x = float(theme.MARGIN)
    mid = BANNER_H / 2
    right = theme.CANVAS_WIDTH - theme.MARGIN
    size = theme.TITLE_TEXT_PX - 6
    chips = len(seats) > 1  # several owers: a chip of each one's colour on a neutral banner
    for seat in seats:
        label = v.players[seat].name
        if not chips:
            label += ":"
        text, fnt = fit_text(label, max(60.0, (right - x) * 0.4), size, True)
        w = fnt.getlength(text)
        if chips:
            box = (x - 8, 12, x + w + 8, BANNER_H - 12)
            draw.rounded_rectangle(box, 10, fill=theme.seat_colour(seat), outline=WHITE, width=2)
        draw.text((x, mid), text, font=fnt, fill=WHITE, anchor="lm")
        x += w + (26 if chips else 18)
    if chips:
        draw.text((x - 14, mid), ":", font=font(size, True), fill=WHITE, anchor="lm")
        x += 12
    draw_text(
        draw,
        (x, mid),
        what,
        max_width=right - x,
        size=size,
        bold=not seats,
        fill=WHITE,
        anchor="lm",
    )


def _tension_dice(
    draw: ImageDraw.ImageDraw, v: KrosmasterView, catalog: Catalog, locale: str, y: int
) -> None:
    """The tension dice as dice, after what they are: rolled and waiting for the player
    to keep or re-roll them (outlined in the highlight colour), or kept (in the player's
    colour) until Inspiration gives or sells them (5.2, 5.3)."""
    found = words.tension_dice(v)
    if found is None:
        return
    how, faces = found
    names = words.face_names(faces, catalog, locale)
    size = theme.MIN_TEXT_PX
    fnt = font(size, True)
    right = theme.CANVAS_WIDTH - theme.MARGIN
    dice_w = sum(fnt.getlength(n) + 2 * DIE_PAD + DIE_GAP for n in names)
    label = words.tension_label(v, catalog, locale)
    room = max(120.0, right - theme.MARGIN - dice_w)
    draw_text(
        draw, (theme.MARGIN, y + DICE_ROW / 2 - 4), label, max_width=room, size=size, anchor="lm"
    )
    x = theme.MARGIN + min(room, length(label)) + DIE_GAP
    edge = LAST if how != "kept" else theme.seat_colour(v.active_player)
    for text in names:
        w = fnt.getlength(text) + 2 * DIE_PAD
        box = (x, y + 2, x + w, y + DICE_ROW - 10)
        draw.rounded_rectangle(box, 8, fill=WHITE, outline=edge, width=4)
        mid = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        draw.text(mid, text, font=fnt, fill=DARK, anchor="mm")
        x += w + DIE_GAP


def _legend_rows(
    v: KrosmasterView, catalog: Catalog, locale: str, width: int
) -> list[list[tuple[str, str]]]:
    """The terrain legend's entries (kind, word), in rows that fit ``width``."""
    t = catalog.translate
    a = v.arena
    kinds = [
        k
        for k, present in (
            ("tree", a.trees),
            ("bush", a.bushes),
            ("box", a.boxes),
            ("demonic", a.demonic),
            ("kamas", v.kamas),
            ("inspiration", any(u.inspiration for u in v.units)),  # the chips' symbols
            ("reward", any(u.rewards for u in v.units)),
            ("marker", any(u.markers for u in v.units)),
        )
        if present
    ]
    rows: list[list[tuple[str, str]]] = [[]]
    used = 0.0
    for kind in kinds:
        word = t(f"krosmaster.render.terrain.{kind}", locale)
        need = _lead(kind) + length(word)
        if rows[-1] and used + LEGEND_GAP + need > width:
            rows.append([])
            used = -LEGEND_GAP
        rows[-1].append((kind, word))
        used += LEGEND_GAP + need
    return rows


def _lead(kind: str) -> int:
    """Room before a legend entry's word: a swatch, or a chips' symbol (narrower)."""
    return 30 if kind in SYMBOLS else 40


def _legend(draw: ImageDraw.ImageDraw, rows: list[list[tuple[str, str]]], y: int) -> int:
    """Each swatch drawn as on the board, then its word; returns the height used."""
    fnt = font(theme.MIN_TEXT_PX)
    for row in rows:
        x = float(TEXT_X)
        for kind, word in row:
            _swatch(draw, kind, (int(x), y + 2, int(x) + 31, y + 33))
            draw.text((x + _lead(kind), y + 17), word, font=fnt, fill=theme.TEXT, anchor="lm")
            x += _lead(kind) + length(word) + LEGEND_GAP
        y += LINE + 3
    return len(rows) * (LINE + 3)


def _swatch(draw: ImageDraw.ImageDraw, kind: str, box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    symbol = SYMBOLS.get(kind)
    if symbol:  # as the chips write it
        centre = (x0 + 12, (y0 + y1) / 2)
        draw.text(centre, symbol, font=font(theme.MIN_TEXT_PX), fill=theme.TEXT, anchor="mm")
        return
    draw.rectangle(box, fill=FLOOR)
    match kind:
        case "tree":
            _tree(draw, (x0, y0, x1, y1))
        case "bush":
            _bush(draw, (x0, y0, x1, y1))
        case "box":
            _crate(draw, (x0 + 3, y0 + 3, x1 - 3, y1 - 3), 2)
        case "demonic":
            draw.rectangle(box, fill=DEMONIC)
            draw.text(
                ((x0 + x1) / 2, (y0 + y1) / 2),
                "✦",
                font=font(theme.MIN_TEXT_PX, True),
                fill=(235, 200, 255),
                anchor="mm",
            )
        case "kamas":
            draw.ellipse((x0 + 3, y0 + 3, x1 - 3, y1 - 3), fill=KAMA, outline=DARK, width=2)
        case "last":
            draw.rectangle(box, outline=DARK, width=6)
            draw.rectangle((x0 + 2, y0 + 2, x1 - 2, y1 - 2), outline=LAST, width=4)
        case "active":
            draw.rectangle(box, fill=FLOOR)
            draw.rounded_rectangle((x0 + 1, y0 + 1, x1 - 1, y1 - 1), 6, outline=WHITE, width=4)
            draw.rounded_rectangle((x0 + 5, y0 + 5, x1 - 5, y1 - 5), 4, outline=DARK, width=2)


def _box(gx: int, gy: int, cell: int, sq: str, inset: int = 0) -> tuple[int, int, int, int]:
    x, y = _square(sq)
    return (
        gx + x * cell + inset,
        gy + y * cell + inset,
        gx + (x + 1) * cell - inset,
        gy + (y + 1) * cell - inset,
    )


def _tree(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    s = (x1 - x0) / 8
    draw.rectangle(box, fill=TREE)
    mid = (x0 + x1) / 2
    draw.polygon([(mid, y0 + s), (x1 - s, y1 - 2 * s), (x0 + s, y1 - 2 * s)], fill=(20, 60, 30))
    draw.rectangle((mid - s * 0.6, y1 - 2 * s, mid + s * 0.6, y1 - s * 0.5), fill=(90, 60, 30))


def _bush(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    r = (x1 - x0) / 4
    for cx, cy in ((x0 + r, y1 - r), (x1 - r, y1 - r), ((x0 + x1) / 2, y0 + r * 1.3)):
        draw.ellipse(
            (cx - r * 1.1, cy - r * 1.1, cx + r * 1.1, cy + r * 1.1), fill=BUSH, outline=DARK
        )


def _crate(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], width: int) -> None:
    x0, y0, x1, y1 = box
    draw.rectangle(box, fill=BOX, outline=DARK, width=width)
    draw.line((x0, y0, x1, y1), fill=DARK, width=width)
    draw.line((x0, y1, x1, y0), fill=DARK, width=width)


def _grid(
    draw: ImageDraw.ImageDraw, v: KrosmasterView, gx: int, gy: int, cell: int, reach: set[str]
) -> None:
    """The squares, their coordinates and the scenery; a demonic square the preview
    numbers (in ``reach``) keeps its colour and leaves its centre to the number."""
    arena = v.arena
    w, h = arena.width, arena.height
    label_font = font(theme.MIN_TEXT_PX, bold=True)
    for x in range(w):  # coordinates on the top edge…
        draw.text(
            (gx + x * cell + cell / 2, gy - LABEL_H / 2),
            chr(ord("A") + x),
            font=label_font,
            fill=theme.TEXT,
            anchor="mm",
        )
    for y in range(h):  # …and on the left edge; 10–12 in regular weight to fit beside it
        draw.text(
            (gx - LABEL_W / 2 - (4 if y >= 9 else 2), gy + y * cell + cell / 2),
            str(y + 1),
            font=font(theme.MIN_TEXT_PX, bold=y < 9),
            fill=theme.TEXT,
            anchor="mm",
        )
    starts = {sq: seat for seat, squares in enumerate(arena.starts) for sq in squares}
    for y in range(h):
        for x in range(w):
            sq = f"{chr(ord('A') + x)}{y + 1}"
            fill = FLOOR if (x + y) % 2 == 0 else FLOOR_ALT
            if v.phase == "deploy" and sq in starts:
                fill = _tint(theme.seat_colour(starts[sq]), fill)
            if v.phase == "side" and sq in starts:  # sides as printed, not yet seats
                fill = _tint(theme.PANEL_ACTIVE, fill)
            draw.rectangle(_box(gx, gy, cell, sq), fill=fill, outline=GRID)
            if v.phase == "side" and sq in starts:  # the side's number to choose
                draw.text(
                    _centre(gx, gy, cell, sq),
                    str(starts[sq] + 1),
                    font=font(theme.MIN_TEXT_PX, True),
                    fill=DARK,
                    anchor="mm",
                )
    for sq in arena.demonic:
        draw.rectangle(_box(gx, gy, cell, sq, 3), fill=DEMONIC)
        if sq in reach:
            continue
        draw.text(
            _centre(gx, gy, cell, sq), "✦", font=font(30, True), fill=(235, 200, 255), anchor="mm"
        )
    for sq in arena.boxes:
        _crate(draw, _box(gx, gy, cell, sq, 8), 3)
    for sq in arena.bushes:
        _bush(draw, _box(gx, gy, cell, sq, 5))
    for sq in arena.trees:
        _tree(draw, _box(gx, gy, cell, sq, 3))


def _overlays(draw: ImageDraw.ImageDraw, v: KrosmasterView, gx: int, gy: int, cell: int) -> None:
    """Kamas and a box marker drawn over figures, so a figure never hides them."""
    occupied = {u.square for u in v.units if u.square}
    for sq in v.arena.boxes:
        if sq in occupied:  # a small crate in the corner: this figure has +1 range (4.17.5.c)
            x0, y0, _, _ = _box(gx, gy, cell, sq)
            _crate(draw, (x0 + 2, y0 + 2, x0 + 18, y0 + 18), 2)
    for sq, count in v.kamas.items():
        cx, cy = _centre(gx, gy, cell, sq)
        r = max(cell * 0.28, 16.0)  # room for a 28-px number (≥ 11 px on a phone)
        cx, cy = cx + cell * 0.18, cy - cell * 0.18
        if sq in occupied:  # pushed to the corner so the figure's name stays readable
            x0, y0, _, _ = _box(gx, gy, cell, sq)
            cx, cy, r = x0 + 4, y0 + 4, 16
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=KAMA, outline=DARK, width=2)
        draw.text((cx, cy), str(count), font=font(theme.MIN_TEXT_PX, True), fill=DARK, anchor="mm")


def _tint(colour: theme.RGB, base: theme.RGB) -> theme.RGB:
    r, g, b = (int(c * 0.35 + d * 0.65) for c, d in zip(colour, base, strict=True))
    return (r, g, b)


def _centre(gx: int, gy: int, cell: int, sq: str) -> tuple[float, float]:
    x0, y0, x1, y1 = _box(gx, gy, cell, sq)
    return (x0 + x1) / 2, (y0 + y1) / 2


def _last_under(draw: ImageDraw.ImageDraw, v: KrosmasterView, gx: int, gy: int, cell: int) -> None:
    """The last action's squares, tinted under the figures so their names stay readable:
    the path walked, or the spell's zone, and the square it ended on or targeted in full
    yellow (no seat's colour)."""
    last = v.last
    if not last.name:
        return
    end = last.path[-1] if not last.spell and len(last.path) > 1 else last.target
    squares = last.path[1:-1] if not last.spell else last.zone
    for sq in squares:
        draw.rectangle(_box(gx, gy, cell, sq, 1), fill=LAST_PALE)
    if end is not None:
        draw.rectangle(_box(gx, gy, cell, end), fill=LAST, outline=DARK, width=3)


def _last(draw: ImageDraw.ImageDraw, v: KrosmasterView, gx: int, gy: int, cell: int) -> None:
    """Over the figures: a move's path as an arrow, or a cast's line from the caster to its
    target."""
    last = v.last
    if not last.name:
        return
    framed = last.path[-1] if not last.spell and len(last.path) > 1 else last.target
    if framed is not None:  # a frame around the square, outside the figure on it
        draw.rectangle(_box(gx, gy, cell, framed, -5), outline=DARK, width=3)
        draw.rectangle(_box(gx, gy, cell, framed, -3), outline=LAST, width=5)
    if not last.spell and len(last.path) > 1:
        points = [_centre(gx, gy, cell, sq) for sq in last.path]
        points[-1] = render_plan.towards(points[-1], points[-2], cell * 0.5)
        render_plan.arrow(draw, points, LAST, 7)
        return
    if last.target and last.origin and last.origin != last.target:
        start, end = _centre(gx, gy, cell, last.origin), _centre(gx, gy, cell, last.target)
        line = [
            render_plan.towards(start, end, cell * 0.45),
            render_plan.towards(end, start, cell * 0.5),
        ]
        render_plan.arrow(draw, line, LAST, 6)


def _badges(draw: ImageDraw.ImageDraw, v: KrosmasterView, gx: int, gy: int, cell: int) -> None:
    """What the last spell did, on each unit it hit: −2 (wounds) or +2 (healed)."""
    where = {u.id: u.square for u in v.units if u.square}
    for h in v.last.hits:
        sq = where.get(h.unit)
        if sq is None or (not h.wounds and not h.healed):
            continue
        text = f"+{h.healed}" if h.healed else f"−{h.wounds}"
        _, y0, x1, _ = _box(gx, gy, cell, sq)
        fnt = font(theme.MIN_TEXT_PX, True)
        tw = fnt.getlength(text)
        box = (x1 - tw - 8, y0 - 18, x1 + 6, y0 + 14)
        draw.rounded_rectangle(box, 8, fill=DARK, outline=LAST, width=2)
        draw.text(
            ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), text, font=fnt, fill=LAST, anchor="mm"
        )


def _preview(
    draw: ImageDraw.ImageDraw, v: KrosmasterView, p: PreviewView, gx: int, gy: int, cell: int
) -> None:
    """Reachable squares with their MP cost, legal targets ringed, unseen squares crossed.
    A demonic square stays purple inside a sky-blue frame; on a square with kamas (their
    coin in the top right corner) the cost moves to the bottom left."""
    demonic = set(v.arena.demonic)
    fnt = font(theme.MIN_TEXT_PX, True)
    for sq, cost in p.reach.items():
        centre = _centre(gx, gy, cell, sq)
        if sq in demonic:
            draw.rectangle(_box(gx, gy, cell, sq, 2), outline=REACH, width=5)
        else:
            draw.rectangle(_box(gx, gy, cell, sq, 3), fill=REACH)
        ink = WHITE if sq in demonic else DARK
        if sq in v.kamas:
            centre = (centre[0] - cell * 0.22, centre[1] + cell * 0.2)
        draw.text(centre, str(cost), font=fnt, fill=ink, anchor="mm")
    for sq in p.unseen:
        x0, y0, x1, y1 = _box(gx, gy, cell, sq, 12)
        if sq in p.reach:  # keep the MP number readable: a small cross in the corner
            x0, y0, x1, y1 = x0 - 8, y0 - 8, x0 + 6, y0 + 6
        draw.line((x0, y0, x1, y1), fill=UNSEEN, width=4)
        draw.line((x0, y1, x1, y0), fill=UNSEEN, width=4)


def _rings(draw: ImageDraw.ImageDraw, p: PreviewView, gx: int, gy: int, cell: int) -> None:
    """Legal targets, drawn over the figures standing on them."""
    for sq in p.targets:
        draw.ellipse(_box(gx, gy, cell, sq, 1), outline=DARK, width=7)
        draw.ellipse(_box(gx, gy, cell, sq, 3), outline=LAST, width=4)


def _units(
    draw: ImageDraw.ImageDraw,
    v: KrosmasterView,
    names: dict[str, str],
    gx: int,
    gy: int,
    cell: int,
) -> None:
    for u in v.units:
        if u.square is None or u.ko:
            continue
        x0, y0, x1, y1 = _box(gx, gy, cell, u.square, 2)
        colour = theme.seat_colour(u.owner)
        if u.trap or u.floor:  # traps, tombstones: diamonds on the floor
            mx, my = (x0 + x1) / 2, (y0 + y1) / 2
            half = (x1 - x0) / 2 + 1
            draw.polygon(
                [(mx, my - half), (mx + half, my), (mx, my + half), (mx - half, my)],
                fill=_tint(colour, DARK),
                outline=colour,
                width=4,
            )
            render_chips.token(draw, (mx, my), names[u.id], x1 - x0 - 12)
            continue
        if u.id == v.active_unit:  # white and black: never a seat's or the last action's
            draw.rounded_rectangle((x0 - 3, y0 - 3, x1 + 3, y1 + 3), 10, outline=WHITE, width=5)
        draw.rounded_rectangle(
            (x0 + 2, y0 + 2, x1 - 2, y1 - 10), 10, fill=colour, outline=DARK, width=2
        )
        render_chips.token(draw, ((x0 + x1) / 2, (y0 + y1 - 8) / 2), names[u.id], x1 - x0 - 8)
        if u.markers:  # 4.13: a special marker lies on it (named under the board)
            draw.ellipse((x1 - 16, y1 - 26, x1, y1 - 10), fill=WHITE, outline=DARK, width=2)
        # HP bar: the remaining share of HP, under the token.
        left = max(0, u.hp - u.wounds) / max(1, u.hp)
        draw.rectangle((x0 + 2, y1 - 8, x1 - 2, y1), fill=HP_BG)
        draw.rectangle((x0 + 2, y1 - 8, x0 + 2 + (x1 - x0 - 4) * left, y1), fill=HP_OK)
