"""Conditional static effects (4.18.4.a/e) and lasting changes of dice and Loot (4.18.4):
"while adjacent to a Tofu, this unit has Armour", "while it has fewer than 5 wounds it has
Counter-attack" (4.18.3.c, Yugo's example), "during your turn", "+1 MP while …"; +1 die to
crit or armour tests, +X Loot; ``adjust … what:group`` for a type or name (4.18.4.c)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from engines.core import ContentError, InvalidActionError
from engines.krosmaster import ENGINE
from engines.krosmaster import actions as A
from engines.krosmaster.content.loader import load_dir
from engines.krosmaster.content.schema import Condition, Power, PowerDef
from engines.krosmaster.rules.board import group_lasting, has_power, max_mp
from engines.krosmaster.rules.casting import armour_dice, crit_dice
from engines.krosmaster.rules.pending import resolve
from engines.krosmaster.rules.state import Pending, PendingKind, Phase, State
from engines.krosmaster.rules.targeting import find_spell
from tests.engines.krosmaster.helpers import act, position, sq
from tests.engines.krosmaster.test_summons import queen


def _with(state: State, figure: str, *powers: PowerDef) -> State:
    fig = state.figures[figure]
    fig = replace(fig, powers=(*fig.powers, *powers))
    return replace(state, figures={**state.figures, figure: fig})


def _moved(state: State, uid: str, square: str) -> State:
    unit = replace(state.unit(uid), pos=sq(square))
    return replace(state, units=tuple(unit if u.id == uid else u for u in state.units))


def _wounded(state: State, uid: str, wounds: int) -> State:
    unit = replace(state.unit(uid), wounds=wounds)
    return replace(state, units=tuple(unit if u.id == uid else u for u in state.units))


def test_a_power_while_adjacent_to_a_type_or_name_from_any_side() -> None:
    # The Queen has Armour while a Tofu stands next to her (4.18.9: any unit of that type).
    state = _with(
        queen(tofus=1), "rainha-dos-tofus", PowerDef(Power.ARMOUR, condition=Condition("Tofu"))
    )
    queen_id = "0.rainha-dos-tofus"
    assert not has_power(state, state.unit(queen_id), Power.ARMOUR)  # the Tofu is on H1
    state = _moved(state, "0.tofu.1", "C4")
    assert has_power(state, state.unit(queen_id), Power.ARMOUR)  # 4.18.4.e: at once
    gultar = find_spell(state, state.unit("1.gultar"), "espada-celestial")
    assert armour_dice(state, state.unit(queen_id), gultar, piercing=False) == 2
    # Gultar (an enemy, named) next to her counts too, unless the card says "allied".
    named = _with(
        queen(), "rainha-dos-tofus", PowerDef(Power.DODGE, condition=Condition("gultar o bárbaro"))
    )
    named = _moved(named, "1.gultar", "D3")
    assert has_power(named, named.unit(queen_id), Power.DODGE)
    allied = _with(
        queen(),
        "rainha-dos-tofus",
        PowerDef(Power.DODGE, condition=Condition("Gultar o Bárbaro", side="allies")),
    )
    assert not has_power(_moved(allied, "1.gultar", "D3"), allied.unit(queen_id), Power.DODGE)


def _yugo() -> State:
    """Gultar hits Tristepan, who has Counter-attack only while under 5 wounds (4.18.3.c:
    Yugo loses his Counter-attack to enough wounds)."""
    state = position(
        {
            "units": [{"id": "1.gultar", "square": "C3"}, {"id": "0.tristepan", "square": "C4"}],
            "active": "1.gultar",
        }
    )
    counter = PowerDef(Power.COUNTER_ATTACK, condition=Condition(wounds_below=5))
    return _with(state, "tristepan", counter)


def test_a_power_lost_to_wounds_gives_no_counter_attack() -> None:
    # Espada Celestial: 2 wounds (no crit, no armour). At 0 → 2 wounds he still has it.
    state = act(_yugo(), A.Cast("espada-celestial", "C4"), ["Lock", "Lock"])
    assert state.unit("0.tristepan").wounds == 2 and state.unit("1.gultar").wounds == 1
    # At 3 → 5 wounds he has lost it: no counter-attack is queued.
    state = _wounded(_yugo(), "0.tristepan", 3)
    state = act(state, A.Cast("espada-celestial", "C4"), ["Lock", "Lock"])
    assert state.unit("0.tristepan").wounds == 5 and state.unit("1.gultar").wounds == 0


def test_a_pending_counter_attack_vanishes_when_its_power_is_lost() -> None:
    # 4.18.3.c: queued while he had it; more wounds before it resolves, and it is lost.
    state = _wounded(_yugo(), "0.tristepan", 5)
    queued = Pending(PendingKind.COUNTER_ATTACK, "0.tristepan", "1.gultar", 1)
    state = replace(state, pending=(queued,), phase=Phase.PENDING)
    after, events = resolve(state, 0, None)  # type: ignore[arg-type]  # no die is needed
    assert after.unit("1.gultar").wounds == 0
    assert [(e.key, e.rule) for e in events] == [("krosmaster.event.pending_lost", "4.18.3.c")]
    kept, _ = resolve(_wounded(state, "0.tristepan", 4), 0, None)  # type: ignore[arg-type]
    assert kept.unit("1.gultar").wounds == 1  # still under 5: it resolves


def test_conditions_on_the_timeline() -> None:
    # "During your turn": Gultar (Bruno's) has Lock only in Bruno's turn; "its activation".
    state = _yugo()  # Bruno's turn, Gultar active
    state = _with(
        state,
        "gultar",
        PowerDef(Power.LOCK, condition=Condition(turn="own")),
        PowerDef(Power.DODGE, condition=Condition(turn="other")),
        PowerDef(Power.ARMOUR, condition=Condition(turn="active")),
    )
    gultar = state.unit("1.gultar")
    assert has_power(state, gultar, Power.LOCK) and has_power(state, gultar, Power.ARMOUR)
    assert not has_power(state, gultar, Power.DODGE)
    theirs = replace(state, active_player=0, active_unit="0.tristepan")
    assert not has_power(theirs, gultar, Power.LOCK) and has_power(theirs, gultar, Power.DODGE)
    assert not has_power(replace(state, active_unit="1.evangelyne"), gultar, Power.ARMOUR)


def test_a_static_change_of_a_number_while_a_condition_holds() -> None:
    # "While adjacent to a Tofu, the Queen has +1 MP and +1 die to her crit tests."
    plus = Condition("Tofu")
    state = _with(
        queen(tofus=1),
        "rainha-dos-tofus",
        PowerDef(Power.MANUAL, amount=1, stat="mp", condition=plus),
        PowerDef(Power.MANUAL, amount=1, stat="crit", condition=plus),
    )
    q = "0.rainha-dos-tofus"
    far = max_mp(state, state.unit(q))
    dan = find_spell(state, state.unit(q), "dan-to-fu")
    assert crit_dice(state, state.unit(q), dan) == 1
    near = _moved(state, "0.tofu.1", "C4")
    assert max_mp(near, near.unit(q)) == (far or 0) + 1
    assert crit_dice(near, near.unit(q), dan) == 2
    # 4.18.4.g: a unit that lost its powers loses its static effects too.
    lost = ENGINE.apply_setup(
        near,
        {"units": [{"id": q, "lasting": [{"lasting": -1, "stat": "powers", "until": "turn"}]}]},
    )
    assert max_mp(lost, lost.unit(q)) == far


def test_lasting_dice_and_loot_changes() -> None:
    """+1 die to crit tests, −1 die to armour tests until the end of the turn; +2 Loot
    until the end of the fight: the knocker's player takes 2 more kamas (4.9.29)."""
    state = position(
        {
            "units": [
                {
                    "id": "0.tristepan",
                    "square": "C3",
                    "lasting": [{"lasting": 1, "stat": "crit", "until": "turn"}],
                },
                {
                    "id": "1.gultar",
                    "square": "C4",
                    "wounds": 24,
                    "lasting": [
                        {"lasting": -1, "stat": "armour", "until": "turn"},
                        {"lasting": 2, "stat": "loot", "until": "fight"},
                    ],
                },
                {"id": "1.evangelyne", "square": "J10"},
            ],
            "active": "0.tristepan",
            "players": [{"kamas": 0}, {"kamas": 0}],
        }
    )
    blade = find_spell(state, state.unit("0.tristepan"), "dark-blade")
    base = position({"units": [{"id": "0.tristepan", "square": "C3"}], "active": "0.tristepan"})
    assert crit_dice(state, state.unit("0.tristepan"), blade) == (
        crit_dice(base, base.unit("0.tristepan"), blade) + 1
    )
    assert armour_dice(state, state.unit("1.gultar"), blade, piercing=False) == 0
    crit_rolls = ["Lock"] * crit_dice(state, state.unit("0.tristepan"), blade)
    reserve = state.reserve_kamas
    after = act(state, A.Cast("dark-blade", "C4"), crit_rolls)  # no armour test: no die
    assert after.unit("1.gultar").ko
    assert after.players[0].kamas == 2 and after.reserve_kamas == reserve - 2


