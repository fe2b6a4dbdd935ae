"""The engine contract for Battle Scenes: replay, hidden information, action JSON."""

from __future__ import annotations

import random

from engines.battlescenes import ENGINE
from engines.battlescenes import actions as a
from engines.core import Action, EngineError, Seat, SeededDice
from engines.core.model import replace
from tests.engines.battlescenes.helpers import pack
from tests.engines.battlescenes.test_properties import candidates

SEATS = [Seat(0, "Ana"), Seat(1, "Bruno")]


def play(seed: bytes, steps: int) -> tuple[object, list[tuple[int, Action]]]:
    rng = random.Random(seed)
    state = ENGINE.new_match({}, SEATS, pack(), SeededDice(seed, 0))
    log: list[tuple[int, Action]] = []
    for n in range(1, steps):
        decisions = ENGINE.pending(state)
        if not decisions:
            break
        d = decisions[0]
        options = candidates(state, d.seat, d.kinds, rng)
        rng.shuffle(options)
        for action in options:
            try:
                state = ENGINE.apply(state, d.seat, action, SeededDice(seed, n)).state
            except EngineError:
                continue
            log.append((d.seat, action))
            break
    return state, log


def test_replaying_the_logged_actions_from_the_seed_gives_the_same_match() -> None:
    seed = b"replay"
    final, log = play(seed, 80)
    state = ENGINE.new_match({}, SEATS, pack(), SeededDice(seed, 0))
    for n, (seat, action) in enumerate(log, start=1):
        parsed = ENGINE.parse_action(ENGINE.action_to_json(action))
        assert parsed == action
        state = ENGINE.apply(state, seat, parsed, SeededDice(seed, n)).state
    assert state == final


def test_the_public_render_does_not_depend_on_hands_or_decks() -> None:
    state, _ = play(b"hidden", 40)
    players = list(state.players)
    p = players[0]
    players[0] = replace(
        p, hand=tuple(reversed(p.deck[: len(p.hand)])), deck=p.deck[len(p.hand) :] + p.hand
    )
    other = replace(state, players=tuple(players))
    assert ENGINE.view(state, None) == ENGINE.view(other, None)
    assert ENGINE.render(ENGINE.view(state, None)) == ENGINE.render(ENGINE.view(other, None))


def test_draws_are_redacted_for_everyone_but_the_drawer() -> None:
    state = ENGINE.new_match({}, SEATS, pack(), SeededDice(b"d", 0))
    out = ENGINE.apply(state, state.draw_winner, a.ChooseFirst(1), SeededDice(b"d", 1))
    drew = [e for e in out.events if e.key == "battlescenes.event.drew"]
    assert drew and all(e.for_seat(None).key.endswith(".hidden") for e in drew)
    assert "cards" not in drew[0].for_seat(None).params
    assert drew[0].for_seat(drew[0].audience[0]).params["cards"]
