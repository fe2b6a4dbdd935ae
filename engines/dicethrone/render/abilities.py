"""A hero board's abilities and defences as lines of text: names, dice combinations
and effects, what the dice meet highlighted, what they can no longer reach dimmed."""

from __future__ import annotations

import re
from collections.abc import Mapping

from engines.core import theme
from engines.core.render import font
from engines.dicethrone.render.effect_words import name_in as _name
from engines.dicethrone.render.letters import text_width, wrap
from engines.dicethrone.render.style import DIM, SEGMENT_GAP, SMALL, Translate
from engines.dicethrone.render.words import effect_text, requirement_text
from engines.dicethrone.view import AbilityRow, AbilityView, BoardView, PlayerView


def status_names(data: BoardView) -> dict[str, Mapping[str, str]]:
    """Every status (and companion) name on the table (a script naming one the board
    shows by name)."""
    names = {s.id: s.name for p in data.players for s in p.statuses}
    return dict(data.companion_names) | names | dict(data.status_names)


def _faces(p: PlayerView) -> dict[str, Mapping[str, str]]:
    return {f.symbol: f.name for f in p.faces}


#: One drawn line of a hero board: segments of (text, colour, bold), and its indent.
#: ``lit``: the line belongs to the ability just activated (framed in the highlight colour).
Line = tuple[list[tuple[str, theme.RGB, bool]], int, bool]


def ability_lines(
    p: PlayerView,
    data: BoardView,
    width: int,
    statuses: Mapping[str, Mapping[str, str]],
    t: Translate,
    locale: str,
    brief: bool = False,
    quiet: bool = False,
    lean: bool = False,
    reach: bool = False,
    bare: bool = False,
) -> list[Line]:
    """The board's abilities as lines: the name, then its rows (on the same line when
    they fit); what the dice meet in the highlight colour with a ✔, what they can no
    longer reach this roll dimmed. ``brief``: an ability the dice do not meet is its
    name and dice combination only, a defence not in play its name and dice;
    ``quiet``: the defence just rolled its name and dice only (the notes say its
    text, or list the options of the choice it made); ``lean``: no defence on the
    board of the player whose roll it is (not in play: a packed board); ``reach``:
    the abilities the roll can no longer reach counted in one line, not listed, and
    those an Attack leaves out not counted (only what is in play), those still in
    reach but not met named with their dice one after another (brief), the ability
    just activated named with its dice where the notes say its damage; ``bare``: those
    the dice meet named with their dice too (the announce menu says what they do)."""
    items = ability_items(p, data, width, statuses, t, locale, brief, quiet, lean, reach, bare)
    return [line for item in items for line in item]


