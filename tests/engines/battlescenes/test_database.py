"""The printed cards' facts (``content/database.py``): every one of the 1,257 printed cards
by its collection code, the official decks, the catalogue, and the set-up refusal of a
deck holding a card the bot does not play."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from dataclasses import replace

import pytest

from bot.__main__ import main
from engines.battlescenes import ENGINE
from engines.battlescenes import engine as engine_module
from engines.battlescenes.content.database import OfficialDeck, automated_codes, database
from engines.battlescenes.content.loader import load_text
from engines.battlescenes.content.powers import MAX_POWERS, POWERS
from engines.battlescenes.content.schema import CardType, DeckList, Pack
from engines.core import Seat, SetupError
from engines.core.dice import RiggedDice
from engines.core.registry import load_games
from tests.engines.battlescenes.helpers import pack, starter
from tests.engines.battlescenes.test_official_decks import PLAYABLE
from tests.engines.battlescenes.test_printed_facts import AUTOMATED

SEATS = [Seat(0, "Ana"), Seat(1, "Bruno")]


def test_every_printed_card_is_known_by_each_of_its_codes() -> None:
    db = database()
    assert len(db.cards) == 1257
    counts = Counter(c.type for c in db.cards.values())
    assert counts[CardType.CHARACTER] > 500 and counts[CardType.ABILITY] > 400
    for key, card in db.cards.items():
        assert card.code == key and card.name and card.version
        assert db.find(key) is card
        assert all(db.find(code) is not None for code in card.codes)
        assert not any(a.text for a in card.actions)  # facts only: never a printed text
        if card.type is CardType.CHARACTER:
            assert len(card.powers) <= MAX_POWERS and set(card.powers) <= set(POWERS)
            assert card.energy > 0
    # Raio Negro V2 as printed: four powers, an anticipate action of Ataque Energético.
    raio = db.find("(2016) BSAQ 44/112")
    assert raio is not None and raio.title == "Raio Negro V2"
    assert raio.powers == ("agilidade", "ataque_energetico", "genialidade", "voo")
    assert (raio.energy, raio.shield, raio.affiliations) == (5, 3, ("Illuminati", "Inumanos"))
    action = raio.actions[0]
    assert (action.name, action.power, action.cost, action.kind.value) == (
        "Sussurro Aniquilador",
        "ataque_energetico",
        2,
        "anticipate",
    )
    # A keyword and its printed number; an EV requirement.
    mansao = db.find("BSUM 39/100")
    assert mansao is not None and mansao.keyword_number("liderar") == 1
    fantasma = db.find("(2016) BSAQ 1/112")
    assert fantasma is not None and (fantasma.ev_requirement, fantasma.accretion) == ("support", 2)


def test_the_database_is_read_only_when_asked_for() -> None:
    """A match of the built-in pack never reads the 1,257 cards (start-up and memory)."""
    code = (
        "from engines.battlescenes import ENGINE\n"
        "from engines.battlescenes.content import database\n"
        "from engines.core import RiggedDice, Seat\n"
        "s = ENGINE.new_match({}, [Seat(0, 'A'), Seat(1, 'B')], None, RiggedDice([True]))\n"
        "ENGINE.render(ENGINE.view(s, None), 'board', 'en-US')\n"
        "print(database.database.cache_info().currsize)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "0"


def test_an_official_deck_not_played_yet_is_not_offered() -> None:
    offered = dict(ENGINE.option_values("deck_b", starter()))
    assert "Confronto Aracnídeo" not in offered and offered["herois"] == "Inumanos e Asgardianos"


def test_an_official_deck_with_a_card_not_played_yet_is_refused_naming_it() -> None:
    with pytest.raises(SetupError) as err:
        ENGINE.new_match({"deck_a": "Confronto Aracnídeo"}, SEATS, pack(), RiggedDice([True]))
    played = automated_codes(pack())
    deck = database().deck("Confronto Aracnídeo")
    assert deck is not None
    # the first card of the deck the engine does not play yet
    first = database().cards[next(c for c in deck.cards if c not in played)]
    assert err.value.key == "battlescenes.error.not_automated"
    assert err.value.params["card"] == first.title and err.value.params["code"] == first.code
    catalog = ENGINE.catalog()
    for locale in ("en-US", "pt-BR", "it"):
        said = catalog.translate(err.value.key, locale, **err.value.params)
        assert first.title in said and "Confronto Aracnídeo" in said


def test_a_pack_deck_may_list_a_printed_code_and_is_then_refused_at_set_up() -> None:
    text = """decks:
  - key: mine
    name: Meu Deck
    cards: [{card: "(2016) BSAQ 44/112", count: 3}]
