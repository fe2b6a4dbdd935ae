"""Previews of a Krosmaster pack's entries (``engines.core.entry``): each figure or
summon with its characteristics, powers and spells; each demonic reward; each arena
with its map. Names are the pack's, per locale; the rules' words come from the
catalog; additional effects are shown in the pack's own vocabulary."""

from __future__ import annotations

from typing import Any

from engines.core.entry import message, section, sheet, vocabulary
from engines.krosmaster.content.schema import (
    ArenaDef,
    ContentPack,
    FigureDef,
    PowerDef,
    RangeKind,
    RewardDef,
    SpellDef,
    SpellKind,
)
from engines.krosmaster.names import local_name

GAME = "krosmaster"


def entry_ids(pack: ContentPack) -> list[str]:
    """Figures and summons, then rewards, then arenas, each in the pack's order."""
    return [*pack.figures, *pack.rewards, *pack.arenas]


def entry_data(pack: ContentPack, entry_id: str) -> dict[str, Any] | None:
    """The preview sheet of one entry, or ``None``."""
    if entry_id in pack.figures:
        return _figure(pack.figures[entry_id])
    if entry_id in pack.rewards:
        return _reward(pack.rewards[entry_id])
    if entry_id in pack.arenas:
        return _arena(pack.arenas[entry_id])
    return None


def figure_sheet(fig: FigureDef) -> dict[str, Any]:
    """A figure's printed card as a sheet (also ``/match lookup`` of a figure in play)."""
    return _figure(fig)


def arena_sheet(arena: ArenaDef) -> dict[str, Any]:
    """An arena as a sheet (also ``/match lookup`` of the match's arena)."""
    return _arena(arena)


def _k(key: str, **params: Any) -> dict[str, Any]:
    return message(f"krosmaster.entry.{key}", **params)


def _figure(fig: FigureDef) -> dict[str, Any]:
    def shown(name: str, value: int | None) -> str:
        # "?": no public record gives it (a figure known by its stat line only).
        return "?" if name in fig.unknown else _dash(value)

    def stat(name: str, value: int | None) -> dict[str, Any]:
        return _k("stat", stat=message(f"krosmaster.stat.{name}"), value=shown(name, value))

    stats = [_k("hp", value=shown("hp", fig.hp)), stat("ap", fig.ap), stat("mp", fig.mp)]
    if fig.summon:
        subtitle: Any = ", ".join(fig.types) or None
    else:
        subtitle = _k(
            "level",
            level=shown("level", fig.level),
            initiative=shown("initiative", fig.initiative),
            colour=message(f"krosmaster.entry.colour.{fig.colour.value}"),
            types=", ".join(fig.types) or "—",
        )
    # A figure known by its stat line only: what is missing, under its spells' heading.
    missing = [] if fig.playable else [_k("not_playable", figure=fig.id)]
    return sheet(
        GAME,
        fig.id,
        kind=_k("kind.summon" if fig.summon else "kind.figure"),
        title=local_name(fig),
        subtitle=subtitle,
        stats=stats,
        sections=[
            section(_k("powers"), [_power(p) for p in fig.powers]),
            section(_k("spells"), [line for s in fig.spells for line in _spell(s)] or missing),
        ],
        verified=fig.verified,
        source=fig.source,
    )


def _dash(value: int | None) -> str:
    return "–" if value is None else str(value)


def _power(power: PowerDef) -> Any:
    """A power: its keyword's name (with its number, aura, gate or condition in the
    pack's vocabulary), or a card power's own name and text."""
    if power.name or power.text:
        name = power.name or message("krosmaster.power.manual")
        return _k("manual_power", name=name, text=power.text or "")
    keyword: Any = message(f"krosmaster.power.{power.power.value}")
    extra = [
        part
        for part in (
            str(power.amount) if power.amount else "",
            f"aura={power.aura}" if power.aura else "",
            f"leaves={power.leaves}" if power.leaves else "",
            f"{power.gate}={power.gate_count}" if power.gate else "",
            f"while={vocabulary(power.condition)}" if power.condition else "",
            f"stat={power.stat}" if power.stat else "",
        )
        if part
    ]
    return _k("power", name=keyword, extra=" ".join(extra)) if extra else keyword


