"""A game's render catalog is read once and shared, without mixing languages."""

from __future__ import annotations

from typing import Any

import pytest

from engines.core import GameEngine
from engines.core.i18n import LOCALES, Catalog
from engines.core.registry import load_games


@pytest.mark.parametrize("engine", load_games(), ids=lambda e: e.name)
def test_catalog_is_loaded_once_and_keeps_each_language(engine: GameEngine[Any]) -> None:
    shared = engine.catalog()
    assert engine.catalog() is shared
    directory = engine.locale_dir()
    fresh = Catalog.from_dirs([directory] if directory else [])
    # Asking in one language never changes what another gets, in any order.
    for key in (engine.title_key, "core.result.draw"):
        for locale in (*LOCALES, *reversed(LOCALES)):
            assert shared.translate(key, locale) == fresh.translate(key, locale)
    draws = {locale: shared.translate("core.result.draw", locale) for locale in LOCALES}
    assert len(set(draws.values())) == len(LOCALES), draws
    assert shared.messages == fresh.messages
