"""The referee's acts as a table: how each is carried out from its stored arguments
(the same arguments whether the referee acted alone or the players agreed first),
and how its public post reads. A new act is one entry here, its ``/ref`` command and
its texts."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Literal

from bot.errors import UserError
from bot.match.service import MatchService
from bot.match.types import MatchSnapshot

#: A referee act's arguments, as stored while the players are asked to agree (JSON).
Args = dict[str, Any]
#: Carries an act out: (service, match id, referee, arguments) → the new snapshot.
Run = Callable[[MatchService, int, int, Args], Awaitable[MatchSnapshot]]


@dataclass(frozen=True)
class RefereeAct:
    """One ``/ref`` act."""

    #: Message key of its post's header.
    header: str
    run: Run
    #: What the post lists under the header: the events a revert took back, or the
    #: fields a hand adjustment changed.
    shows: Literal["", "reverted", "changes"] = ""
    #: Nobody owes anything after it (a pause): every player is pinged to learn why.
    notify_all: bool = False


def _reason(args: Args) -> str:
    return str(args.get("reason", ""))


async def _undo(service: MatchService, match_id: int, actor: int, args: Args) -> MatchSnapshot:
    return await service.referee_undo(match_id, actor, _reason(args))


async def _pause(service: MatchService, match_id: int, actor: int, args: Args) -> MatchSnapshot:
    return await service.pause(match_id, actor, _reason(args))


async def _resume(service: MatchService, match_id: int, actor: int, args: Args) -> MatchSnapshot:
    return await service.resume(match_id, actor, _reason(args))


async def _extend(service: MatchService, match_id: int, actor: int, args: Args) -> MatchSnapshot:
    return await service.referee.extend(match_id, actor, int(args["hours"]), _reason(args))


async def _rule(service: MatchService, match_id: int, actor: int, args: Args) -> MatchSnapshot:
    dispute = args.get("dispute")
    number = None if dispute is None else int(dispute)
    return await service.referee.rule(match_id, actor, str(args["ruling"]), number)


async def _result(service: MatchService, match_id: int, actor: int, args: Args) -> MatchSnapshot:
    winners = [int(w) for w in args["winners"]]
    return await service.referee.set_result(match_id, actor, winners, _reason(args))


async def _adjust(service: MatchService, match_id: int, actor: int, args: Args) -> MatchSnapshot:
    changes = dict(args["changes"])
    return await service.referee.adjust(match_id, actor, changes, _reason(args))


async def _act(service: MatchService, match_id: int, actor: int, args: Args) -> MatchSnapshot:
    seat, action = int(args["seat"]), str(args["action"])
    return await service.referee.act(match_id, actor, seat, action, _reason(args))


async def _rollback(service: MatchService, match_id: int, actor: int, args: Args) -> MatchSnapshot:
    to_seq = int(args["to_seq"])
    return await service.requests.rollback_agreed(match_id, actor, to_seq, _reason(args))


ACTS: dict[str, RefereeAct] = {
    "undo": RefereeAct("bot.ref.undone", _undo, shows="reverted"),
    "pause": RefereeAct("bot.ref.paused", _pause, notify_all=True),
    "resume": RefereeAct("bot.ref.resumed", _resume),
    "extend": RefereeAct("bot.ref.extended", _extend),
    "rule": RefereeAct("bot.ref.ruled", _rule),
    "result": RefereeAct("bot.ref.result", _result),
    "adjust": RefereeAct("bot.ref.adjusted", _adjust, shows="changes"),
    "act": RefereeAct("bot.ref.acted", _act),
    "rollback": RefereeAct("bot.ref.rolled_back", _rollback, shows="reverted"),
}


def act_named(command: str) -> RefereeAct:
    """The act ``command`` names; a stored request naming none (written by an older
    version of the bot) is refused as closed."""
    act = ACTS.get(command)
    if act is None:
        raise UserError("bot.error.request_closed")
    return act
