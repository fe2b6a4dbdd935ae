"""Slash-command option names in the players' languages, for every built-in game: each
option of each game command has a ``<game>.option_name.<option>`` entry in every locale,
and no entry is left over. That the names fit Discord's rules and stay unique next to the
options the bot adds is checked on the synced payload (``test_command_tree.py``)."""

from __future__ import annotations

import pytest

from bot.i18n import build_catalog
from engines.core import GameEngine
from engines.core.i18n import LOCALES
from engines.core.registry import BUILTIN_GAME_MODULES, get, load_games

load_games()
GAMES = [get(m.split(".")[-1]) for m in BUILTIN_GAME_MODULES]
CATALOGS = {engine.name: build_catalog([engine]) for engine in GAMES}


def _options(engine: GameEngine[object]) -> set[str]:
    return {o.name for spec in engine.commands() for o in spec.options}


@pytest.mark.parametrize("engine", GAMES, ids=lambda e: e.name)
@pytest.mark.parametrize("locale", LOCALES)
def test_every_option_has_a_name_in_every_locale(engine: GameEngine[object], locale: str) -> None:
    catalog = CATALOGS[engine.name]
    for spec in engine.commands():
        for option in spec.options:
            key = f"{engine.name}.option_name.{option.name}"
            assert catalog.has(key, locale), (spec.name, key, locale)


@pytest.mark.parametrize("engine", GAMES, ids=lambda e: e.name)
def test_no_option_name_is_left_over(engine: GameEngine[object]) -> None:
    catalog = CATALOGS[engine.name]
    prefix = f"{engine.name}.option_name."
    for locale in LOCALES:
        listed = {k[len(prefix) :] for k in catalog.messages[locale] if k.startswith(prefix)}
        assert listed == _options(engine), locale
