"""Per-game board render + PNG encode, and the memory of many loaded matches.

``python -m bench render``: plays each built-in game on seeded dice (every decision's
default) and renders the public board every few moves in the three languages, the
way a post does (``engine.render(engine.view(state, None), kind, locale)``); reports
median and p95 beside the reference workload (``bench.common``) of the same run.

``python -m bench memory``: parses ``--matches`` match states from their stored JSON
(as ``load_match`` does), spread over the games and over states taken along real
matches, keeps them all, and reports the resident memory they add.
"""

from __future__ import annotations

import argparse
import gc
import json
import time
from typing import Any

from bench.common import median, percentile, reference_ms, rss_mb
from bot import heap
from engines.core import GameEngine, Seat, SeededDice
from engines.core.i18n import LOCALES
from engines.core.registry import load_games


def states_along(engine: GameEngine[Any], every: int, moves: int, seed: int = 1) -> list[Any]:
    """States of one seeded match taken every ``every`` moves (at most ``moves``)."""
    seats = [Seat(i, f"Player {i + 1}") for i in range(engine.min_seats)]
    key = seed.to_bytes(32, "big")
    state = engine.new_match({}, seats, engine.load_content(None), SeededDice(key, 0))
    states = [state]
    for seq in range(1, moves + 1):
        pending = engine.pending(state)
        if not pending or pending[0].default is None:
            break
        state = engine.apply(state, pending[0].seat, pending[0].default, SeededDice(key, seq)).state
        if seq % every == 0:
            states.append(state)
    return states


def render_main(argv: list[str] | None = None) -> None:
    """``python -m bench render [--states N] [--every N] [--quick]``."""
    parser = argparse.ArgumentParser(prog="python -m bench render", description=__doc__)
    parser.add_argument("--states", type=int, default=12, help="states per game")
    parser.add_argument("--every", type=int, default=8, help="moves between states")
    parser.add_argument("--quick", action="store_true", help="6 states per game")
    args, _ = parser.parse_known_args(argv)
    if args.quick:
        args.states = 6
    reference: list[float] = []
    rows = []
    engines = load_games()
    # As the bot runs: what every move reuses loaded, then frozen out of the collector's
    # full passes (bot.heap), so a render is not charged a collection of the start-up heap.
    heap.freeze_loaded(engines)
    for engine in engines:
        # Sampled beside each game, so a machine whose load changes during the run
        # still gives comparable ratios.
        beside = reference_ms(6)
        reference.extend(beside)
        states = states_along(engine, args.every, args.every * args.states)[: args.states]
        kind = engine.render_kinds[0]
        engine.render(engine.view(states[0], None), kind, "en-US")  # warm-up
        times: list[float] = []
        sizes: list[float] = []
        for state in states:
            for locale in LOCALES:
                view = engine.view(state, None)
                start = time.perf_counter()
                png = engine.render(view, kind, locale)
                times.append((time.perf_counter() - start) * 1000)
                sizes.append(len(png) / 1024)
        rows.append(
            f"| {engine.name} | {len(times)} | {median(times):.0f} ms "
            f"| {percentile(times, 0.95):.0f} ms "
            f"| {median(sizes):.0f} KiB | {median(beside):.0f} ms "
            f"| {median(times) / median(beside):.2f}× |"
        )
    ref = median(reference)
    print(
        f"\nBoard render + PNG (reference workload: median {ref:.1f} ms, "
        f"p95 {percentile(reference, 0.95):.1f} ms)\n"
    )
    print(
        "| game | renders | median | p95 | PNG size (median) | reference beside it "
        "| median / reference |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    print("\n".join(rows))


def memory_main(argv: list[str] | None = None) -> None:
    """``python -m bench memory [--matches 1000]``."""
    parser = argparse.ArgumentParser(prog="python -m bench memory", description=__doc__)
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--quick", action="store_true", help="no effect: it is quick")
    args, _ = parser.parse_known_args(argv)
    engines = load_games()
    # Stored JSON of states along real matches; each loaded match parses its own copy.
    stored: list[tuple[GameEngine[Any], str]] = []
    for engine in engines:
        for seed in (1, 2):
            for state in states_along(engine, 10, 60, seed):
                stored.append((engine, json.dumps(engine.state_to_json(state))))
    gc.collect()
    before, _ = rss_mb()
    loaded: list[Any] = []
    per_game: dict[str, int] = {}
    for index in range(args.matches):
        engine, text = stored[index % len(stored)]
        loaded.append(engine.state_from_json(json.loads(text)))
        per_game[engine.name] = per_game.get(engine.name, 0) + 1
    gc.collect()
    after, peak = rss_mb()
    print(
        f"\nMemory: {args.matches} loaded matches "
        f"({', '.join(f'{n} {g}' for g, n in sorted(per_game.items()))})\n"
    )
    print("| matches | RSS before | RSS after | added | per match | peak |")
    print("|---:|---:|---:|---:|---:|---:|")
    added = after - before
    print(
        f"| {len(loaded)} | {before:.0f} MiB | {after:.0f} MiB | {added:.0f} MiB "
        f"| {added * 1024 / max(len(loaded), 1):.0f} KiB | {peak:.0f} MiB |"
    )
