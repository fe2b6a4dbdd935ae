"""4.4.2.3 A.1.2a with 8.B.2: a loaded character card grants its affiliations, powers, texts
and actions to a base with the same alter ego *now* — one it gained or lost counts. Reading:
the base's alter egos are computed from its printed one and every working change except
those made by the texts the loaded same-identity cards would grant (whether they grant cannot
depend on what they grant). Stand-in texts; the rulebook prints no such combination."""

from __future__ import annotations

from engines.battlescenes.actions import UseAction
from engines.battlescenes.content.schema import Characteristic, Text
from engines.battlescenes.rules.state import State, TurnTrait
from engines.battlescenes.table import zones
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, sid


def with_change(state: State, key: str, change: Characteristic) -> State:
    text = Text(text="…", characteristics=(change,))
    return replace(state, defs={**state.defs, key: replace(state.defs[key], texts=(text,))})


def table() -> State:
    """Ana's Abutre V1 (alter ego Adrian Toomes) carries a Mulher-Hulk V2 (Jennifer
    Walters: força, Vingadores, Arremesso) among its energy."""
    return build(
        Side(scene=[Placed("abutre_v1", ["mulher_hulk_v2", "protecao", "protecao"], stage=2)]),
        Side(scene=[Placed("triton_v1", ["protecao"] * 4)]),
    )


def test_a_different_alter_ego_grants_nothing() -> None:
    state = table()
    abutre = sid(state, "abutre_v1")
    item = zones.in_scene(state, abutre)
    assert item.loaded[0] not in zones.granted_cards(state, item)  # only the Proteção
    assert "super_forca" not in zones.powers(state, item)


def test_a_gained_alter_ego_makes_the_same_alter_ego_card_grant() -> None:
    # Abutre "ganha o alter ego Jennifer Walters": the Mulher-Hulk V2 it carries now has the
    # same alter ego and another version, so it grants força, Vingadores and Arremesso.
    state = with_change(
        table(), "abutre_v1", Characteristic("gain", "alter_ego", "Jennifer Walters")
    )
    abutre = sid(state, "abutre_v1")
    item = zones.in_scene(state, abutre)
    assert item.loaded[0] in zones.granted_cards(state, item)
    assert "super_forca" in zones.powers(state, item)
    assert "Vingadores" in zones.affiliations(state, item)
    triton = sid(state, "triton_v1")
    state, _ = act(state, 0, UseAction(abutre, "Arremesso", str(triton)))
    assert zones.in_scene(state, abutre).actions_used == 1


def test_a_lost_alter_ego_stops_the_grant() -> None:
    # Mulher-Hulk V2 (Jennifer Walters) carries a Mulher-Hulk V1: it grants Soco Jurídico…
    state = build(
        Side(scene=[Placed("mulher_hulk_v2", ["mulher_hulk_v1", "protecao"])]),
        Side(scene=[Placed("triton_v1", ["protecao"] * 4)]),
    )
    v2 = sid(state, "mulher_hulk_v2")
    mh1 = zones.in_scene(state, v2).loaded[0]
    assert mh1 in zones.granted_cards(state, zones.in_scene(state, v2))
    # An opposing text makes it lose its alter ego (8.B.2): now A.1.2b compares names — both
    # are "Mulher-Hulk", so the V1 still grants.
    state = with_change(
        state, "triton_v1", Characteristic("lose", "alter_ego", "*", to="opponent_characters")
    )
    item = zones.in_scene(state, v2)
    assert zones.alter_egos(state, v2) == ()
    assert mh1 in zones.granted_cards(state, item)  # same name, other version
    # A timed loss of the name too: nothing left in common, nothing granted.
    lose = TurnTrait(v2, Characteristic("lose", "name", "*"))
    state = replace(state, turn_traits=(lose,))
    assert mh1 not in zones.granted_cards(state, zones.in_scene(state, v2))


def test_a_loaded_card_does_not_grant_itself_by_its_own_text() -> None:
    # Stand-in on the loaded Mulher-Hulk V2: "o personagem que carrega este card ganha o alter
    # ego Jennifer Walters" — a granted text; it cannot make its own card grant it.
    state = table()
    text = Text(
        text="…",
        characteristics=(Characteristic("gain", "alter_ego", "Jennifer Walters"),),
    )
    defs = {**state.defs, "mulher_hulk_v2": replace(state.defs["mulher_hulk_v2"], texts=(text,))}
    state = replace(state, defs=defs)
    abutre = sid(state, "abutre_v1")
    item = zones.in_scene(state, abutre)
    assert item.loaded[0] not in zones.granted_cards(state, item)
    assert "Jennifer Walters" not in zones.alter_egos(state, abutre)


def test_same_name_other_alter_ego_is_only_energy() -> None:
    # A.1.2 example: Capitão América V4 (Steve Rogers) carrying Capitão América V1 (James
    # Buchanan Barnes) — same name, other alter ego: only energy. Stand-in: Mulher-Hulk V1
    # printed with another alter ego, under Mulher-Hulk V2 (Jennifer Walters).
    state = build(
        Side(scene=[Placed("mulher_hulk_v2", ["mulher_hulk_v1", "protecao"])]),
        Side(scene=[Placed("triton_v1", ["protecao"] * 4)]),
    )
    other = replace(state.defs["mulher_hulk_v1"], alter_ego="Lyra")
    state = replace(state, defs={**state.defs, "mulher_hulk_v1": other})
    item = zones.in_scene(state, sid(state, "mulher_hulk_v2"))
    assert item.loaded[0] not in zones.granted_cards(state, item)
