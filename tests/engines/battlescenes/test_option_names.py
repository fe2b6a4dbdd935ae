"""Slash-command option names in the players' languages (``battlescenes.option_name.*``):
every option of every ``/battlescenes`` command has one in each locale, fitting Discord's
rules and unique within its command, the bot's own ``match`` option included."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engines.battlescenes import ENGINE
from engines.core.i18n import LOCALES, Catalog

#: Discord: 1–32 letters, digits, "-" or "_" (any script), lowercase.
NAME = re.compile(r"^[-_\w]{1,32}$")
CATALOG = ENGINE.catalog()
#: The bot adds a ``match`` option to every game command (partida, partita).
BOT = Catalog.from_dirs([Path(__file__).parents[3] / "bot" / "locales"])


def _options() -> set[str]:
    return {o.name for spec in ENGINE.commands() for o in spec.options}


@pytest.mark.parametrize("locale", LOCALES)
def test_every_option_has_a_valid_unique_name_in_every_locale(locale: str) -> None:
    match = BOT.translate("bot.option_name.match", locale)
    assert match in ("match", "partida", "partita")
    for spec in ENGINE.commands():
        names = [match]
        for option in spec.options:
            key = f"battlescenes.option_name.{option.name}"
            assert CATALOG.has(key, locale), (spec.name, key, locale)
            name = CATALOG.translate(key, locale)
            assert NAME.match(name) and name == name.lower() and " " not in name, name
            names.append(name)
        assert len(names) == len(set(names)), (spec.name, locale, names)


def test_the_names_use_the_rulebooks_terms() -> None:
    """Portuguese from the rulebook (personagem, alvos, descarregar, recursos' cards),
    Italian equivalents; English keeps the command's own names."""
    pt = {o: CATALOG.translate(f"battlescenes.option_name.{o}", "pt-BR") for o in _options()}
    it = {o: CATALOG.translate(f"battlescenes.option_name.{o}", "it") for o in _options()}
    assert pt["character"] == "personagem" and pt["targets"] == "alvos"
    assert pt["unload"] == "descarregar" and pt["keyword"] == "palavra_chave"
    assert it["character"] == "personaggio" and it["targets"] == "bersagli"
    for option in _options():
        assert CATALOG.translate(f"battlescenes.option_name.{option}", "en-US") == option


def test_no_option_name_is_left_over() -> None:
    prefix = "battlescenes.option_name."
    for locale in LOCALES:
        listed = {k[len(prefix) :] for k in CATALOG.messages[locale] if k.startswith(prefix)}
        assert listed == _options(), locale
