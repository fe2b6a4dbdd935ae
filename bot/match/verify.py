"""Verifying a match export (``/match verify`` and ``python -m bot verify EXPORT.json``).

First the log's shape, which any export can show: events numbered 0, 1, 2… with
none missing, repeated or out of order, the last one the ``final`` version the
export names. A running match's export stops there (``complete`` is false): its
seed, shuffles and secret action fields are hidden, so rolls, moves and the final
state can only be checked once the match is over.

An ended match's export is then replayed through the engine with
``SeededDice(seed, seq)``: the seed must be the one whose SHA-256 was published
when the match started, every recorded roll, flip and shuffle must be the one the
seed produces, every move's recorded events the ones the replay gives, and the
result and the SHA-256 of the final state (and of the final state with the result,
which the final post shows) those the export states. Nothing may follow the end of a
match but a referee's note or a revert that reopens it: a resignation copied after
the end, say, would change no state and could otherwise rewrite the result.
"""

from __future__ import annotations

import contextlib
import copy
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.match.export import (
    EXPORT_FORMAT,
    EXPORT_VERSION,
    FINISHED,
    decisive,
    final_digest,
    state_digest,
)
from engines.core import (
    EngineError,
    GameEngine,
    Message,
    Seat,
    SeededDice,
    seed_commitment,
)
from engines.core.packs import UPLOAD_KEY, community_packs, is_installed_upload
from engines.core.serde import SerdeError, to_json

ACTIONS = ("action", "referee_action", "withdraw")
META = ("resign", "referee", "deadline")
#: Problems listed before "and N more" (one ephemeral reply holds them).
MAX_PROBLEMS = 10


@dataclass
class Verification:
    """The result of checking an export: empty ``problems`` means nothing was found
    wrong; ``complete`` is false when only the log's shape could be checked (a match
    still running)."""

    checked_events: int = 0
    checked_draws: int = 0
    problems: list[Message] = field(default_factory=list)
    complete: bool = True
    #: SHA-256 of the replayed final state and result (also in the match's final post);
    #: of the final state alone for an export made before that hash existed.
    final_digest: str = ""
    #: Whether ``final_digest`` covers the result too (false: an older export).
    covers_result: bool = True

    @property
    def ok(self) -> bool:
        """Whether nothing was found wrong."""
        return not self.problems

    def summary(self) -> Message:
        """What a check that found nothing wrong says: how much it replayed, and the
        final hash to compare with the match's final post."""
        key = "bot.verify.ok" if self.covers_result else "bot.verify.ok_state"
        params = {
            "events": self.checked_events,
            "draws": self.checked_draws,
            "digest": self.final_digest,
        }
        return Message(key, params)


def verify_export(data: Mapping[str, Any], engine: GameEngine[Any]) -> Verification:
    """Check an export's shape and, once the match has ended, replay and check it all."""
    return _capped(_verify(data, engine))


def _verify(data: Mapping[str, Any], engine: GameEngine[Any]) -> Verification:
    report = Verification()
    if not _well_formed(data):
        report.problems.append(Message("bot.verify.format", {"version": EXPORT_VERSION}))
        return report
    match = data["match"]
    rows = list(data["events"])
    report.problems.extend(check_sequence(rows, (data.get("final") or {}).get("version")))
    if report.problems:
        return report
    if str(match.get("status")) not in FINISHED and not match.get("seed"):
        report.complete = False
        report.checked_events = len(rows)
        return report
    pack = match.get("content_pack")
    known = pack in engine.builtin_packs or pack in community_packs(engine.name)
    if pack is not None and not known and not is_installed_upload(engine.name, str(pack)):
        # Only a plain name of an installed pack: never a path read from a file.
        # An upload's key: its files are in the bot's database, or given with --pack.
        problem = "bot.verify.need_pack" if UPLOAD_KEY.match(str(pack)) else "bot.verify.bad_pack"
        report.problems.append(Message(problem, {"pack": str(pack)[:80]}))
        return report
    seed = _seed(match, report)  # a seed that is not the published one is still replayed
    if seed is None:
        return report
    _replay(data, rows, engine, seed, report)
    return report


def _capped(report: Verification) -> Verification:
    """At most :data:`MAX_PROBLEMS` problems, then how many more: one reply must hold them."""
    if len(report.problems) > MAX_PROBLEMS:
        more = len(report.problems) - MAX_PROBLEMS + 1
        report.problems[MAX_PROBLEMS - 1 :] = [Message("bot.verify.more", {"count": more})]
    return report


