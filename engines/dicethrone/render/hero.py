"""One hero board (a column): its header, health bar, CP track, status chips and
ability lines, laid out once (:class:`ColumnPlan`) for its height and its drawing."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from PIL import ImageDraw

from engines.core import theme
from engines.core.render import font
from engines.dicethrone.render import letters
from engines.dicethrone.render.abilities import Line, ability_items, ability_lines
from engines.dicethrone.render.chips import chip_layout, draw_statuses, panel_chips
from engines.dicethrone.render.effect_words import name_in as _name
from engines.dicethrone.render.layout import LAYOUTS, Layout, names_briefly, quiet
from engines.dicethrone.render.letters import text_width, wrap
from engines.dicethrone.render.style import (
    BAD,
    CHIP_ROW,
    COLUMN_CHIP_ROWS,
    EMPTY,
    FRAME_PAD,
    GOOD,
    INDENT,
    LINE,
    RIGHT,
    SEGMENT_GAP,
    SMALL,
    SUB_GAP,
    TIGHT_CHIP_ROW,
    TIGHT_LINE,
    Translate,
)
from engines.dicethrone.view import BoardView, PlayerView


def header_lines(
    p: PlayerView,
    data: BoardView,
    inner: int,
    t: Translate,
    locale: str,
    tight: bool = False,
    lean: bool = False,
    packed: bool = False,
) -> list[HeaderLine]:
    """A hero board's first lines, wrapped to its width: seat, name and hero; its
    marks (3–4 players, a flipped board); its cards in hand, deck and discard pile
    (not ``lean``). ``tight``: the marks on the name's line when they fit there,
    ``packed``: after its last line, in their colour."""
    is_active = p.seat == data.active and on_turn(data)
    marker = "▶ " if is_active else ""
    titled = title_lines(f"{marker}{p.seat + 1}. ", p.name, _name(p.hero_name, locale), inner)
    tags = " · ".join(panel_tags(p.seat, data, t, locale))
    joined = f"{titled[0]} · {tags}"
    if tight and tags and len(titled) == 1 and text_width(joined, font(SMALL, True)) <= inner:
        titled, tags = [joined], ""
    out = [(line, theme.TEXT, True, "") for line in titled]
    # Packed: the marks after the name's last line where they fit there.
    if packed and tags and text_width(f"{out[-1][0]} · {tags}", font(SMALL, True)) <= inner:
        out[-1], tags = (out[-1][0], theme.TEXT, True, f" · {tags}"), ""
    out += [(line, theme.HIGHLIGHT, True, "") for line in wrap(tags, inner, SMALL, bold=True)]
    if lean:
        return out
    counts = wrap(card_counts(p, t, locale), inner, SMALL)
    return out + [(line, theme.TEXT_MUTED, False, "") for line in counts]


def title_lines(lead: str, name: str, hero: str, room: float) -> list[str]:
    """ "2. Bruno — Paladin" wrapped to ``room`` px (bold); a name too long to follow
    its number ("▶ 1. ") on a line gets the first line(s) to itself and the number
    leads the hero's ("Bartholomew_the_Bold", "▶ 1. Paladin"), never alone on a line."""
    if not name_apart(lead, name, room):
        return wrap(f"{lead}{name} — {hero}", room, SMALL, bold=True)
    return [*wrap(name, room, SMALL, bold=True), *wrap(f"{lead}{hero}", room, SMALL, bold=True)]


def name_apart(lead: str, name: str, room: float) -> bool:
    """Whether ``lead`` ("2. ") and the name's first word pass ``room`` px (bold): the
    name then takes its own line(s) (see :func:`title_lines`)."""
    first = f"{lead}{name.split()[0] if name.split() else name}"
    return text_width(first, font(SMALL, True)) > room


#: A line of a hero board's header: its text, colour and weight, and the marks after
#: it (in the highlight colour; "" for none).
HeaderLine = tuple[str, theme.RGB, bool, str]


