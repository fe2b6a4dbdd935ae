"""The dice on the table: each row of dice (a tray) with its label, and the dice drawn
with their symbols, kept marks and the ones that made the ability just activated."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PIL import ImageDraw

from engines.core import theme
from engines.core.render import font
from engines.dicethrone.render import letters
from engines.dicethrone.render.effect_words import glyph
from engines.dicethrone.render.effect_words import name_in as _name
from engines.dicethrone.render.letters import text_width, words, wrap, write
from engines.dicethrone.render.style import (
    DIE_GAP,
    DIM_DIE,
    LINE,
    SMALL,
    SMALL_DIE,
    TRAY_GAP,
    Translate,
)
from engines.dicethrone.view import BoardView

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


def table_trays(data: BoardView, t: Translate, locale: str, named: bool = True) -> list[Tray]:
    """Each row of dice on the table: its label, values, symbols and kept marks;
    ``named``: the offensive and defensive dice's labels name whose they are (else
    they say only what they are: the board marked ▶ makes the roll, the one marked
    as the target frames its defence)."""
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
                f"{players[data.active].name} · {attempt}" if named else attempt,
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
                f"{players[data.defender].name} · {label}" if named else label,
                roll.defense_dice,
                roll.defense_faces,
                roll.defense_symbols,
                (),
                (),
            )
        )
    return out


def label_height(row: list[Tray], die: int, width: int) -> int:
    """Room above a row of dice for the labels (wrapped when dice share the line)."""
    lines = max(
        len(wrap(tray[0], room, SMALL, True))
        for tray, (_, room) in zip(row, label_places(row, die, width), strict=True)
    )
    return 8 + LINE * max(1, lines)


def label_places(row: list[Tray], die: int, width: int) -> list[tuple[int, int]]:
    """Where each label of a row of dice starts (px left of its dice, 0 or less) and
    the width it may take: its dice's width, the last one the rest of the line (a
    single die's label, "Bruno · Defensive dice", would otherwise be cut to a word a
    line). A last label that would wrap there ends at the line's end instead, on one
    line, where the labels before it leave that room free and it starts no more than
    a die before its dice."""
    rooms = [tray_width([tray], die) for tray in row]
    start = sum(r + TRAY_GAP for r in rooms[:-1])
    rooms[-1] = width - start
    places = [(0, room) for room in rooms]
    fnt = font(SMALL, True)
    last = text_width(row[-1][0], fnt)
    if len(row) > 1 and last > rooms[-1]:
        # The labels before it end where their text does (each on one line).
        ends = [
            sum(r + TRAY_GAP for r in rooms[:i]) + text_width(tray[0], fnt)
            for i, tray in enumerate(row[:-1])
            if text_width(tray[0], fnt) <= rooms[i]
        ]
        # Starting no further left than a die before its own dice: further, it
        # would stand over the other player's dice.
        shift = int(width - last) - start
        if len(ends) == len(row) - 1 and max(ends) + TRAY_GAP + last <= width and -shift <= die:
            places[-1] = (shift, int(last) + 1)
            return places
        # Else the two last labels wrapped, neither breaking a word (a long name):
        # the last starting up to a die before its dice, the one before it ending
        # a gap before that; the fewest lines, then the least shift.
        best: tuple[int, int, int, int] | None = None
        before = start - rooms[-2] - TRAY_GAP
        for shift in range(0, -die - 1, -4):
            room, prev = rooms[-1] - shift, min(rooms[-2], start + shift - TRAY_GAP - before)
            if not (_whole(row[-1][0], room) and _whole(row[-2][0], prev)):
                continue
            lines = max(
                len(wrap(row[-1][0], room, SMALL, True)), len(wrap(row[-2][0], prev, SMALL, True))
            )
            if best is None or lines < best[0]:
                best = (lines, shift, room, prev)
        if best is not None and (best[1] or not _whole(row[-1][0], rooms[-1])):
            places[-2] = (0, best[3])
            places[-1] = (best[1], best[2])
    return places


def _whole(label: str, room: int) -> bool:
    """Whether each word of ``label`` fits ``room`` px (bold): wrapped there, none is
    broken across lines."""
    fnt = font(SMALL, True)
    return room > 0 and all(text_width(w, fnt) <= room for w in words(label))


def label_beside(row: list[Tray], die: int, width: int) -> list[str] | None:
    """A lone tray's label wrapped to the right of its dice on at most two lines (a
    packed board's room above them saved), or None where it does not fit there."""
    if len(row) != 1:
        return None
    room = width - tray_width(row, die) - TRAY_GAP
    lines = wrap(row[0][0], room, SMALL, True)
    fnt = font(SMALL, True)
    if (
        not lines
        or len(lines) > min(2, die // LINE)
        or any(text_width(x, fnt) > room for x in lines)
    ):
        return None
    return lines


def face_legend(row: list[Tray], die: int, width: int, locale: str) -> list[str]:
    """Under a row of dice too small to name their symbols (two trays sharing a line:
    the attack's dice and the defence's), each symbol shown with its name, once, in
    lines that fit ``width``: "⚔ Sword · ◉ Doubloon · ➶ Flintlock"; none for dice that
    name their own symbol (:func:`draw_dice`)."""
    if die > SMALL_DIE:
        return []
    seen: dict[str, None] = {}  # in order, each once (two heroes may share a symbol)
    for tray in row:
        for face, names in zip(tray[2], tray[3], strict=False):
            if face:
                seen[f"{glyph(face, names, locale)} {_name(names, locale)}"] = None
    return wrap(" · ".join(seen), width, SMALL) if seen else []


def tray_width(trays: Sequence[Tray], die: int) -> int:
    """The width of trays of dice side by side."""
    dice = sum(len(tray[1]) for tray in trays)
    return dice * (die + DIE_GAP) - DIE_GAP + TRAY_GAP * (len(trays) - 1)


def draw_dice(
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
    tabs: bool = True,
) -> None:
    """Dice with their symbol (picture and name) and number; kept dice marked (their
    outline, and a tab under them where ``tabs``); once an ability is activated, the
    dice that made it outlined and the others dimmed."""
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
        write(
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
            write(
                draw,
                (x + 14, y + 10),
                str(value),
                font=font(SMALL, bold=True),
                fill=(60, 60, 60),
                anchor="la",
            )
        if face and size > SMALL_DIE:  # smaller: named by the row's legend (face_legend)
            letters.draw_text(
                draw,
                (x + size / 2, y + size - 22),
                name,
                max_width=size - 10,
                size=SMALL,
                fill=(20, 20, 20),
                anchor="mm",
            )
        if is_kept and tabs:
            # A kept die: the highlight outline and a tab with the word under it.
            label = "✓ " + t("dicethrone.render.kept", locale)
            if text_width(label, font(SMALL, True)) > size - 12:
                label = "✓"  # the word does not fit a small die: the mark alone
            fnt = font(SMALL, True)
            draw.rounded_rectangle(
                (x + 4, y + size - 2, x + size - 4, y + size + 34), 8, fill=theme.HIGHLIGHT
            )
            write(
                draw, (x + size / 2, y + size + 16), label, font=fnt, fill=(20, 20, 20), anchor="mm"
            )
        x += size + DIE_GAP
