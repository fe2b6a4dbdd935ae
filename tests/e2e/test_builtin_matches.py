"""Each built-in game played for many moves through Discord, as players would, in each
language: every post is public, carries the board, pings exactly who owes a decision,
is fully translated, and offers menus of hidden information only privately."""

from __future__ import annotations

import re

import pytest

from bot.discord.cogs.games import command_path
from engines.core.registry import get
from tests.e2e.bot_harness import Table, answer, open_match, pinged, png_attachments
from tests.e2e.test_builtin_games import SLASH_TYPES

pytestmark = pytest.mark.e2e

#: A message key that reached a post untranslated ("krosmaster.event.moved").
RAW_KEY = re.compile(r"\b(?:bot|core|store|krosmaster|dicethrone|battlescenes)\.[a-z_]+\.[a-z_.]+")
MOVES = 24
LOCALES = {"krosmaster": "pt-BR", "dicethrone": "it", "battlescenes": "pt-BR"}


@pytest.mark.parametrize("game", sorted(LOCALES))
async def test_a_builtin_game_plays_many_moves_through_discord(table: Table, game: str) -> None:
    await _plays_many_moves(table, game, None)


async def test_an_official_battle_scenes_deck_is_played_through_discord(table: Table) -> None:
    """A printed preconstructed deck chosen by its printed name (issue 23): both players
    deal Evolução Tática as the product holds it and play it by slash commands."""
    await _plays_many_moves(
        table, "battlescenes", 'deck_a="Evolução Tática" deck_b="Evolução Tática"'
    )
    state = (await table.bot.service.load(1)).state
    assert len(state.cards) == 2 * 66  # one copy of each of its 66 cards, per player


async def _plays_many_moves(table: Table, game: str, options: str | None) -> None:
    emu = table.emu
    await answer(
        await emu.slash(
            table.admin.id,
            "setup locale",
            {"locale": LOCALES[game]},
            channel_id=table.guild.channel_id,
        )
    )
    thread_id, first = await open_match(emu, table, options=options, game=game)
    engine = get(game)
    posts = [first]
    moves = 0
    while moves < MOVES:
        snap = await table.bot.service.load(1)
        pending = [d for d in snap.pending() if not d.optional]
        if not pending or pending[0].default is None:
            break
        decision = pending[0]
        action = engine.action_to_json(decision.default)
        spec = next(s for s in engine.commands() if s.action == action["kind"])
        options = {o.name: action[o.name] for o in spec.options if o.name in action}
        if not all(isinstance(v, SLASH_TYPES) for v in options.values()):
            break  # a default a slash command cannot type (a list): enough for this test
        user = snap.user_of(decision.seat)
        post = await answer(
            await emu.slash(
                user, command_path(table.bot.texts, engine, spec), options, channel_id=thread_id
            )
        )
        assert not post.ephemeral, post.content
        posts.append(post)
        moves += 1
    assert moves >= 6, f"only {moves} moves of {game} were playable by slash command"

    final = await table.bot.service.load(1)
    hidden_menus = {
        (s.kind, s.field_name) for d in final.pending() for s in d.selections if not s.public
    }
    for post in posts:
        assert len(png_attachments(post)) == 1, post.content
        # A screen reader gets words for every board (Discord's attachment description).
        assert all(a.description for a in post.attachments), post.content
        assert not RAW_KEY.search(post.content), post.content
        # ts:<match>:<version>:<kind>:<field>
        menus = {tuple(c.split(":")[3:5]) for c in post.custom_ids if c.startswith("ts:")}
        assert not hidden_menus & menus
    last = posts[-1]
    owed = [d for d in final.pending() if not d.optional]
    owing = {final.user_of(d.seat) for d in owed}
    if owed and owed[0].exchange is not None:
        # Inside a Dice Throne attack: its post pinged everyone it may ask, once, when
        # it opened, and is updated in place since.
        owing = {final.user_of(s) for s in owed[0].exchange_seats}
    assert pinged(emu, last) == owing
