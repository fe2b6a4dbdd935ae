"""Card lookup: visible cards only (scene, scenario, resources, prizes, one's own hand)."""

from __future__ import annotations

from engines.battlescenes import ENGINE
from engines.battlescenes.state import State
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
