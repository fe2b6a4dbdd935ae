"""The games installed in this process.

Built-in games are listed in :data:`BUILTIN_GAME_MODULES`; extra modules (a
community pack, the test game) are named in the ``GAMES`` setting. A game
module exposes ``ENGINE``, an instance of its :class:`GameEngine` subclass.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from typing import Any

from engines.core.protocol import GameEngine

#: Games shipped with the bot; each game issue adds its package here.
BUILTIN_GAME_MODULES: tuple[str, ...] = (
    "engines.battlescenes",
    "engines.dicethrone",
    "engines.krosmaster",
)

_ENGINES: dict[str, GameEngine[Any]] = {}


class UnknownGameError(KeyError):
    """No installed game has this name."""


def register(engine: GameEngine[Any]) -> GameEngine[Any]:
    """Install a game; registering the same name twice keeps the first instance."""
    return _ENGINES.setdefault(engine.name, engine)


def load_modules(modules: Iterable[str]) -> list[GameEngine[Any]]:
    """Import game modules and register their ``ENGINE``."""
    loaded = []
    for name in modules:
        module = importlib.import_module(name)
        engine = getattr(module, "ENGINE", None)
        if not isinstance(engine, GameEngine):
            raise TypeError(f"game module {name} has no ENGINE (a GameEngine instance)")
        loaded.append(register(engine))
    return loaded


def load_games(extra_modules: Iterable[str] = ()) -> list[GameEngine[Any]]:
    """Register the built-in games plus ``extra_modules``; return every installed game."""
    load_modules((*BUILTIN_GAME_MODULES, *extra_modules))
    return installed()


def get(name: str) -> GameEngine[Any]:
    """The installed game called ``name``."""
    try:
        return _ENGINES[name]
    except KeyError:
        raise UnknownGameError(name) from None


def installed() -> list[GameEngine[Any]]:
    """Every installed game, by name."""
    return [_ENGINES[n] for n in sorted(_ENGINES)]
