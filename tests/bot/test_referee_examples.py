"""Each game's referee examples (shown by ``/match help``) work in a match of that game."""

from __future__ import annotations

import json

import pytest

from bot.match.verify import apply_changes
from engines.core import Seat, SeededDice
from engines.core.registry import BUILTIN_GAME_MODULES, get, load_games

GAMES = [module.rsplit(".", 1)[-1] for module in BUILTIN_GAME_MODULES]


@pytest.mark.parametrize("game", GAMES)
def test_the_examples_are_the_games_own_and_work_in_a_new_match(game: str) -> None:
    load_games()
    engine = get(game)
    adjust, act = engine.referee_examples
    assert adjust and act, f"{game} shows no referee example"
    # The action is one of this game's, written as /ref act reads it.
    assert engine.parse_action_text(act).kind in {t.kind for t in engine.action_types}
    # The change names a value a new match has, of the kind it holds.
    seats = [Seat(0, "a"), Seat(1, "b")]
    state = engine.new_match(
        engine.parse_options({}), seats, engine.load_content(None), SeededDice(b"s" * 32, 0)
    )
    changed = engine.state_to_json(apply_changes(engine, state, json.loads(adjust)))
    assert changed != engine.state_to_json(state)
