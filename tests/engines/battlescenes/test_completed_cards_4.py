"""Built-in cards that were ``incomplete`` and are now played as printed (part 4): the
mandatory redirects of Mulher-Hulk V2 (her allies sharing an affiliation) and of Veículo de
Combate S.H.I.E.L.D. V3 (the chosen S.H.I.E.L.D. character, which gains Voo and its action),
and Mulher-Hulk V2's action paid by unloading a card that is not an ability card."""

from __future__ import annotations

import pytest

from engines.battlescenes.actions import Choose, PlayCard, UseAction
from engines.battlescenes.content.loader import load_text
from engines.battlescenes.content.schema import Pack
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import zones
from engines.core import IllegalActionError
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, keys, sid, starter, zone_id

FILL = ["excentricidade"] * 6


def _hulk_table(*allies: str) -> State:
    """Bruno's Attack step: Ana's Mulher-Hulk V2 (S.H.I.E.L.D.) and her allies."""
    return build(
        Side(scene=[Placed("mulher_hulk_v2", FILL[:6]), *(Placed(a, FILL[:4]) for a in allies)]),
        Side(scene=[Placed("mercurio_v1", FILL[:3], stage=2)]),
        active=1,
        content=starter(),
    )


def test_mulher_hulk_v2_takes_the_damage_of_an_ally_sharing_an_affiliation() -> None:
    state = _hulk_table("viuva_negra_v1")  # S.H.I.E.L.D. too
    widow, mercurio = sid(state, "viuva_negra_v1"), sid(state, "mercurio_v1")
    state, events = act(state, 1, UseAction(mercurio, "Super Velocidade", str(widow)))
    assert "battlescenes.event.redirected" in keys(events)  # no one was asked
    assert state.choice is None or state.choice.seat != 0
    assert len(zones.in_scene(state, widow).loaded) == 4


def test_mulher_hulk_v2_leaves_an_ally_without_a_shared_affiliation_alone() -> None:
    state = _hulk_table("thor_v1")  # Vingadores only
    thor, mercurio = sid(state, "thor_v1"), sid(state, "mercurio_v1")
    state, events = act(state, 1, UseAction(mercurio, "Super Velocidade", str(thor)))
    assert "battlescenes.event.redirected" not in keys(events)


def test_mulher_hulk_v2_action_is_paid_by_a_card_that_is_not_an_ability() -> None:
    state = build(
        Side(scene=[Placed("mulher_hulk_v2", ["protecao", "mercurio_v1", *FILL[:4]])]),
        Side(scene=[Placed("thor_v1", FILL[:6])]),
        content=starter(),
    )
    hulk, thor = sid(state, "mulher_hulk_v2"), sid(state, "thor_v1")
    ability, character = zones.in_scene(state, hulk).loaded[:2]
    with pytest.raises(IllegalActionError):
        act(state, 0, UseAction(hulk, "Fúria Esmeralda", str(thor), pay=str(ability)))
    state, events = act(state, 0, UseAction(hulk, "Fúria Esmeralda", str(thor), pay=str(character)))
    assert character in state.players[0].resources
    hit = [e for e in events if e.key == "battlescenes.event.damage"]
    assert hit and hit[-1].params["amount"] == 5


def _vehicle(*more: str) -> State:
    """Ana's Preparation: she plays Veículo V3 with Viúva Negra V1 (S.H.I.E.L.D.) and Thor."""
    return build(
        Side(
            hand=["veiculo_shield_v3"],
            resources=FILL[:3],
            scene=[
                Placed("viuva_negra_v1", FILL[:4], stage=2),
                Placed("thor_v1", FILL[:4]),
                *(Placed(m, FILL[:6]) for m in more),
            ],
        ),
        Side(scene=[Placed("mercurio_v1", FILL[:3], stage=2)]),
        phase=Phase.PREPARATION,
        content=starter(),
    )


def _play_vehicle(state: State) -> State:
    state, _ = act(state, 0, PlayCard(zone_id(state, 0, "hand", "veiculo_shield_v3")))
    widow = sid(state, "viuva_negra_v1")
    assert state.choice is not None
    assert str(widow) in state.choice.options
    assert str(sid(state, "thor_v1")) not in state.choice.options  # not S.H.I.E.L.D.
    state, _ = act(state, 0, Choose(str(widow)))
    return state


def test_veiculo_v3_gives_the_chosen_character_voo_and_its_action() -> None:
    state = _play_vehicle(_vehicle())
    widow, mercurio = sid(state, "viuva_negra_v1"), sid(state, "mercurio_v1")
    assert "voo" in zones.powers(state, zones.in_scene(state, widow))
    state, events = act(state, 0, UseAction(widow, "Artilharia Aérea", str(mercurio)))
    assert "battlescenes.event.damage" in keys(events)


def test_veiculo_v3_takes_the_chosen_characters_damage() -> None:
    state = _play_vehicle(_vehicle())
    widow, vehicle = sid(state, "viuva_negra_v1"), sid(state, "veiculo_shield_v3")
    mercurio = sid(state, "mercurio_v1")
    state = replace(state, phase=Phase.ATTACK, active=1)
    state, events = act(state, 1, UseAction(mercurio, "Super Velocidade", str(widow)))
    moved = [e for e in events if e.key == "battlescenes.event.redirected"]
    assert moved and moved[0].params["card"] == zones.title(state, vehicle)
    assert len(zones.in_scene(state, widow).loaded) == 4


