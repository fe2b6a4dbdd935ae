"""How many status chips fit on one row of a hero panel (pure layout arithmetic).

Statuses are public, so nothing is hidden for secrecy: chips that do not fit are
summarised by a final "+N" chip instead of silently disappearing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence


def fit(
    widths: Sequence[float], space: float, gap: float, more_width: Callable[[int], float]
) -> int:
    """How many leading chips to draw so they (and a "+N" chip for the rest) fit in `space`.

    `widths` are the chips' widths in order, `gap` the space after each chip and
    `more_width(n)` the width of the "+n" chip. Every chip is drawn when all fit;
    otherwise the longest prefix that leaves room for the "+N" chip is kept.
    """
    if sum(widths) + gap * max(len(widths) - 1, 0) <= space:
        return len(widths)
    used = 0.0
    shown = 0
    for i, w in enumerate(widths):
        rest = len(widths) - (i + 1)
        if used + w + gap + more_width(rest) > space:
            break
        used += w + gap
        shown = i + 1
    return shown


def rows(
    widths: Sequence[float],
    space: float,
    gap: float,
    max_rows: int,
    more_width: Callable[[int], float],
) -> tuple[list[int], int]:
    """Wrap chips onto rows of `space` px: how many chips each row draws, in order,
    and how many are left for a final "+N" chip (0 when every chip is named).

    Rows are filled greedily; when the chips need more than `max_rows` rows, the
    last row keeps room for the "+N" chip (:func:`fit`). A chip wider than a row
    still gets a row of its own, so no chip is ever counted before a narrower one.
    """
    counts: list[int] = []
    start = 0
    while start < len(widths):
        if len(counts) == max_rows - 1:
            rest = widths[start:]
            shown = fit(rest, space, gap, more_width)
            counts.append(shown)
            return counts, len(rest) - shown
        used, n = 0.0, 0
        for w in widths[start:]:
            if n and used + gap + w > space:
                break
            used += (gap if n else 0) + w
            n += 1
        counts.append(n)
        start += n
    return counts, 0
