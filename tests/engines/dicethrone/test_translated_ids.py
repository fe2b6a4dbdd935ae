"""Events and errors name dice symbols, damage types, statuses and abilities in the
reader's language, never by raw id ("2 (Cutelo)", not "2(cutlass)").

Events are stored as JSON and re-rendered later, so the stored form must translate
too; old events whose parameter is a plain string still read as they were.
"""

from __future__ import annotations

import json

import pytest

from engines.core import Event, IllegalActionError
from engines.core.serde import to_json
from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone.rules.state import State
from tests.engines.dicethrone.helpers import act, defend, start, with_player

CATALOG = ENGINE.catalog()
LOCALES = ("en-US", "pt-BR", "it")


def texts(events: list[Event], key: str) -> dict[str, str]:
    """The event ``dicethrone.event.<key>`` in each locale, read back from its stored form."""
    event = next(e for e in events if e.key == f"dicethrone.event.{key}")
    stored = json.loads(json.dumps(to_json(event.params)))  # as the event log keeps it
    return {loc: CATALOG.translate(event.key, loc, **stored) for loc in LOCALES}


def error_texts(err: IllegalActionError) -> dict[str, str]:
    return {loc: CATALOG.translate(err.key, loc, **dict(err.params)) for loc in LOCALES}


def test_an_offensive_roll_names_each_symbol_in_the_readers_language() -> None:
    state, _ = act(start(), 0, a.EndPhase())
    state, events = act(state, 0, a.RollDice(), 1, 4, 6, 2, 5)
    found = texts(events, "rolled")
    assert found["en-US"] == (
        "Alice, attempt 1: 1 (Sword), 4 (Heart), 6 (Strength), 2 (Sword), 5 (Heart)."
    )
    assert found["pt-BR"] == (
        "Alice, tentativa 1: 1 (Espada), 4 (Coração), 6 (Força), 2 (Espada), 5 (Coração)."
    )
    assert found["it"] == (
        "Alice, tentativo 1: 1 (Spada), 4 (Cuore), 6 (Forza), 2 (Spada), 5 (Cuore)."
    )
    for text in found.values():
        assert "sword" not in text and "strength" not in text


def suppress() -> tuple[State, list[Event]]:
    """The rulebook's "Exemplo de Bárbaro vs Paladino": Subjugar rolls 6-6-6 (18)."""
    state, _ = act(start(), 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 3, 6, 6)
    state, _ = act(state, 0, a.Announce("suppress"))
    return act(state, 1, a.Pass(), 6, 6, 6)


def test_an_effect_roll_and_its_pending_damage_are_translated() -> None:
    _, events = suppress()
    roll = texts(events, "effect_roll")
    assert roll["pt-BR"] == "Alice rola 6 (Força), 6 (Força), 6 (Força)."
    assert roll["it"] == "Alice tira 6 (Forza), 6 (Forza), 6 (Forza)."
    pending = texts(events, "damage_pending")
    assert pending["en-US"] == "18 normal damage waits for Bruno."
    assert pending["pt-BR"] == "18 de dano normal aguarda Bruno."
    assert pending["it"] == "18 danni normali attendono Bruno."


def test_the_defensive_roll_names_the_defenders_symbols() -> None:
    state, _ = suppress()
    _, events = defend(state, 1, 3, 4, 6)  # helm, helm, pray
    found = texts(events, "defended")
    assert found["pt-BR"].endswith(": 3 (Elmo), 4 (Elmo), 6 (Oração).")
    assert found["it"].endswith(": 3 (Elmo), 4 (Elmo), 6 (Preghiera).")
    assert not any("helm" in t or "pray" in t for t in found.values())


def test_undefendable_damage_is_named_as_the_rulebook_does() -> None:
    # "Tipos de Dano": dano indefensável.
    state, _ = act(start(), 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 6, 6, 4)
    state, _ = act(state, 0, a.Announce("all_out_strike"))
    _, events = act(state, 1, a.Pass())
    found = texts(events, "damage_pending")
    assert "indefensável" in found["pt-BR"] and "non difendibili" in found["it"]
    assert "undefendable" not in found["pt-BR"] + found["it"]


def test_an_unmet_ability_is_named_not_given_by_id() -> None:
    state, _ = act(start(), 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 4, 5, 6)
    with pytest.raises(IllegalActionError) as err:
        act(state, 0, a.Announce("suppress"))
    found = error_texts(err.value)
    # No Italian source names Dice Throne content: Italian readers get the printed
    # English name; the rulebook 2.2 names Overpower "Subjugar".
    assert "Subjugar" in found["pt-BR"] and "Overpower" in found["it"]
    assert not any("suppress" in t for t in found.values())


def test_a_status_that_cannot_be_spent_is_named() -> None:
    state = with_player(start(), 1, statuses={"protect": 1})
    with pytest.raises(IllegalActionError) as err:
        act(state, 1, a.Spend("protect"))  # nothing to protect from yet
    assert err.value.key == "dicethrone.error.cannot_spend"
    found = error_texts(err.value)
    assert "Proteger" in found["pt-BR"] and "Protect" in found["it"]


def test_a_card_not_in_hand_is_named_when_the_hero_has_it() -> None:
    state = with_player(start(), 0, hand=())
    with pytest.raises(IllegalActionError) as err:
        act(state, 0, a.Sell("grab_someone"))
    assert err.value.key == "dicethrone.error.no_card"
    found = error_texts(err.value)
    assert "Pegar Alguém" in found["pt-BR"]
    assert "grab_someone" not in found["it"]


def test_old_stored_events_with_plain_strings_still_read() -> None:
    old = CATALOG.translate(
        "dicethrone.event.damage_pending", "pt-BR", player="Bruno", amount=18, kind="normal"
    )
    assert old == "18 de dano normal aguarda Bruno."
    rolled = CATALOG.translate(
        "dicethrone.event.rolled", "it", player="Alice", attempt=1, dice="2(cutlass)"
    )
    assert rolled == "Alice, tentativo 1: 2(cutlass)."
