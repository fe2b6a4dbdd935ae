"""4.8.6 shields in complex situations: base-setting effects, bonuses, penalties, time."""

from __future__ import annotations

from engines.battlescenes.content.schema import Step, Text
from engines.battlescenes.effects import interpreter, tree
from engines.battlescenes.rules.state import Continuous, Pending, State
from engines.battlescenes.table import shields, zones
from engines.battlescenes.table.damage import restore_shields
from engines.core import RiggedDice
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, build, sid

X = "excentricidade"


def steps(state: State, target: int, *procedures: Step) -> State:
    """Resolve procedures on ``target`` the way an action's effect would."""
    root = Pending(
        uid=0,
        level=0,
        controller=1,
        source=target,
        label="test",
        steps=procedures,
        targets=(target,),
        this=target,
    )
    state, _ = interpreter.run(tree.add(state, [root], 0), RiggedDice())
    return state


def load(state: State, base: int, key: str) -> State:
    """Load a card from the owner's resources on ``base`` (a new moment of the game)."""
    player = state.players[0]
    card = next(c for c in player.resources if state.cards[c].key == key)
    state = zones.set_player(
        state, 0, replace(player, resources=tuple(c for c in player.resources if c != card))
    )
    item = zones.in_scene(state, base)
    state = zones.set_in_scene(state, replace(item, loaded=(*item.loaded, card)))
    return shields.refresh_shields(replace(state, clock=state.clock + 1))


def shield(state: State, card: int) -> int:
    return shields.shield(state, zones.in_scene(state, card))


BONUS = Step(op="shield", amount=1)  # Barreira Telecinética: Escudo +1 until the end of turn
ZERO = Step(op="shield_set", amount=0)  # Ponto de Contato / Amarrar: the shield becomes 0


def test_ultron_6_forgets_a_bonus_from_before_the_setting_effect() -> None:
    # B.1: Barreira +1, then Karnak's Ponto de Contato sets 0: the earlier bonus is ignored.
    state = build(Side(scene=[Placed("ultron_6_v1", [X, X, X])]), Side())
    ultron = sid(state, "ultron_6_v1")
    state = steps(state, ultron, BONUS)
    assert shield(state, ultron) == 3
    state = steps(state, ultron, ZERO)
    assert shield(state, ultron) == 0
    state = steps(state, ultron, BONUS)  # a bonus that starts during it does count
    assert shield(state, ultron) == 1


def hulk_v1(state: State) -> State:
    # Hulk V1 (as the examples describe it): shield 0 carrying one card, 3 otherwise.
    texts = (
        Text("0 with one card", shield_set=0, if_loaded_at_most=1),
        Text("3 otherwise", shield_set=3, if_loaded_at_least=2),
    )
    return replace(
        state, defs={**state.defs, "hulk_v3": replace(state.defs["hulk_v3"], texts=texts)}
    )


def test_hulk_v1_forgets_barreira_when_a_card_is_loaded() -> None:
    # B.2 example: 0, Barreira → 1, a card loaded → 3 (the bonus is "forgotten").
    state = hulk_v1(build(Side(resources=[X], scene=[Placed("hulk_v3", [X])]), Side()))
    hulk = sid(state, "hulk_v3")
    assert shield(state, hulk) == 0
    state = steps(state, hulk, BONUS)
    assert shield(state, hulk) == 1
    state = load(state, hulk, X)
    assert shield(state, hulk) == 3


def test_hulk_v1_forgets_amarrar_when_a_card_is_loaded() -> None:
    # C.2 example: Amarrar (= 0), then a card loaded → 3.
    state = hulk_v1(build(Side(resources=[X], scene=[Placed("hulk_v3", [X])]), Side()))
    hulk = sid(state, "hulk_v3")
    state = steps(state, hulk, ZERO)
    state = load(state, hulk, X)
    assert shield(state, hulk) == 3


