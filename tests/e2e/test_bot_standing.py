"""Through Discord (issue 27): after a resignation, a referee's pause or result, the
image posted (its alt text: the same words as the banner) says how the match stands,
never whose turn it is; so does /match status during the pause."""

from __future__ import annotations

from tests.e2e.bot_harness import Table, answer, make_referee, open_match, png_attachments

#: The Dice Throne banner of the first decision (dicethrone.render.owes.*), in en-US.
OWES = ("Main phase 1 (play, sell, or end it)",)


def alt(post: object) -> str:
    """The alt text of a post's image (Discord's attachment description)."""
    attachments = getattr(post, "attachments", [])
    (png,) = [a for a in attachments if a.data.startswith(b"\x89PNG")]
    return str(png.description)


async def test_a_resignation_s_image_says_who_won(table: Table) -> None:
    emu = table.emu
    thread_id, first = await open_match(emu, table, options=None, game="dicethrone")
    assert any(words in alt(first) for words in OWES), alt(first)
    confirm = await answer(await emu.slash(table.alice.id, "match resign", channel_id=thread_id))
    button = next(c for c in confirm.custom_ids if c.startswith("tt:resign:"))
    done = await answer(await emu.click(table.alice.id, confirm.id, button))
    assert "bruno won. (by resignation)" in done.content
    said = alt(done)
    assert said.startswith("bruno won: the other side resigned"), said
    assert not any(words in said for words in OWES), said
    status = await answer(await emu.slash(table.alice.id, "match status", channel_id=thread_id))
    assert alt(status).startswith("bruno won: the other side resigned"), alt(status)


async def test_a_paused_match_s_images_say_it_is_paused(table: Table) -> None:
    emu = table.emu
    await make_referee(table)
    thread_id, first = await open_match(emu, table, options=None, game="krosmaster")
    paused = await answer(
        await emu.slash(table.carol.id, "ref pause", {"reason": "holiday"}, channel_id=thread_id)
    )
    assert len(png_attachments(paused)) == 1
    # Carol reads Italian, but the thread's posts are in the guild's language.
    assert "Paused until a referee resumes the match" in alt(paused), alt(paused)
    assert "deploy" not in alt(paused).split(".")[1], alt(paused)
    status = await answer(await emu.slash(table.bruno.id, "match status", channel_id=thread_id))
    assert "Pausada até um árbitro retomar a partida" in alt(status), alt(status)  # pt-BR
    adjusted = await answer(
        await emu.slash(
            table.carol.id,
            "ref adjust",
            {"changes": '{"wild_gg": 2}', "reason": "card text"},
            channel_id=thread_id,
        )
    )
    assert "Paused until a referee resumes the match" in alt(adjusted), adjusted.content
    resumed = await answer(
        await emu.slash(table.carol.id, "ref resume", {"reason": "back"}, channel_id=thread_id)
    )
    assert "Paused" not in alt(resumed) and alt(resumed) == alt(first)
