"""Deck rules and the start of the game (6.1)."""

from __future__ import annotations

import pytest

from engines.battlescenes import ENGINE
from engines.battlescenes.actions import ChooseFirst, InitialResources, KeepHand, Mulligan
from engines.battlescenes.content.schema import CardType, DeckList, Pack
from engines.battlescenes.rules.state import Phase, State
from engines.core import IllegalActionError, NotYourTurnError, RiggedDice, Seat, SetupError
from tests.engines.battlescenes.helpers import act, keys, pack

SEATS = [Seat(0, "Ana"), Seat(1, "Bruno")]


def new(**options: object) -> State:
    # Coin heads: seat 0 won the draw; shuffles keep the listed order.
    return ENGINE.new_match(options, SEATS, pack(), RiggedDice([True]))


def _with_deck(cards: tuple[tuple[str, int], ...]) -> Pack:
    decks = dict(pack().decks)
    decks["herois"] = DeckList("herois", "Test", cards)
    return Pack("t", pack().cards, decks)


def test_more_than_three_copies_is_refused() -> None:
    bad = ((*pack().decks["herois"].cards[:-1], ("hulk_v3", 4)),)
    with pytest.raises(SetupError) as err:
        ENGINE.new_match({}, SEATS, _with_deck(bad[0]), RiggedDice([True]))
    assert err.value.key == "battlescenes.error.deck_copies"


def test_item_unico_allows_one_copy() -> None:
    cards = (*pack().decks["herois"].cards[:-1], ("hulk_v3", 1), ("boneco_vodu", 2))
    with pytest.raises(SetupError) as err:
        ENGINE.new_match({}, SEATS, _with_deck(cards), RiggedDice([True]))
    assert err.value.params["limit"] == 1


def test_deck_size_and_minimum_characters_are_format_options() -> None:
    with pytest.raises(SetupError) as err:
        new(deck_size=40)
    assert err.value.key == "battlescenes.error.deck_size"
    with pytest.raises(SetupError) as err:
        new(min_characters=31)
    assert err.value.key == "battlescenes.error.deck_characters"


def test_draw_winner_chooses_then_both_draw_ten() -> None:
    state = new()
    assert state.phase is Phase.CHOOSE_FIRST and state.draw_winner == 0
    assert all(not p.hand for p in state.players)  # 6.1: chosen before looking at the hand
    with pytest.raises(NotYourTurnError):
        act(state, 1, ChooseFirst(2))
    state, events = act(state, 0, ChooseFirst(2))
    assert state.first == 1 and state.phase is Phase.MULLIGAN
    assert [len(p.hand) for p in state.players] == [10, 10]
    assert "battlescenes.event.first_player" in keys(events)
    # The first player (seat 1) decides on the mulligan first.
    assert ENGINE.pending(state)[0].seat == 1


def test_smaller_mulligan_repeats_and_reveal_needs_at_most_one_character() -> None:
    state, _ = act(new(), 0, ChooseFirst(1))
    state, _ = act(state, 0, Mulligan("smaller"))
    state, _ = act(state, 0, Mulligan("smaller"))
    assert len(state.players[0].hand) == 6
    chars = [
        c
        for c in state.players[0].hand
        if state.defs[state.cards[c].key].type is CardType.CHARACTER
    ]
    if len(chars) > 1:
        with pytest.raises(IllegalActionError) as err:
            act(state, 0, Mulligan("reveal"))
        assert err.value.rule == "6.1"
    total = len(state.players[0].deck) + len(state.players[0].hand)
    assert total == 60


def test_reveal_mulligan_keeps_the_size_once() -> None:
    state, _ = act(new(), 0, ChooseFirst(1))
    # Put only non-characters in the first player's hand.
    p = state.players[0]
    non_chars = [
        c for c in p.deck if state.defs[state.cards[c].key].type is not CardType.CHARACTER
    ][:10]
    rest = tuple(c for c in p.deck + p.hand if c not in non_chars)
    from engines.core.model import replace

    state = replace(state, players=(replace(p, hand=tuple(non_chars), deck=rest), state.players[1]))
    state, events = act(state, 0, Mulligan("reveal"))
    assert len(state.players[0].hand) == 10
    assert "battlescenes.event.mulligan_reveal" in keys(events)
    with pytest.raises(IllegalActionError):
        act(state, 0, Mulligan("reveal"))


def test_initial_resources_then_first_turn_without_draw() -> None:
    state, _ = act(new(), 0, ChooseFirst(1))
    state, _ = act(state, 0, KeepHand())
    state, _ = act(state, 1, KeepHand())
    assert state.phase is Phase.INITIAL_RESOURCES
    hand = state.players[0].hand
    state, _ = act(state, 0, InitialResources(f"{hand[0]}, {hand[1]}"))
    state, events = act(state, 1, InitialResources(""))
    assert state.phase is Phase.PREPARATION and state.active == 0 and state.turn == 1
    # Countdown without characters: 1 + 0 opposing characters + 0 opposing prizes (6.2 A).
    assert len(state.players[0].resources) == 3
    # The starting player does not draw in the first Draw phase (6.2 B).
    assert len(state.players[0].hand) == 8
    assert "battlescenes.event.drew" not in keys(events)


def test_a_mulligan_says_how_many_cards_were_drawn_once() -> None:
    """Issue 27: "shuffled their hand back and drew 8" then "drew 8" (8 what?)."""
    state, _ = act(new(), 0, ChooseFirst(1))
    seat = ENGINE.pending(state)[0].seat
    state, events = act(state, seat, Mulligan("smaller"))
    public = [e.for_seat(None) for e in events]
    said = [ENGINE.catalog().translate(e.key, "en-US", **dict(e.params)) for e in public]
    drew = [line for line in said if "drew" in line]
    hand = len(state.players[seat].hand)
    assert drew == [f"{state.players[seat].name} drew {hand} cards."], said
