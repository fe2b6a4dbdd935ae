"""``/ref position``'s file for every built-in game: the position, written as YAML,
plays back as the same state, owing the same decisions, through the scenario runner."""

from __future__ import annotations

import pytest
import yaml

from bot.discord.ref_position import position_scenario
from bot.match.types import MatchSnapshot
from bot.store.models import Match, MatchSeat
from engines import scenario
from engines.core import Seat, SeededDice
from engines.core.registry import get, load_games


@pytest.mark.parametrize("game", ["krosmaster", "dicethrone", "battlescenes"])
def test_an_exported_position_plays_back_as_the_same_state(game: str) -> None:
    load_games(())
    engine = get(game)
    seats = [Seat(0, "Ana"), Seat(1, "Bia")]
    state = engine.new_match({}, seats, engine.load_content(None), SeededDice(b"s" * 32, 0))
    # A few moves in, by each owed decision's default where there is one.
    for n in range(1, 6):
        owed = [d for d in engine.pending(state) if not d.optional and d.default is not None]
        if not owed:
            break
        state = engine.apply(state, owed[0].seat, owed[0].default, SeededDice(b"s" * 32, n)).state
    match = Match(game=game, options={}, content_pack=None)
    match.id = 7
    snap = MatchSnapshot(
        engine,
        match,
        [MatchSeat(seat=0, display_name="Ana"), MatchSeat(seat=1, display_name="Bia")],
        state,
    )
    text = position_scenario(snap, 5, "Match #7", "Carla")
    assert text.startswith("# Match #7: the position right after event 5, exported by Carla")
    data = yaml.safe_load(text)
    loaded = scenario.parse(data, "position.yaml")
    result = scenario.run(loaded)
    assert scenario.check(result, loaded.expect) == []
    assert result.state == state
