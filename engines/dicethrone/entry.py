"""Previews of a Dice Throne pack's entries (``engines.core.entry``): one sheet per
hero with its dice, board (abilities by level, defences, passives, the other side of
a double-sided board), status effects and deck. Names and texts are the pack's, per
locale; what a script does is said in the engine's words for its steps, in the reader's
language (``content/words.py``), as on the hero board and the cards."""

from __future__ import annotations

from typing import Any

from engines.core.entry import message, section, sheet
from engines.dicethrone.content import Ability, Content, Defense, Hero, Requirement, Script
from engines.dicethrone.content.words import script_words

GAME = "dicethrone"


def _k(key: str, **params: Any) -> dict[str, Any]:
    return message(f"dicethrone.entry.{key}", **params)


def entry_ids(content: Content) -> list[str]:
    """Every hero of the pack, in the pack's order."""
    return list(content.heroes)


def entry_data(content: Content, entry_id: str) -> dict[str, Any] | None:
    """A hero's preview sheet, or ``None``."""
    hero = content.heroes.get(entry_id)
    return None if hero is None else _hero(hero)


def hero_sheet(hero: Hero) -> dict[str, Any]:
    """A hero's board, dice, statuses and deck as a sheet (also ``/match lookup``)."""
    return _hero(hero)


def _hero(hero: Hero) -> dict[str, Any]:
    sections = [
        section(_k("abilities"), [line for a in hero.abilities for line in _ability(hero, a)]),
        section(_k("defenses"), [line for d in hero.defenses for line in _defense(hero, d)]),
        section(
            _k("passives"),
            [_k("named", name=p.name, text=p.text) for p in hero.passives]
            # The board's own track and dial (issue 22: Footwork, Sun Dial) read here too.
            + [_k("named", name=t.name, text=t.text) for t in hero.tracks]
            + [_k("named", name=d.name, text=d.text) for d in hero.dials]
            # A piece on the board or with another player (Thor's Mjölnir).
            + [_k("named", name=p.name, text=p.text) for p in hero.pieces],
        ),
    ]
    if hero.flip_side is not None:
        side = hero.flip_side
        lines = [line for a in side.abilities for line in _ability(hero, a)]
        lines += [line for d in side.defenses for line in _defense(hero, d)]
        lines += [_k("named", name=p.name, text=p.text) for p in side.passives]
        sections.append(section(_k("flip", side=side.name), lines))
    statuses = [
        _k("status", name=s.name, limit=s.stack_limit, text=s.text)
        if s.stack_limit is not None
        else _k("status_no_limit", name=s.name, text=s.text)  # on no public record
        for s in hero.statuses
    ]
    companions = [_k("status", name=c.name, limit=c.limit, text=c.text) for c in hero.companions]
    sections += [
        section(_k("statuses"), statuses),
        section(_k("companions"), companions),
        section(_k("deck", count=sum(c.copies for c in hero.cards)), _deck(hero)),
    ]
    if hero.setup:
        sections.append(section(_k("setup"), [{"sub": _script(hero, hero.setup)}]))
    return sheet(
        GAME,
        hero.id,
        kind=_k("kind"),
        title=hero.name,
        subtitle=(
            _k("complexity", value=hero.complexity)
            if hero.complexity
            else _k("complexity_unknown")  # no public record gives it
        ),
        stats=[_dice(hero)],
        sections=sections,
        verified=hero.verified,
        source=hero.source,
    )


def _dice(hero: Hero) -> Any:
    """The die's faces grouped by symbol: "1–3 Sword · 4–5 Heart · 6 Strength"."""
    groups: list[tuple[int, int, str]] = []
    for value, symbol in enumerate(hero.faces, start=1):
        if groups and groups[-1][2] == symbol and groups[-1][1] == value - 1:
            groups[-1] = (groups[-1][0], value, symbol)
        else:
            groups.append((value, value, symbol))
    parts: list[Any] = []
    for low, high, _symbol in groups:
        faces = str(low) if low == high else f"{low}–{high}"
        parts.append(_k("face", faces=faces, symbol=hero.symbol_text(low)))
    return {"join": parts, "sep": " · "}


def _ability(hero: Hero, ability: Ability) -> list[Any]:
    head = _k("ultimate" if ability.ultimate else "ability", name=ability.name)
    lines: list[Any] = [{"strong": head}]
    for level, variants in sorted(ability.levels.items()):
        for variant in variants:
            need = _requirement(hero, variant.requirement)
            lines.append(
                {"sub": _k("variant", level=level, need=need, effect=_script(hero, variant.effect))}
            )
    return lines


def _requirement(hero: Hero, need: Requirement) -> Any:
    parts: list[Any] = []
    for symbol, count in need.symbols.items():
        index = hero.faces.index(symbol) + 1 if symbol in hero.faces else 0
        name = hero.symbol_text(index) if index else symbol
        parts.append(_k("symbols", count=count, symbol=name))
    if need.straight == 4:
        parts.append(_k("small_straight"))
    elif need.straight == 5:
        parts.append(_k("large_straight"))
    elif need.straight:
        parts.append(_k("straight", count=need.straight))
    if need.of_a_kind:
        parts.append(_k("of_a_kind", count=need.of_a_kind))
    return {"join": parts, "sep": " + "}


def _defense(hero: Hero, defense: Defense) -> list[Any]:
    lines: list[Any] = [{"strong": _k("defense", name=defense.name, dice=defense.dice)}]
    for level, script in sorted(defense.levels.items()):
        lines.append({"sub": _k("level", level=level, effect=_script(hero, script))})
    return lines


def _deck(hero: Hero) -> list[Any]:
    lines: list[Any] = []
    for card in hero.cards:
        timing = message(f"dicethrone.render.timing.{card.timing.value}")
        lines.append(
            {
                "strong": _k(
                    "card", copies=card.copies, name=card.name, cost=card.cost, timing=timing
                )
            }
        )
        lines.append(card.text)
    return lines


def _script(hero: Hero, script: Script) -> dict[str, str]:
    """What ``script`` does, in every locale (the reader's is shown)."""
    return script_words(hero, script)
