"""Cards the rulebook quotes in 4.8.5 (IDENTIFICANDO FONTES DE DANO), now scripted:

* Garras Imoladoras: when this scenario enters the scene, its controller may incapacitate
  one of their ◆ characters by 1; if so, that character deals 3 damage split among up to
  three characters and/or supports (distributed damage in a triggered
  effect, 4.8.4.2: one answer per point);
* Quebrar com Tudo: when a ◆ character enters the scene under its controller, they may
  incapacitate that character by 1 and put this scenario into their resources; if so, that
  character deals 4 damage to a support or to a character without ◆
  (``character_enters``);
* Cassandra Nova: at the start of the turn of the chosen character's controller, she may
  have the chosen character deal 2 damage to another character
  (``whose_turn: marked``) — with 5.8 example 5;
* Experimentos Sabotados: each time the effect of a ☺ action of one of your characters
  makes you draw one or more cards in the Combat phase, Experimentos Sabotados deals 1
  damage to a character or support
  (``drew_by_action``).

The icons are read as força (◆) and tecnologia (☺): assumptions (``verified: false``).
"""

from __future__ import annotations

from engines.battlescenes import ENGINE
from engines.battlescenes.actions import Adjust, Choose, Pass, PlayCard, UseAction
from engines.battlescenes.content.schema import ActionKind, Step
from engines.battlescenes.rules import use
from engines.battlescenes.rules.state import Continuous, Phase, State
from engines.battlescenes.table import zones
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, keys, sid, zone_id

FILL = ["excentricidade"] * 6


def loaded(state: State, card: int) -> int:
    return len(zones.in_scene(state, card).loaded)


# --- Garras Imoladoras -------------------------------------------------------------------


def claws_table() -> State:
    return build(
        Side(
            scene=[Placed("capanga_do_rei_v2", FILL[:3]), Placed("medusa_v2", FILL[:3])],
            hand=["garras_imoladoras"],
        ),
        Side(
            scene=[
                Placed("abutre_v1", FILL[:4]),
                Placed("capanga_do_rei_v2", FILL[:3]),
                Placed("camara_neutralizadora", FILL[:3]),
            ]
        ),
        phase=Phase.PREPARATION,
    )


def play_claws(state: State) -> State:
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "garras_imoladoras")))
    return state


def test_garras_offers_only_own_characters_with_the_power() -> None:
    state = play_claws(claws_table())
    assert state.choice is not None and state.choice.seat == 0
    # "um personagem com ◆ que você controla": Ana's Capanga (força), not Medusa, not Bruno's.
    assert state.choice.options == (str(sid(state, "capanga_do_rei_v2", 0)), "skip")


def test_garras_distributes_three_points_the_chosen_character_causes() -> None:
    state = play_claws(claws_table())
    mine = sid(state, "capanga_do_rei_v2", 0)
    abutre, capanga = sid(state, "abutre_v1"), sid(state, "capanga_do_rei_v2", 1)
    camara = sid(state, "camara_neutralizadora")
    state, _ = act(state, 0, Choose(str(mine)))
    assert zones.in_scene(state, mine).stage == 0  # incapacitated in 1
    # "personagens e/ou suportes": characters and supports of both players are offered.
    assert state.choice is not None and state.choice.prompt == "battlescenes.choice.distribute"
    assert {str(abutre), str(capanga), str(camara), str(mine)} <= set(state.choice.options)
    state, _ = act(state, 0, Choose(str(abutre)))
    state, _ = act(state, 0, Choose(str(camara)))
    state, events = act(state, 0, Choose(str(abutre)))
    # 2 on Abutre (shield 0) as one procedure, 1 on the Câmara (shield 1): absorbed.
    assert loaded(state, abutre) == 4 - 2 and loaded(state, camara) == 3
    amounts = {e.params["card"]: e.params["amount"] for e in events if e.key.endswith(".damage")}
    assert amounts == {"Abutre V1": 2, "Câmara Neutralizadora": 1}
    assert state.choice is None and state.tree == ()


def test_garras_declined_does_nothing() -> None:
    state = play_claws(claws_table())
    state, events = act(state, 0, Choose("skip"))
    assert state.choice is None and "battlescenes.event.damage" not in keys(events)
    assert zones.in_scene(state, sid(state, "capanga_do_rei_v2", 0)).stage == 1


def test_distributed_points_stay_among_up_to_n_destinations() -> None:
    # Stand-in: 3 points among up to 2 — after two different picks only those two remain.
    state = claws_table()
    garras = state.defs["garras_imoladoras"]
    text = garras.texts[0]
    steps = (text.steps[0], replace(text.steps[1], up_to=2))
    state = replace(
        state,
        defs={
            **state.defs,
            "garras_imoladoras": replace(garras, texts=(replace(text, steps=steps),)),
        },
    )
    state = play_claws(state)
    abutre, capanga = sid(state, "abutre_v1"), sid(state, "capanga_do_rei_v2", 1)
    state, _ = act(state, 0, Choose(str(sid(state, "capanga_do_rei_v2", 0))))
    state, _ = act(state, 0, Choose(str(abutre)))
    state, _ = act(state, 0, Choose(str(capanga)))
    assert state.choice is not None and set(state.choice.options) == {str(abutre), str(capanga)}
    state, _ = act(state, 0, Choose(str(capanga)))
    assert loaded(state, abutre) == 3 and loaded(state, capanga) == 1


