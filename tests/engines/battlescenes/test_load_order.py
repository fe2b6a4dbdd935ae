"""The player's standing loading order (issue #5, 4.4.2.2 A.3 "escolha … cards dos seus
recursos"): set at any time by any seat with ``load_order``; ``play`` without ``load``, an
effect putting a card into the scene (Homem-Formiga V1), "carregue N cards dos seus recursos"
and the Predador/"carregue um card" choice follow it; an explicit ``load`` still wins."""

from __future__ import annotations

import pytest

from engines.battlescenes import ENGINE
from engines.battlescenes.actions import Choose, LoadOrder, Pass, PlayCard
from engines.battlescenes.content.schema import Step
from engines.battlescenes.effects import interpreter as fx
from engines.battlescenes.effects import tree
from engines.battlescenes.rules.load_order import LOAD_ORDERS
from engines.battlescenes.rules.state import CardRef, Pending, Phase, State
from engines.battlescenes.table import zones
from engines.core import InvalidActionError, RiggedDice
from engines.core.i18n import LOCALES
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, keys, sid, zone_id
from tests.engines.battlescenes.test_validated import formiga_answers
from tests.engines.battlescenes.test_validated import table as formiga_table

FILL = ["excentricidade"] * 5
CATALOG = ENGINE.catalog()
#: Ana's resources, oldest first: two Mulher-Hulk V1 (alter ego Jennifer Walters, like the
#: Mulher-Hulk V2 in her hand), an ability, and cards that would only count as energy there.
RESOURCES = [
    "mulher_hulk_v1",
    "hulk_v3",
    "mulher_hulk_v1",
    "excentricidade",
    "novos_horizontes",
    "camara_neutralizadora",
    "capanga_do_rei_v2",
    "cidade_fantasma",
    "capanga_do_rei_v2",
]


def table() -> State:
    return build(
        Side(scene=[Placed("umar_v1", FILL)], hand=["mulher_hulk_v2"], resources=RESOURCES),
        Side(scene=[Placed("medusa_v2", FILL)]),
        phase=Phase.PREPARATION,
    )


def loaded_keys(state: State, base: int) -> list[str]:
    return [state.cards[c].key for c in zones.in_scene(state, base).loaded]


def play_hulk(state: State, order: str | None, load: str = "") -> tuple[State, int]:
    if order is not None:
        state, _ = act(state, 0, LoadOrder(order))
    hulk = zone_id(state, 0, "hand", "mulher_hulk_v2")
    state, _ = act(state, 0, PlayCard(hulk, load))
    return state, hulk


def test_the_default_loads_the_newest_resources() -> None:
    state, hulk = play_hulk(table(), None)
    # Energia Inicial 6: the top six of the pile, newest first.
    assert loaded_keys(state, hulk) == [
        "capanga_do_rei_v2",
        "cidade_fantasma",
        "capanga_do_rei_v2",
        "camara_neutralizadora",
        "novos_horizontes",
        "excentricidade",
    ]
    # Neither Mulher-Hulk V1 was loaded: only the ability grants its texts (A.1.1).
    granted = zones.granted_cards(state, zones.in_scene(state, hulk))
    assert [state.cards[c].key for c in granted] == ["excentricidade"]


def test_oldest_first_loads_the_bottom_of_the_pile() -> None:
    state, hulk = play_hulk(table(), "oldest")
    assert loaded_keys(state, hulk) == RESOURCES[:6]
    assert [state.cards[c].key for c in state.players[0].resources] == RESOURCES[6:]


def test_granting_loads_the_same_alter_ego_and_the_abilities_first() -> None:
    # A.1.2a: a Mulher-Hulk V1 on Mulher-Hulk V2 grants its texts — but only one copy
    # (ATENÇÃO), so the second copy is treated as plain energy; A.1.1: abilities work.
    state, hulk = play_hulk(table(), "granting")
    keys_loaded = loaded_keys(state, hulk)
    assert keys_loaded[:2] == ["excentricidade", "mulher_hulk_v1"]
    assert keys_loaded.count("mulher_hulk_v1") == 1
    assert keys_loaded[2:] == [
        "capanga_do_rei_v2",
        "cidade_fantasma",
        "capanga_do_rei_v2",
        "camara_neutralizadora",
    ]
    granted = zones.granted_cards(state, zones.in_scene(state, hulk))
    assert sorted(state.cards[c].key for c in granted) == ["excentricidade", "mulher_hulk_v1"]