def ability_items(
    p: PlayerView,
    data: BoardView,
    width: int,
    statuses: Mapping[str, Mapping[str, str]],
    t: Translate,
    locale: str,
    brief: bool = False,
    quiet: bool = False,
    lean: bool = False,
    reach: bool = False,
    bare: bool = False,
) -> list[list[Line]]:
    """:func:`ability_lines` grouped by ability (a wide board sets them in two
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
        for line in wrap(name, width, SMALL, bold=True):
            out.append(([(line, colour, True)], 0, lit))
        for text, row_colour in rows:
            for line in wrap(text, width - 12, SMALL):
                out.append(([(line, row_colour, False)], 12, lit))

    activated = data.roll.activated and p.seat == data.active
    beyond = 0  # abilities out of this roll's reach, counted (``reach``)
    within: list[str] = []  # ``reach`` and brief: those still in reach, run together
    for ab in focus(p, data):
        met = any(r.met for r in ab.rows) or (
            ab.id == data.roll.announced_id and p.seat == data.active
        )
        reachable = any(r.reachable or r.met for r in ab.rows)
        if reach and rolling and not met and not reachable:
            beyond += 1
            continue
        colour = theme.HIGHLIGHT if met else DIM if rolling and not reachable else theme.TEXT
        mark = "✔ " if met else ""
        star = "★ " if ab.ultimate else ""
        level = f" {_roman(ab.level)}" if ab.level > 1 else ""
        lit = activated and ab.id == data.roll.announced_id
        texts = [_row_text(r, faces, statuses, t, locale) for r in ab.rows]
        if reach and brief and rolling and not met and not lit:
            needs = [requirement_text(r.requirement, faces, t, locale) for r in ab.rows]
            need = _merge(needs) or " / ".join(dict.fromkeys(needs))
            within.append(f"{star}{_name(ab.name, locale)}{level} {need}")
            continue
        said = reach and lit and bool(data.incoming or data.reports)
        if (brief and not met and not lit) or said or (bare and not lit):
            # ``said``: the notes say what the ability just activated does ("4 damage
            # to Bruno"), its frame names it with its dice.
            texts = [requirement_text(r.requirement, faces, t, locale) for r in ab.rows]
            texts = [_merge(texts) or " / ".join(dict.fromkeys(texts))]
        merged = _merge(texts) if len(texts) > 1 else texts[0] if brief and texts else None
        if merged is not None:
            row_colour = (
                theme.HIGHLIGHT if met else DIM if rolling and not reachable else theme.TEXT_MUTED
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
    if len(focus(p, data)) < len(p.abilities) and not reach:
        # During an Attack only what is in play: the announced ability, the defence.
        hidden = t(
            "dicethrone.render.more_abilities",
            locale,
            count=len(p.abilities) - len(focus(p, data)),
        )
        items.append(
            [([(line, theme.TEXT_MUTED, False)], 0, False) for line in wrap(hidden, width, SMALL)]
        )
    if within:
        # The last resort: the abilities still in reach named with their dice one after
        # another, not one a line.
        joined = " · ".join(within)
        items.append(
            [([(line, theme.TEXT, False)], 0, False) for line in wrap(joined, width, SMALL)]
        )
    if beyond:
        counted = t("dicethrone.render.out_of_reach", locale, count=beyond)
        items.append([([(line, DIM, False)], 0, False) for line in wrap(counted, width, SMALL)])
    attacking = p.seat == data.active and data.phase in ("offensive", "defensive")
    for d in () if lean and attacking else p.defenses:
        level = f" {_roman(d.level)}" if d.level > 1 else ""
        dice = t("dicethrone.render.defense_dice", locale, count=d.dice)
        effect = effect_text(d.effect, statuses, faces, t, locale)
        # The Defensive Ability just rolled is the last move's mark on the defender's board.
        lit = p.seat == data.defender and data.roll.defense == d.name
        colour = theme.HIGHLIGHT if lit else theme.TEXT
        rows = [(effect, theme.TEXT_MUTED)]
        if brief and not lit and not (data.phase == "defensive" and p.seat == data.defender):
            rows = []  # not in play: its name and dice say which it is
        if quiet and lit:
            rows = []  # said across the notes (once), not down a narrow board
        add(f"⬟ {_name(d.name, locale)}{level} · {dice}", colour, rows, lit)
    return items


def defence_note(data: BoardView, t: Translate, locale: str) -> str | None:
    """The defence just rolled in words, "⬟ Duel: …" (the notes say it across the
    board when the defender's board is too narrow to), None without one."""
    p = data.players[data.defender]
    for d in p.defenses:
        if data.roll.defense == d.name:
            effect = effect_text(d.effect, status_names(data), _faces(p), t, locale)
            return f"⬟ {_name(d.name, locale)}: {effect}"
    return None


def focus(p: PlayerView, data: BoardView) -> tuple[AbilityView, ...]:
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


#: The words of the rows of recent views, by row and language: the layout measures each
#: column at several widths (``fit.fit_columns``) and a row's words do not depend on the
#: width; profiled, wording them again was over half of a board's render. A row of a view
#: is worded against that view's own faces and statuses, so the row object (kept here, so
#: its id is not reused) and the language are the whole key.
_ROW_TEXTS: dict[tuple[int, str], tuple[AbilityRow, str]] = {}
_ROW_TEXTS_KEPT = 2048


def _row_text(
    row: AbilityRow,
    faces: Mapping[str, Mapping[str, str]],
    statuses: Mapping[str, Mapping[str, str]],
    t: Translate,
    locale: str,
) -> str:
    key = (id(row), locale)
    hit = _ROW_TEXTS.get(key)
    if hit is not None and hit[0] is row:
        return hit[1]
    need = requirement_text(row.requirement, faces, t, locale)
    text = f"{need} → {effect_text(row.effect, statuses, faces, t, locale)}"
    if len(_ROW_TEXTS) >= _ROW_TEXTS_KEPT:
        _ROW_TEXTS.clear()  # a few views' worth: dropped at once rather than tracked
    _ROW_TEXTS[key] = (row, text)
    return text


def _roman(n: int) -> str:
    return {1: "I", 2: "II", 3: "III", 4: "IV"}.get(n, str(n))
