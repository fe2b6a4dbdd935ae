"""Per-game engine costs: one move (``apply``), the pending decisions with their menus,
a state's JSON round trip, a render,
and the enumeration of legal choices behind autocomplete (e.g. Krosmaster's
legal spell targets).

Plays whole matches on seeded dice, taking every decision's default, so the
numbers cover the moves real matches make. Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from engines.core import GameEngine, Seat, SeededDice
from engines.core.registry import load_games


def _ms(samples: list[float]) -> str:
    return f"{statistics.median(samples) * 1000:.2f} ms" if samples else "—"


def measure(engine: GameEngine[Any], matches: int, max_moves: int) -> dict[str, str]:
    """Median costs over ``matches`` matches of at most ``max_moves`` moves."""
    applies: list[float] = []
    pendings: list[float] = []
    trips: list[float] = []
    renders: list[float] = []
    choices: list[float] = []
    completions = [(c.name, o.name) for c in engine.commands() for o in c.options if o.autocomplete]
    seats = [Seat(i, f"Player {i + 1}") for i in range(engine.min_seats)]
    for game in range(matches):
        seed = game.to_bytes(32, "big")
        state = engine.new_match({}, seats, engine.load_content(None), SeededDice(seed, 0))
        for seq in range(1, max_moves + 1):
            start = time.perf_counter()
            pending = engine.pending(state)
            # Decisions and their menus: the bot asks for them several times per move.
            pendings.append(time.perf_counter() - start)
            default = pending[0].default if pending else None
            if default is None:
                break
            start = time.perf_counter()
            state = engine.apply(state, pending[0].seat, default, SeededDice(seed, seq)).state
            applies.append(time.perf_counter() - start)
            start = time.perf_counter()
            engine.state_from_json(engine.state_to_json(state))
            trips.append(time.perf_counter() - start)
            if seq % 10 == 1:
                start = time.perf_counter()
                engine.render(engine.view(state, None), engine.render_kinds[0], "en-US")
                renders.append(time.perf_counter() - start)
                owing = engine.pending(state)
                seat = owing[0].seat if owing else 0
                for command, option in completions:
                    start = time.perf_counter()
                    engine.autocomplete(state, seat, command, option, "", {})
                    choices.append(time.perf_counter() - start)
    return {
        "moves": str(len(applies)),
        "apply": _ms(applies),
        "pending": _ms(pendings),
        "json": _ms(trips),
        "render": _ms(renders),
        # The slowest suggestion matters most: Discord drops an autocomplete after 3 s.
        "choices": f"{_ms(choices)}, max {max(choices) * 1000:.1f} ms" if choices else "—",
    }


def main(argv: list[str] | None = None) -> None:
    """``python -m bench engines [--matches N] [--moves N] [--games mod,…]``."""
    parser = argparse.ArgumentParser(prog="python -m bench engines")
    parser.add_argument("--matches", type=int, default=5)
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--games", default="tests.testgame", help="extra game modules")
    parser.add_argument("--quick", action="store_true", help="2 matches of 100 moves")
    args, _ = parser.parse_known_args(argv)
    if args.quick:
        args.matches, args.moves = 2, 100
    engines = load_games([m for m in args.games.split(",") if m])
    print(
        "| game | moves | apply (median) | pending + menus | state JSON round trip"
        " | board render | autocomplete (median, max) |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    for engine in engines:
        row = measure(engine, args.matches, args.moves)
        print(
            f"| {engine.name} | {row['moves']} | {row['apply']} | {row['pending']} | {row['json']} "
            f"| {row['render']} | {row['choices']} |"
        )


if __name__ == "__main__":
    main()
