"""Built-in cards that were ``incomplete`` and are now played as printed (part 2): Surpresa
Dolorosa V1 (3 damage when loaded from the hand onto a Super Força character; its action's
retaliation)."""

from __future__ import annotations

from engines.battlescenes.actions import Choose, Pass, UseAction
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import zones
from tests.engines.battlescenes.helpers import Placed, Side, act, build, keys, sid, starter, zone_id

FILL = ["excentricidade"] * 6


def _surprise(character: str) -> tuple[State, int]:
    """Ana passes her Preparation; at the start of her Anticipation step Bruno reveals
    Surpresa Dolorosa and loads it onto ``character``, unloading one of its cards."""
    state = build(
        Side(scene=[Placed("mercurio_v1", FILL[:3])]),
        Side(hand=["surpresa_dolorosa"], scene=[Placed(character, FILL[:4])]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    card = zone_id(state, 1, "hand", "surpresa_dolorosa")
    base = sid(state, character)
    state, _ = act(state, 0, Pass())
    state, _ = act(state, 1, Choose(str(card)))
    state, _ = act(state, 1, Choose(str(base)))
    state, _ = act(state, 1, Choose(str(zones.in_scene(state, base).loaded[0])))
    assert card in zones.in_scene(state, base).loaded
    return state, base


def test_surpresa_dolorosa_loaded_from_the_hand_onto_super_strength_deals_three() -> None:
    state, _thor = _surprise("thor_v1")
    mercurio = sid(state, "mercurio_v1")
    assert state.choice is not None and state.choice.seat == 1
    assert str(mercurio) in state.choice.options and "skip" in state.choice.options
    state, events = act(state, 1, Choose(str(mercurio)))
    hit = [e for e in events if e.key == "battlescenes.event.damage"]
    assert hit and hit[-1].params["amount"] == 3
    assert len(zones.in_scene(state, mercurio).loaded) == 1  # 3 − shield 1


def test_surpresa_dolorosa_onto_a_character_without_super_strength_deals_nothing() -> None:
    state, _widow = _surprise("viuva_negra_v1")
    mercurio = sid(state, "mercurio_v1")
    assert state.choice is None or str(mercurio) not in state.choice.options
    assert len(zones.in_scene(state, mercurio).loaded) == 3


def test_surpresa_dolorosa_action_hits_back_the_character_that_damages_its_user() -> None:
    state = build(
        Side(scene=[Placed("thor_v1", ["surpresa_dolorosa", *FILL[:4]], stage=2)]),
        Side(scene=[Placed("mercurio_v1", FILL[:3], stage=2)]),
        phase=Phase.ANTICIPATION,
        active=1,
        content=starter(),
    )
    thor, mercurio = sid(state, "thor_v1"), sid(state, "mercurio_v1")
    state, events = act(state, 0, UseAction(thor, "Surpresa Dolorosa"))
    assert "battlescenes.event.generated" in keys(events)
    state, events = act(state, 1, UseAction(mercurio, "Super Velocidade", str(thor)))
    damage = [e.params["card"] for e in events if e.key == "battlescenes.event.damage"]
    assert damage[:2] == ["Thor V1", "Mercúrio V1"]
    assert len(zones.in_scene(state, mercurio).loaded) == 2  # 2 − shield 1


def _dna() -> State:
    """Bruno's turn, Anticipation step: Ana's Deadpool V1 carries Multiplicação de DNA."""
    return build(
        Side(
            resources=["protecao"] * 5,
            scene=[Placed("deadpool_v1", ["multiplicacao_de_dna", *FILL[:3]], stage=2)],
        ),
        Side(scene=[Placed("mercurio_v1", FILL[:3], stage=2)]),
        phase=Phase.ANTICIPATION,
        active=1,
        content=starter(),
    )


def test_multiplicacao_de_dna_bottomed_loads_up_to_three_more_and_grants_an_action() -> None:
    state = _dna()
    deadpool = sid(state, "deadpool_v1")
    dna = zones.in_scene(state, deadpool).loaded[0]
    state, _ = act(state, 0, UseAction(deadpool, "Multiplicação de Dna"))
    assert len(zones.in_scene(state, deadpool).loaded) == 5  # one loaded first
    assert state.choice is not None and set(state.choice.options) == {"yes", "skip"}
    state, _ = act(state, 0, Choose("yes"))
    assert state.players[0].deck[-1] == dna  # under its owner's deck, not unloaded
    assert dna not in zones.in_scene(state, deadpool).loaded
    for _ in range(3):
        assert state.choice is not None
        state, _ = act(state, 0, Choose(state.choice.options[0]))
    item = zones.in_scene(state, deadpool)
    assert len(item.loaded) == 7 and not state.players[0].resources[1:]
    assert item.extra_actions  # it may use one more action this turn


def test_multiplicacao_de_dna_kept_only_loads_one() -> None:
    state = _dna()
    deadpool = sid(state, "deadpool_v1")
    dna = zones.in_scene(state, deadpool).loaded[0]
    state, _ = act(state, 0, UseAction(deadpool, "Multiplicação de Dna"))
    state, _ = act(state, 0, Choose("skip"))
    item = zones.in_scene(state, deadpool)
    assert dna in item.loaded and len(item.loaded) == 5 and not item.extra_actions
    assert len(state.players[0].resources) == 4


def _black_cat() -> State:
    return build(
        Side(scene=[Placed("gata_negra_v2", FILL[:3], stage=2)]),
        Side(
            scene=[
                Placed("mercurio_v1", ["boneco_vodu", *FILL[:2]]),
                Placed("chamariz_holografico_v1", ["cubo_cosmico", FILL[0]]),
            ]
        ),
        content=starter(),
    )


def test_gata_negra_v2_puts_a_carried_unique_item_under_its_owners_deck_and_draws_two() -> None:
    state = _black_cat()
    cat, mercurio = sid(state, "gata_negra_v2"), sid(state, "mercurio_v1")
    doll = zones.in_scene(state, mercurio).loaded[0]
    cube = zones.in_scene(state, sid(state, "chamariz_holografico_v1")).loaded[0]
    state, _ = act(state, 0, UseAction(cat, "Dedos Leves"))
    assert state.choice is not None
    assert str(doll) in state.choice.options and "skip" in state.choice.options
    assert str(cube) not in state.choice.options  # a support carries it, not a character
    state, _ = act(state, 0, Choose(str(doll)))
    assert state.players[1].deck[-1] == doll and doll not in state.players[1].resources
    assert len(state.players[0].hand) == 2


def test_gata_negra_v2_declining_draws_nothing() -> None:
    state = _black_cat()
    state, _ = act(state, 0, UseAction(sid(state, "gata_negra_v2"), "Dedos Leves"))
    state, _ = act(state, 0, Choose("skip"))
    assert not state.players[0].hand
    assert len(zones.in_scene(state, sid(state, "mercurio_v1")).loaded) == 3


def _sinister() -> State:
    """Ana's Attack step: Abutre V1 and Homem-Areia V1 (both Sexteto Sinistro), a Sexteto
    Sinistro character in her deck."""
    return build(
        Side(
            deck=[*FILL[:3], "homem_areia_v1", *FILL[:2]],
            scene=[Placed("abutre_v1", FILL[:4], stage=2), Placed("homem_areia_v1", FILL[:5])],
        ),
        Side(scene=[Placed("hulk_v2", FILL[:6], stage=2)]),
        content=starter(),
    )


def test_abutre_v1_the_first_sexteto_action_of_the_turn_searches_for_a_sexteto_character() -> None:
    state = _sinister()
    abutre, hulk = sid(state, "abutre_v1"), sid(state, "hulk_v2")
    wanted = zone_id(state, 0, "deck", "homem_areia_v1")
    state, events = act(state, 0, UseAction(abutre, "Voo do Abutre", str(hulk)))
    assert "battlescenes.event.damage" in keys(events)  # after the action's own effect
    assert state.choice is not None and set(state.choice.options) == {"yes", "skip"}
    state, _ = act(state, 0, Choose("yes"))
    assert state.choice is not None and state.choice.options[0] == str(wanted)
    state, _ = act(state, 0, Choose(str(wanted)))
    assert state.players[0].hand == (wanted,)


def test_abutre_v1_a_second_sexteto_action_searches_nothing() -> None:
    state = _sinister()
    abutre, hulk = sid(state, "abutre_v1"), sid(state, "hulk_v2")
    sandman = sid(state, "homem_areia_v1")
    state, _ = act(state, 0, UseAction(sandman, "Maça de Areia", str(hulk)))
    assert state.choice is not None and "yes" in state.choice.options  # the first one
    state, _ = act(state, 0, Choose("skip"))
    state, _ = act(state, 0, UseAction(abutre, "Voo do Abutre", str(hulk)))
    assert state.choice is None and not state.players[0].hand
