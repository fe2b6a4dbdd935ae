"""Write a trace of seeded whole matches of every built-in game, to compare two versions of
the code that must behave alike (a refactoring: issue 26's "no behaviour change").

Run from the repository's root, before and after the change, and compare the files::

    .venv/bin/python scripts/trace_matches.py --out /tmp/before.jsonl
    .venv/bin/python scripts/trace_matches.py --out /tmp/after.jsonl
    cmp /tmp/before.jsonl /tmp/after.jsonl

Each line is one move: the game, the match, the move's number, the action taken (each
decision's default, on seeded dice), the events it made, a digest of the state's JSON
and, every ``--render-every`` moves, a digest of each image a player would get (the
public board, then each seat's own kinds). Equal files: the same actions, events,
states and pixels. Matches of every seat count a game allows, ``--matches`` of each.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run as a file: the repository's packages

from engines.core import GameEngine, Seat, SeededDice  # noqa: E402
from engines.core.registry import load_games  # noqa: E402
from engines.core.serde import to_json  # noqa: E402


def _digest(data: bytes | str) -> str:
    raw = data.encode() if isinstance(data, str) else data
    return hashlib.sha256(raw).hexdigest()[:16]


def _images(engine: GameEngine[Any], state: Any, seats: int) -> list[str]:
    """Digests of the public board and of each seat's own images, in the bot's order."""
    found = [_digest(engine.render(engine.view(state, None), engine.render_kinds[0], "en-US"))]
    for seat in range(seats):
        view = engine.view(state, seat)
        found.extend(_digest(engine.render(view, k, "pt-BR")) for k in engine.private_kinds(view))
    return found


def trace(engine: GameEngine[Any], matches: int, moves: int, every: int) -> list[str]:
    """The trace lines of ``matches`` seeded matches of each seat count of ``engine``."""
    lines = []
    content = engine.load_content(None)
    for count in range(engine.min_seats, engine.max_seats + 1):
        seats = [Seat(i, f"Player {i + 1}") for i in range(count)]
        for game in range(matches):
            seed = bytes([count, game]) * 16
            state = engine.new_match({}, seats, content, SeededDice(seed, 0))
            for seq in range(1, moves + 1):
                pending = engine.pending(state)
                default = pending[0].default if pending else None
                if default is None:
                    break
                outcome = engine.apply(state, pending[0].seat, default, SeededDice(seed, seq))
                state = outcome.state
                line: dict[str, Any] = {
                    "game": engine.name,
                    "seats": count,
                    "match": game,
                    "move": seq,
                    "action": engine.action_to_json(default),
                    "events": [to_json(e) for e in outcome.events],
                    "state": _digest(json.dumps(engine.state_to_json(state), sort_keys=True)),
                }
                if seq % every == 1:
                    line["images"] = _images(engine, state, count)
                lines.append(json.dumps(line, sort_keys=True, ensure_ascii=False))
    return lines


def main() -> None:
    """Parse the arguments and write the trace."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--matches", type=int, default=3, help="matches of each seat count")
    parser.add_argument("--moves", type=int, default=400, help="at most this many a match")
    parser.add_argument("--render-every", type=int, default=25)
    parser.add_argument("--game", action="append", help="only these games (default: all)")
    args = parser.parse_args()
    lines = []
    for engine in load_games():
        if args.game and engine.name not in args.game:
            continue
        lines.extend(trace(engine, args.matches, args.moves, args.render_every))
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(lines)} moves traced to {args.out}")


if __name__ == "__main__":
    main()
