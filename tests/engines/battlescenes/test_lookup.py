"""Card lookup: visible cards only (scene, scenario, resources, prizes, one's own hand)."""

from __future__ import annotations

from dataclasses import replace

from engines.battlescenes import ENGINE
from engines.battlescenes.rules.state import State
from engines.battlescenes.table import zones
from engines.battlescenes.view import LookupView, parse_lookup
from tests.engines.battlescenes.helpers import Placed, Side, build, sid, zone_id


def table() -> State:
    return build(
        Side(
            hand=["hela_v1"],
            resources=["protecao"],
            scene=[Placed("kraven_v1", ["impossivel_de_se_ver"])],
            deck=["odin_v1"],
        ),
        Side(hand=["umar_v1"], scene=[Placed("veiculo_shield_v3", ["excentricidade"])]),
        scenario="manchete_do_clarim",
    )


def test_lookup_by_number_or_name_with_or_without_accents() -> None:
    state = table()
    kraven = sid(state, "kraven_v1")
    view = ENGINE.lookup(state, 1, f"#{kraven}")
    assert view is not None and view.data["card"]["title"] == "Kraven V1"
    assert view.data["card"]["actions"][0]["name"]
    found = ENGINE.lookup(state, 0, "veiculo")
    assert found is not None and found.data["card"]["zone"] == "scene"
    carried = ENGINE.lookup(state, 1, "impossível")
    assert carried is not None and carried.data["card"]["zone"] == "loaded"
    assert ENGINE.lookup(state, None, "manchete") is not None  # the scenario
    assert ENGINE.lookup(state, 1, "proteção") is not None  # resources are public


def test_hidden_cards_cannot_be_looked_up() -> None:
    state = table()
    hela = zone_id(state, 0, "hand", "hela_v1")
    odin = zone_id(state, 0, "deck", "odin_v1")
    assert ENGINE.lookup(state, 0, str(hela)) is not None  # one's own hand
    assert ENGINE.lookup(state, 1, str(hela)) is None  # not the opponent's
    assert ENGINE.lookup(state, 1, "hela") is None
    assert ENGINE.lookup(state, None, "hela") is None
    assert ENGINE.lookup(state, 0, str(odin)) is None  # decks stay hidden
    assert ENGINE.lookup(state, 0, "odin") is None
    offered = {c.value for c in ENGINE.lookup_choices(state, 1, "")}
    assert str(hela) not in offered and str(odin) not in offered
    assert str(zone_id(state, 1, "hand", "umar_v1")) in offered


def test_the_card_render_is_a_phone_sized_png() -> None:
    state = table()
    view = ENGINE.lookup(state, 0, "kraven")
    assert view is not None
    png = ENGINE.render(view, "card", "pt-BR")
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width = int.from_bytes(png[16:20], "big")
    assert width == 960


def test_the_lookup_view_is_typed_and_holds_one_card_only() -> None:
    state = table()
    view = ENGINE.lookup(state, 0, "kraven")
    assert view is not None and set(view.data) == {"card"}
    looked = parse_lookup(view)
    assert isinstance(looked, LookupView)
    card = looked.card
    assert (card.title, card.type, card.zone, card.owner) == ("Kraven V1", "character", "scene", 0)
    assert card.energy == 5 and card.powers == ("agilidade",) and card.actions[0].name


def test_no_lookup_reveals_a_deck_or_the_opponents_hand() -> None:
    state = table()
    odin = zone_id(state, 0, "deck", "odin_v1")
    ana = replace(state.players[0], set_aside=(odin,), deck=state.players[0].deck[1:])
    state = zones.set_player(state, 0, ana)  # Ana's own card set aside (face down)
    for seat in (None, 0, 1):
        for card in range(len(state.cards)):
            players = enumerate(state.players)
            hidden = any(card in p.deck for p in state.players) or any(
                card in p.hand or card in p.set_aside for i, p in players if i != seat
            )
            view = ENGINE.lookup(state, seat, str(card))
            assert (view is None) == hidden, (seat, card)
            if view is not None:
                assert parse_lookup(view).card.id == card
            by_name = ENGINE.lookup(state, seat, zones.title(state, card))
            if hidden:  # a name search never lands on it either
                assert by_name is None or parse_lookup(by_name).card.id != card
    assert ENGINE.lookup(state, 0, str(odin)) is not None  # one's own set-aside card
    assert ENGINE.lookup(state, 1, "odin") is None