def test_group_changes_of_dice() -> None:
    state = ENGINE.apply_setup(
        queen(tofus=1),
        {
            "groups": [
                {"seat": 0, "lasting": 1, "stat": "armour", "until": "fight", "side": "allies"}
            ]
        },
    )
    assert group_lasting(state, state.unit("0.tofu.1"), "armour") == 1
    assert group_lasting(state, state.unit("1.gultar"), "armour") == 0


def test_adjust_group_names_a_type_or_a_figure() -> None:
    state = act(queen(tofus=1), A.Adjust("0.tofu.1", "group", "allies Tofu mp +1 fight", "card"))
    (change,) = state.rule_changes
    assert (change.side, change.who, change.of, change.stat) == ("allies", "units", "Tofu", "mp")
    before = queen(tofus=1)
    assert (
        max_mp(state, state.unit("0.tofu.1")) == (max_mp(before, before.unit("0.tofu.1")) or 0) + 1
    )
    q = "0.rainha-dos-tofus"
    assert max_mp(state, state.unit(q)) == max_mp(before, before.unit(q))  # not a Tofu
    value = "enemies of:Gultar o Bárbaro damage -1 turn"
    state = act(queen(), A.Adjust(q, "group", value, "card"))
    assert state.rule_changes[0].of == "Gultar o Bárbaro"
    assert group_lasting(state, state.unit("1.gultar"), "damage") == -1
    with pytest.raises(InvalidActionError) as err:
        act(queen(), A.Adjust(q, "group", "allies Dragoturkey mp +1 fight", "card"))
    assert err.value.key.endswith("bad_group")


