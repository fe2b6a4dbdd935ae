"""Reference positions for what players see: the start, a mid-game fight, the end, and
the crowded boards (a full duel with every summon its figures control; four players) that
must still fit a phone. The render tests and ``scripts/reference_renders/krosmaster.py``
share them.

Only printed, playable figures appear (issue 24): the built-in Osamodas Court (two Queens
of the Tofus and two Kings of the Gobballs, a legal limited team, 1.1.2.c) on each side,
their Tofus and Gobballs, the built-in arenas and rewards, and the figures' own spells
(Dan To Fu: +1 damage per Tofu next to its target). No made-up rule-test figure."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from engines.core import RiggedDice, Seat, View
from engines.krosmaster import ENGINE
from engines.krosmaster import actions as A
from engines.krosmaster.content.loader import builtin_pack
from engines.krosmaster.rules.state import Phase, State
from tests.engines.krosmaster.helpers import SEATS

#: The built-in duel team on both sides; its four unit ids on a seat.
TEAM = "osamodas-court"
QUEEN, KING = "rainha-dos-tofus", "king-of-the-gobballs"
QUEEN2, KING2 = f"{QUEEN}.2", f"{KING}.2"
SEATS4 = (*SEATS, Seat(2, "Carla"), Seat(3, "Davi"))


def start() -> State:
    """Deployment on the Training Grounds: the teams are the same, so the first player was
    drawn (1.3.1.c); Bruno places the first figure."""
    state: State = ENGINE.new_match(
        {"team1": TEAM, "team2": TEAM}, SEATS, builtin_pack(), RiggedDice([True])
    )
    return state


def _setup(state: State, setup: Mapping[str, Any]) -> State:
    result: State = ENGINE.apply_setup(state, setup)
    return result


def _summons(
    seat: int, summoner: str, figure: str, count: int, first: int = 1
) -> list[dict[str, Any]]:
    """``count`` summons of ``figure`` for ``seat``'s unit ``summoner``, with the ids
    ``seat.figure-n`` from ``n = first``."""
    return [
        {
            "figure": figure,
            "owner": seat,
            "summoner": f"{seat}.{summoner}",
            "id": f"{seat}.{figure}-{n}",
        }
        for n in range(first, first + count)
    ]


def _fight(extra: Mapping[str, Any] | None = None) -> State:
    """Turn 5 on the Training Grounds, Alice's first Queen of the Tofus to play, before
    her spell: two of her Tofus stand next to Bruno's King of the Gobballs (G8)."""
    add = [*_summons(0, QUEEN, "tofu", 2), *_summons(1, KING, "gobball", 1)]
    units = [
        {
            "id": f"0.{QUEEN}",
            "square": "E7",
            "inspiration": ["crit"],
            "rewards": ["speed-boost", "aeroboost"],
        },
        {"id": f"0.{KING}", "square": "F5", "mp_tokens": 1},
        {"id": f"0.{QUEEN2}", "square": "C4", "wounds": 2},
        {"id": f"0.{KING2}", "square": "J2", "wounds": 3},
        {"id": "0.tofu-1", "square": "H8"},
        {"id": "0.tofu-2", "square": "G7"},
        {"id": f"1.{KING}", "square": "G8", "inspiration": ["armour"]},
        {"id": f"1.{QUEEN}", "square": "E9", "range_tokens": 1},
        {"id": f"1.{QUEEN2}", "square": "I9", "rewards": [{"id": "dragoturkey", "revealed": True}]},
        {"id": f"1.{KING2}", "square": "B10", "wounds": 5},
        {"id": "1.gobball-1", "square": "F10"},
    ]
    setup: dict[str, Any] = {
        "add": add,
        "units": units,
        "players": [{"gg": 3, "kamas": 7}, {"gg": 2, "kamas": 4}],
        "wild_gg": 2,
        "turn": 5,
        "active": f"0.{QUEEN}",
    }
    for key, value in (extra or {}).items():
        setup[key] = [*setup.get(key, []), *value] if isinstance(value, list) else value
    return _setup(start(), setup)