def test_energy_first_keeps_the_cards_that_would_grant_texts() -> None:
    state, hulk = play_hulk(table(), "energy")
    assert "mulher_hulk_v1" not in loaded_keys(state, hulk)
    assert "excentricidade" not in loaded_keys(state, hulk)
    assert zones.granted_cards(state, zones.in_scene(state, hulk)) == []
    left = sorted(state.cards[c].key for c in state.players[0].resources)
    assert left == ["excentricidade", "mulher_hulk_v1", "mulher_hulk_v1"]


def test_an_explicit_load_still_wins_and_the_order_fills_the_rest() -> None:
    state = table()
    newest = state.players[0].resources[-1]
    state, hulk = play_hulk(state, "oldest", load=str(newest))
    assert zones.in_scene(state, hulk).loaded[0] == newest
    assert loaded_keys(state, hulk)[1:] == RESOURCES[:5]


def test_any_seat_sets_its_order_at_any_time_and_nobody_waits_for_it() -> None:
    state = table()  # Ana's Preparation phase: Bruno owes nothing
    decisions = ENGINE.pending(state)
    assert [d.seat for d in decisions if not d.optional] == [0]
    assert {d.seat for d in decisions if d.optional and "load_order" in d.kinds} == {0, 1}
    after, events = act(state, 1, LoadOrder("granting"))
    assert keys(events) == ["battlescenes.event.load_order"]
    assert after.players[1].load_order == "granting"
    # The game did not move: same phase, same player to decide, same last action.
    assert (after.phase, after.active, after.last_action) == (
        state.phase,
        state.active,
        state.last_action,
    )
    public = ENGINE.view(after, None).data
    assert public["deciding"] == [0]
    assert [p["load_order"] for p in public["players"]] == ["newest", "granting"]
    line = CATALOG.translate(events[0].key, "en-US", **events[0].params)
    assert line == "Bruno now loads cards that grant texts first."


def test_an_unknown_order_is_refused() -> None:
    with pytest.raises(InvalidActionError) as refused:
        act(table(), 0, LoadOrder("shiniest"))
    assert refused.value.key == "battlescenes.error.load_order"
    assert refused.value.params["orders"] == "newest, oldest, granting, energy"


def test_the_order_survives_the_turns_and_the_json() -> None:
    state, _ = act(table(), 0, LoadOrder("oldest"))
    state, _ = act(state, 0, Pass(), RiggedDice([1] * 20))
    assert state.players[0].load_order == "oldest"
    assert ENGINE.state_from_json(ENGINE.state_to_json(state)) == state


def test_homem_formiga_enters_loading_in_its_players_order() -> None:
    # 5.2.1 put into the scene by an effect: Energia Inicial 3 from the resources.
    state, (_first, _second, _abutre, formiga) = formiga_answers(_formiga_table("oldest"))
    oldest = state.players[1].resources[:3]
    state, _ = act(state, 1, Choose("yes"))
    assert zones.in_scene(state, formiga).loaded == oldest


def test_homem_formiga_granting_takes_the_ability_first() -> None:
    state, (_first, _second, _abutre, formiga) = formiga_answers(_formiga_table("granting"))
    resources = state.players[1].resources
    state, _ = act(state, 1, Choose("yes"))
    # The ability (the oldest card) first, then the two newest.
    assert zones.in_scene(state, formiga).loaded == (resources[0], resources[-1], resources[-2])


def _formiga_table(order: str) -> State:
    """test_validated's table with Priscila's four resources made distinct (oldest first)."""
    state = formiga_table()
    pile = ["protecao", "capanga_do_rei_v2", "camara_neutralizadora", "cidade_fantasma"]
    cards = list(state.cards)
    for card, key in zip(state.players[1].resources, pile, strict=True):
        cards[card] = CardRef(1, key)
    state = replace(state, cards=tuple(cards))
    return zones.set_player(state, 1, replace(state.players[1], load_order=order))


