"""Each built-in card against the facts recorded from its public record
(``recorded/printed_facts.json``: danielbdrpg/BattleScenesDeckBuilder, as the content audit
read it, section 3). A card plays as printed — ``automated`` — only when its facts all
match and the engine does every text of it; until a card is corrected it stays in
``NOT_YET_CORRECTED`` and every deck holding it is refused at set-up."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engines.battlescenes.content.database import automated_codes, database, facts
from engines.battlescenes.rules.actions import PlayCard
from engines.battlescenes.rules.state import Phase
from tests.engines.battlescenes.helpers import Placed, Side, act, build, pack, zone_id

RECORDED = json.loads(
    (Path(__file__).parent / "recorded" / "printed_facts.json").read_text("utf-8")
)

#: Built-in cards whose numbers, powers, names or actions still differ from the printed
#: card (the audit's section 3 lists each difference). A card corrected leaves the list.
NOT_YET_CORRECTED = frozenset(RECORDED["cards"]) - {"planos_frustrados_v1", "uniao_inabalavel_v1"}


def _printed(key: str) -> dict[str, object]:
    recorded = dict(RECORDED["cards"][key])
    del recorded["code"], recorded["record"]
    recorded["action"] = tuple(recorded["action"]) if recorded["action"] else None
    return recorded


def test_every_built_in_card_names_its_printed_record() -> None:
    cards = pack().cards
    assert set(RECORDED["cards"]) == set(cards)
    for key, card in cards.items():
        recorded = RECORDED["cards"][key]
        assert card.code == recorded["code"], key
        printed = database().find(card.code)
        assert printed is not None and facts(printed) == _printed(key), key  # the import


def test_the_corrected_cards_match_their_record_and_the_others_are_listed() -> None:
    differing = {k for k, c in pack().cards.items() if facts(c) != _printed(k)}
    assert differing == NOT_YET_CORRECTED
    for key in set(pack().cards) - NOT_YET_CORRECTED:
        assert facts(pack().cards[key]) == _printed(key), key


def test_only_cards_played_as_printed_are_automated() -> None:
    played = automated_codes(pack())
    for key, card in pack().cards.items():
        if key in NOT_YET_CORRECTED or card.incomplete:
            assert card.code not in played, key
    # Planos Frustrados V1: printed facts, both quoted texts and its draw on entering.
    assert played == {pack().cards["planos_frustrados_v1"].code}


@pytest.mark.parametrize(
    "scenario",
    ["cidade_fantasma", "planos_frustrados_v1", "a_essencia_do_medo", "batalha_em_area_povoada"],
)
def test_these_scenarios_draw_a_card_on_entering(scenario: str) -> None:
    state = build(
        Side(deck=["protecao", "karnak_v1"], hand=[scenario], scene=[Placed("raio_negro_v2")]),
        Side(scene=[Placed("heimdall_v1")]),
        phase=Phase.PREPARATION,
    )
    top = state.players[0].deck[0]
    state, _events = act(state, 0, PlayCard(zone_id(state, 0, "hand", scenario)))
    assert state.players[0].hand == (top,) and len(state.players[0].deck) == 1