def _well_formed(data: Any) -> bool:
    """An export of this format and version, its parts of the right JSON types."""
    if not isinstance(data, Mapping):
        return False
    events, seats = data.get("events"), data.get("seats", [])
    return (
        data.get("format") == EXPORT_FORMAT
        and data.get("version") == EXPORT_VERSION
        and isinstance(data.get("match"), Mapping)
        and isinstance(events, list)
        and all(isinstance(row, Mapping) for row in events)
        and isinstance(seats, list)
        and all(isinstance(seat, Mapping) for seat in seats)
        and isinstance(data.get("final", {}), Mapping)
    )


def check_sequence(rows: Sequence[Mapping[str, Any]], final: Any) -> list[Message]:
    """Problems with the numbering: events must be 0…N in order, each once, N = ``final``."""
    try:
        seqs = [int(row["seq"]) for row in rows]
    except (KeyError, TypeError, ValueError):
        return [Message("bot.verify.bad_seq")]
    if any(seq < 0 for seq in seqs):
        return [Message("bot.verify.bad_seq")]
    if not isinstance(final, int) or isinstance(final, bool):
        return [Message("bot.verify.no_final")]
    problems = []
    seen: set[int] = set()
    for seq in seqs:
        if seq in seen:
            problems.append(Message("bot.verify.duplicate", {"seq": seq}))
        seen.add(seq)
    last = max(seqs, default=-1)
    # Numbers past the count of events imply missing ones below it: no need to list them all.
    problems += [
        Message("bot.verify.missing", {"seq": seq})
        for seq in range(min(last, len(seqs) - 1) + 1)
        if seq not in seen
    ]
    if not problems:
        moved = next((i for i, seq in enumerate(seqs) if seq != i), None)
        if moved is not None:
            problems.append(Message("bot.verify.out_of_order", {"seq": seqs[moved], "at": moved}))
    if last != final:
        problems.append(Message("bot.verify.truncated", {"last": last, "final": final}))
    return problems


def _seed(match: Mapping[str, Any], report: Verification) -> bytes | None:
    seed_hex = match.get("seed")
    if not seed_hex:
        report.problems.append(Message("bot.verify.no_seed"))
        return None
    try:
        seed = bytes.fromhex(str(seed_hex))
    except ValueError:
        report.problems.append(Message("bot.verify.bad_seed"))
        return None
    if seed_commitment(seed) != match.get("seed_hash"):
        report.problems.append(Message("bot.verify.wrong_commitment"))
    return seed


def _replay(
    data: Mapping[str, Any],
    rows: Sequence[Mapping[str, Any]],
    engine: GameEngine[Any],
    seed: bytes,
    report: Verification,
) -> None:
    """Replay every event, comparing dice and events; then the result and final state."""
    match = data["match"]
    try:
        seats = [Seat(int(s["seat"]), str(s["name"])) for s in data.get("seats", [])]
    except (KeyError, TypeError, ValueError) as exc:
        _no_replay(report, 0, Message("bot.verify.malformed", {"detail": str(exc)[:200]}))
        return
    # Only the states a revert returns to are kept: all of a long match's would be
    # thousands of objects for the collector to walk while the replay runs.
    targets = _revert_targets(rows)
    states: dict[int, Any] = {}
    results: dict[int, Any] = {}  # the match's result as of each event
    meta: dict[int, Any] = {}  # the last result a meta event gave, as of each event
    state: Any = None
    ended_at: int | None = None  # the event that ended the match (``None``: running)
    for row in rows:
        seq, kind = int(row["seq"]), row.get("kind")
        dice = SeededDice(seed, seq)
        result, given = results.get(seq - 1), meta.get(seq - 1)
        events: Any = []
        if ended_at is not None and not _after_end(row):
            report.problems.append(Message("bot.verify.after_end", {"seq": seq, "end": ended_at}))
            return
        try:
            if (kind == "start") != (state is None):
                # One start, first: anything else would replay actions on no match at all.
                raise ValueError(f"event {seq}: a match starts with its first event only")
            if kind == "start":
                content = engine.load_content(match.get("content_pack"))
                state = engine.new_match(match.get("options") or {}, seats, content, dice)
            elif kind in ACTIONS:
                action = engine.parse_action(row["action"])
                apply = engine.apply if kind == "action" else engine.referee_apply
                outcome = apply(state, int(row["seat"]), action, dice)
                state, events = outcome.state, to_json(outcome.events)
                ended = engine.result(state)
                result = to_json(ended) if ended is not None else result
            elif kind == "revert":
                to_seq = int(row["action"]["to_seq"])
                state, given = states[to_seq], meta[to_seq]
                ended = engine.result(state)
                result = given if given is not None else to_json(ended) if ended else None
            elif kind == "adjust":
                state = apply_changes(engine, state, row["action"]["changes"])
                ended = engine.result(state)  # an adjustment may end the match (its consequences)
                result = to_json(ended) if ended is not None else result
            elif kind in META:
                if "result" in row["action"]:
                    result = given = row["action"]["result"]
            else:
                raise ValueError(f"unknown event kind {kind!r}")
        except EngineError as exc:
            _no_replay(report, seq, Message(exc.key, exc.params))
            return
        except (KeyError, TypeError, ValueError) as exc:
            # A hand-edited row (a missing key, a wrong type; SerdeError is a ValueError).
            _no_replay(report, seq, Message("bot.verify.malformed", {"detail": str(exc)[:200]}))
            return
        recorded = row.get("dice") or []
        derived = to_json(dice.outcomes)
        if recorded != derived:
            report.problems.append(_mismatch(seq, recorded, derived))
        if _norm(row.get("events") or []) != _norm(events):
            report.problems.append(Message("bot.verify.events", {"seq": seq}))
        report.checked_events += 1
        report.checked_draws += len(derived)
        results[seq], meta[seq] = result, given
        if seq in targets:
            states[seq] = state
        ended_at = None if result is None else seq if ended_at is None else ended_at
    _check_end(data, engine, state, results.get(len(rows) - 1), report)


