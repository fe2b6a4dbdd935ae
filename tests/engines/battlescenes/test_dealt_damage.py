"""5.2 "quando um personagem … causar dano em …" (``trigger: dealt_damage``) with Atacar até
Derrubar (4.8.5, quoted in full): when one of your Mestres do Terror characters damages a
character or support without that affiliation, its controller may put this scenario into
its owner's resources; if so, the scenario deals 4 damage to that character or support.
Kraven V1 is Mestres do Terror."""

from __future__ import annotations

from engines.battlescenes import ENGINE
from engines.battlescenes.actions import Choose, UseAction
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import zones
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, keys, sid

FILL = ["excentricidade"] * 6


def table(victim: str = "umar_v1", scenario_owner: int = 0) -> State:
    state = build(
        Side(scene=[Placed("kraven_v1", FILL), Placed("umar_v1", FILL)]),
        Side(scene=[Placed(victim, FILL)]),
        phase=Phase.ATTACK,
        scenario="atacar_ate_derrubar",
    )
    if scenario_owner:
        cards = list(state.cards)
        assert state.scenario is not None
        cards[state.scenario] = replace(cards[state.scenario], owner=scenario_owner)
        state = replace(state, cards=tuple(cards))
    return state


def hunt(state: State, user: str = "kraven_v1", victim: str = "umar_v1") -> State:
    user_id, victim_id = sid(state, user, 0), sid(state, victim, 1)
    action = zones.defn(state, user_id).actions[0].name
    state, _ = act(state, 0, UseAction(user_id, action, str(victim_id)))
    return state


def test_kravens_damage_lets_ana_trade_the_scenario_for_four_more() -> None:
    state = hunt(table())
    umar = sid(state, "umar_v1", 1)
    # Caçada's 2 went to Umar's shield (2): damage was caused, so the scenario asks.
    assert len(zones.in_scene(state, umar).loaded) == 6
    assert state.choice is not None and state.choice.seat == 0
    assert state.choice.prompt == "battlescenes.choice.may"
    scenario = state.scenario
    state, events = act(state, 0, Choose("yes"))
    assert state.scenario is None and scenario in state.players[0].resources
    assert "battlescenes.event.left_to_resources" in keys(events)
    # ESTE CENÁRIO CAUSA 4: the shield is down, four cards unloaded.
    assert len(zones.in_scene(state, umar).loaded) == 2 and state.tree == ()


def test_declining_keeps_the_scenario_and_causes_nothing() -> None:
    state = hunt(table())
    state, events = act(state, 0, Choose("skip"))
    assert state.scenario is not None and "battlescenes.event.damage" not in keys(events)
    assert len(zones.in_scene(state, sid(state, "umar_v1", 1)).loaded) == 6


def test_not_against_mestres_do_terror() -> None:
    state = table()
    umar = replace(state.defs["umar_v1"], affiliations=("Mestres do Terror",))
    state = hunt(replace(state, defs={**state.defs, "umar_v1": umar}))  # both Umar: Bruno's too
    assert state.choice is None and state.scenario is not None


def test_only_a_mestres_do_terror_character_triggers_it() -> None:
    state = hunt(table(), user="umar_v1")  # Ana's Umar V1 is not Mestres do Terror
    assert state.choice is None and state.scenario is not None


def test_only_the_scenarios_controller_characters() -> None:
    # The scenario is Bruno's: Ana's Kraven dealing damage does not trigger it.
    state = hunt(table(scenario_owner=1))
    assert state.choice is None and state.scenario is not None


def test_the_scenarios_own_damage_does_not_trigger_it_again() -> None:
    # A second Mestres do Terror would not matter: the scenario (not a character) dealt the 4.
    state = hunt(table())
    state, events = act(state, 0, Choose("yes"))
    assert keys(events).count("battlescenes.event.damage") == 1
    assert ENGINE.pending(state)[0].kinds == ("use", "activate", "pass")
