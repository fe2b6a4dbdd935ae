"""Each built-in card against the facts recorded from its public record
(``recorded/printed_facts.json``: danielbdrpg/BattleScenesDeckBuilder, as the content audit
read it, section 3). Every built-in card carries its printed facts; it plays as printed —
``automated`` — only when the engine also does every text of it, and every deck holding
one that does not is refused at set-up."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engines.battlescenes import ENGINE
from engines.battlescenes.actions import PlayCard
from engines.battlescenes.content.database import automated_codes, database, facts
from engines.battlescenes.content.schema import DeckList, Pack
from engines.battlescenes.rules.state import Phase
from engines.core import RiggedDice, Seat, SetupError
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, act, build, starter, zone_id

SEATS = [Seat(0, "Ana"), Seat(1, "Bruno")]
#: The facts recorded from each built-in card's public record, one file per batch of cards
#: (``printed_facts*.json``: the starter's, then the official decks' cards), so that cards
#: added in several batches never touch one file.
RECORDS = [
    json.loads(path.read_text("utf-8"))
    for path in sorted((Path(__file__).parent / "recorded").glob("printed_facts*.json"))
]
RECORDED = {"cards": {key: card for record in RECORDS for key, card in record["cards"].items()}}

#: The built-in cards the bot plays as printed: their facts match the record and the engine
#: does every text and action of each (the others say what they lack in ``incomplete``).
#: Each recorded file lists its own in ``automated``.
AUTOMATED = frozenset(key for record in RECORDS for key in record["automated"])


def _printed(key: str) -> dict[str, object]:
    recorded = dict(RECORDED["cards"][key])
    del recorded["code"], recorded["record"]
    recorded["action"] = tuple(recorded["action"]) if recorded["action"] else None
    return recorded


def test_every_built_in_card_names_its_printed_record() -> None:
    cards = starter().cards
    assert set(RECORDED["cards"]) == set(cards)
    for key, card in cards.items():
        recorded = RECORDED["cards"][key]
        assert card.code == recorded["code"], key
        printed = database().find(card.code)
        assert printed is not None and facts(printed) == _printed(key), key  # the import


def test_every_built_in_card_has_its_printed_facts() -> None:
    for key, card in starter().cards.items():
        assert facts(card) == _printed(key), key


def test_only_cards_played_as_printed_are_automated() -> None:
    played = automated_codes(starter())
    cards = starter().cards
    assert played == {cards[key].code for key in AUTOMATED}
    for key, card in cards.items():
        manual = any(t.manual for t in card.texts) or any(a.manual for a in card.actions)
        assert (key in AUTOMATED) == (not card.incomplete and not manual), key


def test_the_starter_decks_hold_only_automated_cards() -> None:
    for deck in starter().decks.values():
        assert {key for key, _count in deck.cards} <= AUTOMATED, deck.key


@pytest.mark.parametrize(
    "scenario",
    ["cidade_fantasma", "planos_frustrados_v1", "a_essencia_do_medo", "batalha_em_area_povoada"],
)
def test_these_scenarios_draw_a_card_on_entering(scenario: str) -> None:
    state = build(
        Side(deck=["protecao", "karnak_v1"], hand=[scenario], scene=[Placed("raio_negro_v2")]),
        Side(scene=[Placed("heimdall_v1")]),
        phase=Phase.PREPARATION,
        content=starter(),
    )
    top = state.players[0].deck[0]
    state, _events = act(state, 0, PlayCard(zone_id(state, 0, "hand", scenario)))
    assert state.players[0].hand == (top,) and len(state.players[0].deck) == 1


def test_a_built_in_deck_holding_a_card_not_played_as_printed_is_refused_naming_it() -> None:
    # A built-in card saying what the engine lacks (``incomplete``): Heimdall V1 made so here,
    # as every built-in card may one day be played as printed.
    heimdall = replace(starter().cards["heimdall_v1"], incomplete="a text the engine lacks")
    herois = starter().decks["herois"]
    cards = (*herois.cards[:-1], ("heimdall_v1", 3))
    decks = {**starter().decks, "herois": DeckList("herois", herois.name, cards)}
    pack = Pack("starter", {**starter().cards, "heimdall_v1": heimdall}, decks)
    with pytest.raises(SetupError) as err:
        ENGINE.new_match({}, SEATS, pack, RiggedDice([True]))
    assert err.value.key == "battlescenes.error.not_automated"
    assert err.value.params == {"deck": herois.name, "card": heimdall.title, "code": heimdall.code}


def test_the_starter_decks_start_a_match() -> None:
    state = ENGINE.new_match({}, SEATS, starter(), RiggedDice([True]))
    assert [len(p.deck) for p in state.players] == [60, 60]


def test_a_printed_name_with_a_dash_keeps_its_spaces_when_wrapped() -> None:
    from engines.battlescenes.render.style import wrap

    assert wrap("#21 Kraven - O Caçador V1", 28, 900) == ["#21 Kraven - O Caçador V1"]
    # A word too long for a line still breaks at its hyphen, with no space added.
    assert wrap("Garota-Aranha", 28, 120) == ["Garota-", "Aranha"]
