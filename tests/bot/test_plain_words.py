"""Posts say what happened as a player would (issue 13): "Bruno takes 5 damage: health
now 45." rather than "Bruno: −5 +0, health 45", in each locale."""

from __future__ import annotations

import re

import pytest

from bot.i18n import Texts, build_catalog
from engines.core import Event
from engines.core.i18n import LOCALES
from engines.core.registry import load_games

TEXTS = Texts(build_catalog(load_games()))
#: A formula where a sentence belongs: a signed placeholder ("−{damage}"), a ratio
#: ("({total}/{limit})"), an arrow or a multiplication sign between values.
FORMULA = re.compile(r"[−-]\{\w+\}|\(\{\w+\}/\{\w+\}\)|\{\w+\}\s*[→×]\s*\{\w+\}|×\s*\{\w+\}")


def _line(key: str, locale: str, **params: object) -> str:
    return TEXTS.event(Event(key, params), locale)


@pytest.mark.parametrize("locale", LOCALES)
def test_no_event_is_a_formula(locale: str) -> None:
    messages = TEXTS.catalog.messages[locale]
    formulas = {k: v for k, v in messages.items() if ".event." in k and FORMULA.search(v)}
    assert formulas == {}


def test_a_health_change_leaves_out_what_did_not_happen() -> None:
    key = "dicethrone.event.health"
    hurt = {"player": "Bruno", "damage": 5, "heal": 0, "health": 45}
    assert _line(key, "en-US", **hurt) == "Bruno takes 5 damage: health now 45."
    assert _line(key, "pt-BR", **hurt) == "Bruno sofre 5 de dano: Vitalidade agora 45."
    assert _line(key, "it", **hurt) == "Bruno subisce 5 di danno: salute ora 45."
    healed = {"player": "Alice", "damage": 0, "heal": 2, "health": 47}
    assert _line(key, "en-US", **healed) == "Alice heals 2: health now 47."
    both = {"player": "Alice", "damage": 5, "heal": 2, "health": 47}
    assert _line(key, "it", **both) == ("Alice subisce 5 di danno e recupera 2: salute ora 47.")


def test_tokens_and_locks_are_sentences() -> None:
    gained = {"player": "Bruno", "count": 1, "status": "Evasive", "total": 2, "limit": 3}
    assert _line("dicethrone.event.status_gained", "en-US", **gained) == (
        "Bruno gains 1 Evasive token (now 2, limit 3)."
    )
    gained["count"] = 2
    assert _line("dicethrone.event.status_gained", "pt-BR", **gained) == (
        "Bruno recebe 2 fichas de Evasive (agora 2, limite 3)."
    )
    lock = {"enemy": "Tristepan", "unit": "Evangelyne", "locks": 2, "dodges": 1}
    assert _line("krosmaster.event.lock_blocked", "en-US", **lock) == (
        "Tristepan blocks Evangelyne (Lock 2 against Dodge 1): Evangelyne loses 3 MP and 3 AP."
    )
    assert _line("krosmaster.event.lock_stuck", "it", **lock) == (
        "Tristepan trattiene Evangelyne (Contrasto 2 contro Fuga 1): Evangelyne perde 1 PM e 1 PA."
    )
    chosen = {"player": "Alice", "to": "Bruno", "count": 1}
    assert _line("krosmaster.event.doubles_lose", "pt-BR", **chosen) == (
        "Alice escolhe Bruno, que perde 1 GG."
    )


def test_stealing_nothing_says_so() -> None:
    nothing = {"player": "Alice", "amount": 0}
    assert _line("dicethrone.event.cp_stolen", "en-US", **nothing) == (
        "Alice would steal CP, but there is none to take."
    )
    assert _line("dicethrone.event.cp_stolen", "pt-BR", player="Alice", amount=2) == (
        "Alice rouba 2 PC."
    )