def test_homem_de_ferro_mach_6_ignores_amarrar_and_earlier_damage() -> None:
    # C.1 example: shield 2, Amarrar → 0, Mach 6 → 4 ignoring Amarrar (and earlier damage).
    state = build(Side(scene=[Placed("umar_v1", [X] * 5)]), Side())  # printed shield 2
    iron = sid(state, "umar_v1")
    state = steps(state, iron, Step(op="damage", amount=1))
    assert shield(state, iron) == 1
    state = steps(state, iron, ZERO)
    assert shield(state, iron) == 0
    state = steps(state, iron, Step(op="shield_set", amount=4))
    assert shield(state, iron) == 4
    state = steps(state, iron, Step(op="damage", amount=3))  # later damage does count
    assert shield(state, iron) == 1
    assert shield(restore_shields(state), iron) == 2  # end of turn: back to the printed 2


def test_abutre_keeps_a_bonus_that_started_during_amarrar() -> None:
    # ATENÇÃO example: Proteção (= 2), Amarrar → 0, then an armour loaded (+2) → 2.
    state = build(
        Side(resources=["protecao"], scene=[Placed("abutre_v1", ["protecao", X])]), Side()
    )
    abutre = sid(state, "abutre_v1")
    state = shields.refresh_shields(state)
    assert shield(state, abutre) == 2
    state = steps(state, abutre, ZERO)
    assert shield(state, abutre) == 0
    state = load(state, abutre, "protecao")  # stands in for Armadura de Combate I.M.A. (+2)
    assert shield(state, abutre) == 2


def test_penalties_beyond_zero_are_lost_for_good() -> None:
    # ATENÇÃO (valor mínimo): a −1 on a shield of 0 does nothing, even if a bonus comes later.
    state = build(Side(scene=[Placed("abutre_v1", [X, X])]), Side())  # printed shield 0
    abutre = sid(state, "abutre_v1")
    state = steps(state, abutre, Step(op="shield", amount=-1), BONUS)
    assert shield(state, abutre) == 1


def test_homem_aranha_v4_bonus_returns_with_what_was_left() -> None:
    # ATENÇÃO, first Homem-Aranha V4 example: shield 2, +2 from the armour while it has the
    # power V3 grants (4); 3 damage → 1; V3 unloaded → 0; V3 loaded again → 1, not 2.
    state = build(
        Side(
            resources=["mulher_hulk_v2"],
            scene=[Placed("mulher_hulk_v1", ["mulher_hulk_v2", "protecao", X])],
        ),
        Side(),
    )
    armour = Text("Escudo +2 com o poder", shield_bonus=2, if_power="aranha")
    defs = dict(state.defs)
    defs["mulher_hulk_v1"] = replace(defs["mulher_hulk_v1"], powers=())
    defs["mulher_hulk_v2"] = replace(defs["mulher_hulk_v2"], powers=("aranha",), texts=())
    defs["protecao"] = replace(defs["protecao"], texts=(armour,))
    state = shields.refresh_shields(replace(state, defs=defs))
    spider = sid(state, "mulher_hulk_v1")
    assert shield(state, spider) == 4
    state = steps(state, spider, Step(op="damage", amount=3))
    assert shield(state, spider) == 1
    v3 = zones.in_scene(state, spider).loaded[0]
    state = shields.refresh_shields(
        replace(zones.unload(state, spider, [v3]), clock=state.clock + 1)
    )
    assert shield(state, spider) == 0
    state = load(state, spider, "mulher_hulk_v2")
    assert shield(state, spider) == 1


def tick(state: State) -> State:
    """A new moment of the game: statics that started or stopped are recorded."""
    return shields.refresh_shields(replace(state, clock=state.clock + 1))


def test_homem_aranha_v4_armour_loaded_again_is_a_new_effect() -> None:
    # ATENÇÃO, second Homem-Aranha V4 example. The book prints 3; that number contradicts
    # 4.8.6 C ("os danos … sempre devem ser aplicados primeiro ao Escudo Base") and the first
    # example (which needs C to give 0 then 1). Reading chosen (4.8.6 C + "reiniciado em +2,
    # por tratar-se de um novo efeito"): of the 3 damage, 2 went on the base and 1 on the
    # armour's +2; the armour leaving takes its 1 with it, and loaded again it gives a fresh
    # +2 on a base that is still 0: 2 + 2 − 2 = 2.
    state = build(
        Side(
            resources=["protecao"],
            scene=[Placed("mulher_hulk_v1", ["mulher_hulk_v2", "protecao", X])],
        ),
        Side(),
    )
    armour = Text("Escudo +2 com o poder", shield_bonus=2, if_power="aranha")
    defs = dict(state.defs)
    defs["mulher_hulk_v1"] = replace(defs["mulher_hulk_v1"], powers=())
    defs["mulher_hulk_v2"] = replace(defs["mulher_hulk_v2"], powers=("aranha",), texts=())
    defs["protecao"] = replace(defs["protecao"], texts=(armour,))
    state = shields.refresh_shields(replace(state, defs=defs))
    spider = sid(state, "mulher_hulk_v1")
    state = steps(state, spider, Step(op="damage", amount=3))
    assert shield(state, spider) == 1
    worn = zones.in_scene(state, spider).loaded[1]
    state = tick(zones.unload(state, spider, [worn]))
    assert shield(state, spider) == 0
    state = load(state, spider, "protecao")
    assert shield(state, spider) == 2