@dataclass(frozen=True)
class ColumnPlan:
    """A hero board laid out once, for both its height and its drawing: the header
    lines, the rows of status chips and the ability lines."""

    header: list[HeaderLine]
    chip_rows: list[int]
    lines: list[Line]
    tight: bool = False
    #: A board across the whole width: health and CP share a row, and the ability
    #: lines from ``split`` on stand in a second column beside the first.
    split: int | None = None
    #: The CP a number beside the health bar, not a track under it (lean, narrow).
    cp_beside: bool = False
    #: Status chips packed closer, each on the first row with room.
    packed: bool = False
    #: Room the status chips take past the text's right margin (the last resort).
    chip_spill: int = 0

    @property
    def columns(self) -> list[list[Line]]:
        """The ability lines as drawn: one column, or two beside each other."""
        if self.split is None:
            return [self.lines]
        return [self.lines[: self.split], self.lines[self.split :]]

    @property
    def line(self) -> int:
        """The height of a line of its text (a little closer when tight)."""
        return TIGHT_LINE if self.tight else LINE

    @property
    def chip_row(self) -> int:
        """The height of a row of its status chips."""
        return TIGHT_CHIP_ROW if self.tight else CHIP_ROW

    @property
    def height(self) -> int:
        """The board's height in pixels."""
        return (
            self.pad
            + self.line * len(self.header)
            + 4
            + 52
            + (0 if self.split is not None or self.cp_beside else 44)
            + self.chip_row * len(self.chip_rows)
            + max(
                (self.line * len(lines) + 2 * FRAME_PAD * _lit_blocks(lines))
                for lines in self.columns
            )
            + self.pad
        )

    @property
    def pad(self) -> int:
        """Room above its first line and under its last (less when tight)."""
        return 8 if self.tight else 12


def plan_column(
    p: PlayerView,
    width: int,
    data: BoardView,
    statuses: Mapping[str, Mapping[str, str]],
    t: Translate,
    locale: str,
    layout: Layout = LAYOUTS[0],
) -> ColumnPlan:
    """Lay out a hero board ``width`` px wide in ``layout``: its header, chip rows and
    ability lines (two columns side by side when the board is stacked)."""
    inner = width - INDENT - RIGHT
    chips_of = panel_chips(p)
    # The last resort: the chips into the right margin but for the board's rounding.
    spill = RIGHT - 6 if layout.reach else 0
    counts, _ = chip_layout(
        chips_of, inner + spill, locale, COLUMN_CHIP_ROWS, layout.tight, layout.packed
    )
    brief, hush = names_briefly(p, data, layout), quiet(layout, data)
    header = header_lines(p, data, inner, t, locale, layout.tight, layout.lean, layout.packed)
    chips = counts if panel_chips(p) else []
    if not layout.stacked:
        lines = ability_lines(
            p,
            data,
            inner,
            statuses,
            t,
            locale,
            brief,
            hush,
            layout.packed,
            layout.reach,
            layout.bare,
        )
        beside = layout.lean and _cp_fits_beside(p, inner, t, locale)
        return ColumnPlan(
            header,
            chips,
            lines,
            layout.tight,
            cp_beside=beside,
            packed=layout.packed,
            chip_spill=spill,
        )
    half = (inner - SUB_GAP) // 2
    items = ability_items(
        p,
        data,
        half,
        statuses,
        t,
        locale,
        brief,
        hush,
        layout.packed,
        layout.reach,
        layout.bare,
    )
    lines = [line for item in items for line in item]
    # The second column starts at the ability that makes the two most even.
    starts = [sum(len(item) for item in items[:i]) for i in range(len(items) + 1)]
    split = min(starts, key=lambda k: max(k, len(lines) - k)) if items else 0
    return ColumnPlan(
        header, chips, lines, layout.tight, split, packed=layout.packed, chip_spill=spill
    )


def _cp_room(p: PlayerView, t: Translate, locale: str) -> float:
    """The width of the CP said as a number beside the health bar, with its gap."""
    return text_width(t("dicethrone.render.cp", locale, cp=p.cp), font(SMALL, True)) + 16


def _cp_fits_beside(p: PlayerView, inner: int, t: Translate, locale: str) -> bool:
    """Whether the health bar keeps its label whole with the CP beside it."""
    health = t("dicethrone.render.health_of", locale, health=p.health, max=p.max_health)
    return text_width(health, font(SMALL, True)) + 28 <= inner - _cp_room(p, t, locale)


