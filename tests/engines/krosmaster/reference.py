"""Reference positions for what players see: the start, a mid-game fight, the end, and
the crowded boards (eight figures a side with summons; four players) that must still fit
a phone. The render tests and ``scripts/reference_renders/krosmaster.py`` share them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from engines.core import RiggedDice, View
from engines.krosmaster import ENGINE
from engines.krosmaster.content.loader import builtin_pack
from engines.krosmaster.rules import actions as A
from engines.krosmaster.state import Phase, State
from tests.engines.krosmaster.helpers import new_match
from tests.engines.krosmaster.helpers_multi import position4

#: Figures added to the preset teams for eight a side (levels are not checked by a setup).
MORE = {
    0: ("rainha-dos-tofus", "ana-tomya", "luk-ylook"),
    1: ("cavaleiro-nuvem", "ratweyra", "luk-ylook", "ana-tomya"),
}


def start() -> State:
    """Deployment on the Training Grounds: Alice places her first figure."""
    return new_match()


def _setup(state: State, setup: Mapping[str, Any]) -> State:
    result: State = ENGINE.apply_setup(state, setup)
    return result


def _fight(extra: Mapping[str, Any] | None = None) -> State:
    """Turn 5 on the Training Grounds, Vigg Arysta's activation, before its spell."""
    units = [
        {"id": "0.gui-yermetel", "square": "F5", "mp_tokens": 1},
        {
            "id": "0.vigg-arysta",
            "square": "E7",
            "inspiration": ["crit"],
            "rewards": ["speed-boost", "aeroboost"],
        },
        {"id": "0.tristepan", "square": "C4", "wounds": 2},
        {"id": "0.koa-gullar", "square": "J2", "wounds": 3},
        {"id": "0.merkator", "square": "H3"},
        {"id": "1.evangelyne", "square": "E9", "range_tokens": 1},
        {"id": "1.gultar", "square": "G8", "inspiration": ["armour"]},
        {
            "id": "1.quentin-flush",
            "square": "I9",
            "rewards": [{"id": "dragoturkey", "revealed": True}],
        },
        {"id": "1.gasper-feyto", "square": "B10", "wounds": 5},
    ]
    setup: dict[str, Any] = {
        "units": units,
        "players": [{"gg": 3, "kamas": 7}, {"gg": 2, "kamas": 4}],
        "wild_gg": 2,
        "turn": 5,
        "active": "0.vigg-arysta",
    }
    for key, value in (extra or {}).items():
        setup[key] = [*setup.get(key, []), *value] if isinstance(value, list) else value
    return _setup(new_match(), setup)


def mid_game() -> State:
    """Vigg Arysta has cast Engano at Gultar (1 critical, 1 Armour); 1 AP left."""
    state = _fight()
    dice = RiggedDice(["crit", "lock", "armour"])
    return ENGINE.apply(state, 0, A.Cast("engano", "G8"), dice).state


def preview(state: State) -> View:
    """Alice's preview of Vigg Arysta walking two squares before its spell."""
    view = ENGINE.preview(state, 0, A.Move("E5"))
    assert view is not None
    return view


def end() -> State:
    """Vigg Arysta's Engano knocks out Bruno's last Krosmaster: Alice wins by knock-outs."""
    state = _fight(
        {
            "units": [
                {"id": "1.evangelyne", "ko": True},
                {"id": "1.quentin-flush", "ko": True},
                {"id": "1.gasper-feyto", "ko": True},
                {"id": "1.gultar", "wounds": 23},
            ],
            "wild_gg": 0,
        }
    )
    dice = RiggedDice(["crit", "lock", "lock", "lock"])
    out = ENGINE.apply(state, 0, A.Cast("engano", "G8"), dice).state
    assert out.phase is Phase.OVER
    return out


