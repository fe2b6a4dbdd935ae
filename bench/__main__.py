"""``python -m bench [NAME] [OPTIONS]``: run a benchmark (default: every one).

Benchmarks print Markdown tables; the numbers of record are in docs/performance.md.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from bench import engines, heavy, latency, load, render, store_load

BENCHMARKS: dict[str, Callable[[list[str] | None], None]] = {
    "store_load": store_load.main,
    "engines": engines.main,
    "render": render.render_main,
    "memory": render.memory_main,
    "load": load.main,
    "latency": latency.main,
    "heavy": heavy.main,
}


def main(argv: list[str]) -> None:
    """Run the benchmark named first in ``argv`` with the rest, or all with no arguments."""
    if argv and argv[0] in BENCHMARKS:
        BENCHMARKS[argv[0]](argv[1:])
    elif argv and not argv[0].startswith("-"):
        sys.exit(f"unknown benchmark {argv[0]!r}; known: {', '.join(BENCHMARKS)}")
    else:
        for run in BENCHMARKS.values():
            run(argv)


if __name__ == "__main__":
    main(sys.argv[1:])
