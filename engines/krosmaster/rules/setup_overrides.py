"""Scenario set-up overrides for Krosmaster (docs/krosmaster.md, docs/scenarios.md).

A friendlier schema than the raw state JSON: place units by square label, set
wounds and tokens, add summons or extra figures, set stocks, and start a given
unit's activation so a rulebook position can be played from the first step.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import SetupError
from engines.core.model import replace
from engines.krosmaster.content.effects import effects_from_data
from engines.krosmaster.content.schema import UNGAINABLE, ContentPack, EffectKind, Power
from engines.krosmaster.effects.lasting import add_group_change, add_lasting
from engines.krosmaster.geometry import parse_label
from engines.krosmaster.rules.faces import Face
from engines.krosmaster.rules.state import Held, Phase, State, Unit
from engines.krosmaster.rules.turns import begin_unit

UNIT_FIELDS = {"id", "square", "wounds", "ap", "mp", "ap_tokens", "mp_tokens", "range_tokens"}
UNIT_FIELDS |= {"inspiration", "boost", "ko", "rewards", "gained", "lasting"}
KNOWN = {"units", "add", "players", "wild_gg", "reserve_kamas", "floor_kamas", "active", "turn"}
KNOWN |= {"groups"}


def _fail(detail: str) -> SetupError:
    return SetupError(
        f"Invalid scenario setup: {detail}",
        key="core.error.setup_override",
        params={"detail": detail},
    )


def _square(text: Any) -> tuple[int, int] | None:
    if text is None:
        return None
    sq = parse_label(str(text))
    if sq is None:
        raise _fail(f"{text!r} is not a square")
    return sq


def _unit(state: State, spec: Mapping[str, Any]) -> Unit:
    unknown = set(spec) - UNIT_FIELDS
    if unknown:
        raise _fail(f"unknown unit field(s) {sorted(unknown)}")
    wanted = str(spec.get("id", ""))
    found = [u for u in state.units if wanted in (u.id, state.fig(u).name)]
    if len(found) != 1:
        raise _fail(f"no single unit {wanted!r}")
    unit = found[0]
    changes: dict[str, Any] = {}
    if "square" in spec:
        changes["pos"] = _square(spec["square"])
    for key in ("wounds", "ap", "mp", "ap_tokens", "mp_tokens", "range_tokens"):
        if key in spec:
            changes[key] = int(spec[key])
    if "ko" in spec:
        changes["ko"] = bool(spec["ko"])
    if "inspiration" in spec:
        changes["inspiration"] = tuple(Face(f) for f in spec["inspiration"])
    if "rewards" in spec:  # reward ids, face down; {id, revealed: true} for face up
        held = []
        for item in spec["rewards"]:
            rid = str(item["id"] if isinstance(item, Mapping) else item)
            if rid not in state.rewards:
                raise _fail(f"unknown reward {rid!r}")
            up = bool(item.get("revealed", False)) if isinstance(item, Mapping) else False
            held.append(Held(rid, revealed=up, public=up))
        changes["rewards"] = tuple(held)
    if "gained" in spec:  # powers gained until the end of the fight (1.3.10.a)
        names = {p.value: p for p in Power if p not in UNGAINABLE}
        bad = [str(n) for n in spec["gained"] if str(n) not in names]
        if bad:
            raise _fail(f"unknown power(s) {bad} in gained")
        changes["gained"] = tuple(names[str(n)] for n in spec["gained"])
    if "boost" in spec:
        changes["boost"] = effects_from_data(spec["boost"], "setup")
    return replace(unit, **changes)


def apply(state: State, overrides: Mapping[str, Any], pack: ContentPack) -> State:
    """Apply the known keys; anything else is an error naming the key."""
    unknown = set(overrides) - KNOWN
    if unknown:
        raise _fail(f"unknown key(s) {sorted(unknown)}; known: {sorted(KNOWN)}")
    for spec in overrides.get("add", []):
        state = _add(state, spec, pack)
    for spec in overrides.get("units", []):
        unit = _unit(state, spec)
        state = replace(state, units=tuple(unit if u.id == unit.id else u for u in state.units))
        state = _unit_lasting(state, unit.id, spec.get("lasting", []))
    for spec in overrides.get("groups", []):
        state = _group(state, spec)
    players = list(state.players)
    for i, spec in enumerate(overrides.get("players", [])):
        players[i] = replace(
            players[i], **{k: int(v) for k, v in spec.items() if k in ("gg", "kamas")}
        )
    state = replace(state, players=tuple(players))
    for key in ("wild_gg", "reserve_kamas"):
        if key in overrides:
            state = replace(state, **{key: int(overrides[key])})
    if "floor_kamas" in overrides:
        state = replace(
            state, floor_kamas={str(k).upper(): int(v) for k, v in overrides["floor_kamas"].items()}
        )
    if "turn" in overrides:
        state = replace(state, player_turn=int(overrides["turn"]))
    if "active" in overrides:
        state = _activate(state, str(overrides["active"]))
    return state


def _unit_lasting(state: State, uid: str, data: Any) -> State:
    """4.18.4: lasting changes already on the unit, written as spell effects
    (``{lasting: -1, stat: mp, until: turn}``); only a unit in the arena keeps them."""
    for effect in effects_from_data(data, f"setup unit {uid}"):
        if effect.kind is not EffectKind.LASTING or effect.side:
            raise _fail(f"unit {uid}: lasting takes lasting effects without side")
        if state.unit(uid).pos is None:
            raise _fail(f"unit {uid}: lasting needs a square (4.18.3.d)")
        state, _ = add_lasting(state, uid, effect)
    return state


def _group(state: State, spec: Mapping[str, Any]) -> State:
    """4.18.4.c: a group change in place, ``{seat: 0, lasting: 1, stat: mp, until: fight,
    side: allies, who: summons}`` — the side is read from that seat."""
    data = dict(spec)
    seat = int(data.pop("seat", -1))
    if seat not in range(len(state.players)):
        raise _fail(f"group change {dict(spec)} needs seat: a seat number")
    (effect,) = effects_from_data([data], "setup groups")
    if effect.kind is not EffectKind.LASTING or not effect.side:
        raise _fail(f"group change {dict(spec)} needs lasting and side (4.18.4.c)")
    state, _ = add_group_change(state, seat, effect)
    return state


def _add(state: State, spec: Mapping[str, Any], pack: ContentPack) -> State:
    fid = str(spec.get("figure", ""))
    fig = state.figures.get(fid) or pack.figures.get(fid)
    if fig is None:
        raise _fail(f"unknown figure {fid!r}")
    owner = int(spec.get("owner", 0))
    uid = str(spec.get("id") or f"{owner}.{fid}.{len(state.units) + 1}")
    summoner = spec.get("summoner")
    unit = Unit(
        id=uid,
        figure=fid,
        owner=owner,
        pos=_square(spec.get("square")),
        summoner=str(summoner) if summoner else None,
    )
    line = list(state.players[owner].timeline)
    # 4.19.1.g: a summon plays right after its summoner (after earlier summons of it).
    at = len(line)
    if summoner and summoner in line:
        at = line.index(summoner) + 1
        while at < len(line) and state.unit(line[at]).summoner == summoner:
            at += 1
    line.insert(at, uid)
    players = list(state.players)
    players[owner] = replace(players[owner], timeline=tuple(line))
    return replace(
        state,
        units=(*state.units, unit),
        figures={**state.figures, fid: fig},
        players=tuple(players),
    )


def _activate(state: State, uid: str) -> State:
    unit = next((u for u in state.units if uid in (u.id, state.fig(u).name)), None)
    if unit is None or unit.pos is None:
        raise _fail(f"active unit {uid!r} is not in the arena")
    state = replace(
        state,
        active_player=unit.owner,
        deploying=unit.owner,
        phase=Phase.ACTIVATION,
        player_turn=max(state.player_turn, 2),
    )
    return begin_unit(state, unit.id)