def mid_game() -> State:
    """Alice's Queen of the Tofus has cast Dan To Fu at Bruno's King of the Gobballs: 1
    damage, +2 for the two Tofus next to him, +1 critical, 1 Armour: 3 wounds; 3 AP left."""
    state = _fight()
    dice = RiggedDice(["crit", "lock", "armour", "lock"])
    return ENGINE.apply(state, 0, A.Cast("dan-to-fu", "G8"), dice).state


def preview(state: State) -> View:
    """Alice's preview of her Queen of the Tofus walking to E5 round the tree at E6 (all
    four of her MP) before her spell."""
    view = ENGINE.preview(state, 0, A.Move("E5"))
    assert view is not None
    return view


def end() -> State:
    """Dan To Fu knocks out Bruno's last Krosmaster, his wounded King of the Gobballs:
    Alice wins by knock-outs (1.4.3; his Gobball does not count)."""
    state = _fight(
        {
            "units": [
                {"id": f"1.{QUEEN}", "ko": True},
                {"id": f"1.{QUEEN2}", "ko": True},
                {"id": f"1.{KING2}", "ko": True},
                {"id": f"1.{KING}", "wounds": 7},
            ],
            "wild_gg": 0,
        }
    )
    dice = RiggedDice(["crit", "lock", "lock", "lock"])
    out = ENGINE.apply(state, 0, A.Cast("dan-to-fu", "G8"), dice).state
    assert out.phase is Phase.OVER
    return out


#: The crowded duel's squares: each side's four Krosmasters, four Tofus and two Gobballs
#: (every Queen's Tofus within her control of 3, one Gobball per King, 4.19.9).
BUSY_SQUARES = {
    f"0.{QUEEN}": "E7",
    f"0.{KING}": "F5",
    f"0.{QUEEN2}": "C4",
    f"0.{KING2}": "J2",
    "0.tofu-1": "H8",
    "0.tofu-2": "G7",
    "0.tofu-3": "D3",
    "0.tofu-4": "D5",
    "0.gobball-1": "G5",
    "0.gobball-2": "K2",
    f"1.{KING}": "G8",
    f"1.{QUEEN}": "E9",
    f"1.{QUEEN2}": "I9",
    f"1.{KING2}": "B10",
    "1.tofu-1": "D9",
    "1.tofu-2": "E10",
    "1.tofu-3": "J9",
    "1.tofu-4": "K9",
    "1.gobball-1": "F10",
    "1.gobball-2": "A10",
}


def busy_duel() -> State:
    """The crowded duel: four Krosmasters a side with four Tofus and two Gobballs each,
    ±AP/±MP/±range tokens on six figures, three inspiration dice, six rewards (three face
    up, with long names in pt-BR and it); the active Queen carries the most."""
    add: list[dict[str, Any]] = []
    for seat in (0, 1):
        add += _summons(seat, QUEEN, "tofu", 2) + _summons(seat, QUEEN2, "tofu", 2, first=3)
        add += _summons(seat, KING, "gobball", 1) + _summons(seat, KING2, "gobball", 1, first=2)
    extras: dict[str, dict[str, Any]] = {
        f"0.{QUEEN}": {
            "ap_tokens": 1,
            "mp_tokens": -1,
            "range_tokens": 1,
            "inspiration": ["crit"],
            "rewards": [{"id": "golden-energy", "revealed": True}, "champion-trophy"],
        },
        f"0.{KING}": {"mp_tokens": 1},
        f"0.{QUEEN2}": {"wounds": 4, "ap_tokens": -1},
        "0.gobball-1": {"wounds": 1},
        f"1.{QUEEN}": {"range_tokens": 1, "inspiration": ["crit"], "rewards": ["speed-boost"]},
        f"1.{KING}": {"wounds": 2, "rewards": [{"id": "lock-buff", "revealed": True}, "iron-fist"]},
        f"1.{QUEEN2}": {
            "inspiration": ["lock"],
            "rewards": [{"id": "dragoturkey", "revealed": True}],
        },
        f"1.{KING2}": {"mp_tokens": -1, "ap_tokens": -1},
    }
    units = [{"id": uid, "square": sq, **extras.get(uid, {})} for uid, sq in BUSY_SQUARES.items()]
    state = _setup(
        start(),
        {
            "add": add,
            "units": units,
            "players": [{"gg": 4, "kamas": 9}, {"gg": 3, "kamas": 6}],
            "turn": 6,
            "active": f"0.{QUEEN}",
        },
    )
    # Dan To Fu at the King of the Gobballs: the caption takes two lines, as in a real turn.
    dice = RiggedDice(["crit", "lock", "armour", "lock"])
    return ENGINE.apply(state, 0, A.Cast("dan-to-fu", "G8"), dice).state


