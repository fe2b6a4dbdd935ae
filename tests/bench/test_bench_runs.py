"""The benchmarks still run against the code they measure (their numbers live in
docs/performance.md, never in a test): one move of each game through the latency
benchmark's driver, on SQLite, so a change to the services or the presenter that the
benchmark calls shows here rather than on the next run of ``python -m bench``."""

from __future__ import annotations

import pytest

from bench import latency


def test_the_latency_benchmark_makes_a_move_of_every_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    latency.main(["--backend", "sqlite", "--moves", "1"])
    table = capsys.readouterr().out
    for game in ("battlescenes", "dicethrone", "krosmaster"):
        assert f"| sqlite | {game} | 1 |" in table