def _lit_blocks(lines: Sequence[Line]) -> int:
    """How many runs of lit lines (each framed, with FRAME_PAD above and below)."""
    return sum(1 for i, line in enumerate(lines) if line[2] and (i == 0 or not lines[i - 1][2]))


def draw_column(
    draw: ImageDraw.ImageDraw,
    p: PlayerView,
    plan: ColumnPlan,
    data: BoardView,
    x0: int,
    y: int,
    width: int,
    height: int,
    t: Translate,
    locale: str,
) -> None:
    """One hero board: name, tags, cards, health bar, CP track, tokens, abilities."""
    is_active = p.seat == data.active and on_turn(data)
    x1 = x0 + width
    draw.rounded_rectangle(
        (x0, y, x1, y + height), 14, fill=theme.PANEL_ACTIVE if is_active else theme.PANEL
    )
    draw.rounded_rectangle((x0, y, x0 + 12, y + height), 6, fill=theme.seat_colour(p.seat))
    inner = width - INDENT - RIGHT
    x = x0 + INDENT
    ty = y + plan.pad
    for text, colour, bold, tail in plan.header:
        letters.draw_text(draw, (x, ty), text, max_width=inner, size=SMALL, bold=bold, fill=colour)
        if tail:
            tx = x + text_width(text, font(SMALL, bold))
            room = x + inner - tx
            letters.draw_text(
                draw, (tx, ty), tail, max_width=room, size=SMALL, bold=True, fill=theme.HIGHLIGHT
            )
        ty += plan.line
    ty += 4
    if plan.split is not None:
        # Across the whole width: health and CP side by side.
        half = (inner - SUB_GAP) // 2
        _health_bar(draw, p, x, ty, half, t, locale)
        _cp_track(draw, p, x + half + SUB_GAP, ty + 4, inner - half - SUB_GAP, t, locale)
        ty += 52
    elif plan.cp_beside:
        # Lean: the CP a number at the health bar's end.
        bar = int(inner - _cp_room(p, t, locale))
        _health_bar(draw, p, x, ty, bar, t, locale)
        cp = t("dicethrone.render.cp", locale, cp=p.cp)
        letters.draw_text(
            draw,
            (x + inner, ty + 22),
            cp,
            max_width=inner - bar,
            size=SMALL,
            bold=True,
            fill=theme.HIGHLIGHT,
            anchor="rm",
        )
        ty += 52
    else:
        _health_bar(draw, p, x, ty, inner, t, locale)
        ty += 52
        _cp_track(draw, p, x, ty, inner, t, locale)
        ty += 44
    if panel_chips(p):
        # Tokens with their stacks out of their limits; no row at all without any.
        draw_statuses(
            draw,
            panel_chips(p),
            x,
            ty + 6,
            x + inner + plan.chip_spill,
            t,
            locale,
            COLUMN_CHIP_ROWS,
            plan.tight,
            plan.packed,
        )
        ty += plan.chip_row * len(plan.chip_rows)
    if plan.split is None:
        _lines(draw, plan.lines, plan.line, x, ty, inner, (x0 + 16, x1 - 6))
        return
    half = (inner - SUB_GAP) // 2
    for i, lines in enumerate(plan.columns):
        left = x + i * (half + SUB_GAP)
        _lines(draw, lines, plan.line, left, ty, half, (left - 12, left + half + 8))


