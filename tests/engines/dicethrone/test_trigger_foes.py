"""Trigger and set-up scripts aimed at "the opponent" with 3–4 players: the rules name
the Attacker or the Defender for Attack triggers; nothing names one for a set-up
script, so its owner is asked (a public menu of the opponents)."""

from __future__ import annotations

from dataclasses import replace as dc_replace

from engines.core import RiggedDice
from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone.content import Content, StatusDef
from engines.dicethrone.content import Step as ScriptStep
from engines.dicethrone.effects.context import Ctx
from engines.dicethrone.engine import install_pack
from engines.dicethrone.rules.state import Phase, State, Step
from tests.engines.dicethrone.helpers import act, with_player
from tests.engines.dicethrone.test_menus import menu, owed, values
from tests.engines.dicethrone.test_modes import attack, start_n

MARK = ScriptStep(op="inflict", status="mark", amount=1, target="opponent")


def _status(sid: str, **fields: object) -> StatusDef:
    return StatusDef(
        id=sid,
        name={"en-US": sid.title()},
        text={"en-US": "test fixture"},
        positive=False,
        stack_limit=fields.pop("stack_limit", 3),  # type: ignore[arg-type]
        source="test fixture",
        verified=False,
        hero="barbarian",
        **fields,  # type: ignore[arg-type]
    )


def _pack(setup: tuple[ScriptStep, ...] = ()) -> Content:
    """The shipped heroes; the Barbarian brings test statuses (and maybe a set-up):
    Spite (when Attacking: Mark the opponent), Thorns (when Attacked: Mark the
    opponent), Grudge (limit 1; overflow: Mark the opponent) and Mark itself."""
    base = ENGINE.load_content(None)
    barbarian = base.heroes["barbarian"]
    statuses = (
        *barbarian.statuses,
        _status("mark"),
        _status("spite", when_attacking=(MARK,)),
        _status("thorns", when_attacked=(MARK,)),
        _status("grudge", stack_limit=1, overflow=(MARK,)),
    )
    hero = dc_replace(barbarian, statuses=statuses, setup=setup)
    name = "base_foes_setup" if setup else "base_foes"
    pack = dc_replace(base, pack=name, heroes={**base.heroes, "barbarian": hero})
    install_pack(pack)
    return pack


def _marks(state: State) -> list[int]:
    return [p.statuses.get("mark", 0) for p in state.players]


def test_attack_triggers_aim_at_the_defender_and_the_attacker_in_king_of_the_hill() -> None:
    # "Ativada quando você é Atacado por um oponente": the Attacked player's tokens
    # aim at the Attacker; the Attacker's aim at the Defender chosen in phase 5.
    state = start_n(3, content=_pack())
    state = with_player(state, 0, statuses={"spite": 1})
    state = with_player(state, 1, statuses={"thorns": 1})
    state = with_player(state, 2, statuses={"thorns": 1})
    state = attack(state, (1, 2, 6, 6, 4), "all_out_strike")
    assert state.step is Step.TARGET and owed(state).seat == 0
    state, _ = act(state, 0, a.Target(3))  # Carla, not the default (Bruno, on the left)
    assert state.phase is Phase.DEFENSIVE
    # Carla (the Defender) is Marked by Alice's Spite; Carla's Thorns Mark Alice;
    # Bruno is not Attacked, so his Thorns do nothing.
    assert _marks(state) == [1, 0, 1]
    assert not [d for d in ENGINE.pending(state) if d.prompt.key.endswith("choose_foe")]


def test_attack_triggers_aim_at_the_defender_and_the_attacker_in_2v2() -> None:
    # Targeting die 3: the opponent on the right (seat 4) defends.
    state = start_n(4, content=_pack())
    state = with_player(state, 0, statuses={"spite": 1})
    state = with_player(state, 1, statuses={"thorns": 1})
    state = with_player(state, 3, statuses={"thorns": 1})
    state = attack(state, (1, 2, 6, 6, 4), "all_out_strike", 3)
    assert state.target == 3 and state.phase is Phase.DEFENSIVE
    assert _marks(state) == [1, 0, 0, 1]


def test_an_overflow_aims_at_the_player_whose_effect_gave_the_token() -> None:
    # King of the Hill, Alice's turn: Carla inflicts a second Grudge on Bruno; his
    # overflow Marks Carla (who afflicted him), not the default opponent (Alice).
    state = start_n(3, content=_pack())
    state = with_player(state, 1, statuses={"grudge": 1})
    flow = ENGINE.flow(state, RiggedDice([]))
    grudge = ScriptStep(op="inflict", status="grudge", amount=1, target="opponent")
    ctx = Ctx(2, flow.hero(state, 2), foe=1)
    state = flow.interp.run(state, (grudge,), ctx)
    assert _marks(state) == [0, 0, 1] and state.players[1].statuses["grudge"] == 1
    # Gained by his own effect, "the opponent" is the default one (the active player).
    state = with_player(state, 1, statuses={"grudge": 1})
    gain = ScriptStep(op="gain", status="grudge", amount=1, target="self")
    state = flow.interp.run(state, (gain,), Ctx(1, flow.hero(state, 1)))
    assert _marks(state) == [1, 0, 1]


def test_a_set_up_aimed_at_the_opponent_asks_its_owner_in_king_of_the_hill() -> None:
    # "Preparação" 8 with several opponents: nothing names "the opponent", so the
    # Barbarian's owner picks; the match waits for it before the first turn.
    state = start_n(3, content=_pack((MARK,)))
    decision = owed(state)
    assert decision.seat == 0 and decision.prompt.key == "dicethrone.prompt.choose_foe"
    choose = menu(decision, "choose")
    assert choose.public and values(choose) == [1, 2]
    assert decision.default == a.Choose(1)  # the opponent on the left
    state, _ = act(state, 0, a.Choose(2))  # Carla
    assert _marks(state) == [0, 0, 1]
    assert state.phase is Phase.MAIN1 and state.active == 0 and state.choice is None


def test_each_set_up_asks_in_seat_order_in_2v2() -> None:
    state = start_n(4, content=_pack((MARK,)))  # Barbarians in seats 1 and 4
    assert owed(state).seat == 0
    state, _ = act(state, 0, a.Choose(2))  # Alice: the opponent on her right (seat 4)
    decision = owed(state)
    assert decision.seat == 3 and [o.value for o in menu(decision, "choose").options] == [1, 2]
    state, _ = act(state, 3, a.Choose(1))  # Davi: the opponent on his left (seat 1)
    assert _marks(state) == [1, 0, 0, 1]
    assert state.phase is Phase.MAIN1 and state.choice is None


def test_a_duel_set_up_never_asks() -> None:
    state = start_n(2, content=_pack((MARK,)))
    assert _marks(state) == [0, 1] and state.phase is Phase.MAIN1
