"""Vacation bank, quiet hours and standings."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.errors import UserError
from bot.match.clock import FrozenClock
from bot.match.pace import after_quiet_hours
from bot.match.service import MatchService
from bot.match.types import Player
from tests.bot.test_verify import play_to_the_end

ALICE, BRUNO = Player(11, "Alice"), Player(22, "Bruno")


async def test_the_vacation_bank_is_yearly_and_refunds_unused_days(
    service: MatchService,
) -> None:
    clock = service.clock
    assert isinstance(clock, FrozenClock)
    away = await service.players.start_vacation(ALICE.user_id, 15)
    assert away.until == clock.now() + timedelta(days=15) and away.days_left == 6
    with pytest.raises(UserError) as err:
        await service.players.start_vacation(ALICE.user_id, 7)
    assert err.value.key == "bot.error.vacation_bank" and err.value.params["left"] == 6

    clock.advance(days=5, hours=1)
    back = await service.players.end_vacation(ALICE.user_id)
    assert back.days_left == 6 + 9  # nine whole unused days come back
    with pytest.raises(UserError):
        await service.players.end_vacation(ALICE.user_id)

    clock.advance(days=365)  # a new year, a full bank
    assert (await service.players.start_vacation(ALICE.user_id, 21)).days_left == 0


async def test_bad_time_zones_are_refused(service: MatchService) -> None:
    with pytest.raises(UserError) as err:
        await service.players.set_timezone(ALICE.user_id, "Mars/Olympus_Mons")
    assert err.value.key == "bot.error.bad_timezone"
    await service.players.set_timezone(ALICE.user_id, "Europe/Rome")
    settings = await service.players.settings(ALICE.user_id)
    assert settings is not None and settings.timezone == "Europe/Rome"


def test_quiet_hours_wrap_midnight() -> None:
    from datetime import UTC, datetime

    late = datetime(2026, 3, 2, 23, 30, tzinfo=UTC)
    assert after_quiet_hours(late, "UTC", 22, 7) == datetime(2026, 3, 3, 7, 0, tzinfo=UTC)
    noon = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
    assert after_quiet_hours(noon, "UTC", 22, 7) == noon
    assert after_quiet_hours(late, "UTC", None, None) == late


async def test_standings_count_wins_losses_and_draws(service: MatchService) -> None:
    for _ in range(3):
        await play_to_the_end(service, target=15)
    rows = await service.players.standings(1, "testgame")
    assert {r.user_id for r in rows} == {ALICE.user_id, BRUNO.user_id}
    assert all(r.played == 3 for r in rows)
    assert sum(r.wins for r in rows) + sum(r.draws for r in rows) // 2 == 3
    # Sorted by Glicko-2 rating, which weighs who was beaten and when, not points.
    assert rows[0].rating.rating >= rows[1].rating.rating
    assert all(r.rating.deviation < 350 for r in rows)
    assert await service.players.standings(1, "chess") == []