"""
    listed = load_text(text).decks["mine"]  # known: no content error
    decks = {**pack().decks, "herois": DeckList("herois", "Meu Deck", listed.cards)}
    with pytest.raises(SetupError) as err:
        ENGINE.new_match({}, SEATS, Pack("t", pack().cards, decks), RiggedDice([True]))
    assert err.value.params == {
        "deck": "Meu Deck",
        "card": "Raio Negro V2",
        "code": "(2016) BSAQ 44/112",
    }


def test_the_catalogue_lists_every_printed_card_and_official_deck(
    capsys: pytest.CaptureFixture[str],
) -> None:
    load_games([])
    assert main(["content", "list", "battlescenes", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    cards = [e for e in listed if e["kind"] == "card"]
    decks = [e for e in listed if e["kind"] == "deck"]
    assert len(cards) == 1257 and len({c["code"] for c in cards}) == 1257
    fields = ["id", "kind", "code", "name", "version", "type", "energy", "shield", "powers"]
    for card in cards:
        assert list(card)[:9] == fields and {"action", "automated", "source"} <= set(card)
        assert set(card["powers"]) <= {name for name, _glyph in POWERS.values()}
    by_code = {c["code"]: c for c in cards}
    raio = by_code["(2016) BSAQ 44/112"]
    assert raio["id"] == "raio_negro_v2"  # the built-in card holds that printed code
    kraven = by_code["BSET 25/100"]
    assert kraven["id"] == "kraven_v1"
    arcanjo = by_code["(2014) BSIC 5/100"]
    assert arcanjo["id"] == "(2014) BSIC 5/100" and arcanjo["automated"] is False
    assert arcanjo["action"] == {
        "name": "Penas Projéteis",
        "power": "Lâminas",
        "cost": "X",
        "types": [],
    }
    assert any(
        c["action"] and c["action"]["types"] == ["Ação Imprevista", "Ação de Antecipar"]
        for c in cards
    )
    official = {d["name"]: d for d in decks if d["id"].endswith("DECK")}
    assert set(PLAYABLE) <= set(official)
    # the four first official decks: every card automated (issue 23); not Confronto Aracnídeo
    assert all(official[name]["playable"] is True for name in PLAYABLE)
    assert official["Confronto Aracnídeo"]["playable"] is False
    assert all(code in by_code for d in official.values() for code in d["cards"])
    played = automated_codes(starter())
    assert {c["code"] for c in cards if c["automated"]} == played
    assert len(played) == len(AUTOMATED)  # every recorded batch's automated cards


def test_an_official_deck_of_cards_all_played_is_dealt_as_the_product_holds_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Once every card of an official deck is automated, ``deck_a=<its printed name>`` deals
    it: one copy of each card, its own size (not the format's 60), whatever the other
    seat plays."""
    played = sorted(automated_codes(starter()))
    product = OfficialDeck("TEST DECK", "Deck de Teste", tuple(played[:40]), "a test product")
    with_product = replace(database(), decks=(*database().decks, product))
    monkeypatch.setattr(engine_module, "database", lambda: with_product)
    state = ENGINE.new_match(
        {"deck_a": "deck de teste", "deck_b": "viloes"}, SEATS, starter(), RiggedDice([True])
    )
    assert [len(p.deck) for p in state.players] == [40, 60]
    offered = ENGINE.option_values("deck_a", starter())
    assert ("Deck de Teste", "Deck de Teste (TEST DECK)") in offered
    assert ("viloes", "Vilões") in offered
    dealt = Counter(state.cards[i].key for i in state.players[0].deck)
    by_code = {starter().cards[k].code: k for k in dealt}
    assert set(by_code) == set(played[:40]) and set(dealt.values()) == {1}
    # the other seat's deck is still held to the format
    with pytest.raises(SetupError) as err:
        ENGINE.new_match(
            {"deck_a": "Deck de Teste", "deck_b": "viloes", "deck_size": 50},
            SEATS,
            starter(),
            RiggedDice([True]),
        )
    assert err.value.key == "battlescenes.error.deck_size"
    assert err.value.params["deck"] == starter().decks["viloes"].name