def longest_names() -> State:
    """The crowded duel with the longest printed names of the roster (in every locale):
    each of its figures, summons included, takes a different one of those names (a copy
    of its own card, renamed); nothing else changes. The caster and the target of the
    caption keep their own names (Queen of the Tofus, King of the Gobballs: among the
    longest playable ones): with two of the roster's longest in a three-line caption, the
    Italian private board needs 1,123 px even at the smallest squares (a render limit)."""
    state = busy_duel()
    roster = [f for f in builtin_pack().figures.values() if not f.summon]
    longest = sorted(roster, key=lambda f: -max(len(n) for n in (f.name, *dict(f.names).values())))
    caption = {state.last.unit, *(hit.unit for hit in state.last.hits)} if state.last else set()
    others = sorted((u for u in state.units if u.id not in caption), key=lambda u: u.id)
    figures = dict(state.figures)
    units = list(state.units)
    for long, unit in zip(longest, others, strict=False):
        renamed = f"{unit.figure}~{long.id}"
        figures[renamed] = replace(state.figures[unit.figure], name=long.name, names=long.names)
        units[units.index(unit)] = replace(unit, figure=renamed)
    return replace(state, figures=figures, units=tuple(units))


#: The four-player positions: each seat's Queen, King and one summon, on Four Winds.
FOUR_UNITS: list[dict[str, Any]] = [
    {"id": f"0.{QUEEN}", "square": "D1", "inspiration": ["crit", "armour"]},
    {
        "id": f"0.{KING}",
        "square": "E4",
        "ap_tokens": 1,
        "range_tokens": -1,
        "rewards": [{"id": "golden-energy", "revealed": True}, "long-bow"],
    },
    {"id": "0.tofu-1", "square": "E1"},
    {"id": f"1.{KING}", "square": "L4", "mp_tokens": -1, "wounds": 3},
    {"id": f"1.{QUEEN}", "square": "I5", "rewards": [{"id": "lock-buff", "revealed": True}]},
    {"id": "1.tofu-1", "square": "L5"},
    {"id": f"2.{QUEEN}", "square": "E12", "inspiration": ["dodge"]},
    {"id": f"2.{KING}", "ko": True},
    {"id": "2.tofu-1", "square": "F12"},
    {"id": f"3.{KING}", "square": "A5", "mp_tokens": 1, "ap_tokens": -1},
    {"id": f"3.{QUEEN}", "square": "C6", "rewards": ["speed-boost", "iron-fist"]},
    {"id": "3.gobball-1", "square": "A6", "wounds": 1},
]


def busy_four(mode: str = "ffa") -> State:
    """Four players (``ffa`` or ``2v2``) on Four Winds, each with the Osamodas Duo (9.1.2)
    and a summon, tokens, dice and rewards; one King knocked out."""
    teams = {f"team{k}": "osamodas-duo" for k in range(1, 5)}
    # The duos' initiatives tie: the draws put the seats in order 0, 1, 2, 3.
    state: State = ENGINE.new_match(
        {"mode": mode, **teams}, SEATS4, builtin_pack(), RiggedDice([0, 1, 2, 3] * 5)
    )
    add = [*(s for seat in (0, 1, 2) for s in _summons(seat, QUEEN, "tofu", 1))]
    add += _summons(3, KING, "gobball", 1)
    return _setup(
        state,
        {
            "add": add,
            "units": FOUR_UNITS,
            "players": [{"gg": 4}, {"gg": 3}, {"gg": 2}, {"gg": 5}],
            "turn": 4,
            "active": f"0.{KING}",
        },
    )