# --- Quebrar com Tudo --------------------------------------------------------------------


def smash_table(hand: str = "mulher_hulk_v1") -> State:
    return build(
        Side(hand=[hand], resources=FILL * 2),
        Side(
            scene=[
                Placed("ultron_6_v1", FILL[:5]),
                Placed("capanga_do_rei_v2", FILL[:3]),
                Placed("camara_neutralizadora", FILL[:3]),
            ]
        ),
        phase=Phase.PREPARATION,
        scenario="quebrar_com_tudo",
    )


def test_quebrar_com_tudo_the_entering_character_causes_4_damage() -> None:
    state = smash_table()
    scenario = state.scenario
    assert scenario is not None
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "mulher_hulk_v1")))
    assert state.choice is not None and state.choice.prompt == "battlescenes.choice.may"
    state, _ = act(state, 0, Choose("yes"))
    hulk = sid(state, "mulher_hulk_v1")
    assert zones.in_scene(state, hulk).stage == 0  # "incapacitar aquele personagem em 1"
    assert state.scenario is None and scenario in state.players[0].resources
    # "um suporte ou um personagem que não tenha ◆": not Bruno's Capanga (força).
    ultron, camara = sid(state, "ultron_6_v1"), sid(state, "camara_neutralizadora")
    assert state.choice is not None
    assert set(state.choice.options) == {str(ultron), str(camara)}
    state, _ = act(state, 0, Choose(str(ultron)))
    assert loaded(state, ultron) == 5 - 2  # 4 − shield 2


def test_quebrar_com_tudo_declined_keeps_the_scenario() -> None:
    state = smash_table()
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "mulher_hulk_v1")))
    state, events = act(state, 0, Choose("skip"))
    assert state.scenario is not None and "battlescenes.event.damage" not in keys(events)
    assert zones.in_scene(state, sid(state, "mulher_hulk_v1")).stage == 1


def test_quebrar_com_tudo_ignores_characters_without_the_power() -> None:
    state = smash_table("medusa_v2")
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "medusa_v2")))
    assert state.choice is None and state.scenario is not None


def test_quebrar_com_tudo_ignores_the_opponents_characters() -> None:
    # "sob seu controle": Bruno's Mulher-Hulk entering does not trigger Ana's scenario.
    state = build(
        Side(),
        Side(hand=["mulher_hulk_v1"], resources=FILL * 2),
        phase=Phase.PREPARATION,
        active=1,
        scenario="quebrar_com_tudo",
    )
    state, _ = act(state, 1, PlayCard(zone_id(state, 1, "hand", "mulher_hulk_v1")))
    assert state.choice is None and state.scenario is not None


# --- Cassandra Nova (5.8 example 5) ------------------------------------------------------


def to_next_turn(state: State) -> State:
    """Pass and adjust by default until an effect asks something or a turn begins."""
    turn = state.turn
    while state.choice is None and state.turn == turn:
        decision = ENGINE.pending(state)[0]
        action = Adjust() if "adjust" in decision.kinds else Pass()
        state, _ = act(state, decision.seat, action)
    return state


def test_cassandra_nova_example_5() -> None:
    # Pedro (Ana here) controls "Vampira" (Umar V1) and "Mulher-Aranha" (Garota-Aranha V1);
    # Bruno puts Cassandra Nova V1 into the scene and chooses Vampira.
    state = build(
        Side(
            scene=[Placed("umar_v1", FILL[:5]), Placed("garota_aranha_v1", FILL[:4])],
            hand=["camara_neutralizadora"],
            resources=FILL[:3],
        ),
        Side(hand=["cassandra_nova_v1", "gerador_pem"], resources=FILL * 2),
        phase=Phase.PREPARATION,
        active=1,
    )
    vampira, aranha = sid(state, "umar_v1"), sid(state, "garota_aranha_v1")
    state, _ = act(state, 1, PlayCard(zone_id(state, 1, "hand", "cassandra_nova_v1")))
    cassandra = sid(state, "cassandra_nova_v1")
    assert state.choice is not None and str(vampira) in state.choice.options
    state, _ = act(state, 1, Choose(str(vampira)))
    assert Continuous(cassandra, vampira, "mark") in state.continuous
    pedro = replace(state, active=0, phase=Phase.ATTACK)  # as in Pedro's Attack step
    assert [i.card for i, _a in use.usable(pedro, 0)] == [aranha]  # Vampira cannot act
    # No effect at the start of Bruno's own turn; at the start of Pedro's, Bruno may.
    state = to_next_turn(state)
    assert state.active == 0 and state.choice is not None and state.choice.seat == 1
    # "você pode … um outro personagem": not Vampira (the source), not Cassandra; or skip.
    assert state.choice.options == (str(aranha), "skip")
    state, events = act(state, 1, Choose(str(aranha)))
    assert "battlescenes.event.damage" in keys(events)
    assert loaded(state, aranha) == 4 - 1  # 2 − shield 1
    assert state.choice is None and state.active == 0
    # Pedro puts a Câmara Neutralizadora into the scene choosing Cassandra: Vampira may use
    # actions again, still the chosen character, and the 2 damage stay done.
    assert state.phase is Phase.PREPARATION
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "camara_neutralizadora")))
    state, _ = act(state, 0, Choose(str(cassandra)))
    attack = replace(state, phase=Phase.ATTACK)
    assert {i.card for i, _a in use.usable(attack, 0)} == {vampira, aranha}
    assert Continuous(cassandra, vampira, "mark") in state.continuous
    # In Bruno's turn, a Gerador de P.E.M. naming the Câmara: Vampira is stopped again.
    state = to_next_turn(state)
    assert state.active == 1 and state.phase is Phase.PREPARATION
    state, _ = act(state, 1, PlayCard(zone_id(state, 1, "hand", "gerador_pem")))
    state, _ = act(state, 1, Choose(str(sid(state, "camara_neutralizadora"))))
    pedro = replace(state, active=0, phase=Phase.ATTACK)
    assert [i.card for i, _a in use.usable(pedro, 0)] == [aranha]


