"""Renders in worker processes give the very bytes (and alt text) an inline render gives."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from bot import render_pool
from bot.discord.presenter import picture
from engines.core import GameEngine, Seat, SeededDice
from engines.core.i18n import LOCALES
from engines.core.registry import load_games
from tests.testgame import ENGINE as TESTGAME


@pytest.fixture(scope="module")
def one_worker() -> Iterator[None]:
    render_pool.configure(1)
    yield
    render_pool.shutdown()
    render_pool.configure(None)


def _view(engine: GameEngine[Any]) -> Any:
    seats = [Seat(i, f"Player {i + 1}") for i in range(engine.min_seats)]
    dice = SeededDice(b"\x01" * 32, 0)
    state = engine.new_match({}, seats, engine.load_content(None), dice)
    return engine.view(state, None)


async def test_pool_renders_the_same_bytes_as_inline(one_worker: None) -> None:
    for index, engine in enumerate([*load_games(), TESTGAME]):
        locale = LOCALES[index % len(LOCALES)]
        view = _view(engine)
        inline = engine.render(view, engine.render_kinds[0], locale)
        pooled = await render_pool.render(engine, view, engine.render_kinds[0], locale)
        assert pooled == inline, (engine.name, locale)
    image = await picture(TESTGAME, _view(TESTGAME), "board", "it", "b.png", "title")
    assert image.data == TESTGAME.render(_view(TESTGAME), "board", "it")


async def test_pool_gives_the_alt_text_an_inline_description_gives(one_worker: None) -> None:
    for index, engine in enumerate([*load_games(), TESTGAME]):
        locale = LOCALES[index % len(LOCALES)]
        view = _view(engine)
        kind = engine.render_kinds[0]
        png, alt = await render_pool.picture(engine, view, kind, locale)
        assert png == engine.render(view, kind, locale), (engine.name, locale)
        assert alt == engine.describe(view, kind, locale), (engine.name, locale)


async def test_an_engine_the_worker_cannot_import_is_drawn_in_a_thread(one_worker: None) -> None:
    class Local(type(TESTGAME)):  # type: ignore[misc]
        """Defined here: a worker finds no ``ENGINE`` of this name to import."""

        name = "local-testgame"

    local = Local()
    view = _view(local)
    assert await render_pool.render(local, view, "board", "en-US") == local.render(
        view, "board", "en-US"
    )
    assert await render_pool.picture(local, view, "board", "en-US") == (
        local.render(view, "board", "en-US"),
        local.describe(view, "board", "en-US"),
    )


async def test_render_after_shutdown_and_without_workers(one_worker: None) -> None:
    view = _view(TESTGAME)
    expected = TESTGAME.render(view, "board", "en-US")
    await render_pool.render(TESTGAME, view, "board", "en-US")
    render_pool.shutdown()  # the next render starts a new pool
    assert await render_pool.render(TESTGAME, view, "board", "en-US") == expected
    render_pool.configure(0)  # RENDER_PROCESSES=0: in a thread, as before
    assert render_pool.worker_count() == 0
    assert await render_pool.render(TESTGAME, view, "board", "en-US") == expected
