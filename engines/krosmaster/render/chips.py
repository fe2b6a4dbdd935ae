"""The column beside the Krosmaster board: each player (in play order) with their GG, then
their timeline (initiative order) as chips, the active figure marked.

Two forms, so a side of eight figures with summons still fits a phone's image of about
1,100 px: *roomy* chips (HP beside the token, then AP and MP, each extra joining a line
with room for it) while they fit, else *compact* rows: the numbers of every figure under
one header (HP, AP, MP), the extras beside them or under them, and a player's
knocked-out figures together in one chip. The active figure is highlighted in both, with
what is left of its AP and MP (roomy: out of its characteristics, "1/6").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engines.core import theme
from engines.core.i18n import Catalog
from engines.core.render import RecordingDraw, draw_text, font
from engines.krosmaster.render import words
from engines.krosmaster.render.text import length
from engines.krosmaster.view import KrosmasterView, UnitView

LINE = 33  # one line of 28-px text
CHIP_LINE = 30  # a line inside a chip
TOKEN_W = 58  # a token's box in a chip
DARK = (20, 20, 20)
WHITE = (255, 255, 255)
UNSEEN = (110, 110, 110)  # a knocked-out figure's token
COLUMN_GAP = 8  # between the compact rows' numbers
ROW_ALT = (58, 62, 74)  # every other compact row, so a row reads across without gaps

Paint = Callable[[ImageDraw.ImageDraw, int], None]


@dataclass(frozen=True)
class Block:
    """One piece of the column: its height (with the gap under it) and how to draw it at
    a given top edge."""

    height: int
    paint: Paint


@dataclass(frozen=True)
class _Columns:
    """Right edges of the compact rows' numbers, and their header words."""

    hp: float
    ap: float
    mp: float
    labels: tuple[str, str, str]


def column(
    v: KrosmasterView,
    names: dict[str, str],
    catalog: Catalog,
    locale: str,
    edges: tuple[int, int],
    compact: bool,
) -> list[Block]:
    """The blocks of the column between ``edges`` (left, right), top to bottom."""
    t = catalog.translate
    x0, x1 = edges
    units = {u.id: u for u in v.units}
    multi = v.mode != "duel"
    owing = set(words.owers(v))
    cols = _columns(v, units, t, locale, x0) if compact else None
    blocks: list[Block] = []
    if cols is not None:
        blocks.append(Block(CHIP_LINE + 2, lambda draw, y: _header_row(draw, y, cols)))
    for seat in v.order if multi else range(len(v.players)):
        blocks.append(_player(v, seat, seat in owing, t, locale, (x0, x1), compact))
        down: list[UnitView] = []
        for uid in v.players[seat].timeline:
            u = units.get(uid)
            if u is None:
                continue
            active = uid == v.active_unit
            if cols is not None and u.ko:
                down.append(u)
            elif cols is not None:
                shade = theme.HIGHLIGHT if active else ROW_ALT if len(blocks) % 2 else theme.PANEL
                row = _row(u, names[u.id], active, cols, catalog, locale, (x0, x1), shade)
                blocks.append(row)
            else:
                lines = pack(*words.chip(u, active, catalog, locale), x1 - x0)
                blocks.append(_roomy(u, names[u.id], active, lines, (x0, x1)))
        if down:
            blocks.append(_knocked_out(down, names, t("krosmaster.render.chip_ko", locale), x0, x1))
        blocks.append(Block(4 if compact else 6, lambda draw, y: None))
    return blocks


def _player(
    v: KrosmasterView,
    seat: int,
    owes: bool,
    t: Callable[..., str],
    locale: str,
    edges: tuple[int, int],
    compact: bool,
) -> Block:
    """A player's header: ▶ when they owe a decision, their name and GG; in multiplayer
    their number, and on a second line the GG, their team and whether they are out.
    ``compact``: a few pixels less around the text."""
    x0, x1 = edges
    w = x1 - x0
    p = v.players[seat]
    multi = v.mode != "duel"
    title = p.name
    extra = []  # chapter 9: the team and whether the player is out, on a second line
    if multi:
        title = t("krosmaster.render.player_no", locale, number=p.number) + " " + p.name
        if v.mode == "2v2":
            extra.append(t("krosmaster.render.team", locale, team="AB"[p.team]))
    if p.out:
        extra.append(t("krosmaster.render.out", locale))
    gg = t("krosmaster.render.gg", locale, gg=p.gg)
    if multi:  # "P2 Bruno" fills the line: the GG go under it with the team
        extra.insert(0, gg)
        gg = ""
    under: list[str] = []  # the GG, team and "out", as many to a line as fit
    for item in extra:
        wider = f"{under[-1]} · {item}" if under else item
        if under and length(wider) <= w - 16:
            under[-1] = wider
        else:
            under.append(item)
    h = (LINE + 2 if compact else LINE + 6) + CHIP_LINE * len(under)
    mark = "▶ " if owes else ""

    def paint(draw: ImageDraw.ImageDraw, y: int) -> None:
        draw.rounded_rectangle((x0, y, x1, y + h), 10, fill=theme.seat_colour(seat))
        bold = font(theme.MIN_TEXT_PX, True)
        draw_text(
            draw,
            (x0 + 8, y + 2),
            mark + title,
            max_width=w - bold.getlength(gg) - 16 - (10 if gg else 0),
            size=theme.MIN_TEXT_PX,
            bold=True,
            fill=WHITE,
        )
        draw.text((x1 - 8, y + 2), gg, font=bold, fill=WHITE, anchor="ra")
        for i, line in enumerate(under):
            draw_text(
                draw,
                (x0 + 8, y + LINE - 1 + i * CHIP_LINE),
                line,
                max_width=w - 16,
                fill=WHITE,
                size=theme.MIN_TEXT_PX,
            )

    return Block(h + (4 if compact else 6), paint)


