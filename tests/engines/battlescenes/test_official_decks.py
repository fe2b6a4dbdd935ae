"""Each official preconstructed deck the bot plays (issue 23) is played to the end by
random legal play, deck against deck: the match ends with a result, every card stays in
exactly one place, and nothing hidden leaks into the public view."""

from __future__ import annotations

import json
import random

import pytest

from engines.battlescenes import ENGINE
from engines.battlescenes.content.database import automated_codes, database
from engines.battlescenes.rules.state import Phase, State
from engines.core import EngineError, Seat, SeededDice
from tests.engines.battlescenes.helpers import starter
from tests.engines.battlescenes.test_properties import candidates, locations, menu_actions

#: The official decks whose every card is automated (asserted below, so a deck that
#: stops being playable fails here rather than dropping out of the list silently).
PLAYABLE = (
    "Evolução Tática",
    "Poderes Ocultos",
    "Múltiplas Identidades",
    "Invasão Cósmica",
    "Iniciativa Vingadores",
    "Ofensiva Surpresa",
)
MOVES = 4000


def test_the_playable_official_decks_are_offered_by_their_printed_names() -> None:
    played = automated_codes(starter())
    playable = {d.name for d in database().decks if all(c in played for c in d.cards)}
    assert playable == set(PLAYABLE)
    offered = {label for _value, label in ENGINE.option_values("deck_a", starter())}
    assert all(any(label.startswith(name) for label in offered) for name in PLAYABLE)


def _hidden(state: State, seat: int) -> set[str]:
    """The keys of the cards in ``seat``'s hand and deck, as strings to look for."""
    player = state.players[seat]
    return {state.cards[c].key for c in (*player.hand, *player.deck)}


def play_to_the_end(seed: int, deck_a: str, deck_b: str) -> tuple[State, int]:
    """Random legal play until the match is over (or ``MOVES``), checking the invariants."""
    rng = random.Random(seed)
    seats = [Seat(0, "Ana"), Seat(1, "Bruno")]
    options = {"deck_a": deck_a, "deck_b": deck_b}
    state = ENGINE.new_match(options, seats, starter(), SeededDice(seed.to_bytes(8, "big"), 0))
    total = len(state.cards)
    for n in range(1, MOVES):
        decisions = ENGINE.pending(state)
        if not decisions or state.phase is Phase.OVER:
            return state, n
        decision = decisions[0]
        # 5.1: a text activated at any moment (Mística V2), taken half the times it is offered
        offered = [d for d in decisions if d.optional and "activate" in d.kinds]
        if offered and rng.random() < 0.5:
            decision = offered[0]
        dice = SeededDice(seed.to_bytes(8, "big"), n)
        # Prefer what moves the match on: actions and cards before passing.
        options_ = candidates(state, decision.seat, decision.kinds, rng)
        options_ += menu_actions(decision, rng)
        rng.shuffle(options_)
        for action in options_:
            try:
                outcome = ENGINE.apply(state, decision.seat, action, dice)
            except EngineError:
                continue
            state = outcome.state
            break
        else:
            raise AssertionError(f"no legal action for {decision}")
        seen = locations(state)
        assert sorted(seen) == list(range(total)) and set(seen.values()) == {1}
    return state, MOVES


@pytest.mark.parametrize("seed", [23, 5, 77])
@pytest.mark.parametrize("deck", PLAYABLE)
def test_an_official_deck_plays_to_the_end(deck: str, seed: int) -> None:
    state, moves = play_to_the_end(seed, deck, deck)
    assert state.phase is Phase.OVER and ENGINE.result(state) is not None, moves
    assert [len(p.deck) + len(p.hand) for p in state.players]  # both decks were dealt
    public = json.dumps(ENGINE.view(state, None).data, ensure_ascii=False)
    for seat in (0, 1):
        for key in _hidden(state, seat) - {state.cards[i.card].key for i in state.scene}:
            assert f'"{key}"' not in public, key


def test_two_different_official_decks_play_to_the_end() -> None:
    state, moves = play_to_the_end(11, "Evolução Tática", "Invasão Cósmica")
    assert state.phase is Phase.OVER and ENGINE.result(state) is not None, moves
    assert [len([c for c in state.cards if c.owner == s]) for s in (0, 1)] == [66, 59]