def test_with_mulher_hulk_v2_and_veiculo_v3_the_active_player_picks_one_redirect() -> None:
    # The FAQ: both apply together; the player whose step it is picks; no declining.
    state = _play_vehicle(_vehicle("mulher_hulk_v2"))
    widow, mercurio = sid(state, "viuva_negra_v1"), sid(state, "mercurio_v1")
    hulk, vehicle = sid(state, "mulher_hulk_v2"), sid(state, "veiculo_shield_v3")
    state = replace(state, phase=Phase.ATTACK, active=1)
    state, _ = act(state, 1, UseAction(mercurio, "Super Velocidade", str(widow)))
    assert state.choice is not None and state.choice.seat == 1
    assert set(state.choice.options) == {f"{hulk}>{hulk}", f"{vehicle}>{vehicle}"}
    state, events = act(state, 1, Choose(f"{vehicle}>{vehicle}"))
    moved = [e.params["card"] for e in events if e.key == "battlescenes.event.redirected"]
    assert moved == [zones.title(state, vehicle)]  # then no longer on Viúva: Hulk's is spent


LOADERS = """
cards:
  - key: carga_teste
    type: ability
    name: Carga Teste
    source: "a test card"
    verified: false
    actions:
      - {name: Carga Teste, power: regeneracao, kind: anticipate, cost: 0,
         steps: [{op: load_resources, amount: 2, to: this}]}
  - key: reforco_teste
    type: ability
    name: Reforço Teste
    source: "a test card"
    verified: false
    actions:
      - {name: Reforço Teste, power: super_forca, kind: anticipate, cost: 0, targets: 1,
         steps: [{op: load_chosen_resources, amount: 1, to: target}]}
"""


def _carnage() -> State:
    """Bruno's turn, Anticipation step: Ana's Carnificina V2 and Thor V1 carry test cards
    that load cards from her resources onto Carnificina."""
    cards = {**starter().cards, **load_text(LOADERS).cards}
    return build(
        Side(
            resources=["protecao"] * 6,
            scene=[
                Placed("carnificina_v2", ["carga_teste", *FILL[:3]], stage=2),
                Placed("thor_v1", ["reforco_teste", *FILL[:5]], stage=2),
            ],
        ),
        Side(scene=[Placed("mercurio_v1", FILL[:5], stage=2)]),
        phase=Phase.ANTICIPATION,
        active=1,
        content=Pack("t", cards, {}),
    )


def _answer(state: State, target: int) -> tuple[State, list[str]]:
    """Ana answers every choice: yes, the first card offered, ``target`` for the damage."""
    hits: list[str] = []
    while state.choice is not None and state.choice.seat == 0:
        options = state.choice.options
        pick = "yes" if "yes" in options else str(target) if str(target) in options else options[0]
        state, events = act(state, 0, Choose(pick))
        hits += [e.params["card"] for e in events if e.key == "battlescenes.event.damage"]
    return state, hits


def test_carnificina_v2_unloads_and_hits_once_per_card_an_effect_loaded() -> None:
    state = _carnage()
    carnage, mercurio = sid(state, "carnificina_v2"), sid(state, "mercurio_v1")
    state, _ = act(state, 0, UseAction(carnage, "Carga Teste"))
    state, hits = _answer(state, mercurio)
    assert hits == ["Mercúrio V1", "Mercúrio V1"]  # two cards loaded: two separate hits
    assert len(zones.in_scene(state, carnage).loaded) == 4  # two loaded, two unloaded


def test_carnificina_v2_answers_only_the_first_loading_effect_of_the_turn() -> None:
    state = _carnage()
    carnage, mercurio = sid(state, "carnificina_v2"), sid(state, "mercurio_v1")
    thor = sid(state, "thor_v1")
    state, _ = act(state, 0, UseAction(carnage, "Carga Teste"))
    state, _ = _answer(state, mercurio)
    state, _ = act(state, 0, UseAction(thor, "Reforço Teste", str(carnage)))
    state, hits = _answer(state, mercurio)
    assert hits == [] and len(zones.in_scene(state, carnage).loaded) == 5


def test_carnificina_v2_may_use_laminas_de_carne_again_this_turn() -> None:
    state = build(
        Side(scene=[Placed("carnificina_v2", FILL[:4], stage=2)]),
        Side(scene=[Placed("mercurio_v1", FILL[:5])]),
        content=starter(),
    )
    carnage, mercurio = sid(state, "carnificina_v2"), sid(state, "mercurio_v1")
    state, _ = act(state, 0, UseAction(carnage, "Lâminas de Carne", str(mercurio)))
    state, _ = act(state, 0, UseAction(carnage, "Lâminas de Carne", str(mercurio)))
    assert len(zones.in_scene(state, mercurio).loaded) == 3  # 1 penetrating, twice