def _loader(state: State, step: Step, base: int) -> State:
    effect = Pending(uid=0, level=1, controller=0, source=base, label="X", steps=(step,), this=base)
    state, _ = fx.run(tree.add(state, [effect], 1), RiggedDice())
    return state


def _umar_table(order: str) -> tuple[State, int]:
    state = build(
        Side(scene=[Placed("umar_v1", FILL)], resources=["protecao", "hulk_v3", "cidade_fantasma"]),
        Side(scene=[Placed("medusa_v2", FILL)]),
        phase=Phase.ATTACK,
    )
    state = zones.set_player(state, 0, replace(state.players[0], load_order=order))
    return state, sid(state, "umar_v1")


@pytest.mark.parametrize(
    ("order", "expected"),
    [
        ("newest", ["cidade_fantasma", "hulk_v3"]),
        ("oldest", ["protecao", "hulk_v3"]),
        ("granting", ["protecao", "cidade_fantasma"]),
        ("energy", ["cidade_fantasma", "hulk_v3"]),
    ],
)
def test_carregue_n_cards_dos_seus_recursos_follows_the_order(
    order: str, expected: list[str]
) -> None:
    state, umar = _umar_table(order)
    before = len(zones.in_scene(state, umar).loaded)
    state = _loader(state, Step(op="load_resources", amount=2, to="this"), umar)
    assert loaded_keys(state, umar)[before:] == expected


@pytest.mark.parametrize(
    ("order", "first"),
    [("newest", "cidade_fantasma"), ("oldest", "protecao"), ("granting", "protecao")],
)
def test_the_predador_choice_lists_the_preferred_card_first(order: str, first: str) -> None:
    # 7.2 Predador / "carregue um card dos seus recursos": the player picks; the options (and
    # so the menu) start with the card their order prefers.
    state, umar = _umar_table(order)
    state = _loader(state, Step(op="load_from_resources", to="this", optional=True), umar)
    assert state.choice is not None
    card = int(state.choice.options[0].split(">")[0])
    assert state.cards[card].key == first


def test_the_command_offers_every_order_in_every_language() -> None:
    spec = next(s for s in ENGINE.commands() if s.action == "load_order")
    assert spec.name == "load-order"
    (option,) = spec.options
    assert [c.value for c in option.choices] == list(LOAD_ORDERS)
    for locale in LOCALES:
        for choice in option.choices:
            assert CATALOG.has(choice.label.key, locale), (choice.label.key, locale)
        assert CATALOG.has("battlescenes.render.load_order", locale)


def test_an_ev_character_counts_what_the_evolved_base_carries() -> None:
    # A.3a: Fantasma do Espaço V1 (+2) evolving from a Skrull that already carries a
    # Fantasma do Espaço of another version: a second copy would grant nothing (A.1.2a
    # ATENÇÃO), so ``granting`` takes the ability and then the newest card instead.
    state = build(
        Side(
            hand=["fantasma_do_espaco_v1"],
            resources=[
                "fantasma_do_espaco_v2",
                "cidade_fantasma",
                "protecao",
                "camara_neutralizadora",
            ],
            scene=[Placed("maximus_v1", ["fantasma_do_espaco_v2", *FILL[:2]])],
        ),
        Side(scene=[Placed("medusa_v2", FILL)]),
        phase=Phase.PREPARATION,
    )
    v1 = state.defs["fantasma_do_espaco_v1"]
    defs = {
        **state.defs,
        "maximus_v1": replace(state.defs["maximus_v1"], affiliations=("Skrulls",)),
        "fantasma_do_espaco_v2": replace(v1, key="fantasma_do_espaco_v2", version="V2"),
    }
    state = replace(state, defs=defs)
    state = zones.set_player(state, 0, replace(state.players[0], load_order="granting"))
    ev = zone_id(state, 0, "hand", "fantasma_do_espaco_v1")
    state, _ = act(state, 0, PlayCard(ev, evolve=sid(state, "maximus_v1")))
    assert loaded_keys(state, ev)[-2:] == ["protecao", "camara_neutralizadora"]
