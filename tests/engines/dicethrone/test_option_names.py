"""Slash-command option names in the players' languages (``dicethrone.option_name.*``):
every option of every ``/dicethrone`` command has one in each locale, and each
fits Discord's rules and stays unique within its command, the bot's ``match``
option included."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engines.core.i18n import LOCALES, Catalog
from engines.dicethrone import ENGINE

#: Discord: 1–32 letters, digits, "-" or "_" (any script), lowercase.
NAME = re.compile(r"^[-_\w]{1,32}$")
CATALOG = ENGINE.catalog()
#: The bot adds a ``match`` option to every game command (bot/locales: partida, partita).
BOT = Catalog.from_dirs([Path(__file__).parents[3] / "bot" / "locales"])


@pytest.mark.parametrize("locale", LOCALES)
def test_every_option_has_a_valid_unique_name_in_every_locale(locale: str) -> None:
    match = BOT.translate("bot.option_name.match", locale)
    assert match in ("match", "partida", "partita")
    for spec in ENGINE.commands():
        names = [match]
        for option in spec.options:
            key = f"dicethrone.option_name.{option.name}"
            assert CATALOG.has(key, locale), (spec.name, key, locale)
            name = CATALOG.translate(key, locale)
            assert NAME.match(name) and name == name.lower(), (spec.name, name)
            assert " " not in name
            names.append(name)
        assert len(names) == len(set(names)), (spec.name, locale, names)


def test_the_names_use_the_rulebooks_terms() -> None:
    """Portuguese from the rulebook ("Vitalidade", "Alvo", "Efeito de Status"),
    Italian equivalents; English keeps the command's own names."""
    pt = {o: CATALOG.translate(f"dicethrone.option_name.{o}", "pt-BR") for o in _options()}
    it = {o: CATALOG.translate(f"dicethrone.option_name.{o}", "it") for o in _options()}
    assert pt["health"] == "vitalidade" and pt["target"] == "alvo"
    assert pt["status"] == "efeito_de_status" and pt["cp"] == "pc"
    assert it["target"] == "bersaglio" and it["dice"] == "dadi"
    for option in _options():
        assert CATALOG.translate(f"dicethrone.option_name.{option}", "en-US") == option


def test_no_option_name_is_left_over() -> None:
    """Every ``option_name`` entry names an option some command has."""
    for locale in LOCALES:
        prefix = "dicethrone.option_name."
        listed = {k[len(prefix) :] for k in CATALOG.messages[locale] if k.startswith(prefix)}
        assert listed == _options(), locale


def _options() -> set[str]:
    return {o.name for spec in ENGINE.commands() for o in spec.options}