def test_cassandra_nova_declined_causes_nothing() -> None:
    state = build(
        Side(scene=[Placed("umar_v1", FILL[:5]), Placed("garota_aranha_v1", FILL[:4])]),
        Side(scene=[Placed("cassandra_nova_v1", FILL[:5])]),
        phase=Phase.ATTACK,
        active=1,
    )
    vampira, cassandra = sid(state, "umar_v1"), sid(state, "cassandra_nova_v1")
    state = replace(state, continuous=(Continuous(cassandra, vampira, "mark"),))
    state = to_next_turn(state)
    assert state.choice is not None
    state, _ = act(state, 1, Choose("skip"))
    assert loaded(state, sid(state, "garota_aranha_v1")) == 4


def test_cassandra_nova_without_a_chosen_character_waits_for_nobody() -> None:
    state = build(
        Side(scene=[Placed("umar_v1", FILL[:5])]),
        Side(scene=[Placed("cassandra_nova_v1", FILL[:5])]),
        phase=Phase.ATTACK,
        active=1,
    )
    state = to_next_turn(state)
    assert state.choice is None and state.active == 0


# --- Experimentos Sabotados --------------------------------------------------------------


def lab(kind: ActionKind = ActionKind.NORMAL, phase: Phase = Phase.ATTACK) -> State:
    # Stand-in: Ultron-6's Raio Encefálico (tecnologia) also draws a card.
    state = build(
        Side(scene=[Placed("ultron_6_v1", ["experimentos_sabotados", *FILL[:4]])]),
        Side(scene=[Placed("abutre_v1", FILL[:4]), Placed("capanga_do_rei_v2", FILL[:3])]),
        phase=phase,
    )
    ultron = state.defs["ultron_6_v1"]
    action = ultron.actions[0]
    steps = (*action.steps, Step(op="draw", amount=1, to="self"))
    ultron = replace(ultron, actions=(replace(action, steps=steps, kind=kind),))
    return replace(state, defs={**state.defs, "ultron_6_v1": ultron})


def raio(state: State) -> tuple[State, list[str]]:
    ultron, abutre = sid(state, "ultron_6_v1"), sid(state, "abutre_v1")
    state, events = act(state, 0, UseAction(ultron, "Raio Encefálico", str(abutre)))
    return state, keys(events)


def test_experimentos_sabotados_deals_1_when_a_tecnologia_action_draws_in_combat() -> None:
    state, _ = raio(lab())
    assert state.choice is not None and state.choice.seat == 0
    capanga = sid(state, "capanga_do_rei_v2")
    assert str(capanga) in state.choice.options
    state, _ = act(state, 0, Choose(str(capanga)))
    assert loaded(state, capanga) == 3 - 1  # the ability card is the source: 1, shield 0
    assert state.choice is None and state.tree == ()


def test_experimentos_sabotados_not_outside_the_combat_phase() -> None:
    state, events = raio(lab(ActionKind.UNFORESEEN, Phase.PREPARATION))
    assert state.choice is None and "battlescenes.event.damage" in events


def test_experimentos_sabotados_needs_the_holder_to_have_the_power() -> None:
    # "Enquanto este personagem tiver ☺": Ultron-6 loses tecnologia (stand-in) — nothing.
    state = lab()
    ultron = state.defs["ultron_6_v1"]
    state = replace(
        state,
        defs={**state.defs, "ultron_6_v1": replace(ultron, powers=("magia",))},
    )
    action = replace(state.defs["ultron_6_v1"].actions[0], power="magia")
    state = replace(
        state,
        defs={
            **state.defs,
            "ultron_6_v1": replace(state.defs["ultron_6_v1"], actions=(action,)),
        },
    )
    state, _ = raio(state)
    assert state.choice is None