def _load(tmp_path: Path, power: str) -> PowerDef:
    root = Path(__file__).resolve().parents[3]
    text = (root / "tests/engines/krosmaster/fixtures/rulebook_examples/figures.yaml").read_text(
        encoding="utf-8"
    )
    text = text.replace("powers: [profanation]", f"powers: [{power}]")
    (tmp_path / "pack.yaml").write_text(text, encoding="utf-8")
    result: PowerDef = load_dir(tmp_path).figures["lapide"].powers[0]
    return result


def test_conditions_load_from_yaml(tmp_path: Path) -> None:
    power = _load(tmp_path, "{power: armour, while: {adjacent: Tofu, side: allies}}")
    assert power == PowerDef(Power.ARMOUR, condition=Condition("Tofu", side="allies"))
    power = _load(tmp_path, "{power: counter_attack, while: {wounds_below: 5}}")
    assert power.condition == Condition(wounds_below=5)
    power = _load(tmp_path, "{static: 1, stat: mp, while: {turn: own}, name: Fúria}")
    assert (power.power, power.stat, power.amount, power.name) == (Power.MANUAL, "mp", 1, "Fúria")
    assert power.condition == Condition(turn="own")
    aura = _load(tmp_path, "{power: resist_all, aura: allies, while: {wounds_at_least: 2}}")
    assert aura.aura == "allies" and aura.condition == Condition(wounds_at_least=2)
    for bad in (
        "{power: armour, while: {near: Tofu}}",
        "{power: armour, while: {turn: yours}}",
        "{power: armour, while: {side: allies}}",
        "{power: armour, while: {wounds_at_least: 5, wounds_below: 3}}",
        "{power: loot, while: {turn: own}}",
        "{power: armour}",
        "{static: 1, stat: powers}",
        "{static: 0, stat: mp}",
    ):
        with pytest.raises(ContentError):
            _load(tmp_path, bad)
