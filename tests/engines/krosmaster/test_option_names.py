"""Slash-command option names in the players' languages (``krosmaster.option_name.*``):
every option of every ``/krosmaster`` command has one in each locale, each fits
Discord's rules and stays unique within its command, the bot's ``match`` option
included."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engines.core.i18n import LOCALES, Catalog
from engines.krosmaster import ENGINE

#: Discord: 1–32 letters, digits, "-" or "_" (any script), lowercase.
NAME = re.compile(r"^[-_\w]{1,32}$")
CATALOG = ENGINE.catalog()
#: The bot adds a ``match`` option to every game command (bot/locales: partida, partita).
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
            key = f"krosmaster.option_name.{option.name}"
            assert CATALOG.has(key, locale), (spec.name, key, locale)
            name = CATALOG.translate(key, locale)
            assert NAME.match(name) and name == name.lower() and " " not in name, name
            names.append(name)
        assert len(names) == len(set(names)), (spec.name, locale, names)


def test_the_names_use_the_rulebooks_terms() -> None:
    """Portuguese from the 2.7 rulebook (Feitiço, Alvo, Casa, Miniatura, Bloqueio,
    Recompensa), Italian from the supplement (incantesimo, bersaglio, casella, Fuga);
    English keeps the command's own option names."""
    pt = {o: CATALOG.translate(f"krosmaster.option_name.{o}", "pt-BR") for o in _options()}
    it = {o: CATALOG.translate(f"krosmaster.option_name.{o}", "it") for o in _options()}
    assert pt["spell"] == "feitiço" and pt["target"] == "alvo" and pt["square"] == "casa"
    assert pt["lock_order"] == "ordem_bloqueio" and pt["reward"] == "recompensa"
    assert it["spell"] == "incantesimo" and it["target"] == "bersaglio"
    assert it["square"] == "casella" and it["crit_dodge"] == "critico_fuga"
    for option in _options():
        assert CATALOG.translate(f"krosmaster.option_name.{option}", "en-US") == option


def test_no_option_name_is_left_over() -> None:
    """Every ``option_name`` entry names an option some command has."""
    prefix = "krosmaster.option_name."
    for locale in LOCALES:
        listed = {k[len(prefix) :] for k in CATALOG.messages[locale] if k.startswith(prefix)}
        assert listed == _options(), locale
