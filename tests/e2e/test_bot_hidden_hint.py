"""A Dice Throne attack post points to the players' own views whatever their hands hold.

The offensive player's "last chance" window may be answered with a card from the hand
in principle, so its post says "more choices are in your own view" even when the hand
holds nothing playable now: a post that said it only with a playable card would tell
the channel what the hand holds (issue 25; every game's posts: test_public_posts.py).
"""

from __future__ import annotations

import json

import pytest

from bot.store import repository as repo
from engines.dicethrone import actions as a
from tests.e2e.bot_harness import Table, answer, open_match
from tests.e2e.test_bot_attack_post import _to_the_attack

#: The pointer's words per locale (bot.match.more_in_view).
POINTER = {
    "en-US": "More choices (with what only you see) are in your own view",
    "pt-BR": "com o que só você vê",
    "it": "con ciò che vedi solo tu",
}


@pytest.mark.parametrize("locale", ["en-US", "it"])
async def test_the_pointer_to_the_own_view_shows_with_nothing_playable(
    table: Table, locale: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(repo, "new_seed", lambda: bytes(32))
    emu = table.emu
    setup = {"locale": locale}
    await answer(
        await emu.slash(table.admin.id, "setup locale", setup, channel_id=table.guild.channel_id)
    )
    await open_match(emu, table, options=None, game="dicethrone")
    thread_id, attacker, _ = await _to_the_attack(table)
    service = table.bot.service
    snap = await service.load(1)
    # Both players spend every CP: no card of either hand can be paid for now.
    for seat, player in enumerate(snap.state.players):
        drain = {"kind": "adjust", "seat": seat + 1, "cp": -player.cp}
        await service.referee.act(1, 99, seat, json.dumps(drain), "test")
    ability = (await service.load(1)).pending()[0].default
    assert isinstance(ability, a.Announce)
    post = await answer(
        await emu.slash(
            attacker, "dicethrone announce", {"ability": ability.ability}, channel_id=thread_id
        )
    )
    snap = await service.load(1)
    (owed,) = snap.pending()
    assert "pass" in owed.kinds and owed.exchange is not None  # a window of the attack
    assert "play" not in owed.kinds  # nothing in the hand is playable now
    assert POINTER[locale] in post.content, post.content
