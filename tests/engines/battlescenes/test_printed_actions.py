"""The built-in cards' actions as printed (their public record, audit section 3): Hulk V3's
three options paid by unloading a card, Odin V1's incapacitation only beside another
Asgardiano, Maximus's discard-then-draw and Triton V1's X+3. Played with the built-in
cards (``starter()``), not the test stand-ins."""

from __future__ import annotations

import pytest

from engines.battlescenes.actions import Choose, Pass, UseAction
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import zones
from engines.core import IllegalActionError
from tests.engines.battlescenes.helpers import Placed, Side, act, build, sid, starter, zone_id

FILL = ["excentricidade"] * 6


def _hulk_table() -> State:
    return build(
        Side(scene=[Placed("hulk_v3", FILL[:4]), Placed("capanga_do_rei_v2", FILL[:3])]),
        Side(
            deck=["protecao"] * 8,
            scene=[Placed("raio_negro_v2", FILL), Placed("capanga_do_rei_v2", FILL[:3])],
        ),
        content=starter(),
    )


def _loaded(state: State, card: int) -> int:
    return len(zones.in_scene(state, card).loaded)


def test_hulk_pays_a_card_of_his_own_and_deals_5_to_the_target() -> None:
    state = _hulk_table()
    hulk, raio = sid(state, "hulk_v3"), sid(state, "raio_negro_v2")
    paid = zones.in_scene(state, hulk).loaded[0]
    use = UseAction(hulk, "Raaaaarrgh!", str(raio), mode="dano", pay=str(paid))
    state, _ = act(state, 0, use)
    assert paid not in zones.in_scene(state, hulk).loaded and _loaded(state, hulk) == 3
    assert _loaded(state, raio) == 4  # 5 damage, Escudo 3 absorbs 3: two cards unloaded


def test_hulk_cannot_use_it_without_a_card_to_unload() -> None:
    state = build(
        Side(scene=[Placed("hulk_v3")]),
        Side(scene=[Placed("raio_negro_v2", FILL)]),
        content=starter(),
    )
    hulk, raio = sid(state, "hulk_v3"), sid(state, "raio_negro_v2")
    try:
        act(state, 0, UseAction(hulk, "Raaaaarrgh!", str(raio), mode="dano"))
    except IllegalActionError:
        return
    raise AssertionError("Raaaaarrgh! was used without its additional cost")


def test_hulk_deals_2_to_every_other_character_and_support_on_both_sides() -> None:
    state = _hulk_table()
    hulk = sid(state, "hulk_v3")
    mine, theirs = sid(state, "capanga_do_rei_v2", 0), sid(state, "capanga_do_rei_v2", 1)
    raio = sid(state, "raio_negro_v2")
    paid = zones.in_scene(state, hulk).loaded[0]
    state, _ = act(state, 0, UseAction(hulk, "Raaaaarrgh!", mode="todos", pay=str(paid)))
    # Capanga do Rei V2 has Escudo 1: each loses one card; Raio Negro's Escudo 3 takes all.
    assert (_loaded(state, mine), _loaded(state, theirs), _loaded(state, raio)) == (2, 2, 6)
    assert _loaded(state, hulk) == 3  # only the card paid: Hulk is not among "the others"


def test_hulk_puts_five_cards_of_the_chosen_players_deck_into_their_resources() -> None:
    state = _hulk_table()
    hulk = sid(state, "hulk_v3")
    paid = zones.in_scene(state, hulk).loaded[0]
    top = state.players[1].deck[:5]
    use = UseAction(hulk, "Raaaaarrgh!", mode="recursos_oponente", pay=str(paid))
    state, _ = act(state, 0, use)
    assert len(state.players[1].deck) == 3 and set(top) <= set(state.players[1].resources)
    assert state.players[0].resources == (paid,)  # the card Hulk unloaded, nothing milled


def _odin_table(beside: str) -> State:
    mine = [Placed("odin_v1", FILL[:3])] + ([Placed(beside, FILL[:3])] if beside else [])
    return build(
        Side(scene=mine),
        Side(scene=[Placed("capanga_do_rei_v2", FILL, stage=2)]),
        content=starter(),
    )


def test_odin_incapacitates_the_target_when_he_controls_another_asgardiano() -> None:
    state = _odin_table("heimdall_v1")
    odin, capanga = sid(state, "odin_v1"), sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, UseAction(odin, "Ira do Patriarca", str(capanga)))
    target = zones.in_scene(state, capanga)
    assert len(target.loaded) == 4 and target.stage == 1  # 3 damage - Escudo 1; stage 2 → 1


def test_odin_alone_or_beside_no_asgardiano_only_deals_the_damage() -> None:
    for beside in ("", "raio_negro_v2"):
        state = _odin_table(beside)
        odin, capanga = sid(state, "odin_v1"), sid(state, "capanga_do_rei_v2")
        state, _ = act(state, 0, UseAction(odin, "Ira do Patriarca", str(capanga)))
        target = zones.in_scene(state, capanga)
        assert len(target.loaded) == 4 and target.stage == 2, beside


def _maximus_table(hand: list[str]) -> State:
    return build(
        Side(
            deck=["protecao"] * 5,
            hand=hand,
            scene=[Placed("maximus_v1", FILL[:3], stage=2)],
        ),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        content=starter(),
        phase=Phase.ATTACK,
    )


