"""Match exports and dice verification, shared by ``/match verify`` and the CLI.

An export is the whole match as JSON: options, seats, every event with its
dice outcomes, and — once the match has ended — the secret seed. Verifying
re-plays the log through the engine with ``SeededDice(seed, seq)`` and checks
that every recorded roll, flip and shuffle is the one the seed produces, and
that the seed is the one whose SHA-256 was published when the match started.

While a match goes on, exports hide what players may not see: the seed,
shuffle orders and hidden event details.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.store.models import Match, MatchEvent, MatchSeat
from engines.core import (
    EngineError,
    Event,
    GameEngine,
    Message,
    Seat,
    SeededDice,
    seed_commitment,
)
from engines.core.serde import SerdeError, from_json, to_json

EXPORT_FORMAT = "tabletop-bot/match-export"
EXPORT_VERSION = 1
FINISHED = ("finished", "cancelled")


def build_export(
    match: Match, seats: Sequence[MatchSeat], events: Sequence[MatchEvent]
) -> dict[str, Any]:
    """The match as JSON; the seed and hidden details only once it has ended."""
    ended = str(match.status) in FINISHED
    return {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "match": {
            "id": match.id,
            "game": match.game,
            "guild_id": str(match.guild_id),
            "status": str(match.status),
            "options": match.options,
            "pace": match.pace,
            "content_pack": match.content_pack,
            "result": match.result,
            "seed_hash": match.seed_hash,
            "seed": match.seed if ended else None,
            "created_at": match.created_at.isoformat(),
        },
        "seats": [
            {"seat": s.seat, "user_id": str(s.user_id), "name": s.display_name} for s in seats
        ],
        "events": [_event(e, ended) for e in events],
    }


def _event(row: MatchEvent, ended: bool) -> dict[str, Any]:
    dice = row.dice if ended else [_public_outcome(d) for d in row.dice]
    shown = row.events if ended else [_public_event(e) for e in row.events]
    action = row.action
    if row.kind == "adjust" and not ended:
        # A referee's change may set hidden things (a hand, a face-down reward).
        action = {"kind": "core.adjust", "changes": None}
    return {
        "seq": row.seq,
        "kind": str(row.kind),
        "actor_id": None if row.actor_id is None else str(row.actor_id),
        "seat": row.seat,
        "action": action,
        "dice": dice,
        "events": shown,
        "reason": row.reason,
        "at": row.created_at.isoformat(),
    }


def _public_outcome(outcome: Mapping[str, Any]) -> Mapping[str, Any]:
    # A shuffle's order is a deck's hidden order until the match ends.
    if outcome.get("kind") == "shuffle":
        return {**outcome, "value": None}
    return outcome


def _public_event(data: Any) -> Any:
    try:
        event = from_json(Event, data)
    except SerdeError:
        return data
    return to_json(event.for_seat(None))


@dataclass
class Verification:
    """The result of checking an export: empty ``problems`` means every roll is honest."""

    checked_events: int = 0
    checked_draws: int = 0
    problems: list[Message] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Whether nothing was found wrong."""
        return not self.problems


def verify_export(data: Mapping[str, Any], engine: GameEngine[Any]) -> Verification:
    """Re-derive every roll of an export from its seed and compare with the log."""
    report = Verification()
    match = data.get("match") or {}
    seed_hex = match.get("seed")
    if not seed_hex:
        report.problems.append(Message("bot.verify.no_seed"))
        return report
    try:
        seed = bytes.fromhex(seed_hex)
    except ValueError:
        report.problems.append(Message("bot.verify.bad_seed"))
        return report
    if seed_commitment(seed) != match.get("seed_hash"):
        report.problems.append(Message("bot.verify.wrong_commitment"))
    seats = [Seat(int(s["seat"]), str(s["name"])) for s in data.get("seats", [])]
    states: dict[int, Any] = {}
    state: Any = None
    for row in data.get("events", []):
        seq, kind = int(row["seq"]), row["kind"]
        dice = SeededDice(seed, seq)
        try:
            if kind == "start":
                content = engine.load_content(match.get("content_pack"))
                state = engine.new_match(match.get("options") or {}, seats, content, dice)
            elif kind in ("action", "referee_action", "withdraw"):
                action = engine.parse_action(row["action"])
                apply = engine.apply if kind == "action" else engine.referee_apply
                state = apply(state, int(row["seat"]), action, dice).state
            elif kind == "revert":
                state = states[int(row["action"]["to_seq"])]
            elif kind == "adjust":
                state = apply_changes(engine, state, row["action"]["changes"])
        except (EngineError, KeyError, TypeError, ValueError) as exc:
            report.problems.append(
                Message("bot.verify.no_replay", {"seq": seq, "detail": str(exc)})
            )
            return report
        recorded = row.get("dice") or []
        derived = to_json(dice.outcomes)
        if recorded != derived:
            report.problems.append(
                Message(
                    "bot.verify.mismatch",
                    {"seq": seq, "recorded": _short(recorded), "derived": _short(derived)},
                )
            )
        report.checked_events += 1
        report.checked_draws += len(derived)
        states[seq] = state
    return report


def apply_changes(engine: GameEngine[Any], state: Any, changes: Mapping[str, Any]) -> Any:
    """A state with ``changes`` applied: ``{"players.0.score": 12, "deck": [3, 1]}``.

    Keys are dotted paths into the state's JSON (list items by index); the
    result must still be a valid state, else :class:`SerdeError`.
    """
    data = engine.state_to_json(state)
    for path, value in changes.items():
        parts = str(path).split(".")
        target = data
        for part in parts[:-1]:
            target = target[int(part)] if isinstance(target, list) else target[part]
        last = parts[-1]
        if isinstance(target, list):
            target[int(last)] = value
        elif isinstance(target, dict) and last in target:
            target[last] = value
        else:
            raise SerdeError(f"{path}: no such field")
    return engine.state_from_json(data)


def _short(outcomes: Sequence[Mapping[str, Any]]) -> str:
    return ", ".join(f"{o.get('face') or o.get('value')}" for o in outcomes) or "none"