def mansion(loaded: list[str]) -> tuple[State, int, int, int]:
    """Hulk V1 carrying ``loaded``; the first card stands in for Mansão dos Vingadores V1's
    +1 (a text the Gerador de P.E.M. can name); a Gerador is in the opponent's scene."""
    state = hulk_v1(
        build(
            Side(resources=[X], scene=[Placed("hulk_v3", loaded)]),
            Side(scene=[Placed("gerador_pem", [X])]),
        )
    )
    plus_one = Text("Escudo +1 (Mansão dos Vingadores)", shield_bonus=1)
    state = replace(
        state, defs={**state.defs, "protecao": replace(state.defs["protecao"], texts=(plus_one,))}
    )
    state = shields.refresh_shields(state)
    hulk = sid(state, "hulk_v3")
    return state, hulk, zones.in_scene(state, hulk).loaded[0], sid(state, "gerador_pem")


def test_mansion_note_1_a_bonus_back_after_the_setting_effect_ended_is_not_applied() -> None:
    # 4.8.6 ATENÇÃO (valor específico) 1: Hulk carrying one card: 0 + 1 = 1; the Gerador names
    # the Mansão → 0; a card loaded → 3; the Gerador destroyed → still 3.
    state, hulk, mansao, gerador = mansion(["protecao"])
    assert shield(state, hulk) == 1
    state = tick(replace(state, continuous=(Continuous(gerador, mansao, "lose_texts"),)))
    assert shield(state, hulk) == 0
    state = load(state, hulk, X)
    assert shield(state, hulk) == 3
    state = tick(replace(state, continuous=()))
    assert shield(state, hulk) == 3


def test_mansion_note_2_a_setting_effect_between_stop_and_return_voids_the_bonus() -> None:
    # 2: Hulk carrying two cards: 3 + 1 = 4; the Gerador → 3; a card unloaded → 0; the
    # Gerador destroyed → still 0.
    state, hulk, mansao, gerador = mansion(["protecao", X])
    assert shield(state, hulk) == 4
    state = tick(replace(state, continuous=(Continuous(gerador, mansao, "lose_texts"),)))
    assert shield(state, hulk) == 3
    other = zones.in_scene(state, hulk).loaded[1]
    state = tick(zones.unload(state, hulk, [other]))
    assert shield(state, hulk) == 0
    state = tick(replace(state, continuous=()))
    assert shield(state, hulk) == 0


def test_a_suspended_bonus_without_setting_effects_comes_back() -> None:
    # Without any setting effect in between, the Mansão's +1 simply works again.
    state = build(
        Side(scene=[Placed("abutre_v1", ["protecao", X])]),
        Side(scene=[Placed("gerador_pem", [X])]),
    )
    plus_one = Text("Escudo +1", shield_bonus=1)
    state = replace(
        state, defs={**state.defs, "protecao": replace(state.defs["protecao"], texts=(plus_one,))}
    )
    state = shields.refresh_shields(state)
    abutre, gerador = sid(state, "abutre_v1"), sid(state, "gerador_pem")
    mansao = zones.in_scene(state, abutre).loaded[0]
    assert shield(state, abutre) == 1
    state = tick(replace(state, continuous=(Continuous(gerador, mansao, "lose_texts"),)))
    assert shield(state, abutre) == 0
    state = tick(replace(state, continuous=()))
    assert shield(state, abutre) == 1