def pack(hp: str, gauges: str, extras: list[str], width: int) -> tuple[str, ...]:
    """A roomy chip's lines: HP beside the token, then the gauges; each extra joins the
    first line with room for it, so a chip stays two lines high whenever it can."""
    room = [width - 76, width - 14]
    lines = [hp, gauges] if gauges else [hp]
    for extra in extras:
        for i, line in enumerate(lines):
            wider = f"{line}  {extra}" if line else extra
            if length(wider) <= (room[0] if i == 0 else room[1]):
                lines[i] = wider
                break
        else:
            lines.append(extra)
    return tuple(lines)


def _roomy(
    u: UnitView, token_text: str, active: bool, lines: tuple[str, ...], edges: tuple[int, int]
) -> Block:
    """One figure of a timeline: its token as on the board and its HP, then AP and MP,
    tokens, dice and rewards across the chip."""
    x0, x1 = edges
    h = len(lines) * CHIP_LINE + 10

    def paint(draw: ImageDraw.ImageDraw, y: int) -> None:
        fill = theme.HIGHLIGHT if active else theme.PANEL
        ink = DARK if active else (theme.TEXT_MUTED if u.ko else theme.TEXT)
        draw.rounded_rectangle((x0, y, x1, y + h), 8, fill=fill)
        _token_box(draw, u, token_text, (x0 + 5, y + 5))
        ty = y + 5
        for i, line in enumerate(lines):
            x = x0 + 70 if i == 0 else x0 + 7
            draw_text(draw, (x, ty), line, max_width=x1 - x - 6, size=theme.MIN_TEXT_PX, fill=ink)
            ty += CHIP_LINE

    return Block(h + 4, paint)


def _stats(u: UnitView, active: bool) -> tuple[str, str, str]:
    """A compact row's numbers: HP left of HP, then AP and MP: the characteristics, or
    for the active figure (its row highlighted) what is left of them this turn."""
    hp = f"{u.hp - u.wounds}/{u.hp}" if u.hp else "–"
    ap, mp = (u.ap, u.mp) if active else (u.max_ap, u.max_mp)
    return hp, "–" if u.max_ap is None else str(ap), "–" if u.max_mp is None else str(mp)


def _columns(
    v: KrosmasterView,
    units: dict[str, UnitView],
    t: Callable[..., str],
    locale: str,
    x0: int,
) -> _Columns:
    """Where the compact rows' numbers end, wide enough for every row and its header."""
    labels = (
        t("krosmaster.render.column.hp", locale),
        t("krosmaster.render.column.ap", locale),
        t("krosmaster.render.column.mp", locale),
    )
    rows = [_stats(u, u.id == v.active_unit) for u in units.values() if not u.ko]
    widths = [
        max(length(text) for text in (label, *(r[i] for r in rows)))
        for i, label in enumerate(labels)
    ]
    hp = x0 + 5 + TOKEN_W + 7 + widths[0]
    ap = hp + COLUMN_GAP + widths[1]
    return _Columns(hp, ap, ap + COLUMN_GAP + widths[2], labels)


def _header_row(draw: ImageDraw.ImageDraw, y: int, cols: _Columns) -> None:
    """The words over the compact rows' numbers."""
    fnt = font(theme.MIN_TEXT_PX)
    for label, right in zip(cols.labels, (cols.hp, cols.ap, cols.mp), strict=True):
        draw.text((right, y), label, font=fnt, fill=theme.TEXT_MUTED, anchor="ra")