def _revert_targets(rows: Sequence[Mapping[str, Any]]) -> set[int]:
    """The events some revert of the log returns to."""
    out = set()
    for row in rows:
        if row.get("kind") == "revert":
            with contextlib.suppress(KeyError, TypeError, ValueError):
                out.add(int(row["action"]["to_seq"]))  # a malformed one fails in the replay
    return out


def _after_end(row: Mapping[str, Any]) -> bool:
    """Whether ``row`` may follow the end of a match: a revert (a rollback reopens it)
    or a referee's note that neither sets a result nor pauses (a ruling). A move, a
    resignation, a deadline, an adjustment or a second result may not."""
    if row.get("kind") == "revert":
        return True
    action = row.get("action")
    notes = isinstance(action, Mapping) and not {"result", "pause"} & set(action)
    return row.get("kind") == "referee" and notes


def _check_end(
    data: Mapping[str, Any], engine: GameEngine[Any], state: Any, result: Any, report: Verification
) -> None:
    recorded = data["match"].get("result")
    if decisive(recorded) != decisive(result):
        report.problems.append(
            Message("bot.verify.result", {"recorded": _brief(recorded), "derived": _brief(result)})
        )
    if state is None:
        return
    final = data.get("final") or {}
    digest = state_digest(engine, state)
    wrong_state = final.get("state_sha256") != digest
    if wrong_state:
        report.problems.append(Message("bot.verify.final_state"))
    report.covers_result = "match_sha256" in final
    if not report.covers_result:
        # An export made before the final post's hash covered the result: that post
        # showed the state's hash, so that is the one to compare it with.
        report.final_digest = digest
        return
    report.final_digest = final_digest(engine, state, result)
    if not wrong_state and final.get("match_sha256") != report.final_digest:
        report.problems.append(Message("bot.verify.final_match"))  # the result, then


def _no_replay(report: Verification, seq: int, detail: Message) -> None:
    report.problems.append(Message("bot.verify.no_replay", {"seq": seq, "detail": detail}))


class NoSuchPath(SerdeError):
    """An adjustment's path names nothing in the state (``path``: as the user wrote it)."""


def apply_changes(engine: GameEngine[Any], state: Any, changes: Mapping[str, Any]) -> Any:
    """A state with ``changes`` applied: ``{"players.0.score": 12, "deck": [3, 1]}``.

    Keys are dotted paths into the state's JSON (list items by index); the
    result must still be a valid state, else :class:`SerdeError` (:class:`NoSuchPath`
    for a path naming nothing), and one the
    game's invariants accept, else :class:`InvalidStateError` naming the broken
    one. The rules' consequences follow (``engine.adjusted``: a figure at 0 HP is
    knocked out, a match may end). The live ``/ref adjust`` and the replay both
    call this, so they always agree.
    """
    data = engine.state_to_json(state)
    for path, value in changes.items():
        _set_at(data, str(path), value)
    return engine.adjusted(engine.state_from_json(data))


@dataclass(frozen=True)
class StateChange:
    """One value a referee changed by hand: ``before`` → ``after`` (JSON), ``shown``
    only when the public view shows that value (never a card in a hand or a deck)."""

    path: str
    before: Any
    after: Any
    shown: bool


