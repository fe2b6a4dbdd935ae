"""Every installed game's generated slash commands are complete in every language.

Discord's limits on the payload the bot syncs (names, lengths, counts, sizes) are
checked on the real command tree in ``test_command_tree.py``; this checks what the
payload cannot show: that each text is translated rather than falling back to its key,
and that each command builds an action the engine knows.
"""

from __future__ import annotations

import pytest

from bot.i18n import build_catalog
from engines.core import GameEngine
from engines.core.i18n import LOCALES
from engines.core.registry import BUILTIN_GAME_MODULES, load_games

GAMES = load_games(["tests.testgame"])


def test_the_builtin_games_are_installed() -> None:
    names = {g.name for g in GAMES}
    assert {m.split(".")[-1] for m in BUILTIN_GAME_MODULES} <= names


@pytest.mark.parametrize("engine", GAMES, ids=lambda e: e.name)
def test_commands_are_translated_and_build_known_actions(engine: GameEngine[object]) -> None:
    catalog = build_catalog([engine])
    specs = engine.commands()
    # Unique across sections too: the engine's autocomplete is told the command by name.
    assert len({s.name for s in specs}) == len(specs)
    for spec in specs:
        assert spec.action in engine.codec.kinds, spec.name
        for locale in LOCALES:
            for message in (spec.description, *(o.description for o in spec.options)):
                assert catalog.has(message.key, locale), (spec.name, message.key, locale)
    for pref in engine.preferences:
        # Players' preferences are one namespace across games: keys carry the game's name.
        assert pref.key.startswith(f"{engine.name}."), pref.key
        assert catalog.translate(pref.description.key, "pt-BR") != pref.description.key


@pytest.mark.parametrize("engine", GAMES, ids=lambda e: e.name)
def test_every_action_a_player_may_owe_has_a_command(engine: GameEngine[object]) -> None:
    """A decision nobody can answer from Discord would stall a match until a referee acts."""
    commanded = {spec.action for spec in engine.commands()}
    assert set(engine.codec.kinds) <= commanded, sorted(set(engine.codec.kinds) - commanded)