def _row(
    u: UnitView,
    token_text: str,
    active: bool,
    cols: _Columns,
    catalog: Catalog,
    locale: str,
    edges: tuple[int, int],
    shade: theme.RGB,
) -> Block:
    """A figure in one line (token, HP, AP, MP) and its extras beside it while they fit,
    then on lines of their own under it; rows follow each other without a gap, told apart
    by their ``shade``."""
    x0, x1 = edges
    fnt = font(theme.MIN_TEXT_PX)
    extras = words.chip(u, active, catalog, locale)[2]
    beside = cols.mp + 10
    inline = ""
    under: list[str] = []
    for extra in extras:  # beside the numbers while they fit, then lines of their own
        wider = f"{inline}  {extra}" if inline else extra
        if not under and length(wider) <= x1 - 6 - beside:
            inline = wider
            continue
        wider = f"{under[-1]}  {extra}" if under else extra
        if under and length(wider) <= x1 - x0 - 14:
            under[-1] = wider
        else:
            under.append(extra)
    h = (1 + len(under)) * CHIP_LINE + 1
    numbers = _stats(u, active)
    ink = DARK if active else theme.TEXT

    def paint(draw: ImageDraw.ImageDraw, y: int) -> None:
        draw.rectangle((x0, y, x1, y + h - 1), fill=shade)
        _token_box(draw, u, token_text, (x0 + 5, y + 1), CHIP_LINE - 2)
        for text, right in zip(numbers, (cols.hp, cols.ap, cols.mp), strict=True):
            draw.text((right, y + 1), text, font=fnt, fill=ink, anchor="ra")
        if inline:
            draw_text(
                draw,
                (beside, y + 1),
                inline,
                max_width=x1 - 6 - beside,
                size=theme.MIN_TEXT_PX,
                fill=ink,
            )
        for i, line in enumerate(under, start=1):
            draw_text(
                draw,
                (x0 + 7, y + 1 + i * CHIP_LINE),
                line,
                max_width=x1 - x0 - 14,
                size=theme.MIN_TEXT_PX,
                fill=ink,
            )

    return Block(h, paint)


def _knocked_out(down: list[UnitView], names: dict[str, str], word: str, x0: int, x1: int) -> Block:
    """A player's knocked-out figures in one chip: the word, then their greyed tokens."""
    fnt = font(theme.MIN_TEXT_PX)
    start = x0 + 7 + length(word) + 10
    places: list[tuple[float, int]] = []  # each token's left edge and line
    x, line = start, 0
    for _ in down:
        if x + TOKEN_W > x1 - 5:
            x, line = x0 + 5, line + 1
        places.append((x, line))
        x += TOKEN_W + 6
    h = (line + 1) * (CHIP_LINE + 4) + 6

    def paint(draw: ImageDraw.ImageDraw, y: int) -> None:
        draw.rounded_rectangle((x0, y, x1, y + h), 8, fill=theme.PANEL)
        draw.text((x0 + 7, y + 5), word, font=fnt, fill=theme.TEXT_MUTED)
        for u, (left, row) in zip(down, places, strict=True):
            _token_box(draw, u, names[u.id], (int(left), y + 5 + row * (CHIP_LINE + 4)))

    return Block(h + 3, paint)


def _token_box(
    draw: ImageDraw.ImageDraw,
    u: UnitView,
    text: str,
    corner: tuple[int, int],
    height: int = CHIP_LINE,
) -> None:
    """A figure's token as on the board (grey once knocked out), ``corner`` its top left."""
    left, top = corner
    box = (left, top, left + TOKEN_W, top + height)
    colour = UNSEEN if u.ko else theme.seat_colour(u.owner)
    draw.rounded_rectangle(box, 6, fill=colour, outline=DARK, width=2)
    centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    token(draw, centre, text, TOKEN_W - 6)


def token(draw: ImageDraw.ImageDraw, centre: tuple[float, float], text: str, width: float) -> None:
    """A token's letters at 28 px (≥ 11 px on a 400-px phone screen), narrowed to
    ``width`` when they are wider: condensed, not smaller, so they stay legible."""
    fnt = font(theme.MIN_TEXT_PX)
    x0, y0, x1, y1 = fnt.getbbox(text)
    w, h = max(1, round(x1 - x0)), max(1, round(y1 - y0))
    if w <= width:
        draw.text(centre, text, font=fnt, fill=WHITE, anchor="mm")
        return
    mask = Image.new("L", (w, h))
    # Drawn with the recording ImageDraw so the language test reads these letters too.
    RecordingDraw(mask).text((-x0, -y0), text, font=fnt, fill=255)
    mask = mask.resize((max(1, int(width)), h), Image.Resampling.LANCZOS)
    draw.bitmap((round(centre[0] - mask.width / 2), round(centre[1] - h / 2)), mask, fill=WHITE)
