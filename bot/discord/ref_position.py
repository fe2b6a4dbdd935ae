"""``/ref position event:<n>``: the position after any event as a scenario file.

A disputed situation becomes a file a referee (or a developer) runs with
``python -m engines.scenario run FILE.yaml`` offline, adds steps and forced dice to,
and discusses (docs/scenarios.md). The file holds the whole state, every seat's hand
and deck included, so it is only ever an ephemeral attachment for the referee who
asked, and a referee who plays in the match is refused (as ``/ref inspect`` refuses
them). The match's seed is never in it.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

import yaml

from bot.discord.replies import guarded, user_locale
from bot.errors import UserError
from bot.match.types import MatchSnapshot

if TYPE_CHECKING:
    import discord

    from bot.discord.client import TabletopBot


def position_scenario(snap: MatchSnapshot, seq: int, title: str, referee: str) -> str:
    """The scenario file of ``snap`` (the match right after event ``seq``): its game,
    seats, options and pack, the whole state, no steps yet, and as expectations what
    the match then waited for and its result, so the file passes as exported."""
    engine = snap.engine
    state = snap.state
    pending = [
        {"seat": d.seat, "kinds": list(d.kinds)} for d in engine.pending(state) if not d.optional
    ]
    result = engine.result(state)
    expect: dict[str, Any] = {
        "pending": pending,
        "result": None
        if result is None
        else {"kind": result.kind.value, "winners": list(result.winners)},
    }
    seats = [s.display_name for s in sorted(snap.seats, key=lambda s: s.seat)]
    data: dict[str, Any] = {
        "game": engine.name,
        "seats": seats,
        "options": dict(snap.match.options or {}),
        "content": snap.match.content_pack,
        "state": engine.state_to_json(state),
        "dice": [],
        "steps": [],
        "expect": expect,
    }
    header = (
        f"# {title}: the position right after event {seq}, exported by {referee} with\n"
        "# /ref position. It holds every player's hidden cards: it is for referees, never\n"
        "# for the match thread. Run it with `python -m engines.scenario run FILE.yaml`;\n"
        "# add `steps` (and the forced `dice` they roll) to play on (docs/scenarios.md).\n"
    )
    body = yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=100)
    return header + body


async def export_position(
    bot: TabletopBot, interaction: discord.Interaction, event: int, match: int | None
) -> None:
    """The command's body: check the referee, build the file, send it to them alone."""
    import discord

    async with guarded(interaction):
        await interaction.response.defer(ephemeral=True, thinking=True)
        match_id = await bot.router.refereed_match(interaction, match)
        if await bot.service.is_seated(match_id, interaction.user.id):
            # The file shows every hand: a referee who plays never gets it.
            raise UserError("bot.error.referee_plays")
        snap = await bot.service.state_after(match_id, event)
        locale = user_locale(interaction)
        title = bot.presenter.title(snap, locale)
        text = position_scenario(snap, event, title, interaction.user.display_name)
        await interaction.followup.send(
            bot.texts("bot.ref.position_ready", locale, seq=event, match=match_id),
            ephemeral=True,
            file=discord.File(
                io.BytesIO(text.encode()), filename=f"match-{match_id}-event-{event}.yaml"
            ),
        )