def busy_duel() -> State:
    """The crowded duel: eight figures a side and two summons each, ±AP/±MP/±range tokens
    on six figures, three inspiration dice, six rewards (three face up, with long names in
    pt-BR and it); the active figure carries the most."""
    add: list[dict[str, Any]] = [
        {"figure": fid, "owner": seat, "id": f"{seat}.{fid}"}
        for seat, figures in MORE.items()
        for fid in figures
    ]
    add += [
        {"figure": "tofu", "owner": 0, "summoner": "0.rainha-dos-tofus", "id": "0.tofu-1"},
        {"figure": "tofu", "owner": 0, "summoner": "0.rainha-dos-tofus", "id": "0.tofu-2"},
        {"figure": "armadilha-mortal", "owner": 1, "summoner": "1.ratweyra", "id": "1.trap"},
        {"figure": "arpoadora", "owner": 1, "summoner": "1.ratweyra", "id": "1.arpoadora"},
    ]
    squares = {
        "0.gui-yermetel": "F5",
        "0.vigg-arysta": "E7",
        "0.tristepan": "C4",
        "0.koa-gullar": "J2",
        "0.merkator": "H3",
        "0.rainha-dos-tofus": "D2",
        "0.ana-tomya": "G3",
        "0.luk-ylook": "K4",
        "0.tofu-1": "D3",
        "0.tofu-2": "E3",
        "1.evangelyne": "E9",
        "1.gultar": "G8",
        "1.quentin-flush": "I9",
        "1.gasper-feyto": "B10",
        "1.cavaleiro-nuvem": "F10",
        "1.ratweyra": "I11",
        "1.luk-ylook": "K10",
        "1.ana-tomya": "C11",
        "1.trap": "F9",
        "1.arpoadora": "J9",
    }
    extras: dict[str, dict[str, Any]] = {
        "0.vigg-arysta": {
            "ap_tokens": 1,
            "mp_tokens": -1,
            "range_tokens": 1,
            "inspiration": ["crit"],
            "rewards": [{"id": "golden-energy", "revealed": True}, "champion-trophy"],
        },
        "0.gui-yermetel": {"mp_tokens": 1},
        "0.tristepan": {"wounds": 4, "ap_tokens": -1},
        "0.tofu-1": {"wounds": 1},
        "1.evangelyne": {"range_tokens": 1, "inspiration": ["crit"]},
        "1.gultar": {"wounds": 9, "rewards": [{"id": "lock-buff", "revealed": True}, "iron-fist"]},
        "1.quentin-flush": {"rewards": [{"id": "dragoturkey", "revealed": True}]},
        "1.cavaleiro-nuvem": {"mp_tokens": -1, "ap_tokens": -1},
        "1.ratweyra": {"inspiration": ["lock"], "rewards": ["speed-boost"]},
    }
    units = [{"id": uid, "square": sq, **extras.get(uid, {})} for uid, sq in squares.items()]
    state = _setup(
        new_match(),
        {
            "add": add,
            "units": units,
            "players": [{"gg": 4, "kamas": 9}, {"gg": 3, "kamas": 6}],
            "turn": 6,
            "active": "0.vigg-arysta",
        },
    )
    # Vigg Arysta's Engano at Gultar: the caption takes two lines, as in a real turn.
    dice = RiggedDice(["crit", "lock", "armour", "lock"])
    return ENGINE.apply(state, 0, A.Cast("engano", "G8"), dice).state


def longest_names() -> State:
    """The crowded duel with the longest printed names of the roster (in every locale):
    each Krosmaster of it takes one of those names; nothing else changes."""
    state = busy_duel()
    roster = [f for f in builtin_pack().figures.values() if not f.summon]
    longest = sorted(roster, key=lambda f: -max(len(n) for n in (f.name, *dict(f.names).values())))
    ids = sorted({u.figure for u in state.units if not state.figures[u.figure].summon})
    renamed = {
        fid: replace(state.figures[fid], name=long.name, names=long.names)
        for fid, long in zip(ids, longest, strict=False)
    }
    return replace(state, figures={**state.figures, **renamed})


def busy_four(mode: str = "ffa") -> State:
    """Four players (``ffa`` or ``2v2``), each with a duo and a summon, tokens, dice and
    rewards; one figure knocked out."""
    add = [
        {"figure": "tofu", "owner": seat, "summoner": summoner, "id": f"{seat}.tofu"}
        for seat, summoner in (
            (0, "0.evangelyne"),
            (1, "1.cavaleiro-nuvem"),
            (2, "2.tristepan"),
            (3, "3.koa-gullar"),
        )
    ]
    units: list[dict[str, Any]] = [
        {"id": "0.evangelyne", "square": "D1", "inspiration": ["crit", "armour"]},
        {
            "id": "0.vigg-arysta",
            "square": "E4",
            "ap_tokens": 1,
            "range_tokens": -1,
            "rewards": [{"id": "golden-energy", "revealed": True}, "long-bow"],
        },
        {"id": "0.tofu", "square": "E1"},
        {"id": "1.cavaleiro-nuvem", "square": "L4", "mp_tokens": -1, "wounds": 3},
        {"id": "1.luk-ylook", "square": "I5", "rewards": [{"id": "lock-buff", "revealed": True}]},
        {"id": "1.tofu", "square": "L5"},
        {"id": "2.tristepan", "square": "E12", "inspiration": ["dodge"]},
        {"id": "2.gui-yermetel", "ko": True},
        {"id": "2.tofu", "square": "F12", "wounds": 1},
        {"id": "3.koa-gullar", "square": "A5", "mp_tokens": 1, "ap_tokens": -1},
        {"id": "3.quentin-flush", "square": "C6", "rewards": ["speed-boost", "iron-fist"]},
        {"id": "3.tofu", "square": "A6"},
    ]
    return position4(
        {
            "add": add,
            "units": units,
            "players": [{"gg": 4}, {"gg": 3}, {"gg": 2}, {"gg": 5}],
            "turn": 4,
            "active": "0.vigg-arysta",
        },
        mode=mode,
    )