def _lines(
    draw: ImageDraw.ImageDraw,
    lines: Sequence[Line],
    step: int,
    x: int,
    ty: int,
    inner: int,
    frame: tuple[int, int],
) -> None:
    """Ability lines from (x, ty), ``inner`` px wide; the ability just activated
    framed from ``frame``'s left to its right edge."""
    for i, (segments, indent, lit) in enumerate(lines):
        if lit and (i == 0 or not lines[i - 1][2]):
            # The ability just activated (or the defence just rolled), framed in the
            # highlight colour, which no seat uses: the last move's mark on the board.
            run = next((j for j in range(i, len(lines)) if not lines[j][2]), len(lines)) - i
            top = ty + FRAME_PAD // 2
            box = (frame[0], top, frame[1], top + run * step + FRAME_PAD)
            draw.rounded_rectangle(box, 10, outline=theme.HIGHLIGHT, width=3)
            ty += FRAME_PAD
        sx = float(x + indent)
        for text, colour, bold in segments:
            room = x + inner - sx
            letters.draw_text(
                draw, (sx, ty), text, max_width=room, size=SMALL, bold=bold, fill=colour
            )
            sx += text_width(text, font(SMALL, bold)) + SEGMENT_GAP
        ty += step
        if lit and (i + 1 == len(lines) or not lines[i + 1][2]):
            ty += FRAME_PAD


def _health_bar(
    draw: ImageDraw.ImageDraw, p: PlayerView, x: int, y: int, width: int, t: Translate, locale: str
) -> None:
    """Health as a bar out of the starting health (healing may pass it: the bar is full)."""
    full = max(p.max_health, 1)
    share = max(0.0, min(1.0, p.health / full))
    colour = GOOD if share > 0.25 else BAD
    draw.rounded_rectangle((x, y, x + width, y + 44), 10, fill=EMPTY)
    if share:
        draw.rounded_rectangle((x, y, x + max(20, int(width * share)), y + 44), 10, fill=colour)
    label = t("dicethrone.render.health_of", locale, health=p.health, max=p.max_health)
    letters.draw_text(
        draw,
        (x + 14, y + 22),
        label,
        max_width=width - 28,
        size=SMALL,
        bold=True,
        fill=(255, 255, 255),
        anchor="lm",
    )


def _cp_track(
    draw: ImageDraw.ImageDraw, p: PlayerView, x: int, y: int, width: int, t: Translate, locale: str
) -> None:
    """CP as a track of pips (filled up to the player's CP, out of the cap of 15)."""
    label = t("dicethrone.render.cp", locale, cp=p.cp)
    fnt = font(SMALL, bold=True)
    lw = min(text_width(label, fnt), width * 0.4)
    letters.draw_text(
        draw,
        (x, y + 18),
        label,
        max_width=width * 0.4,
        size=SMALL,
        bold=True,
        fill=theme.HIGHLIGHT,
        anchor="lm",
    )
    room = width - lw - 12
    step = room / max(p.cp_cap, 1)
    r = max(4, min(11, step / 2 - 2))
    for i in range(p.cp_cap):
        cx = x + lw + 12 + step * i + step / 2
        fill = theme.HIGHLIGHT if i < p.cp else EMPTY
        draw.ellipse((cx - r, y + 18 - r, cx + r, y + 18 + r), fill=fill)


def card_counts(p: PlayerView, t: Translate, locale: str) -> str:
    """A panel's card counts: hand, deck and discard pile."""
    return t(
        "dicethrone.render.cards",
        locale,
        hand=p.hand_size,
        deck=p.deck_size,
        discard=p.discard_size,
    )


def panel_tags(seat: int, data: BoardView, t: Translate, locale: str) -> list[str]:
    """The side of a flipped board, then Team, Leader, Defender and defeat marks of
    a panel (3–4 player matches)."""
    out = []
    side = data.players[seat].side
    if side:
        out.append("☠ " + t("dicethrone.render.side", locale, side=_name(side, locale)))
    if data.mode == "teams":
        out.append(t("dicethrone.render.team", locale, team="AB"[data.teams[seat]]))
    if seat in data.out:
        out.append(t("dicethrone.render.out", locale))
    elif seat in data.leaders:
        out.append("♛ " + t("dicethrone.render.leader", locale))
    if data.target == seat and data.phase in ("offensive", "defensive"):
        out.append("◎ " + t("dicethrone.render.target", locale))
    return out


def on_turn(data: BoardView) -> bool:
    """Whether a turn is going on (the ▶ marks whose): not in set-up, nor once the match
    is over, by the rules or outside them (a resignation, a referee's result)."""
    over = data.standing is not None and data.standing.over
    return data.phase not in ("over", "setup") and not over
