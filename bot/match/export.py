"""Match exports (``/match export``): the whole match as JSON, nothing hidden while it runs.

An export holds the options, seats, every event with its dice outcomes, and a
``final`` block naming the last event (so a missing last event is noticed).
While the match runs it is what the public may see: no seed, no shuffle orders,
hidden events as their ``.hidden`` form, and the secret fields of actions
(``GameEngine.secret_fields``: a submitted team, a card named from a hand, stored
with each move) blanked, the event marked ``"redacted": true``. Once the match
has ended everything is shown, with the seed, the SHA-256 of the final state
(``state_sha256``) and the SHA-256 of the final state with the result
(``match_sha256``, the one the match's final post shows), so ``bot/verify.py``
can replay it all. Exports made before ``match_sha256`` existed lack it and still
verify (their final post showed ``state_sha256``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any

from bot.store.models import EventKind, Match, MatchEvent, MatchSeat
from engines.core import EngineError, Event, GameEngine
from engines.core.model import redact_action
from engines.core.serde import JSON, SerdeError, from_json, to_json

EXPORT_FORMAT = "tabletop-bot/match-export"
EXPORT_VERSION = 2
FINISHED = ("finished", "cancelled")
#: Rows that hold a game action, the only ones with secret fields.
ACTION_KINDS = (EventKind.ACTION, EventKind.REFEREE_ACTION, EventKind.WITHDRAW)


def state_digest(engine: GameEngine[Any], state: Any) -> str:
    """SHA-256 of a state's canonical JSON (sorted keys, no spaces, UTF-8)."""
    return _digest(engine.state_to_json(state))


def final_digest(engine: GameEngine[Any], state: Any, result: Any) -> str:
    """SHA-256 of the final state and what the result decides (:func:`decisive`), as
    one canonical JSON object: the hash the final post shows. A resignation or a
    referee's decision changes no state, so a hash of the state alone would not tell
    one ending from another."""
    return _digest({"state": engine.state_to_json(state), "result": decisive(result)})


def _digest(data: Any) -> str:
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def decisive(result: Any) -> Any:
    """What a result decides: its kind, winners and the bot's own reason (a resignation,
    a forfeit, a referee). The words an engine derives from the final state (how it
    was won, the score) are left out: the final-state hash vouches for that state,
    and matches that ended before engines gave them still verify."""
    if not isinstance(result, Mapping):
        return json.loads(json.dumps(result))
    reason = result.get("reason")
    return json.loads(
        json.dumps(
            {
                "kind": result.get("kind"),
                "winners": result.get("winners"),
                "reason": reason if isinstance(reason, str) else None,
            }
        )
    )


def build_export(
    match: Match,
    seats: Sequence[MatchSeat],
    events: Sequence[MatchEvent],
    engine: GameEngine[Any],
    final_state: Any,
) -> dict[str, Any]:
    """The match as JSON; the seed, hidden details and the final state's hash only once
    it has ended (a hash of a running match's state would let anyone test guesses of
    its hidden part)."""
    ended = str(match.status) in FINISHED
    hashed = ended and final_state is not None
    digest = state_digest(engine, final_state) if hashed else None
    covered = final_digest(engine, final_state, match.result) if hashed else None
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
        "events": [_event(e, ended, engine) for e in events],
        "final": {"version": match.version, "state_sha256": digest, "match_sha256": covered},
    }


def _event(row: MatchEvent, ended: bool, engine: GameEngine[Any]) -> dict[str, Any]:
    dice = row.dice if ended else [_public_outcome(d) for d in row.dice]
    shown = row.events if ended else [_public_event(e) for e in row.events]
    action: Mapping[str, Any] = row.action
    redacted = False
    if row.kind == EventKind.ADJUST and not ended:
        # A referee's change may set hidden things (a hand, a face-down reward).
        action, redacted = {"kind": "core.adjust", "changes": None}, True
    elif row.kind in ACTION_KINDS and not ended:
        fields = secret_fields(row, engine)
        if fields:
            action, redacted = redact_action(row.action, fields), True
    out = {
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
    if redacted:
        out["redacted"] = True
    return out


def secret_fields(row: MatchEvent, engine: GameEngine[Any]) -> tuple[str, ...]:
    """The secret fields of an action row: as stored with the move, or — for a row
    stored before they were — every field its action type may hide."""
    if row.secret is not None:
        return tuple(row.secret)
    try:
        return type(engine.parse_action(row.action)).secret
    except EngineError:
        return ("kind",)  # unreadable: show none of it


def _public_outcome(outcome: Mapping[str, Any]) -> Mapping[str, Any]:
    # A shuffle's order is a deck's hidden order until the match ends.
    if outcome.get("kind") == "shuffle":
        return {**outcome, "value": None}
    return outcome


def _public_event(data: JSON) -> JSON:
    try:
        event = from_json(Event, data)
    except SerdeError:
        return data
    return to_json(event.for_seat(None))