def describe_changes(
    engine: GameEngine[Any], state: Any, adjusted: Any, changes: Mapping[str, Any]
) -> list[StateChange]:
    """What ``changes`` (applied to ``state``, giving ``adjusted``) changed, path by
    path. A value is shown only if it is a plain value (a number, a word, yes/no) and
    changing it alone changes what the public sees; anything else (a hand, a deck, a
    face-down reward) is named by its path but its values stay hidden."""
    data = engine.state_to_json(state)
    public = engine.view(state, None)
    after_data = engine.state_to_json(adjusted)
    found = []
    for path, value in changes.items():
        before = _value_at(data, str(path))
        after = _value_at(after_data, str(path), default=value)
        shown = False
        if _plain(before) and _plain(after):
            alone = copy.deepcopy(data)
            _set_at(alone, str(path), value)
            try:
                shown = engine.view(engine.state_from_json(alone), None) != public
            except SerdeError:  # valid only with the other changes: say nothing
                shown = False
        found.append(StateChange(str(path), before, after, shown))
    return found


def _plain(value: Any) -> bool:
    return value is None or isinstance(value, bool | int | float | str)


def _value_at(data: Any, path: str, default: Any = None) -> Any:
    target = data
    for part in path.split("."):
        if isinstance(target, list) and part.isdigit() and int(part) < len(target):
            target = target[int(part)]
        elif isinstance(target, dict) and part in target:
            target = target[part]
        else:
            return default
    return target


def _set_at(data: Any, path: str, value: Any) -> None:
    parts = path.split(".")
    target = data
    for part in parts[:-1]:
        target = _step(target, part, path)
    last = parts[-1]
    if isinstance(target, list):
        target[_index(target, last, path)] = value
    elif isinstance(target, dict) and last in target:
        target[last] = value
    else:
        raise NoSuchPath(f"{path}: no such field", path=path)


def _index(items: list[Any], part: str, path: object) -> int:
    """``part`` as a valid index of ``items``, else the path names nothing."""
    if not part.isdigit() or int(part) >= len(items):
        raise NoSuchPath(f"{path}: no such field", path=str(path))
    return int(part)


def _step(target: Any, part: str, path: object) -> Any:
    """One step down a dotted path; a step into nothing is a :class:`SerdeError`."""
    if isinstance(target, list):
        return target[_index(target, part, path)]
    if isinstance(target, dict) and part in target:
        return target[part]
    raise NoSuchPath(f"{path}: no such field", path=str(path))


def _norm(value: Any) -> Any:
    """JSON as it reads back from a file (tuples become lists)."""
    return json.loads(json.dumps(value))


def _brief(result: Any) -> str:
    return "—" if result is None else json.dumps(result, ensure_ascii=False)[:120]


def _mismatch(
    seq: int, recorded: Sequence[Mapping[str, Any]], derived: Sequence[Mapping[str, Any]]
) -> Message:
    """What differs between the draws an event logs and those the seed gives: the first
    draw that differs, by its number and its value with the face named (a die turned
    from 2 to 6 reads "6 (Armour)" against "2 (Shield)", never "Armour" against
    "Armour"); a different number of draws, all of each."""
    if len(recorded) != len(derived):
        return Message(
            "bot.verify.mismatch_count",
            {
                "seq": seq,
                "recorded": ", ".join(map(_drawn, recorded)) or "—",
                "derived": ", ".join(map(_drawn, derived)) or "—",
            },
        )
    first = next(i for i, (r, d) in enumerate(zip(recorded, derived, strict=True)) if r != d)
    params = {"seq": seq, "n": first + 1, "draws": len(derived)}
    return Message(
        "bot.verify.mismatch",
        {**params, "recorded": _drawn(recorded[first]), "derived": _drawn(derived[first])},
    )


#: Numbers of a shuffle's order a problem shows before "…".
_ORDER_SHOWN = 8


def _drawn(outcome: Mapping[str, Any]) -> str:
    """One draw as its record says it: the number, and a custom die's face after it."""
    value = outcome.get("value") if isinstance(outcome, Mapping) else outcome
    if isinstance(value, (list, tuple)):
        shown = ", ".join(str(v) for v in value[:_ORDER_SHOWN])
        return f"[{shown}{', …' if len(value) > _ORDER_SHOWN else ''}]"
    face = outcome.get("face") if isinstance(outcome, Mapping) else None
    return f"{value} ({face})" if face and str(face) != str(value) else str(value)
