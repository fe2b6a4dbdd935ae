"""Glicko-2 against the worked example of Glickman's paper."""

from __future__ import annotations

import pytest

from bot.match.ratings import Rating, rate_matches, update


def test_the_papers_example() -> None:
    player = Rating(1500, 200, 0.06)
    games = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
    after = update(player, games)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_winners_go_up_losers_down_draws_between() -> None:
    before_draw = rate_matches([([1], [2]), ([1], [2])])
    ratings = rate_matches([([1], [2]), ([1], [2]), ([2, 3], [])])
    assert ratings[1].rating > 1500 > ratings[2].rating
    # A newcomer drawing with a weaker player loses rating; the weaker player gains.
    assert ratings[3].rating < 1500
    assert ratings[2].rating > before_draw[2].rating
    assert all(r.deviation < 350 for r in ratings.values())


def test_no_games_only_widens_the_deviation() -> None:
    assert update(Rating(1600, 100), []).rating == 1600
    assert update(Rating(1600, 100), []).deviation > 100
