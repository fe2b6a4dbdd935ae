"""Decision controls: which buttons and menus answer a decision, the version their custom
ids carry, and the service refusing a control the match has moved on from."""

from __future__ import annotations

import dataclasses

import pytest

from bot.discord.controls import ControlBuilder, act_id, button_target, select_id, select_target
from bot.errors import StaleControlError, UserError
from bot.i18n import Texts, build_catalog
from bot.match.service import MatchService
from bot.match.types import Player
from engines.core import Decision, Message, Selection, SelectOption
from engines.core.registry import load_games
from tests.testgame import ENGINE as TESTGAME
from tests.testgame.actions import Sort

GAMES = load_games()
BUILDER = ControlBuilder(Texts(build_catalog([*GAMES, TESTGAME])))
ALICE, BRUNO = Player(11, "Alice"), Player(22, "Bruno")


def _cards(count: int, chosen: int | None = None) -> tuple[SelectOption, ...]:
    return tuple(
        SelectOption(n, Message("testgame.choice.card", {"card": n}), chosen=n == chosen)
        for n in range(1, count + 1)
    )


def test_ids_name_the_version_and_old_ids_read_as_outdated() -> None:
    pick = Selection("play", "card", _cards(2), Message("testgame.prompt.play"))
    assert select_target(select_id(3, 17, pick)) == select_target("ts:3:17:play:card")
    target = select_target("ts:3:17:play:card")
    assert target is not None and (target.version, target.kind, target.field_name) == (
        17,
        "play",
        "card",
    )
    button = button_target("act", act_id(3, 17, "end_turn").split(":")[2:])
    assert button is not None and (button.match_id, button.version, button.kind) == (
        3,
        17,
        "end_turn",
    )
    # Posted before controls carried a version: no version, so always outdated.
    legacy = select_target("ts:3:play:card")
    assert legacy is not None and legacy.version is None and legacy.kind == "play"
    old_button = button_target("act", ["3", "end_turn"])
    assert old_button is not None and old_button.version is None
    assert button_target("mine", ["3"]) is None  # not about a decision: no version
    with pytest.raises(ValueError, match="100"):
        act_id(1, 1, "x" * 100)


def test_a_one_value_menu_never_pre_selects_what_discord_could_not_send() -> None:
    keep = Selection("play", "card", _cards(3, chosen=2), Message("testgame.prompt.play"))
    decision = Decision(0, ("play",), Message("testgame.prompt.play"), selections=(keep,))
    (menu,) = BUILDER.controls(TESTGAME, 1, 4, decision, "en-US").private
    assert [chosen for _, _, chosen in menu.options] == [False, False, False]
    # A menu that must keep every option can never change: it shows none chosen either.
    every = Selection(
        "play", "card", _cards(2, chosen=1), Message("x"), many=True, min_values=2, max_values=2
    )
    decision = Decision(0, ("play",), Message("testgame.prompt.play"), selections=(every,))
    (menu,) = BUILDER.controls(TESTGAME, 1, 4, decision, "en-US").private
    assert not any(chosen for _, _, chosen in menu.options)


def test_choosing_nothing_gets_a_button_where_its_menu_goes() -> None:
    hidden = Selection(
        "play",
        "card",
        _cards(3),
        Message("testgame.prompt.play"),
        many=True,
        min_values=0,
        max_values=3,
        none=Message("testgame.prompt.roll"),
    )
    decision = Decision(0, ("play",), Message("testgame.prompt.play"), selections=(hidden,))
    found = BUILDER.controls(TESTGAME, 1, 4, decision, "pt-BR")
    assert not found.buttons and not found.in_post
    assert [b.custom_id for b in found.private_buttons] == ["tt:none:1:4:play:card"]
    assert found.private_buttons[0].label == "Role o dado"
    shown = dataclasses.replace(hidden, public=True)
    decision = Decision(0, ("play",), Message("testgame.prompt.play"), selections=(shown,))
    found = BUILDER.controls(TESTGAME, 1, 4, decision, "pt-BR")
    assert [b.custom_id for b in found.buttons] == ["tt:none:1:4:play:card"]


def test_the_defaults_command_gets_a_button_when_its_options_are_optional() -> None:
    # testgame's sort takes one optional option: a button only as the default, without menu.
    sort = Decision(0, ("sort", "play"), Message("testgame.prompt.sort"), default=Sort())
    found = BUILDER.controls(TESTGAME, 2, 9, sort, "en-US")
    assert [b.custom_id for b in found.buttons] == ["tt:act:2:9:sort"]
    no_default = Decision(0, ("sort", "play"), Message("testgame.prompt.sort"))
    assert not BUILDER.controls(TESTGAME, 2, 9, no_default, "en-US").buttons


async def _started(service: MatchService) -> int:
    match, _ = await service.create(
        guild_id=1, channel_id=2, game="testgame", creator=ALICE, opponents=[BRUNO],
        options_text=None,
    )  # fmt: skip
    await service.respond_invite(match.id, BRUNO.user_id, accept=True)
    await service.start(match.id, thread_id=3)
    return match.id


async def test_an_outdated_control_is_refused_with_a_link_and_moves_nothing(
    service: MatchService,
) -> None:
    match_id = await _started(service)
    snap = await service.load(match_id)
    first = snap.match.version
    player = snap.user_of(snap.pending()[0].seat)
    assert await service.record_state_post(match_id, 500, first, None) is None
    await service.check_control(match_id, player, first, "roll")  # current: allowed

    rolled = await service.act(match_id, player, {"kind": "roll"}, first)
    # The new post supersedes the old one (whose controls the bot then takes off)...
    assert await service.record_state_post(match_id, 600, rolled.match.version, first) == 500
    # ...and a late post of an older version changes nothing.
    assert await service.record_state_post(match_id, 500, first, None) is None

    for version in (first, None):
        with pytest.raises(StaleControlError) as refused:
            await service.check_control(match_id, player, version, "roll")
        assert refused.value.params["post"] == "https://discord.com/channels/1/3/600"
    # The move itself checks the version it was offered at, in its own transaction.
    with pytest.raises(StaleControlError):
        await service.act(match_id, player, {"kind": "roll"}, first)
    assert (await service.load(match_id)).match.version == rolled.match.version


async def test_a_control_of_another_decision_says_what_is_owed(service: MatchService) -> None:
    match_id = await _started(service)
    snap = await service.load(match_id)
    player = snap.user_of(snap.pending()[0].seat)
    other = BRUNO.user_id if player == ALICE.user_id else ALICE.user_id
    rolled = await service.act(match_id, player, {"kind": "roll"})
    version = rolled.match.version

    with pytest.raises(UserError) as owes:  # the player now owes a card, not a roll
        await service.check_control(match_id, player, version, "roll")
    assert owes.value.key == "bot.error.owe_other"
    assert owes.value.params["prompt"] == Message("testgame.prompt.play")
    with pytest.raises(UserError) as nothing:
        await service.check_control(match_id, other, version, "play")
    assert nothing.value.key == "bot.error.owe_nothing"
