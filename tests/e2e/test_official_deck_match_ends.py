"""An official Battle Scenes deck match, set up by its printed names through ``/match new``,
played to its end through the bot's own service (each move stored in the event log, the
automatic answers applied, the result recorded), as a player's every control sends it."""

from __future__ import annotations

import random

import pytest

from bot.store.models import MatchStatus
from engines.core.errors import LocalisedError
from engines.core.registry import get
from tests.e2e.bot_harness import Table, open_match
from tests.engines.battlescenes.test_properties import candidates, menu_actions

pytestmark = pytest.mark.e2e

MOVES = 1500


async def test_an_official_deck_match_is_played_to_its_end_through_the_bot(table: Table) -> None:
    options = 'deck_a="Evolução Tática" deck_b="Invasão Cósmica"'
    await open_match(table.emu, table, options=options, game="battlescenes")
    engine, service, rng = get("battlescenes"), table.bot.service, random.Random(11)
    for _ in range(MOVES):
        snap = await service.load(1)
        if snap.match.status == MatchStatus.FINISHED:
            break
        decision = snap.pending()[0]
        tried = candidates(snap.state, decision.seat, decision.kinds, rng)
        tried += menu_actions(decision, rng)
        rng.shuffle(tried)
        user = snap.user_of(decision.seat)
        for action in tried:
            try:
                await service.act(1, user, engine.action_to_json(action), snap.match.version)
            except LocalisedError:  # an illegal pick changes nothing: try the next
                continue
            break
        else:
            raise AssertionError(f"no legal action for {decision}")
    snap = await service.load(1)
    assert snap.match.status == MatchStatus.FINISHED
    result = engine.result(snap.state)
    assert result is not None and result.winners
    assert len(snap.state.cards) == 66 + 59  # each official deck as the product holds it