def _spell(spell: SpellDef) -> list[Any]:
    """A spell's line (name, cost, range, element, damage or heal, limit) and its
    additional effects in the pack's vocabulary."""
    cost_parts: list[Any] = []
    if spell.ap or not (spell.mp or spell.wounds):
        cost_parts.append(_k("cost_ap", value=spell.ap))
    if spell.mp:
        cost_parts.append(_k("cost_mp", value=spell.mp))
    if spell.wounds:
        cost_parts.append(_k("cost_wounds", value=spell.wounds))
    if spell.range_kind in (RangeKind.MELEE, RangeKind.PERSONAL):
        reach: Any = _k(f"range.{spell.range_kind.value}")
    else:
        reach = _k(f"range.{spell.range_kind.value}", min=spell.range_min, max=spell.range_max)
    if spell.kind is SpellKind.ATTACK:
        amount: Any = _k("damage", amount=spell.amount, element=_element(spell))
    elif spell.kind is SpellKind.HEAL:
        amount = _k("heal", amount=spell.amount)
    else:
        amount = _k("special")
    parts = [*cost_parts, reach, amount]
    if spell.limit.value != "unlimited":
        parts.append(_k(f"limit.{spell.limit.value}"))
    if spell.zone.value != "single":
        parts.append(f"zone={spell.zone.value}")
    if spell.control:
        parts.append(f"control={spell.control}")
    if spell.tracking:
        parts.append("tracking")
    if spell.invasion:
        parts.append("invasion")
    head = _k("spell", name=local_name(spell), details=_joined(parts))
    lines: list[Any] = [{"strong": head}]
    if spell.effects:
        effects = "; ".join(vocabulary(e) for e in spell.effects)
        lines.append({"sub": _k("effects", effects=effects)})
    return lines


def _element(spell: SpellDef) -> Any:
    return message(f"krosmaster.entry.element.{spell.element.value}")


def _joined(parts: list[Any]) -> Any:
    """Several TEXTs joined by " · " (each translated on its own)."""
    return {"join": parts, "sep": " · "}


def _reward(reward: RewardDef) -> dict[str, Any]:
    facts: list[Any] = []
    if reward.ap:
        facts.append(_k("stat", stat=message("krosmaster.stat.ap"), value=f"{reward.ap:+d}"))
    if reward.mp:
        facts.append(_k("stat", stat=message("krosmaster.stat.mp"), value=f"{reward.mp:+d}"))
    if reward.range:
        facts.append(_k("range_bonus", value=f"{reward.range:+d}"))
    lines: list[Any] = []
    if reward.powers:
        lines += [message(f"krosmaster.power.{p.value}") for p in reward.powers]
    if reward.damage:
        lines.append(_k("effects", effects="; ".join(vocabulary(e) for e in reward.damage)))
    if reward.punch:
        lines.append(_k("effects", effects="; ".join(vocabulary(e) for e in reward.punch)))
    if reward.text:
        lines.append(reward.text)
    gear = f" · {reward.gear.value}" if reward.gear else ""
    return sheet(
        GAME,
        reward.id,
        kind=_k("kind.reward"),
        title=local_name(reward),
        subtitle=_k(
            "reward",
            tier=message(f"krosmaster.tier.{reward.tier.value}"),
            kind=_k(f"reward_kind.{reward.kind.value}"),
            gear=gear,
        ),
        stats=facts,
        sections=[
            section(_k("powers"), lines),
            section(_k("spells"), [line for s in reward.spells for line in _spell(s)]),
        ],
        verified=reward.verified,
        source=reward.source,
    )


def _arena(arena: ArenaDef) -> dict[str, Any]:
    """The arena's map in the format's own letters, one row per line."""
    marks: dict[tuple[int, int], str] = {}
    for squares, letter in (
        (arena.trees, "T"),
        (arena.bushes, "b"),
        (arena.boxes, "x"),
        (arena.demonic, "D"),
    ):
        for square in squares:
            marks[square] = letter
    for side, squares in enumerate(arena.starts, start=1):
        for square in squares:
            marks[square] = str(side)
    kamas = dict(arena.kamas)
    letters = [chr(ord("A") + x) for x in range(arena.width)]
    rows: list[Any] = [{"cells": ["", *letters]}]
    for y in range(arena.height):
        cells = [str(y + 1)]
        for x in range(arena.width):
            mark = marks.get((x, y), "·")
            cells.append(f"{mark}{kamas[(x, y)]}" if (x, y) in kamas else mark)
        rows.append({"cells": cells})
    return sheet(
        GAME,
        arena.id,
        kind=_k("kind.arena"),
        title=local_name(arena),
        subtitle=_k("size", width=arena.width, height=arena.height),
        sections=[section(_k("map"), [_k("legend"), *rows])],
        verified=arena.verified,
        source=arena.source,
    )
