"""5.2 "quando … sair de cena" (``trigger: leaves_scene``) for characters and supports:
knocked out, destroyed, replaced elsewhere (5.5) or taken out by Metamorfo (7.2). The card's
texts still work as it leaves; a card that lost its texts (5.8) triggers nothing."""

from __future__ import annotations

from engines.battlescenes.actions import Choose, Keyword, UseAction
from engines.battlescenes.content.schema import Step, Text, Trigger
from engines.battlescenes.effects import interpreter
from engines.battlescenes.rules.state import Continuous, Phase, State
from engines.battlescenes.table import leaving, zones
from engines.core import RiggedDice
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, sid

DRAW = Text(
    text="Quando sair de cena, compre um card.",
    trigger=Trigger.LEAVES_SCENE,
    steps=(Step(op="draw", amount=1, to="self"),),
)


def with_texts(state: State, key: str, *texts: Text) -> State:
    return replace(state, defs={**state.defs, key: replace(state.defs[key], texts=texts)})


def table() -> State:
    return build(
        Side(
            scene=[
                Placed("abutre_v1", ["excentricidade"]),
                Placed("gerador_pem", ["excentricidade"]),
            ]
        ),
        Side(scene=[Placed("triton_v1", ["excentricidade"])]),
    )


def empty(state: State, *cards: int) -> State:
    for card in cards:
        state = zones.unload(state, card, zones.in_scene(state, card).loaded)
    return state


def test_a_character_knocked_out_by_damage_triggers_its_leaving() -> None:
    state = with_texts(table(), "triton_v1", DRAW)
    state = replace(
        state, defs={**state.defs, "triton_v1": replace(state.defs["triton_v1"], shield=0)}
    )
    triton, abutre = sid(state, "triton_v1"), sid(state, "abutre_v1")
    top, hand = state.players[1].deck[0], len(state.players[1].hand)
    action = zones.defn(state, abutre).actions[0].name
    state, _ = act(state, 0, UseAction(abutre, action, str(triton)))
    assert triton in state.players[1].prizes  # knocked out…
    assert len(state.players[1].hand) == hand + 1 and top in state.players[1].hand  # …and drew
    assert not state.tree


def test_a_destroyed_support_and_a_replaced_knock_out_both_leave_the_scene() -> None:
    # 5.5: a knock-out replaced by "coloque-o na mão" is not a knock-out, but the character
    # still leaves the scene; a support without cards is destroyed (4.7).
    to_hand = Text(text="…", replace_knock_out="hand")
    state = with_texts(table(), "abutre_v1", to_hand, DRAW)
    state = with_texts(state, "gerador_pem", DRAW)
    abutre, gerador = sid(state, "abutre_v1"), sid(state, "gerador_pem")
    hand = len(state.players[0].hand)
    state, _ = leaving.knock_outs(empty(state, abutre, gerador))
    assert len(state.tree) == 2 and {p.this for p in state.tree} == {abutre, gerador}
    state, _ = interpreter.run(state, RiggedDice())
    while state.choice is not None:  # both the active player's: they pick the order
        state, _ = act(state, 0, Choose(state.choice.options[0]))
    assert abutre in state.players[0].hand and gerador in state.players[0].resources
    assert len(state.players[0].hand) == hand + 3  # Abutre itself and two draws


def test_a_card_that_lost_its_texts_triggers_nothing_as_it_leaves() -> None:
    # 5.8: Gerador de P.E.M. takes the texts of Abutre away; leaving, it draws nothing.
    state = with_texts(table(), "abutre_v1", DRAW)
    abutre, gerador = sid(state, "abutre_v1"), sid(state, "gerador_pem")
    state = replace(state, continuous=(Continuous(gerador, abutre, "lose_texts"),))
    state, _ = leaving.knock_outs(empty(state, abutre))
    assert abutre in state.players[0].prizes and not state.tree


def test_metamorfo_without_a_new_character_still_resolves_the_leaving() -> None:
    state = build(
        Side(scene=[Placed("abutre_v1", ["protecao"] * 4)]),
        Side(scene=[Placed("heimdall_v1", ["protecao"] * 5)]),
        phase=Phase.PREPARATION,
    )
    abutre_def = replace(state.defs["abutre_v1"], keywords=("metamorfo",), texts=(DRAW,))
    state = replace(state, defs={**state.defs, "abutre_v1": abutre_def})
    abutre = sid(state, "abutre_v1")
    top = state.players[0].deck[0]
    state, _ = act(state, 0, Keyword("metamorfo", -1, abutre))
    assert abutre in state.players[0].resources and top in state.players[0].hand
    assert not state.tree
