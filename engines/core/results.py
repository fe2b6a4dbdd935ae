"""How a match ends: the shared parts of ``GameEngine.result`` and ``concede``.

Every game ends the same ways — one side wins, or nobody does — and scores the same
way: one line per seat ("Alice: 15 prize points"). A game says only what it knows:
who won, why, and each seat's score.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from engines.core.model import MatchResult, Message, ResultKind


def score_lines(key: str, scores: Iterable[tuple[str, int]]) -> tuple[Message, ...]:
    """One score message per seat: ``key`` with ``player`` (the name) and ``count``."""
    return tuple(Message(key, {"player": name, "count": count}) for name, count in scores)


def ended(
    winners: Sequence[int],
    draw: bool,
    score: tuple[Message, ...] = (),
    reason: Message | None = None,
    draw_reason: Message | None = None,
) -> MatchResult | None:
    """The result once ``winners`` are known (a win, with ``reason``) or the match is
    drawn (with ``draw_reason``); ``None`` while it goes on."""
    if winners:
        return MatchResult(ResultKind.WIN, tuple(winners), reason, score)
    if draw:
        return MatchResult(ResultKind.DRAW, reason=draw_reason, score=score)
    return None


def conceded(
    seat: int,
    seats: Sequence[int],
    allied: Callable[[int], bool] | None = None,
    still_in: Callable[[int], bool] | None = None,
) -> MatchResult:
    """The result when ``seat`` resigns or forfeits: every seat not ``allied`` with it
    (by default: every other seat) wins — in team games the whole side loses. With
    ``still_in``, only opponents still in the match win, unless none is."""
    side = allied if allied is not None else (lambda s: s == seat)
    others = [s for s in seats if not side(s)]
    standing = [s for s in others if still_in is None or still_in(s)]
    return MatchResult(ResultKind.WIN, tuple(standing or others))
