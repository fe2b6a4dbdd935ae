"""Referee tools a community can trust (issue 16): only valid changes, in every locale."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.e2e.bot_harness import Table, answer, open_match, owner_of_turn, pinged
from tests.e2e.test_bot_referee import make_referee

pytestmark = pytest.mark.e2e
#: bot.error.unexpected in its three wordings: an exception escaped the handlers.
UNEXPECTED = ("went wrong", "storto", "deu errado")


async def unchanged(table: Table, before: tuple[int, object]) -> None:
    """The match is still at ``before`` (version, state): a refusal changed nothing."""
    snap = await table.bot.service.load(1)
    assert (snap.match.version, snap.engine.state_to_json(snap.state)) == before


async def current(table: Table) -> tuple[int, object]:
    snap = await table.bot.service.load(1)
    return snap.match.version, snap.engine.state_to_json(snap.state)


@pytest.mark.parametrize(
    ("locale", "words"),
    [
        ("en-US", "score cannot be negative (-5)"),
        ("pt-BR", "não pode ser negativa (-5)"),
        ("it", "non può essere negativo (-5)"),
    ],
)
async def test_an_impossible_adjustment_is_refused_naming_the_invariant(
    table: Table, locale: str, words: str
) -> None:
    emu = table.emu
    await make_referee(table)
    thread_id, _first = await open_match(emu, table)
    before = await current(table)
    refused = await answer(
        await emu.slash(
            table.carol.id,
            "ref adjust",
            {"changes": '{"players.0.score": -5}', "reason": "x"},
            channel_id=thread_id,
            locale=locale,
        )
    )
    assert refused.ephemeral and words in refused.content, refused.content
    await unchanged(table, before)


async def test_an_adjustment_reaching_the_target_ends_the_match_and_verifies(
    table: Table,
) -> None:
    emu = table.emu
    await make_referee(table)
    thread_id, _first = await open_match(emu, table)
    done = await answer(
        await emu.slash(
            table.carol.id,
            "ref adjust",
            {"changes": '{"players.1.score": 200}', "reason": "Card text: win"},
            channel_id=thread_id,
        )
    )
    assert not done.ephemeral
    snap = await table.bot.service.load(1)
    assert snap.match.status.value == "finished"
    assert snap.match.result is not None and snap.match.result["winners"] == [1]
    exported = await answer(await emu.slash(table.alice.id, "match export", channel_id=thread_id))
    data = json.loads(exported.attachments[0].data)
    assert data["events"][-1]["kind"] == "adjust"
    verified = await answer(await emu.slash(table.alice.id, "match verify", channel_id=thread_id))
    assert "match the seed" in verified.content


async def test_undo_twice_goes_two_events_back_and_never_redoes(table: Table) -> None:
    emu = table.emu
    await make_referee(table)
    thread_id, first = await open_match(emu, table)
    player, _other = owner_of_turn(table, first)
    _, start = await current(table)
    await answer(await emu.slash(player, "testgame roll", channel_id=thread_id))
    _, rolled = await current(table)
    await answer(
        await emu.slash(player, "testgame sort", {"descending": True}, channel_id=thread_id)
    )

    async def undo() -> Any:
        return await answer(
            await emu.slash(
                table.carol.id,
                "ref undo",
                {"reason": "table talk"},
                channel_id=thread_id,
                locale="en-US",
            )
        )

    await undo()
    assert await current(table) == (3, rolled)  # the sort is undone
    await undo()
    assert await current(table) == (4, start)  # then the roll: never the sort again
    before = await current(table)
    refused = await undo()
    assert refused.ephemeral and "nothing to undo" in refused.content
    await unchanged(table, before)


async def test_a_referee_who_plays_needs_every_other_players_consent(table: Table) -> None:
    emu = table.emu
    await make_referee(table)
    emu.add_member_role(table.guild.id, table.alice.id, table.referee_role)
    thread_id, _first = await open_match(emu, table)
    before = await current(table)

    async def ask() -> Any:
        return await answer(
            await emu.slash(
                table.alice.id,
                "ref adjust",
                {"changes": '{"players.0.score": 25}', "reason": "Card text: +25"},
                channel_id=thread_id,
                locale="en-US",
            )
        )

    asked = await ask()
    assert not asked.ephemeral and pinged(emu, asked) == {table.bruno.id}
    assert "/ref adjust" in asked.content and "Card text: +25" in asked.content
    await unchanged(table, before)  # nothing happens before the others agree
    yes = next(c for c in asked.custom_ids if c.endswith(":yes"))
    no = next(c for c in asked.custom_ids if c.endswith(":no"))
    herself = await answer(await emu.click(table.alice.id, asked.id, yes))
    assert herself.ephemeral  # the referee cannot agree for the others
    outsider = await answer(await emu.click(table.carol.id, asked.id, yes))
    assert outsider.ephemeral
    declined = await answer(await emu.click(table.bruno.id, asked.id, no))
    assert not declined.ephemeral and pinged(emu, declined) == {table.alice.id}
    await unchanged(table, before)
    assert emu.messages[asked.id].custom_ids == []  # a declined request stays declined

    asked = await ask()
    yes = next(c for c in asked.custom_ids if c.endswith(":yes"))
    done = await answer(await emu.click(table.bruno.id, asked.id, yes))
    assert not done.ephemeral and "Card text: +25 (✔ bruno)" in done.content
    assert emu.messages[asked.id].custom_ids == []  # carried out once
    snap = await table.bot.service.load(1)
    assert snap.state.players[0].score == 25 and snap.match.version == before[0] + 1
    log = await answer(await emu.slash(table.bruno.id, "match log", channel_id=thread_id))
    assert "(✔ bruno)" in log.content  # the log says who agreed

    # Another player's hidden information stays hidden from a referee who plays.
    peek = await answer(
        await emu.slash(
            table.alice.id,
            "ref inspect",
            {"player": table.bruno.id},
            channel_id=thread_id,
            locale="en-US",
        )
    )
    assert peek.ephemeral and "You play in this match" in peek.content
    assert not peek.attachments

    # A rollback asks the same way and, agreed, goes back to the event named.
    asked = await answer(
        await emu.slash(
            table.alice.id,
            "ref rollback",
            {"event": 0, "reason": "wrong set-up"},
            channel_id=thread_id,
        )
    )
    assert not asked.ephemeral and pinged(emu, asked) == {table.bruno.id}
    yes = next(c for c in asked.custom_ids if c.endswith(":yes"))
    await answer(await emu.click(table.bruno.id, asked.id, yes))
    assert (await current(table))[1] == before[1]


#: Python's own words, which a refusal must never show.
INTERNALS = ("Expecting", "line 1 column", "list index", "'nosuch'", "$.", "expected int", "char 0")


@pytest.mark.parametrize(
    ("locale", "how_json", "how_path", "how_value", "how_action"),
    [
        ("en-US", "double quotes", "numbered from 0", "cannot hold", "its field “card”"),
        ("pt-BR", "aspas duplas", "numerados a partir de 0", "não aceita", "o campo “card”"),
        ("it", "virgolette doppie", "numerati da 0", "non può contenere", "il campo “card”"),
    ],
)
async def test_refusals_say_what_was_wrong_and_how_json_is_written(
    table: Table, locale: str, how_json: str, how_path: str, how_value: str, how_action: str
) -> None:
    emu = table.emu
    await make_referee(table)
    thread_id, first = await open_match(emu, table)
    player, _other = owner_of_turn(table, first)
    before = await current(table)

    async def refused(command: str, options: dict[str, Any], words: str) -> None:
        reply = await answer(
            await emu.slash(
                table.carol.id,
                command,
                {**options, "reason": "x"},
                channel_id=thread_id,
                locale=locale,
            )
        )
        assert reply.ephemeral and words in reply.content, reply.content
        assert not any(w in reply.content for w in (*INTERNALS, *UNEXPECTED)), reply.content
        await unchanged(table, before)

    for text in ("not json", "[1]", "{}", '{"players.0.score": }'):
        await refused("ref adjust", {"changes": text}, how_json)
    for text in ('{"nosuch": 1}', '{"players.9.score": 1}', '{"players.x.score": 1}'):
        await refused("ref adjust", {"changes": text}, how_path)
    await refused("ref adjust", {"changes": '{"players.0.score": "x"}'}, how_value)
    await refused("ref act", {"player": player, "action": '{"kind": '}, how_json)
    await refused(
        "ref act", {"player": player, "action": '{"kind": "play", "card": "x"}'}, how_action
    )
    await refused(
        "ref act",
        {"player": player, "action": '{"kind": "play", "card": 1, "nosuch": 1}'},
        "nosuch",
    )

    helped = await answer(
        await emu.slash(table.carol.id, "match help", channel_id=thread_id, locale=locale)
    )
    assert '/ref adjust changes:{"players.0.score": 12}' in helped.content


async def test_an_extension_survives_a_ruling(table: Table) -> None:
    emu = table.emu
    await make_referee(table)
    thread_id, _first = await open_match(emu, table)
    before = (await table.bot.service.load(1)).match.deadline_at
    assert before is not None
    await answer(
        await emu.slash(
            table.carol.id, "ref extend", {"hours": 48, "reason": "travel"}, channel_id=thread_id
        )
    )
    extended = (await table.bot.service.load(1)).match.deadline_at
    assert extended is not None and (extended - before).total_seconds() == 48 * 3600
    await answer(
        await emu.slash(table.carol.id, "ref rule", {"ruling": "play on"}, channel_id=thread_id)
    )
    assert (await table.bot.service.load(1)).match.deadline_at == extended


#: What each take-back and ruling post says, in the server's language.
SAID = {
    "en-US": {
        "which": "several open disputes: #1 (“too far”), #2 (“wrong die”)",
        "ruled": "on dispute #1 (<@{bruno}>: “too far”): It was in range.",
        "only": "on dispute #2 (<@{bruno}>: “wrong die”): Keep it.",
        "shown": "🛠 players.0.score: 0 → 25",
        "hidden": "🛠 players.0.hand.0: changed (hidden information, not shown)",
        "undone": "the match is back as it stood after event #{target} (now at event #{seq})",
        "taken": "↩ Taken back: `#{undone}`",
    },
    "pt-BR": {
        "which": "várias contestações abertas: #1 (“too far”), #2 (“wrong die”)",
        "ruled": "sobre a contestação nº 1 (<@{bruno}>: “too far”): It was in range.",
        "only": "sobre a contestação nº 2 (<@{bruno}>: “wrong die”): Keep it.",
        "shown": "🛠 players.0.score: 0 → 25",
        "hidden": "🛠 players.0.hand.0: alterado (informação oculta, não mostrada)",
        "undone": "voltou a como estava após o evento nº {target} (agora no evento nº {seq})",
        "taken": "↩ Desfeito: `#{undone}`",
    },
    "it": {
        "which": "più contestazioni aperte: #1 (“too far”), #2 (“wrong die”)",
        "ruled": "sulla contestazione n. 1 (<@{bruno}>: “too far”): It was in range.",
        "only": "sulla contestazione n. 2 (<@{bruno}>: “wrong die”): Keep it.",
        "shown": "🛠 players.0.score: 0 → 25",
        "hidden": "🛠 players.0.hand.0: modificato (informazione nascosta, non mostrata)",
        "undone": "tornata com'era dopo l'evento n. {target} (ora all'evento n. {seq})",
        "taken": "↩ Annullato: `#{undone}`",
    },
}


@pytest.mark.parametrize("locale", sorted(SAID))
async def test_rulings_and_take_backs_say_what_they_answer_and_change(
    table: Table, locale: str
) -> None:
    emu, said = table.emu, SAID[locale]
    await answer(
        await emu.slash(
            table.admin.id, "setup locale", {"locale": locale}, channel_id=table.guild.channel_id
        )
    )
    await make_referee(table)
    thread_id, _first = await open_match(emu, table)
    bruno = table.bruno.id

    async def ref(command: str, options: dict[str, object]) -> Any:
        return await answer(
            await emu.slash(
                table.carol.id, f"ref {command}", options, channel_id=thread_id, locale=locale
            )
        )

    for claim in ("too far", "wrong die"):
        await answer(
            await emu.slash(bruno, "match dispute", {"reason": claim}, channel_id=thread_id)
        )
    before = await current(table)
    asked = await ref("rule", {"ruling": "It was in range."})
    assert asked.ephemeral and said["which"] in asked.content, asked.content
    await unchanged(table, before)  # two open disputes: the referee is asked which
    ruled = await ref("rule", {"ruling": "It was in range.", "dispute": 1})
    assert said["ruled"].format(bruno=bruno) in ruled.content, ruled.content
    assert bruno in pinged(emu, ruled)  # who opened the dispute hears the answer
    only = await ref("rule", {"ruling": "Keep it."})  # the one still open
    assert said["only"].format(bruno=bruno) in only.content, only.content
    assert bruno in pinged(emu, only)

    adjusted = await ref(
        "adjust", {"changes": '{"players.0.score": 25, "players.0.hand.0": 6}', "reason": "card"}
    )
    assert said["shown"] in adjusted.content and said["hidden"] in adjusted.content
    assert "→ 6" not in adjusted.content  # a card in a hand stays hidden
    seq = (await current(table))[0]
    undone = await ref("undo", {"reason": "too generous"})
    assert said["undone"].format(target=seq - 1, seq=seq + 1) in undone.content, undone.content
    assert said["taken"].format(undone=seq) in undone.content


@pytest.mark.parametrize(
    ("locale", "paused", "exported"),
    [
        ("en-US", "is paused by a referee: holiday", "with the dice seed and every hidden detail"),
        ("pt-BR", "foi pausada por um árbitro: holiday", "com a semente dos dados"),
        ("it", "messa in pausa da un arbitro: holiday", "con il seme dei dadi"),
    ],
)
async def test_a_paused_match_says_why_and_the_final_export_has_the_seed(
    table: Table, locale: str, paused: str, exported: str
) -> None:
    emu = table.emu
    await make_referee(table)
    thread_id, first = await open_match(emu, table)
    player, other = owner_of_turn(table, first)
    await answer(
        await emu.slash(table.carol.id, "ref pause", {"reason": "holiday"}, channel_id=thread_id)
    )
    blocked = await answer(
        await emu.slash(player, "testgame roll", channel_id=thread_id, locale=locale)
    )
    assert blocked.ephemeral and paused in blocked.content, blocked.content
    await answer(
        await emu.slash(table.carol.id, "ref resume", {"reason": "back"}, channel_id=thread_id)
    )
    confirm = await answer(
        await emu.slash(other, "match resign", channel_id=thread_id, locale=locale)
    )
    button = next(c for c in confirm.custom_ids if c.startswith("tt:resign:"))
    await answer(await emu.click(other, confirm.id, button, locale=locale))
    done = await answer(
        await emu.slash(player, "match export", channel_id=thread_id, locale=locale)
    )
    assert exported in done.content, done.content
    assert json.loads(done.attachments[0].data)["match"]["seed"]
