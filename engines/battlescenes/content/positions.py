"""Positions described by card keys: scenario set-ups and rulebook examples.

:func:`build` lays out a mid-game position from each player's zones given as
content keys. Card instances are numbered in a fixed order so scenario steps
can name them: for seat 0 then seat 1 — each scene card base followed by the
cards it carries, then the deck (top first), hand, resources and prizes — and
the scenario last. docs/battlescenes.md documents the schema.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.battlescenes.content.schema import CardDef
from engines.battlescenes.rules.state import CardRef, InScene, Phase, PlayerState, State
from engines.battlescenes.table.shields import refresh_shields
from engines.core import SetupError, serde
from engines.core.model import replace

ZONES = ("deck", "hand", "resources", "prizes")


def _fail(detail: str) -> SetupError:
    return SetupError(
        f"Invalid scenario setup: {detail}",
        key="core.error.setup_override",
        params={"detail": detail},
    )


def _keys(value: Any, where: str, defs: Mapping[str, CardDef]) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(k, str) for k in value):
        raise _fail(f"{where} must be a list of card keys")
    for key in value:
        if key not in defs:
            raise _fail(f"{where}: unknown card {key!r}")
    return list(value)


def build(base: State, setup: Mapping[str, Any], defs: Mapping[str, CardDef]) -> State:
    """A state from ``setup`` (see the module docstring); seats and names come from ``base``."""
    allowed = {"phase", "active", "turn", "first", "scenario", "players"}
    unknown = set(setup) - allowed
    if unknown:
        raise _fail(f"unknown keys {sorted(unknown)} (allowed: {sorted(allowed)})")
    sides = setup.get("players", [{}, {}])
    if not isinstance(sides, list) or len(sides) != len(base.players):
        raise _fail("players must list one mapping per seat")
    cards: list[CardRef] = []
    players: list[PlayerState] = []
    scene: list[InScene] = []

    def new(seat: int, key: str) -> int:
        cards.append(serde.intern(CardRef(seat, key)))
        return len(cards) - 1

    for seat, side in enumerate(sides):
        if not isinstance(side, Mapping) or set(side) - {"scene", *ZONES}:
            raise _fail(f"players[{seat}] may hold scene, {', '.join(ZONES)}")
        for i, placed in enumerate(side.get("scene", [])):
            where = f"players[{seat}].scene[{i}]"
            if not isinstance(placed, Mapping) or set(placed) - {
                "card",
                "loaded",
                "stage",
                "entered",
            }:
                raise _fail(f"{where} may hold card, loaded, stage, entered")
            key = _keys([placed.get("card")], where, defs)[0]
            stage = placed.get("stage", 1)
            if stage not in (0, 1, 2):
                raise _fail(f"{where}.stage must be 0, 1 or 2")
            card = new(seat, key)
            loaded = tuple(new(seat, k) for k in _keys(placed.get("loaded", []), where, defs))
            scene.append(
                InScene(card, seat, loaded, stage, entered_turn=int(placed.get("entered", 0)))
            )
        zones = {
            z: tuple(new(seat, k) for k in _keys(side.get(z, []), f"players[{seat}].{z}", defs))
            for z in ZONES
        }
        players.append(
            replace(base.players[seat], **zones, mulligan_done=True, resources_done=True)
        )
    scenario = setup.get("scenario")
    scen = new(0, _keys([scenario], "scenario", defs)[0]) if scenario else None
    decisions = ("preparation", "adjustment", "anticipation", "attack")
    if setup.get("phase", "attack") not in decisions:
        raise _fail(f"phase must be one of {list(decisions)}")
    phase = Phase(setup.get("phase", "attack"))
    state = replace(
        base,
        defs={k.key: defs[k.key] for k in cards},
        cards=tuple(cards),
        players=tuple(players),
        scene=tuple(scene),
        scenario=scen,
        phase=phase,
        active=int(setup.get("active", 0)),
        first=int(setup.get("first", 0)),
        turn=int(setup.get("turn", 3)),
        tree=(),
        choice=None,
        step="",
    )
    return refresh_shields(state)
