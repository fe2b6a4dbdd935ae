"""Hero boards (public) and the hand (private) as PNG, drawn from a View only.

The board is read on a phone: a 960-px canvas that Discord shows about 400 px
wide, so no text is smaller than 28 px (11 px there), and a duel's board keeps
within 1,100 px where it can: it tries its layouts roomy first, then tighter
(smaller chips, a board's abilities named with their dice only, the boards one
under the other) and keeps the first that fits (:data:`LAYOUTS`). From the top:
who owes the decision now and what it is (in their seat colour), the last move
in words, the dice on the table with their face symbols, then one hero board
per hero (health bar, CP track, status tokens, abilities with their dice
combinations, the ones the dice meet or can still reach highlighted). The last
move is drawn, not only said: the ability just activated and the defence just
rolled framed, the dice that made the ability outlined, the damage an arrow
between the boards (boards side by side), all in the highlight
colour, which no seat uses.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engines.core import View, theme
from engines.core.i18n import Catalog
from engines.core.render import Font, canvas, fit_text, font, record, to_png
from engines.core.render import text_width as _measure
from engines.dicethrone.chips import rows as chip_rows
from engines.dicethrone.content import Step
from engines.dicethrone.effect_words import Words, glyph, need_text
from engines.dicethrone.effect_words import name_in as _name
from engines.dicethrone.views import (
    AbilityRow,
    AbilityView,
    BoardView,
    PlayerView,
    Requirement,
    SeatView,
    Token,
    typed,
)

Translate = Callable[..., str]


@lru_cache(maxsize=8192)
def text_width(text: str, fnt: Font) -> float:
    """Width in pixels of ``text`` in ``fnt``, remembered: a board measures the same
    ability texts and names (each word of them, to wrap) on every render."""
    return _measure(text, fnt)


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    *,
    max_width: float,
    size: int = theme.BODY_TEXT_PX,
    bold: bool = False,
    fill: theme.RGB = theme.TEXT,
    anchor: str = "la",
) -> float:
    """:func:`engines.core.render.draw_text` (one line that never overflows
    ``max_width``), its glyphs drawn from masks kept across renders; returns its height."""
    fitted, fnt = fit_text(text, max_width, size, bold)
    record(text)  # the whole line, as the kit's draw_text records it
    _stamp(draw, xy, fitted, fnt, fill, anchor)
    return float(fnt.size) * 1.25


def _write(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    *,
    font: Font,
    fill: theme.RGB,
    anchor: str = "la",
) -> None:
    """``draw.text`` for one line, from a kept mask (and recorded as drawn)."""
    record(text)
    _stamp(draw, xy, text, font, fill, anchor)


def _stamp(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    fnt: Font,
    fill: theme.RGB,
    anchor: str,
) -> None:
    # The same pixels as ``draw.text``: the mask FreeType makes for the text at this
    # sub-pixel offset, blended in the fill colour; only the making is skipped.
    x, y = xy
    mask, left, top = _mask(text, fnt, anchor, round(x % 1, 3), round(y % 1, 3))
    draw.bitmap((int(x) + left, int(y) + top), mask, fill=fill)


@lru_cache(maxsize=1024)
def _mask(text: str, fnt: Font, anchor: str, fx: float, fy: float) -> tuple[Image.Image, int, int]:
    """A line's coverage mask, rendered once: a board draws the same names, ability
    rows, chips and dice symbols on every render (the hero board's static parts),
    and rendering glyphs was the largest share of a board after the PNG encoding."""
    box = [int(v) for v in fnt.getbbox(text, anchor=anchor)]
    left, top, right, bottom = box[0] - 2, box[1] - 2, box[2] + 2, box[3] + 2
    image = Image.new("L", (right - left, bottom - top))
    ImageDraw.Draw(image).text((fx - left, fy - top), text, font=fnt, fill=255, anchor=anchor)
    return image, left, top


#: A hero not involved in the current attack (3–4 heroes): name, health · CP, marks
#: and card counts; then its applied upgrades (one UPGRADE_ROW per wrapped line,
#: none without upgrades) and its status chips (if any), one CHIP_ROW per row.
COMPACT_H = 112
UPGRADE_ROW = 44
CHIP_ROW = 62
#: A row of the smaller chips of a hero board laid out compactly (see :data:`LAYOUTS`).
TIGHT_CHIP_ROW = 46
#: Status chips wrap onto at most this many rows (a hero board: COLUMN_CHIP_ROWS);
#: a "+N" chip counts the rest.
CHIP_ROWS = 3
COLUMN_CHIP_ROWS = 6
#: Left indent of a panel's text and chips (after the seat colour bar), right margin.
INDENT, RIGHT = 28, 16
#: A die on the table; the gap between dice.
DIE, DIE_GAP = 132, 12
#: A die on the table when the board is laid out tightly.
TIGHT_DIE = 112
#: Dice when two rows of dice share one line (the offensive and defensive dice).
SMALL_DIE, TRAY_GAP = 96, 28
SMALL = theme.MIN_TEXT_PX
#: Line height of the 28-px text.
LINE = 36
#: Line height of a hero board laid out tightly (still clear of the next line's glyphs).
TIGHT_LINE = 33
#: Room above and below the frame of the ability just activated.
FRAME_PAD = 8
#: A row of the damage arrows between the hero boards.
ARROW_ROW = 60
GAP = 16
GOOD: theme.RGB = (0, 158, 115)  # Okabe-Ito bluish green: positive status effects, health
BAD: theme.RGB = (213, 94, 0)  # vermillion: negative status effects, low health
COMPANION: theme.RGB = (0, 114, 178)  # Okabe-Ito blue: companions (not status effects)
MORE: theme.RGB = (96, 100, 110)  # neutral grey: the "+N" chip for chips that did not fit
EMPTY: theme.RGB = (90, 94, 104)  # an empty CP pip, the empty part of the health bar
DIM: theme.RGB = (130, 134, 144)  # an ability the dice can no longer reach this roll
DIM_DIE: theme.RGB = (170, 174, 182)  # a die not part of the ability just activated
#: The tallest board a phone shows whole (issue 13): the board tries its layouts in
#: order (:data:`LAYOUTS`) and keeps the first that fits.
MAX_HEIGHT = 1100


@dataclass(frozen=True)
class Layout:
    """How much a pair of hero boards says: ``brief`` names each ability with its dice
    combination only (its effect kept where the dice meet it, for the ability just
    activated and for the defence) on the boards of the seats it holds — "active" the
    player whose turn it is, "other" the rest; ``tight`` draws smaller status chips;
    ``stacked`` sets the boards one under the other, each across the whole width."""

    brief: frozenset[str] = frozenset()
    tight: bool = False
    stacked: bool = False


#: Roomy first; then smaller chips; then the board of the player not on turn brief
#: (the one on turn plans the roll); then both brief; then each board across the
#: whole width, one under the other, its abilities in two columns.
LAYOUTS = (
    Layout(),
    Layout(tight=True),
    Layout(frozenset({"other"}), tight=True),
    Layout(frozenset({"active", "other"}), tight=True),
    Layout(frozenset({"other"}), tight=True, stacked=True),
    Layout(frozenset({"active", "other"}), tight=True, stacked=True),
)
#: Room after a segment of an ability line (a bold name's last glyph may overhang
#: its advance by a pixel or two).
SEGMENT_GAP = 4
#: The gap between the two columns of abilities of a board across the whole width.
SUB_GAP = 24


def render(view: View, kind: str, catalog: Catalog, locale: str) -> bytes:
    """PNG of the hero boards (any view) or the seat's hand (seat views only)."""
    data = typed(view)
    if kind == "hand":
        if not isinstance(data, SeatView):
            raise ValueError("the public view has no hand")
        return _hand(data, catalog.translate, locale)
    return _board(data, catalog.translate, locale)


# -- words ----------------------------------------------------------------------


#: A part of the banner: its text, its colour, and whether it is a seat's name
#: (drawn on a pill of the seat's colour).
Part = tuple[str, theme.RGB, bool]


def owes_parts(data: BoardView, t: Translate, locale: str) -> list[Part]:
    """The banner as coloured parts: "Bruno: defend" (several owers all named), or
    the end of the match."""
    players = data.players
    white = (255, 255, 255)
    if data.winner is not None:
        return [(t("dicethrone.render.winner", locale, player=_winners(data)), white, False)]
    if data.draw:
        return [(t("dicethrone.render.draw", locale), white, False)]
    parts: list[Part] = []
    for i, owed in enumerate(data.owed):
        if i:
            parts.append(("  ·  ", theme.TEXT_MUTED, False))
        what = _owed_text(owed.prompt, t, locale)
        parts.append((players[owed.seat].name, theme.seat_colour(owed.seat), True))
        parts.append((f": {what}", theme.TEXT, False))
    if not parts:
        parts.append((t(f"dicethrone.render.phase.{data.phase}", locale), theme.TEXT, False))
    return parts


def _owed_text(prompt_key: str, t: Translate, locale: str) -> str:
    """A decision in a few words ("defend", "respond or pass")."""
    short = prompt_key.rsplit(".", 1)[-1]
    key = f"dicethrone.render.owes.{short}"
    text = t(key, locale)
    return text if text != key else t("dicethrone.render.owes.decide", locale)


def _winners(data: BoardView) -> str:
    winner = data.winner
    if winner is None:
        return ""
    return " & ".join(p.name for p in data.players if data.teams[p.seat] == data.teams[winner])


def status_line(data: BoardView, t: Translate, locale: str) -> str:
    """Under the banner: the turn and phase, or how the match ended and the final health."""
    health = " · ".join(f"{p.name} {p.health}" for p in data.players)
    if data.winner is not None:
        losers = [p.name for p in data.players if data.teams[p.seat] != data.teams[data.winner]]
        how = t("dicethrone.render.won_by_ko", locale, players=", ".join(losers))
        return f"{how} · {t('dicethrone.render.final_health', locale, health=health)}"
    if data.draw:
        return t("dicethrone.render.final_health", locale, health=health)
    active = data.players[data.active]
    if data.phase == "setup":
        return t("dicethrone.render.phase.setup", locale)
    phase = t(f"dicethrone.render.phase.{data.phase}", locale)
    return f"{t('dicethrone.render.turn', locale, turn=data.turn, player=active.name)} · {phase}"


def damage_lines(data: BoardView, t: Translate, locale: str) -> list[str]:
    """Damage waiting and damage dealt, as a player says it: "4 damage to Bruno;
    2 prevented; Bruno takes 2"."""
    players = data.players
    out = []
    for inc in data.incoming:
        who = players[inc.target].name
        kind = t(f"dicethrone.render.kind.{inc.kind}", locale)
        parts = [t("dicethrone.render.dmg.to", locale, amount=inc.amount, kind=kind, player=who)]
        if inc.added:
            parts.append(t("dicethrone.render.dmg.added", locale, amount=inc.added))
        if inc.prevent_all:
            parts.append(t("dicethrone.render.dmg.prevent_all", locale))
        elif inc.prevented:
            parts.append(t("dicethrone.render.dmg.prevents", locale, amount=inc.prevented))
        if inc.halves:
            parts.append(t("dicethrone.render.dmg.halved", locale, count=inc.halves))
        if inc.reflects and inc.source is not None:
            back = players[inc.source].name
            parts.append(t("dicethrone.render.dmg.reflects", locale, player=back))
        out.append(t("dicethrone.render.dmg.pending", locale, text="; ".join(parts)))
    for rep in data.reports:
        who = players[rep.target].name
        kind = t(f"dicethrone.render.kind.{rep.kind}", locale)
        parts = [t("dicethrone.render.dmg.to", locale, amount=rep.incoming, kind=kind, player=who)]
        if rep.incoming > rep.total:
            parts.append(
                t("dicethrone.render.dmg.prevented", locale, amount=rep.incoming - rep.total)
            )
        parts.append(t("dicethrone.render.dmg.takes", locale, player=who, amount=rep.total))
        out.append("; ".join(parts))
    return out


def last_lines(
    data: BoardView, t: Translate, locale: str, skip: frozenset[str] = frozenset()
) -> list[str]:
    """The last move in words (its public events, but those in ``skip``)."""
    # Damage waiting is said once, in plain words, by the "Waiting:" line.
    said = _SAID_ELSEWHERE | skip
    return [t(e.key, locale, **dict(e.params)) for e in data.last if e.key not in said]


#: Events of the last move the board says in its own words.
_SAID_ELSEWHERE = frozenset({"dicethrone.event.damage_pending"})
#: Events a tight board leaves to its dice: the roll and the dice kept, which the
#: dice on the table show (values, symbols, attempt, kept marks).
_SAID_BY_DICE = frozenset({"dicethrone.event.rolled", "dicethrone.event.kept"})


def info_lines(data: BoardView, t: Translate, locale: str, tight: bool = False) -> list[str]:
    """What the table waits on besides the owed decision: the announced ability, the
    targeting die, a waiting instant action, a card's target, a pause, an "Or".
    ``tight``: the ability the dice made is left to the dice's label ("✔ Slap")."""
    roll, players = data.roll, data.players
    out = []
    said = any(e.key.endswith(("announced", "activated")) for e in data.last)
    if roll.announced and not said and not (tight and any(roll.used)):
        key = "activated" if roll.activated else "announced"
        player = players[data.active].name
        out.append(
            t(
                f"dicethrone.render.{key}",
                locale,
                player=player,
                ability=_name(roll.announced, locale),
            )
        )
    if data.target_die:
        out.append(t("dicethrone.render.target_die", locale, value=data.target_die))
    if data.target_chooser is not None:
        out.append(
            t("dicethrone.render.chooses_target", locale, player=players[data.target_chooser].name)
        )
    if data.queued is not None:
        out.append(t("dicethrone.render.queued", locale, player=players[data.queued].name))
    if data.aiming is not None:
        card = _name(data.aiming.card, locale)
        out.append(
            t("dicethrone.render.aiming", locale, player=players[data.aiming.seat].name, card=card)
        )
    if data.pause:
        out.append(t("dicethrone.render.pause", locale))
    if data.manual:
        out.append(t("dicethrone.render.manual", locale, text=_name(data.manual, locale)))
    if data.choice is not None:
        out.append(t("dicethrone.render.choice", locale, player=players[data.choice.seat].name))
        # One line per option, so long option texts stay readable on a phone.
        for i, label in enumerate(data.choice.options, 1):
            out.append(f"  {i}) {_name(label, locale)}")
    return out


def requirement_text(
    req: Requirement, faces: Mapping[str, Mapping[str, str]], t: Translate, locale: str
) -> str:
    """A dice combination: "3⚔", "2⚔ 2⚡", "Small Straight", "4 of a kind"."""
    return need_text(req.symbols, faces, t, locale, req.straight, req.of_a_kind)


def effect_text(
    steps: Sequence[Step],
    statuses: Mapping[str, Mapping[str, str]],
    faces: Mapping[str, Mapping[str, str]],
    t: Translate,
    locale: str,
    companions: Mapping[str, Mapping[str, str]] | None = None,
) -> str:
    """An ability's effect in plain words ("4 damage", "heal 4, gain Protect"), every
    step said (:mod:`engines.dicethrone.effect_words`); ``statuses`` may hold the
    companions' names too (:func:`_status_names`)."""
    return Words(statuses, faces, t, locale, companions or statuses).script(steps)


# -- the board ------------------------------------------------------------------


def _board(data: BoardView, t: Translate, locale: str) -> bytes:
    width = theme.CANVAS_WIDTH - 2 * theme.MARGIN
    players = data.players

    def captions(tight: bool) -> list[str]:
        skip: frozenset[str] = frozenset()
        if tight and data.roll.dice:
            skip |= _SAID_BY_DICE
        if tight and data.roll.defense_dice and data.roll.defense:
            # The defence just rolled: its dice on the table, its name framed.
            skip |= {"dicethrone.event.defended"}
        if tight and data.choice is not None:
            # "Bruno must choose one of 2 options": the notes list them under his name.
            skip |= {"dicethrone.event.choose"}
        if tight and data.reports:
            # The damage taken: said by the report line ("…; Bruno takes 5") and
            # the health bars.
            skip |= {"dicethrone.event.health_damage"}
        said = last_lines(data, t, locale, skip)
        # The caption keeps the last few lines of the move: the rest is in the post.
        return [line for text in said for line in _wrap(text, width - 40, SMALL)][-4:]

    def notes_for(tight: bool) -> list[str]:
        said = (*damage_lines(data, t, locale), *info_lines(data, t, locale, tight))
        return [line for text in said for line in _wrap_line(text, width - 40)]

    caption, notes = captions(False), notes_for(False)
    trays = _trays(data, t, locale)
    involved = _involved(data)
    columns = [p for p in players if p.seat in involved][:2]
    condensed = [p for p in players if p not in columns]
    compact_h = [_compact_height(p, width, t, locale) for p in condensed]
    arrows = _arrows(data, [p.seat for p in columns], t, locale)
    # Rows of dice share a line (smaller dice) when they fit side by side.
    rows_of_trays: list[list[Tray]] = []
    for tray in trays:
        if rows_of_trays and _tray_width([*rows_of_trays[-1], tray], SMALL_DIE) <= width:
            rows_of_trays[-1].append(tray)
        else:
            rows_of_trays.append([tray])
    # A row of dice keeps room under it for the "kept" tabs only when a die is kept.
    unders = [44 if any(any(tray[4]) for tray in row) else 12 for row in rows_of_trays]

    def dice_sizes(tight: bool) -> list[int]:
        # A die is wide enough for its symbol's name ("Doubloon"), tight or not.
        names = [_name(n, locale) for row in rows_of_trays for tray in row for n in tray[3]]
        widest = max((text_width(n, font(SMALL)) for n in names), default=0.0)
        big = max(TIGHT_DIE if tight else DIE, int(widest) + 14)
        return [SMALL_DIE if len(row) > 1 else big for row in rows_of_trays]

    # Labels of dice side by side may take two lines (they are never cut short).
    tops = [
        _label_height(row, die, width)
        for row, die in zip(rows_of_trays, dice_sizes(False), strict=True)
    ]

    def above(tight: bool) -> int:
        """Everything but the hero boards (the arrows included), roomy or tight."""
        line = TIGHT_LINE if tight else LINE
        height = 88 + 48 + ARROW_ROW * len(arrows)
        said = len(captions(tight)) + len(notes_for(tight))
        if said:
            height += 24 + line * said + GAP
        sizes = dice_sizes(tight)
        height += sum(a + die + b for a, die, b in zip(tops, sizes, unders, strict=True))
        return height + GAP + sum(h + GAP for h in compact_h) + 16

    arrows_h = ARROW_ROW * len(arrows)
    rooms = (MAX_HEIGHT - above(False), MAX_HEIGHT - above(True))
    widths, plans, layout = _fit_columns(columns, data, width, rooms, arrows_h, t, locale)
    stacked, line = layout.stacked, TIGHT_LINE if layout.tight else LINE
    sizes = dice_sizes(layout.tight)
    caption, notes = captions(layout.tight), notes_for(layout.tight)
    height = above(layout.tight)
    heights = [plan.height for plan in plans]
    if stacked:
        # One board under the other: the damage is said in the notes, not drawn.
        arrows, height = [], height - arrows_h
    height += _stack_height(heights, stacked)
    image, draw = canvas(height)
    y = _banner(draw, owes_parts(data, t, locale), data)
    draw_text(
        draw,
        (theme.MARGIN, y + 8),
        status_line(data, t, locale),
        max_width=width,
        size=SMALL,
        fill=theme.TEXT_MUTED,
    )
    y += 48
    if caption or notes:
        box = 24 + line * (len(caption) + len(notes))
        draw.rounded_rectangle(
            (theme.MARGIN, y, theme.MARGIN + width, y + box), 12, fill=theme.PANEL
        )
        # The last move's mark: the highlight colour, which no seat uses.
        draw.rounded_rectangle(
            (theme.MARGIN, y, theme.MARGIN + 10, y + box), 4, fill=theme.HIGHLIGHT
        )
        ty = y + 12
        for said in caption:
            draw_text(
                draw,
                (theme.MARGIN + 28, ty),
                said,
                max_width=width - 40,
                size=SMALL,
                fill=theme.TEXT,
            )
            ty += line
        for note in notes:
            draw_text(
                draw,
                (theme.MARGIN + 28, ty),
                note,
                max_width=width - 40,
                size=SMALL,
                bold=True,
                fill=theme.HIGHLIGHT,
            )
            ty += line
        y += box + GAP
    for row, die, under, top in zip(rows_of_trays, sizes, unders, tops, strict=True):
        x = theme.MARGIN
        for tray, room in zip(row, _label_rooms(row, die, width), strict=True):
            label, values, faces, names, kept, used = tray
            for i, part in enumerate(_wrap(label, room, SMALL, bold=True)):
                draw_text(draw, (x, y + i * LINE), part, max_width=room, size=SMALL, bold=True)
            _dice(draw, x, y + top, die, values, faces, names, kept, used, t, locale)
            x += _tray_width([tray], die) + TRAY_GAP
        y += top + die + under
    centres, x = {}, theme.MARGIN
    for p, w in zip(columns, widths, strict=False):
        centres[p.seat] = x + w // 2
        x += w + GAP
    for source, target, label in arrows:
        _arrow(draw, centres[source], centres[target], y, label)
        y += ARROW_ROW
    x = theme.MARGIN
    for p, w, plan in zip(columns, widths, plans, strict=False):
        if stacked:
            _column(draw, p, plan, data, x, y, w, plan.height, t, locale)
            y += plan.height + GAP
            continue
        _column(draw, p, plan, data, x, y, w, max(heights), t, locale)
        x += w + GAP
    if not stacked:
        y += max(heights, default=0) + GAP
    for p, h in zip(condensed, compact_h, strict=True):
        _compact(draw, p, data, y, h, width, t, locale)
        y += h + GAP
    return to_png(image)


def _stack_height(heights: Sequence[int], stacked: bool) -> int:
    """The hero boards' height: side by side the tallest, stacked their sum."""
    if stacked:
        return sum(heights) + GAP * max(len(heights) - 1, 0)
    return max(heights, default=0)


def _fit_columns(
    columns: Sequence[PlayerView],
    data: BoardView,
    width: int,
    rooms: tuple[int, int],
    arrows_h: int,
    t: Translate,
    locale: str,
) -> tuple[list[int], list[ColumnPlan], Layout]:
    """The hero boards' widths and plans, and their layout: the first of
    :data:`LAYOUTS` whose boards fit in the room left (``rooms``: roomy, tight) px
    of height (else the shortest), each layout trying the usual split of the width
    first, then the others. Stacked boards draw no arrow: ``arrows_h`` more room."""
    statuses = _status_names(data)
    best: tuple[int, list[int], list[ColumnPlan], Layout] | None = None
    for layout in LAYOUTS:
        room = rooms[1] if layout.tight else rooms[0]
        if layout.stacked and len(columns) < 2:
            continue
        splits = (
            [[width] * len(columns)] if layout.stacked else _splits(columns, data, width, layout)
        )
        for widths in splits:
            narrow = any(
                w < _least_width(p, t, locale, layout.tight)
                for p, w in zip(columns, widths, strict=True)
            )
            if narrow and len(set(widths)) > 1:
                continue  # a chip or the health would not fit across this board
            plans = [
                _plan(p, w, data, statuses, t, locale, layout)
                for p, w in zip(columns, widths, strict=False)
            ]
            tall = _stack_height([plan.height for plan in plans], layout.stacked)
            tall -= arrows_h if layout.stacked else 0
            if best is None or tall - room < best[0]:
                best = (tall - room, widths, plans, layout)
            if tall <= room:
                return widths, plans, layout
    assert best is not None
    return best[1], best[2], best[3]


def _splits(
    columns: Sequence[PlayerView], data: BoardView, width: int, layout: Layout
) -> list[list[int]]:
    """Ways to share the width between the hero boards, the usual one first: a board
    listing every ability in full gets more room than one in focus (an Attack) or
    brief; then the other shares, for the one that makes the boards shortest."""
    if len(columns) < 2:
        return [[width]]
    full = [
        len(_focus(p, data)) == len(p.abilities) and not _brief(p, data, layout) for p in columns
    ]
    usual = [0.62 if f else 0.38 for f in full] if full[0] != full[1] else [0.5, 0.5]
    out = []
    for share in (usual[0], 0.5, 0.58, 0.42, 0.66, 0.34):
        first = int((width - GAP) * share)
        if [first, width - GAP - first] not in out:
            out.append([first, width - GAP - first])
    return out


def _least_width(p: PlayerView, t: Translate, locale: str, tight: bool) -> float:
    """The narrowest hero board that draws this hero's widest status chip and its
    health label whole (the name and ability lines wrap)."""
    fnt = font(SMALL, bold=True)
    pad, _ = _chip_spacing(tight)
    health = t("dicethrone.render.health_of", locale, health=p.health, max=p.max_health)
    needed = [
        text_width(health, fnt) + 28,
        *(text_width(_chip_label(s, locale), fnt) + 2 * pad for s in _chips(p)),
    ]
    return max(needed) + INDENT + RIGHT


def _brief(p: PlayerView, data: BoardView, layout: Layout) -> bool:
    """Whether this hero board names its abilities briefly in ``layout``."""
    return ("active" if p.seat == data.active else "other") in layout.brief


#: The arrow's label when every point of an attack's damage was prevented.
NONE_DEALT = "dicethrone.render.arrow.none"


def _arrows(
    data: BoardView, seats: Sequence[int], t: Translate, locale: str
) -> list[tuple[int, int, str]]:
    """The attack's damage as arrows between the hero boards drawn side by side:
    (from, to, "7 damage") while it waits, (from, to, "−5 health") once dealt."""
    found: dict[tuple[int, int], int] = {}
    key = "dicethrone.render.arrow.incoming"
    for inc in data.incoming:
        if inc.source is not None:
            pair = (inc.source, inc.target)
            found[pair] = found.get(pair, 0) + inc.amount + inc.added
    if not found:
        key = "dicethrone.render.arrow.dealt"
        for rep in data.reports:
            # The reports are the active player's roll phase: her Attack, or what
            # came back at her (a reflection, a Duel) from the defender.
            source = data.active if rep.target != data.active else data.defender
            found[(source, rep.target)] = found.get((source, rep.target), 0) + rep.total
    return [
        # "−0 health" reads as a glitch: a hit wholly prevented says so.
        (source, target, t(key if amount else NONE_DEALT, locale, amount=amount))
        for (source, target), amount in found.items()
        if source != target and source in seats and target in seats
    ][:2]


def _arrow(draw: ImageDraw.ImageDraw, x0: int, x1: int, y: int, label: str) -> None:
    """An arrow in the highlight colour from one hero board's centre to another's, the
    damage on a pill in its middle."""
    mid = y + ARROW_ROW // 2 - 4
    head = 22 if x1 > x0 else -22
    draw.line((x0, mid, x1 - head, mid), fill=theme.HIGHLIGHT, width=8)
    draw.polygon([(x1, mid), (x1 - head, mid - 16), (x1 - head, mid + 16)], fill=theme.HIGHLIGHT)
    draw.ellipse((x0 - 9, mid - 9, x0 + 9, mid + 9), fill=theme.HIGHLIGHT)
    fnt = font(SMALL, True)
    w = text_width(label, fnt) + 32
    cx = (x0 + x1) / 2
    draw.rounded_rectangle((cx - w / 2, mid - 22, cx + w / 2, mid + 22), 20, fill=theme.HIGHLIGHT)
    _write(draw, (cx, mid), label, font=fnt, fill=(20, 20, 20), anchor="mm")


def _banner(draw: ImageDraw.ImageDraw, parts: list[Part], data: BoardView) -> int:
    """The top band: who owes what, each name in its seat colour (shrunk to fit)."""
    width = draw.im.size[0]
    height = 88
    colour = theme.seat_colour(data.winner) if data.winner is not None else theme.PANEL_ACTIVE
    draw.rectangle((0, 0, width, height), fill=colour)
    room = width - 2 * theme.MARGIN
    size = theme.TITLE_TEXT_PX
    pad = 12  # room around a name on its pill

    def needed(px: int) -> float:
        return sum(text_width(p, font(px, True)) + (2 * pad if name else 0) for p, _, name in parts)

    while size > SMALL and needed(size) > room:
        size -= 2
    fnt = font(size, True)
    x = float(theme.MARGIN)
    for text, fill, name in parts:
        w = text_width(text, fnt)
        if x + w > theme.MARGIN + room:
            text, small = fit_text(text, theme.MARGIN + room - x, size, True)
            _write(
                draw,
                (x, height / 2),
                text,
                font=small,
                fill=fill if not name else theme.TEXT,
                anchor="lm",
            )
            break
        if name:
            # The name on a pill of the seat's colour, white on it.
            draw.rounded_rectangle(
                (x, height / 2 - size * 0.8, x + w + 2 * pad, height / 2 + size * 0.8),
                12,
                fill=fill,
            )
            _write(draw, (x + pad, height / 2), text, font=fnt, fill=(255, 255, 255), anchor="lm")
            x += w + 2 * pad
            continue
        _write(draw, (x, height / 2), text, font=fnt, fill=fill, anchor="lm")
        x += w
    return height


#: A row of dice: its label, values, symbol ids, symbol names, kept marks and the
#: dice behind the ability just activated (the others are then dimmed).
Tray = tuple[
    str,
    tuple[int, ...],
    tuple[str, ...],
    tuple[Mapping[str, str], ...],
    tuple[bool, ...],
    tuple[bool, ...],
]


def _trays(data: BoardView, t: Translate, locale: str) -> list[Tray]:
    """Each row of dice on the table: its label, values, symbols and kept marks."""
    roll, players = data.roll, data.players
    out: list[Tray] = []
    if roll.first_dice:
        # "Preparação" 7: each die is a seat's; the label names them in order.
        rolled = [(s, v) for s, v in enumerate(roll.first_dice) if v]
        names = ", ".join(f"{s + 1}. {players[s].name}" for s, _ in rolled)
        label = f"{t('dicethrone.render.first_roll', locale)}: {names}"
        out.append(
            (
                label,
                tuple(v for _, v in rolled),
                tuple("" for _ in rolled),
                tuple({"en-US": str(s + 1)} for s, _ in rolled),
                (),
                (),
            )
        )
    if roll.dice:
        attempt = t(
            "dicethrone.render.attempt", locale, attempt=roll.attempts, of=roll.max_attempts
        )
        if any(roll.used) and roll.announced is not None:
            # The roll is over: the dice that made the ability, named by it.
            attempt = "✔ " + _name(roll.announced, locale)
        out.append(
            (
                f"{players[data.active].name} · {attempt}",
                roll.dice,
                roll.faces,
                roll.symbols,
                () if any(roll.used) else roll.kept,
                roll.used,
            )
        )
    if roll.effect_dice and roll.effect_owner is not None:
        label = t("dicethrone.render.effect_roll", locale)
        if roll.effect_foe is not None:  # die 1 the owner's, die 2 the opponent's
            label = t(
                "dicethrone.render.opposed_roll", locale, opponent=players[roll.effect_foe].name
            )
        out.append(
            (
                f"{players[roll.effect_owner].name} · {label}",
                roll.effect_dice,
                roll.effect_faces,
                roll.effect_symbols,
                (),
                (),
            )
        )
    if roll.defense_dice:
        # The Defensive Ability is named by the caption ("Bruno defends with …").
        label = t("dicethrone.render.defense", locale)
        out.append(
            (
                f"{players[data.defender].name} · {label}",
                roll.defense_dice,
                roll.defense_faces,
                roll.defense_symbols,
                (),
                (),
            )
        )
    return out


def _label_height(row: list[Tray], die: int, width: int) -> int:
    """Room above a row of dice for the labels (wrapped when dice share the line)."""
    lines = max(
        len(_wrap(tray[0], room, SMALL, True))
        for tray, room in zip(row, _label_rooms(row, die, width), strict=True)
    )
    return 8 + LINE * max(1, lines)


def _label_rooms(row: list[Tray], die: int, width: int) -> list[int]:
    """The width each label of a row of dice may take: its dice's width, the last
    one the rest of the line (a single die's label, "Bruno · Defensive dice", would
    otherwise be cut to a word a line)."""
    rooms = [_tray_width([tray], die) for tray in row]
    rooms[-1] = width - sum(r + TRAY_GAP for r in rooms[:-1])
    return rooms


def _tray_width(trays: Sequence[Tray], die: int) -> int:
    """The width of trays of dice side by side."""
    dice = sum(len(tray[1]) for tray in trays)
    return dice * (die + DIE_GAP) - DIE_GAP + TRAY_GAP * (len(trays) - 1)


def _dice(
    draw: ImageDraw.ImageDraw,
    x: int,
    y: int,
    size: int,
    values: Sequence[int],
    faces: Sequence[str],
    names: Sequence[Mapping[str, str]],
    kept: Sequence[bool],
    used: Sequence[bool],
    t: Translate,
    locale: str,
) -> None:
    """Dice with their symbol (picture and name) and number; kept dice marked; once an
    ability is activated, the dice that made it outlined and the others dimmed."""
    for i, value in enumerate(values):
        is_kept = bool(kept and kept[i])
        lit = is_kept or bool(used and used[i])
        dim = bool(used) and not lit
        outline = theme.HIGHLIGHT if lit else (120, 124, 134)
        draw.rounded_rectangle(
            (x, y, x + size, y + size),
            18,
            fill=DIM_DIE if dim else (250, 250, 250),
            outline=outline,
            width=8 if lit else 3,
        )
        name = _name(names[i], locale) if i < len(names) else ""
        face = faces[i] if i < len(faces) else ""
        pic = glyph(face, names[i] if i < len(names) else {}, locale) if face else str(value)
        _write(
            draw,
            (x + size / 2, y + size * (0.4 if size > SMALL_DIE else 0.6)),
            pic,
            font=font(size * 45 // 100, bold=True),
            fill=(20, 20, 20),
            anchor="mm",
        )
        if face:
            # The number in the corner, the symbol's name at the bottom (small dice
            # sharing a line show the picture and the number only).
            _write(
                draw,
                (x + 14, y + 10),
                str(value),
                font=font(SMALL, bold=True),
                fill=(60, 60, 60),
                anchor="la",
            )
        if face and size > SMALL_DIE:
            draw_text(
                draw,
                (x + size / 2, y + size - 22),
                name,
                max_width=size - 10,
                size=SMALL,
                fill=(20, 20, 20),
                anchor="mm",
            )
        if is_kept:
            # A kept die: the highlight outline and a tab with the word under it.
            label = "✓ " + t("dicethrone.render.kept", locale)
            if text_width(label, font(SMALL, True)) > size - 12:
                label = "✓"  # the word does not fit a small die: the mark alone
            fnt = font(SMALL, True)
            draw.rounded_rectangle(
                (x + 4, y + size - 2, x + size - 4, y + size + 34), 8, fill=theme.HIGHLIGHT
            )
            _write(
                draw, (x + size / 2, y + size + 16), label, font=fnt, fill=(20, 20, 20), anchor="mm"
            )
        x += size + DIE_GAP


def _involved(data: BoardView) -> set[int]:
    """Seats drawn as hero boards: every seat in a duel; with 3–4 heroes the active
    player, the target/defender and anyone about to take damage, so the board
    fits a phone screen."""
    players = data.players
    if len(players) <= 2 or data.phase == "over":
        return {p.seat for p in players}
    seats = {data.active}
    if data.target is not None:
        seats.add(data.target)
    if data.phase == "defensive":
        seats.add(data.defender)
    seats.update(inc.target for inc in data.incoming)
    seats.update(rep.target for rep in data.reports)
    return seats


def _status_names(data: BoardView) -> dict[str, Mapping[str, str]]:
    """Every status (and companion) name on the table (a script naming one the board
    shows by name)."""
    names = {s.id: s.name for p in data.players for s in p.statuses}
    return dict(data.companion_names) | names | dict(data.status_names)


# -- a hero board ---------------------------------------------------------------


def _faces(p: PlayerView) -> dict[str, Mapping[str, str]]:
    return {f.symbol: f.name for f in p.faces}


#: One drawn line of a hero board: segments of (text, colour, bold), and its indent.
#: ``lit``: the line belongs to the ability just activated (framed in the highlight colour).
Line = tuple[list[tuple[str, theme.RGB, bool]], int, bool]


def _ability_lines(
    p: PlayerView,
    data: BoardView,
    width: int,
    statuses: Mapping[str, Mapping[str, str]],
    t: Translate,
    locale: str,
    brief: bool = False,
) -> list[Line]:
    """The board's abilities as lines: the name, then its rows (on the same line when
    they fit); what the dice meet in the highlight colour with a ✔, what they can no
    longer reach this roll dimmed. ``brief``: an ability the dice do not meet is its
    name and dice combination only, a defence not in play its name and dice."""
    items = _ability_items(p, data, width, statuses, t, locale, brief)
    return [line for item in items for line in item]


def _ability_items(
    p: PlayerView,
    data: BoardView,
    width: int,
    statuses: Mapping[str, Mapping[str, str]],
    t: Translate,
    locale: str,
    brief: bool = False,
) -> list[list[Line]]:
    """:func:`_ability_lines` grouped by ability (a wide board sets them in two
    columns without parting an ability's lines)."""
    if data.phase == "over":
        return []
    faces = _faces(p)
    rolling = p.seat == data.active and data.step == "rolling" and data.roll.attempts > 0
    bold, regular = font(SMALL, True), font(SMALL)
    items: list[list[Line]] = []

    def add(
        name: str, colour: theme.RGB, rows: list[tuple[str, theme.RGB]], lit: bool = False
    ) -> None:
        out: list[Line] = []
        items.append(out)
        name_w = text_width(name, bold)
        first = rows[0] if len(rows) == 1 else None
        if (
            first is not None
            and name_w + SEGMENT_GAP + text_width("  " + first[0], regular) <= width
        ):
            out.append(([(name, colour, True), ("  " + first[0], first[1], False)], 0, lit))
            return
        for line in _wrap(name, width, SMALL, bold=True):
            out.append(([(line, colour, True)], 0, lit))
        for text, row_colour in rows:
            for line in _wrap(text, width - 12, SMALL):
                out.append(([(line, row_colour, False)], 12, lit))

    activated = data.roll.activated and p.seat == data.active

    for ab in _focus(p, data):
        met = any(r.met for r in ab.rows) or (
            ab.id == data.roll.announced_id and p.seat == data.active
        )

        reach = any(r.reachable or r.met for r in ab.rows)
        colour = theme.HIGHLIGHT if met else DIM if rolling and not reach else theme.TEXT
        mark = "✔ " if met else ""
        star = "★ " if ab.ultimate else ""
        level = f" {_roman(ab.level)}" if ab.level > 1 else ""
        lit = activated and ab.id == data.roll.announced_id
        texts = [_row_text(r, faces, statuses, t, locale) for r in ab.rows]
        if brief and not met and not lit:
            texts = [requirement_text(r.requirement, faces, t, locale) for r in ab.rows]
            texts = [_merge(texts) or " / ".join(dict.fromkeys(texts))]
        merged = _merge(texts) if len(texts) > 1 else texts[0] if brief and texts else None
        if merged is not None:
            row_colour = (
                theme.HIGHLIGHT if met else DIM if rolling and not reach else theme.TEXT_MUTED
            )
            rows = [(merged, row_colour)]
        else:
            rows = [
                (
                    text,
                    theme.HIGHLIGHT
                    if row.met
                    else DIM
                    if rolling and not row.reachable
                    else theme.TEXT_MUTED,
                )
                for row, text in zip(ab.rows, texts, strict=True)
            ]
        add(f"{mark}{star}{_name(ab.name, locale)}{level}", colour, rows, lit)
    if len(_focus(p, data)) < len(p.abilities):
        # During an Attack only what is in play: the announced ability, the defence.
        hidden = t(
            "dicethrone.render.more_abilities",
            locale,
            count=len(p.abilities) - len(_focus(p, data)),
        )
        items.append(
            [([(line, theme.TEXT_MUTED, False)], 0, False) for line in _wrap(hidden, width, SMALL)]
        )
    for d in p.defenses:
        level = f" {_roman(d.level)}" if d.level > 1 else ""
        dice = t("dicethrone.render.defense_dice", locale, count=d.dice)
        effect = effect_text(d.effect, statuses, faces, t, locale)
        # The Defensive Ability just rolled is the last move's mark on the defender's board.
        lit = p.seat == data.defender and data.roll.defense == d.name
        colour = theme.HIGHLIGHT if lit else theme.TEXT
        rows = [(effect, theme.TEXT_MUTED)]
        if brief and not lit and not (data.phase == "defensive" and p.seat == data.defender):
            rows = []  # not in play: its name and dice say which it is
        add(f"⬟ {_name(d.name, locale)}{level} · {dice}", colour, rows, lit)
    return items


def _focus(p: PlayerView, data: BoardView) -> tuple[AbilityView, ...]:
    """The abilities a hero board lists now: all of them, except during an Attack,
    where the attacker's board shows the announced ability and the others' boards
    their defence only (so the board fits a phone screen)."""
    if data.phase == "over":
        return ()  # the end screen: the result and the final health say it all
    if data.phase not in ("offensive", "defensive") or (
        p.seat == data.active and data.roll.announced_id is None
    ):
        return p.abilities
    if p.seat != data.active:
        return ()
    return tuple(ab for ab in p.abilities if ab.id == data.roll.announced_id)


_NUMBER = re.compile(r"\d+")


def _merge(texts: list[str]) -> str | None:
    """Rows that differ only in their numbers as one ("3/4/5⚔ → 4/6/8 damage"), as the
    printed board does; None when they differ in anything else (or there is one)."""
    if len(texts) < 2:
        return None
    skeletons = {_NUMBER.sub("#", text) for text in texts}
    if len(skeletons) != 1:
        return None
    numbers = [_NUMBER.findall(text) for text in texts]
    merged = ["/".join(dict.fromkeys(column)) for column in zip(*numbers, strict=True)]
    pieces = _NUMBER.split(texts[0])
    return "".join(piece + (merged[i] if i < len(merged) else "") for i, piece in enumerate(pieces))


def _row_text(
    row: AbilityRow,
    faces: Mapping[str, Mapping[str, str]],
    statuses: Mapping[str, Mapping[str, str]],
    t: Translate,
    locale: str,
) -> str:
    need = requirement_text(row.requirement, faces, t, locale)
    return f"{need} → {effect_text(row.effect, statuses, faces, t, locale)}"


def _roman(n: int) -> str:
    return {1: "I", 2: "II", 3: "III", 4: "IV"}.get(n, str(n))


def _header(
    p: PlayerView, data: BoardView, inner: int, t: Translate, locale: str, tight: bool = False
) -> list[tuple[str, theme.RGB, bool]]:
    """A hero board's first lines, wrapped to its width: seat, name and hero; its
    marks (3–4 players, a flipped board); its cards in hand, deck and discard pile.
    ``tight``: the marks on the name's line when they fit there."""
    is_active = p.seat == data.active and data.phase not in ("over", "setup")
    marker = "▶ " if is_active else ""
    title = f"{marker}{p.seat + 1}. {p.name} — {_name(p.hero_name, locale)}"
    tags = " · ".join(_tags(p.seat, data, t, locale))
    joined = f"{title} · {tags}"
    if tight and tags and text_width(joined, font(SMALL, True)) <= inner:
        title, tags = joined, ""
    out = [(line, theme.TEXT, True) for line in _wrap(title, inner, SMALL, bold=True)]
    out += [(line, theme.HIGHLIGHT, True) for line in _wrap(tags, inner, SMALL, bold=True)]
    out += [(line, theme.TEXT_MUTED, False) for line in _wrap(_cards(p, t, locale), inner, SMALL)]
    return out


@dataclass(frozen=True)
class ColumnPlan:
    """A hero board laid out once, for both its height and its drawing: the header
    lines, the rows of status chips and the ability lines."""

    header: list[tuple[str, theme.RGB, bool]]
    chip_rows: list[int]
    lines: list[Line]
    tight: bool = False
    #: A board across the whole width: health and CP share a row, and the ability
    #: lines from ``split`` on stand in a second column beside the first.
    split: int | None = None

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
            + (0 if self.split is not None else 44)
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


def _plan(
    p: PlayerView,
    width: int,
    data: BoardView,
    statuses: Mapping[str, Mapping[str, str]],
    t: Translate,
    locale: str,
    layout: Layout = LAYOUTS[0],
) -> ColumnPlan:
    inner = width - INDENT - RIGHT
    counts, _ = _chip_layout(_chips(p), inner, locale, COLUMN_CHIP_ROWS, layout.tight)
    brief = _brief(p, data, layout)
    header = _header(p, data, inner, t, locale, layout.tight)
    chips = counts if _chips(p) else []
    if not layout.stacked:
        lines = _ability_lines(p, data, inner, statuses, t, locale, brief)
        return ColumnPlan(header, chips, lines, layout.tight)
    items = _ability_items(p, data, (inner - SUB_GAP) // 2, statuses, t, locale, brief)
    lines = [line for item in items for line in item]
    # The second column starts at the ability that makes the two most even.
    starts = [sum(len(item) for item in items[:i]) for i in range(len(items) + 1)]
    split = min(starts, key=lambda k: max(k, len(lines) - k)) if items else 0
    return ColumnPlan(header, chips, lines, layout.tight, split)


def _lit_blocks(lines: Sequence[Line]) -> int:
    """How many runs of lit lines (each framed, with FRAME_PAD above and below)."""
    return sum(1 for i, line in enumerate(lines) if line[2] and (i == 0 or not lines[i - 1][2]))


def _column(
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
    is_active = p.seat == data.active and data.phase not in ("over", "setup")
    x1 = x0 + width
    draw.rounded_rectangle(
        (x0, y, x1, y + height), 14, fill=theme.PANEL_ACTIVE if is_active else theme.PANEL
    )
    draw.rounded_rectangle((x0, y, x0 + 12, y + height), 6, fill=theme.seat_colour(p.seat))
    inner = width - INDENT - RIGHT
    x = x0 + INDENT
    ty = y + plan.pad
    for text, colour, bold in plan.header:
        draw_text(draw, (x, ty), text, max_width=inner, size=SMALL, bold=bold, fill=colour)
        ty += plan.line
    ty += 4
    if plan.split is not None:
        # Across the whole width: health and CP side by side.
        half = (inner - SUB_GAP) // 2
        _health_bar(draw, p, x, ty, half, t, locale)
        _cp_track(draw, p, x + half + SUB_GAP, ty + 4, inner - half - SUB_GAP, t, locale)
        ty += 52
    else:
        _health_bar(draw, p, x, ty, inner, t, locale)
        ty += 52
        _cp_track(draw, p, x, ty, inner, t, locale)
        ty += 44
    if _chips(p):
        # Tokens with their stacks out of their limits; no row at all without any.
        _statuses(draw, _chips(p), x, ty + 6, x + inner, t, locale, COLUMN_CHIP_ROWS, plan.tight)
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
            draw_text(draw, (sx, ty), text, max_width=room, size=SMALL, bold=bold, fill=colour)
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
    draw_text(
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
    draw_text(
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


def _compact_height(p: PlayerView, width: int, t: Translate, locale: str) -> int:
    chips = _chips(p)
    counts, _ = _chip_layout(chips, width - INDENT - RIGHT, locale)
    upgrades = UPGRADE_ROW * len(_upgrade_lines(p, width, t, locale))
    return COMPACT_H + upgrades + (CHIP_ROW * len(counts) if chips else -8)


def _compact(
    draw: ImageDraw.ImageDraw,
    p: PlayerView,
    data: BoardView,
    y: int,
    height: int,
    width: int,
    t: Translate,
    locale: str,
) -> None:
    """A condensed panel (3–4 heroes, outside the attack): name and hero, health · CP,
    marks and card counts, the applied upgrades (wrapped), then every status chip."""
    x0, x1 = theme.MARGIN, theme.MARGIN + width
    draw.rounded_rectangle((x0, y, x1, y + height), 14, fill=theme.PANEL)
    draw.rounded_rectangle((x0, y, x0 + 12, y + height), 6, fill=theme.seat_colour(p.seat))
    hero = _name(p.hero_name, locale)
    draw_text(
        draw,
        (x0 + INDENT, y + 12),
        f"{p.seat + 1}. {p.name} — {hero}",
        max_width=width * 0.5,
        bold=True,
    )
    health = t("dicethrone.render.health_of", locale, health=p.health, max=p.max_health)
    cp = t("dicethrone.render.cp", locale, cp=p.cp)
    draw_text(
        draw,
        (x1 - RIGHT, y + 14),
        f"{health} · {cp}",
        max_width=width * 0.48,
        bold=True,
        anchor="ra",
    )
    x = x0 + INDENT
    tags = " · ".join(_tags(p.seat, data, t, locale))
    if tags:
        fnt = font(SMALL, bold=True)
        tags_w = min(text_width(tags, fnt), width * 0.5)
        draw_text(draw, (x, y + 62), tags, max_width=tags_w, size=SMALL, bold=True)
        x += int(tags_w) + 20
    draw_text(
        draw,
        (x, y + 62),
        _cards(p, t, locale),
        max_width=x1 - RIGHT - x,
        size=SMALL,
        fill=theme.TEXT_MUTED,
    )
    upgrades = _upgrade_lines(p, width, t, locale)
    for i, line in enumerate(upgrades):
        draw_text(
            draw,
            (x0 + INDENT, y + 100 + i * UPGRADE_ROW),
            line,
            max_width=width - INDENT - RIGHT,
            size=SMALL,
        )
    chips = _chips(p)
    if chips:
        top = y + COMPACT_H + UPGRADE_ROW * len(upgrades)
        _statuses(draw, chips, x0 + INDENT, top, x1 - RIGHT, t, locale)


def _upgrade_lines(p: PlayerView, width: int, t: Translate, locale: str) -> list[str]:
    """A condensed panel's applied upgrades, wrapped to its width (none: no line)."""
    names = [_name(u.name, locale) for u in p.upgrades]
    if not names:
        return []
    text = t("dicethrone.render.upgrades", locale, cards=" · ".join(names))
    return _wrap(text, width - INDENT - RIGHT, SMALL)


def _chips(p: PlayerView) -> list[Token]:
    """A panel's chips: status effects, then companions (not status effects)."""
    return [*p.statuses, *p.companions]


def _cards(p: PlayerView, t: Translate, locale: str) -> str:
    return t(
        "dicethrone.render.cards",
        locale,
        hand=p.hand_size,
        deck=p.deck_size,
        discard=p.discard_size,
    )


def _tags(seat: int, data: BoardView, t: Translate, locale: str) -> list[str]:
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


def _chip_layout(
    statuses: list[Token], space: int, locale: str, max_rows: int = CHIP_ROWS, tight: bool = False
) -> tuple[list[int], int]:
    """Chips per row and how many a "+N" chip counts (see :func:`chips.rows`); a
    hero board, narrower than a condensed panel, may use COLUMN_CHIP_ROWS rows;
    ``tight`` chips have less padding and gap."""
    fnt = font(SMALL, bold=True)
    pad, gap = _chip_spacing(tight)
    widths = [text_width(_chip_label(s, locale), fnt) + 2 * pad for s in statuses]
    return chip_rows(widths, space, gap, max_rows, lambda n: text_width(f"+{n}", fnt) + 2 * pad)


def _chip_spacing(tight: bool) -> tuple[int, int]:
    """A chip's padding on each side of its label, and the gap between chips."""
    return (12, 8) if tight else (16, 12)


def _chip_label(s: Token, locale: str) -> str:
    return f"{_name(s.name, locale)} {s.count}/{s.limit}"


def _statuses(
    draw: ImageDraw.ImageDraw,
    statuses: list[Token],
    x: int,
    y: int,
    right: int,
    t: Translate,
    locale: str,
    max_rows: int = CHIP_ROWS,
    tight: bool = False,
) -> None:
    """Status tokens from (x, y) with their stacks and limits, wrapped onto rows of
    CHIP_ROW px (TIGHT_CHIP_ROW if ``tight``; statuses are public: each is named;
    only beyond CHIP_ROWS rows a "+N" chip counts the rest)."""
    if not statuses:
        draw_text(
            draw,
            (x, y + 6),
            t("dicethrone.render.no_status", locale),
            max_width=right - x,
            size=SMALL,
            fill=theme.TEXT_MUTED,
        )
        return
    fnt = font(SMALL, bold=True)
    counts, hidden = _chip_layout(statuses, right - x, locale, max_rows, tight)
    pad, gap = _chip_spacing(tight)
    step = TIGHT_CHIP_ROW if tight else CHIP_ROW
    queue = list(statuses)
    cx = x
    for row, count in enumerate(counts):
        cx = x
        for s in queue[:count]:
            label = _chip_label(s, locale)
            w = text_width(label, fnt) + 2 * pad
            # Companions (not status effects) get their own colour.
            colour = COMPANION if s.companion else GOOD if s.positive else BAD
            _chip(draw, cx, y + row * step, w, label, colour, fnt, tight)
            cx += int(w) + gap
        queue = queue[count:]
    if hidden:
        # Beyond the last row: say how many rather than drop them silently.
        more = f"+{hidden}"
        last = y + (len(counts) - 1) * step
        _chip(draw, cx, last, text_width(more, fnt) + 2 * pad, more, MORE, fnt, tight)


def _chip(
    draw: ImageDraw.ImageDraw,
    x: int,
    y: int,
    w: float,
    label: str,
    colour: theme.RGB,
    fnt: Any,
    tight: bool = False,
) -> None:
    pad, _ = _chip_spacing(tight)
    top, bottom = (-3, 37) if tight else (-4, 50)
    draw.rounded_rectangle((x, y + top, x + w, y + bottom), 20 if tight else 24, fill=colour)
    mid = y + (top + bottom) / 2
    _write(draw, (x + pad, mid), label, font=fnt, fill=(255, 255, 255), anchor="lm")


def _wrap_line(text: str, max_width: float) -> list[str]:
    """A line of the notes wrapped to the board, keeping its indent (choice options)."""
    indent = text[: len(text) - len(text.lstrip())]
    # Measured in bold, as the notes are drawn (else a line could be cut short).
    parts = _wrap(text, max_width - text_width(indent, font(SMALL, True)), SMALL, bold=True)
    return [indent + part for part in parts] or [""]


def _wrap(text: str, max_width: float, size: int, bold: bool = False) -> list[str]:
    fnt = font(size, bold)
    lines, line = [], ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if text_width(trial, fnt) <= max_width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


# -- the hand -------------------------------------------------------------------


def _hand(view: SeatView, t: Translate, locale: str) -> bytes:
    seat = view.viewer
    width = theme.CANVAS_WIDTH - 2 * theme.MARGIN
    blocks = [(card, _wrap(_name(card.text, locale), width - 48, SMALL)) for card in view.hand]
    mates = []
    for mate in view.team_hands:
        # 2 v 2: the teammate's hand, by card name ("ver as mãos uns dos outros").
        names = ", ".join(_name(n, locale) for n in mate.cards) or "—"
        who = view.players[mate.seat].name
        text = t("dicethrone.render.team_hand", locale, player=who, cards=names)
        mates.extend(_wrap(text, width, SMALL))
    height = (
        88
        + 24
        + sum(70 + 40 * len(lines) + 30 for _, lines in blocks)
        + (80 if not blocks else 24)
        + 40 * len(mates)
    )
    image, draw = canvas(height)
    player = view.players[seat]
    draw.rectangle((0, 0, theme.CANVAS_WIDTH, 88), fill=theme.seat_colour(seat))
    draw_text(
        draw,
        (theme.MARGIN, 44),
        t("dicethrone.render.your_hand", locale, player=player.name),
        max_width=width,
        size=theme.TITLE_TEXT_PX,
        bold=True,
        fill=(255, 255, 255),
        anchor="lm",
    )
    y = 88 + 24
    if not blocks:
        draw_text(draw, (theme.MARGIN, y), t("dicethrone.render.empty", locale), max_width=width)
        y += 56
    for card, lines in blocks:
        h = 70 + 40 * len(lines) + 14
        draw.rounded_rectangle((theme.MARGIN, y, theme.MARGIN + width, y + h), 14, fill=theme.PANEL)
        timing = t(f"dicethrone.render.timing.{card.timing}", locale)
        cost = t("dicethrone.render.cost", locale, cost=card.cost)
        draw_text(
            draw,
            (theme.MARGIN + 24, y + 12),
            _name(card.name, locale),
            max_width=width * 0.55,
            bold=True,
        )
        draw_text(
            draw,
            (theme.MARGIN + width - 24, y + 16),
            f"{timing} · {cost}",
            max_width=width * 0.42,
            size=SMALL,
            anchor="ra",
            fill=theme.HIGHLIGHT,
        )
        ty = y + 62
        for line in lines:
            _write(draw, (theme.MARGIN + 24, ty), line, font=font(SMALL), fill=theme.TEXT_MUTED)
            ty += 40
        y += h + 16
    for line in mates:
        _write(draw, (theme.MARGIN, y), line, font=font(SMALL), fill=theme.TEXT)
        y += 40
    return to_png(image)


# -- alt text -------------------------------------------------------------------


def describe(view: View, kind: str, catalog: Catalog, locale: str) -> str:
    """Alt text: who owes what, each hero's health, CP and statuses, the last move."""
    data = typed(view)
    t = catalog.translate
    if kind == "hand" and isinstance(data, SeatView):
        cards = ", ".join(_name(c.name, locale) for c in data.hand) or t(
            "dicethrone.render.empty", locale
        )
        player = data.players[data.viewer].name
        return t("dicethrone.render.your_hand", locale, player=player) + ": " + cards
    parts = [
        "".join(text for text, *_ in owes_parts(data, t, locale)).strip(),
        status_line(data, t, locale),
    ]
    for p in data.players:
        tokens = ", ".join(_chip_label(s, locale) for s in _chips(p)) or t(
            "dicethrone.render.no_status", locale
        )
        health = t("dicethrone.render.health_of", locale, health=p.health, max=p.max_health)
        cp = t("dicethrone.render.cp", locale, cp=p.cp)
        parts.append(f"{p.name} ({_name(p.hero_name, locale)}): {health}, {cp}, {tokens}")
    roll = data.roll
    if roll.dice:
        dice = ", ".join(
            f"{v} {_name(s, locale)}" for v, s in zip(roll.dice, roll.symbols, strict=True)
        )
        parts.append(f"{t('dicethrone.render.dice', locale)}: {dice}")
    parts.extend(damage_lines(data, t, locale))
    parts.extend(last_lines(data, t, locale))
    text = ". ".join(p.rstrip(".") for p in parts if p) + "."
    return text if len(text) <= 1000 else text[:999] + "…"
