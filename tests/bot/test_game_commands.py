"""Every installed game's generated slash commands fit Discord's limits in every language.

Discord refuses a whole command sync for one bad name, so this is checked here
rather than discovered in production.
"""

from __future__ import annotations

import re

import pytest

from bot.i18n import build_catalog
from engines.core.i18n import LOCALES
from engines.core.registry import BUILTIN_GAME_MODULES, load_games

NAME = re.compile(r"^[-_\w]{1,32}$")
GAMES = load_games(["tests.testgame"])


def test_the_builtin_games_are_installed() -> None:
    names = {g.name for g in GAMES}
    assert {m.split(".")[-1] for m in BUILTIN_GAME_MODULES} <= names


@pytest.mark.parametrize("engine", GAMES, ids=lambda e: e.name)
def test_commands_fit_discord(engine: object) -> None:
    from engines.core import GameEngine

    assert isinstance(engine, GameEngine)
    catalog = build_catalog([engine])
    specs = engine.commands()
    assert 1 <= len(specs) <= 25, "a group holds at most 25 sub-commands"
    assert len({s.name for s in specs}) == len(specs)
    assert NAME.match(engine.name) and engine.name == engine.name.lower()
    for spec in specs:
        assert NAME.match(spec.name) and spec.name == spec.name.lower(), spec.name
        assert spec.action in engine.codec.kinds, spec.name
        assert len(spec.options) <= 24, spec.name  # plus the bot's own `match` option
        for locale in LOCALES:
            text = catalog.translate(spec.description.key, locale)
            assert text != spec.description.key and 1 <= len(text) <= 100, (spec.name, locale)
            for opt in spec.options:
                assert NAME.match(opt.name) and opt.name == opt.name.lower(), opt.name
                desc = catalog.translate(opt.description.key, locale)
                assert desc != opt.description.key and 1 <= len(desc) <= 100, (opt.name, locale)
        localized = catalog.translate(f"{engine.name}.command_name.{spec.name}", "pt-BR")
        if localized != f"{engine.name}.command_name.{spec.name}":
            assert NAME.match(localized) and localized == localized.lower(), localized
    title = catalog.translate(engine.title_key, "en-US")
    assert 1 <= len(title) <= 100
    for pref in engine.preferences:
        # Players' preferences are one namespace across games: keys carry the game's name.
        assert pref.key.startswith(f"{engine.name}."), pref.key
        assert catalog.translate(pref.description.key, "pt-BR") != pref.description.key


@pytest.mark.parametrize("engine", GAMES, ids=lambda e: e.name)
def test_every_action_a_player_may_owe_has_a_command(engine: object) -> None:
    """A decision nobody can answer from Discord would stall a match until a referee acts."""
    from engines.core import GameEngine

    assert isinstance(engine, GameEngine)
    commanded = {spec.action for spec in engine.commands()}
    assert set(engine.codec.kinds) <= commanded, sorted(set(engine.codec.kinds) - commanded)
