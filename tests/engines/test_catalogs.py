"""Every message exists in en-US, pt-BR and it, with the same placeholders."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from engines.core import Message
from engines.core.i18n import CORE_LOCALE_DIR, LOCALES, Catalog

ROOT = Path(__file__).resolve().parents[2]
CATALOG_DIRS = sorted(
    {
        p.parent
        for top in ("engines", "bot", "tests")
        for p in (ROOT / top).rglob("locales/en-US.yaml")
    }
)


def _placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("directory", CATALOG_DIRS, ids=lambda p: str(p.relative_to(ROOT)))
def test_catalog_is_complete_in_every_locale(directory: Path) -> None:
    catalog = Catalog()
    catalog.load_dir(directory)
    english = catalog.messages["en-US"]
    assert english
    for locale in LOCALES:
        missing = sorted(set(english) - set(catalog.messages[locale]))
        extra = sorted(set(catalog.messages[locale]) - set(english))
        assert (missing, extra) == ([], []), f"{locale}: missing {missing}, extra {extra}"
        for key, text in catalog.messages[locale].items():
            assert _placeholders(text) == _placeholders(english[key]), f"{locale}: {key}"


def test_catalog_dirs_include_core_and_bot() -> None:
    assert CORE_LOCALE_DIR in CATALOG_DIRS
    assert ROOT / "bot" / "locales" in CATALOG_DIRS


def test_translation_falls_back_to_english_and_tolerates_missing_params() -> None:
    catalog = Catalog.from_dirs([])
    assert catalog.translate("core.error.not_your_turn", "pt-BR") == "Não é a sua vez de decidir."
    assert catalog.translate("core.error.not_your_turn", "fr") == "It is not your turn to decide."
    assert catalog.translate("core.error.bad_option", "it", name="target") == (
        "Opzione target: “{value}” non è valido."
    )
    assert catalog.translate("no.such.key", "it") == "no.such.key"


def test_message_parameters_are_translated_into_the_same_locale() -> None:
    catalog = Catalog.from_dirs([ROOT / "tests" / "testgame" / "locales"])
    prompt = Message("testgame.prompt.play")
    assert catalog.translate("core.error.not_now", "pt-BR", prompt=prompt) == (
        "Não é isso que a partida espera de você agora. Agora: Jogue uma carta."
    )
    # As read back from the event log, a message parameter is plain JSON.
    stored = {"key": "testgame.choice.card", "params": {"card": 7}}
    assert catalog.translate("core.error.not_now", "it", prompt=stored).endswith("Ora: Carta 7.")


@pytest.mark.parametrize("directory", CATALOG_DIRS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_message_formats(directory: Path) -> None:
    catalog = Catalog()
    catalog.load_dir(directory)
    for locale in LOCALES:
        for key, text in catalog.messages[locale].items():
            names = _placeholders(text)
            # Must not raise: a stray brace would break a post or the command sync.
            catalog.translate(key, locale, **dict.fromkeys(names, "x"))


def test_content_text_given_per_locale_is_shown_in_the_readers_locale() -> None:
    catalog = Catalog.from_dirs([ROOT / "tests" / "testgame" / "locales"])
    name = {"en-US": "Grab Someone", "pt-BR": "Pegar Alguém"}
    assert catalog.translate("testgame.event.won", "pt-BR", player=name) == "Pegar Alguém venceu!"
    assert catalog.translate("testgame.event.won", "it", player=name) == "Grab Someone vince!"


def test_plural_messages_pick_their_form_by_count_in_every_locale() -> None:
    catalog = Catalog.from_dirs([ROOT / "tests" / "testgame" / "locales"])
    key = "testgame.render.hand_size"
    assert catalog.has(key, "pt-BR")
    assert catalog.translate(key, "en-US", count=1) == "1 card in hand"
    assert catalog.translate(key, "en-US", count=0) == "0 cards in hand"
    assert catalog.translate(key, "pt-BR", count=1) == "1 carta na mão"
    assert catalog.translate(key, "pt-BR", count=4) == "4 cartas na mão"
    assert catalog.translate(key, "it", count=1) == "1 carta in mano"
    assert catalog.translate(key, "it", count=2) == "2 carte in mano"
    # As a parameter of another message, and read back from the log as JSON.
    stored = {"key": key, "params": {"count": 1}}
    assert catalog.translate("core.error.not_now", "it", prompt=stored).endswith("1 carta in mano.")


#: "kama(s)", "decisão(ões)", "ferita/e", "bersaglio/i": a plural hedged instead of agreed.
HEDGED = re.compile(r"\w\((?:s|es|a|as|os|i|e|ões)\)|\w/[aeio]\b")


@pytest.mark.parametrize("directory", CATALOG_DIRS, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_message_hedges_its_plural(directory: Path) -> None:
    """Counts agree with their nouns: a `{one, other}` message or a "noun: {count}" phrasing."""
    catalog = Catalog()
    catalog.load_dir(directory)
    hedged = {
        (locale, key): text
        for locale in LOCALES
        for key, text in catalog.messages[locale].items()
        if HEDGED.search(text)
    }
    assert hedged == {}
