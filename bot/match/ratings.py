"""Glicko-2 ratings (Glickman, "Example of the Glicko-2 system", 2012).

Each finished match is one rating period for its players: every winner scores
1 against every loser (½ each in a draw). Pure arithmetic, tested against the
paper's worked example.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

SCALE = 173.7178
TAU = 0.5  # constrains volatility changes; the paper suggests 0.3–1.2
EPSILON = 0.000001


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating on the familiar Glicko scale (new players: 1500 ± 350)."""

    rating: float = 1500.0
    deviation: float = 350.0
    volatility: float = 0.06


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / math.pi**2)


def update(player: Rating, games: Sequence[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """The player's rating after one period of ``games`` (opponent, score 0/½/1)."""
    mu, phi = (player.rating - 1500) / SCALE, player.deviation / SCALE
    if not games:
        return Rating(
            player.rating,
            min(350.0, math.sqrt(phi**2 + player.volatility**2) * SCALE),
            player.volatility,
        )
    terms = []
    for opponent, score in games:
        mu_j, phi_j = (opponent.rating - 1500) / SCALE, opponent.deviation / SCALE
        g = _g(phi_j)
        expected = 1 / (1 + math.exp(-g * (mu - mu_j)))
        terms.append((g, expected, score))
    v = 1 / sum(g * g * e * (1 - e) for g, e, _ in terms)
    delta = v * sum(g * (s - e) for g, e, s in terms)
    sigma = _volatility(phi, player.volatility, v, delta, tau)
    phi_star = math.sqrt(phi**2 + sigma**2)
    phi_new = 1 / math.sqrt(1 / phi_star**2 + 1 / v)
    mu_new = mu + phi_new**2 * sum(g * (s - e) for g, e, s in terms)
    return Rating(mu_new * SCALE + 1500, phi_new * SCALE, sigma)


def _volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    # Step 5 of the paper: the Illinois variant of regula falsi.
    a = math.log(sigma**2)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta**2 - phi**2 - v - ex) / (2 * (phi**2 + v + ex) ** 2) - (x - a) / tau**2

    big_a = a
    if delta**2 > phi**2 + v:
        big_b = math.log(delta**2 - phi**2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)


def rate_matches(matches: Iterable[tuple[Sequence[int], Sequence[int]]]) -> dict[int, Rating]:
    """Ratings after ``matches`` in order, each given as (winners, losers) user ids;
    a draw is given as (everyone, [])."""
    ratings: dict[int, Rating] = {}
    for winners, losers in matches:
        players = [*winners, *losers]
        before = {u: ratings.get(u, Rating()) for u in players}
        for user in players:
            if losers:
                won = user in winners
                games = [(before[o], 1.0 if won else 0.0) for o in (losers if won else winners)]
            else:
                games = [(before[o], 0.5) for o in players if o != user]
            ratings[user] = update(before[user], games)
    return ratings
