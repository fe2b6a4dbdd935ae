from __future__ import annotations
import pytest
from bot.discord.cogs.games import command_path
from engines.core.registry import get
from tests.e2e.bot_harness import Table, answer, open_match
from tests.e2e.test_builtin_games import SLASH_TYPES

pytestmark = pytest.mark.e2e

@pytest.mark.parametrize("locale", ["en-US", "pt-BR", "it"])
@pytest.mark.parametrize("game", ["krosmaster", "dicethrone", "battlescenes"])
async def test_dump(table: Table, game: str, locale: str) -> None:
    emu = table.emu
    await answer(await emu.slash(table.admin.id, "setup locale", {"locale": locale}, channel_id=table.guild.channel_id))
    thread_id, first = await open_match(emu, table, options=None, game=game)
    engine = get(game)
    out = [first.content]
    for _ in range(400):
        snap = await table.bot.service.load(1)
        pending = [d for d in snap.pending() if not d.optional]
        if not pending or pending[0].default is None:
            break
        decision = pending[0]
        action = engine.action_to_json(decision.default)
        spec = next(s for s in engine.commands() if s.action == action["kind"])
        options = {o.name: action[o.name] for o in spec.options if o.name in action}
        if not all(isinstance(v, SLASH_TYPES) for v in options.values()):
            snap2 = await table.bot.service.play_default(1) if hasattr(table.bot.service, "play_default") else None
            out.append(f"[unslashable {action['kind']}]")
            break
        user = snap.user_of(decision.seat)
        post = await answer(await emu.slash(user, command_path(table.bot.texts, engine, spec), options, channel_id=thread_id), timeout=30)
        out.append(post.content)
    with open(f"/tmp/dump_{game}_{locale}.txt", "w") as f:
        f.write("\n-----\n".join(out))