def test_maximus_pays_an_inumanos_character_of_the_hand_and_draws_three() -> None:
    state = _maximus_table(["karnak_v1", "abutre_v1"])
    maximus = sid(state, "maximus_v1")
    karnak, abutre = zone_id(state, 0, "hand", "karnak_v1"), zone_id(state, 0, "hand", "abutre_v1")
    # Abutre (Sexteto Sinistro) cannot pay the cost: only an Inumanos character card.
    with pytest.raises(IllegalActionError):
        act(state, 0, UseAction(maximus, "Delírios de Poder", pay=str(abutre)))
    state, _ = act(state, 0, UseAction(maximus, "Delírios de Poder", pay=str(karnak)))
    # His second text first (an Inumanos used a cost-2 action): he may draw one; he declines.
    assert state.choice is not None and state.choice.prompt == "battlescenes.choice.may"
    state, _ = act(state, 0, Choose("skip"))
    player = state.players[0]
    assert karnak in player.resources and len(player.hand) == 4 and len(player.deck) == 2


def test_maximus_draws_one_more_for_using_a_cost_2_action() -> None:
    state = _maximus_table(["karnak_v1"])
    maximus, karnak = sid(state, "maximus_v1"), zone_id(state, 0, "hand", "karnak_v1")
    state, _ = act(state, 0, UseAction(maximus, "Delírios de Poder", pay=str(karnak)))
    state, _ = act(state, 0, Choose("yes"))
    assert len(state.players[0].hand) == 4 and len(state.players[0].deck) == 1


def test_maximus_cannot_use_it_without_an_inumanos_character_in_hand() -> None:
    state = _maximus_table(["abutre_v1"])
    with pytest.raises(IllegalActionError):
        act(state, 0, UseAction(sid(state, "maximus_v1"), "Delírios de Poder"))


@pytest.mark.parametrize(
    ("holder", "ally", "stranger"),
    [("maximus_v1", "karnak_v1", "abutre_v1"), ("capuz_v2", "maximus_v1", "karnak_v1")],
)
def test_the_redirect_goes_only_to_an_ally_of_the_printed_affiliation(
    holder: str, ally: str, stranger: str
) -> None:
    state = build(
        Side(scene=[Placed("bishop_v1", FILL)]),
        Side(scene=[Placed(holder, FILL[:3]), Placed(ally, FILL[:3]), Placed(stranger, FILL[:3])]),
        content=starter(),
    )
    bishop, victim = sid(state, "bishop_v1"), sid(state, holder)
    state, _ = act(state, 0, UseAction(bishop, "Emissão de Plasma", str(victim)))
    assert state.choice is not None and state.choice.prompt == "battlescenes.choice.redirect"
    assert set(state.choice.options) - {"skip"} == {str(sid(state, ally))}


def test_medusa_incapacitates_two_targets_by_1_and_capacitates_herself_after() -> None:
    state = build(
        Side(scene=[Placed("medusa_v2", FILL[:3], stage=2)]),
        Side(
            scene=[Placed("capanga_do_rei_v2", FILL, stage=2), Placed("abutre_v1", FILL, stage=2)]
        ),
        content=starter(),
    )
    medusa = sid(state, "medusa_v2")
    capanga, abutre = sid(state, "capanga_do_rei_v2"), sid(state, "abutre_v1")
    use = UseAction(medusa, "Cabelos-Tentáculos", f"{capanga}, {abutre}", mode="dois_alvos")
    state, _ = act(state, 0, use)
    state, _ = act(state, 0, Choose("yes"))  # an Inumanos used a cost-2 action: capacitate 1
    stages = [zones.in_scene(state, c).stage for c in (capanga, abutre, medusa)]
    assert stages == [1, 1, 1]  # Medusa paid 2 (stage 2 → 0), then capacitated 1


def test_triton_deals_3_plus_the_inumanos_he_and_his_allies_are() -> None:
    state = build(
        Side(scene=[Placed("triton_v1", FILL[:3], stage=2), Placed("cristalys_v1", FILL[:3])]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL)]),
        content=starter(),
    )
    triton, capanga = sid(state, "triton_v1"), sid(state, "capanga_do_rei_v2")
    state, _ = act(state, 0, UseAction(triton, "Selvageria Marinha", str(capanga)))
    assert _loaded(state, capanga) == 2  # 3 + 2 Inumanos = 5, Escudo 1: four cards unloaded


def test_hulk_at_the_end_of_his_turn_may_deal_3_to_an_opponents_card() -> None:
    state = _hulk_table()
    raio, theirs = sid(state, "raio_negro_v2"), sid(state, "capanga_do_rei_v2", 1)
    state, _ = act(state, 0, Pass())
    # Only the opponent's character or support may be chosen (not his own Capanga).
    assert state.choice is not None and set(state.choice.options) == {
        str(raio),
        str(theirs),
        "skip",
    }
    state, _ = act(state, 0, Choose(str(theirs)))
    assert _loaded(state, theirs) == 1  # 3 damage, Escudo 1: two cards unloaded


def test_hulk_deals_nothing_at_the_end_of_a_turn_he_acted_or_entered() -> None:
    acted = _hulk_table()
    hulk, raio = sid(acted, "hulk_v3"), sid(acted, "raio_negro_v2")
    paid = zones.in_scene(acted, hulk).loaded[0]
    acted, _ = act(acted, 0, UseAction(hulk, "Raaaaarrgh!", str(raio), mode="dano", pay=str(paid)))
    entered = build(
        Side(scene=[Placed("hulk_v3", FILL[:4], entered=3)]),
        Side(scene=[Placed("capanga_do_rei_v2", FILL[:3])]),
        content=starter(),
    )
    for state in (acted, entered):
        state, _ = act(state, 0, Pass())
        assert state.choice is None or state.choice.prompt != "battlescenes.choice.character"
