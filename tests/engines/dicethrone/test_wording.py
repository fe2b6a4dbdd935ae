"""Player-facing wording: counts agree with their nouns in every language (no hedged
plural anywhere: tests/engines/test_catalogs.py)."""

from __future__ import annotations

import pytest

from engines.core.i18n import LOCALES
from engines.dicethrone import ENGINE

CATALOG = ENGINE.catalog()


@pytest.mark.parametrize(
    ("key", "params", "expected"),
    [
        (
            "dicethrone.error.fewer_attempts",
            {"count": 1, "status": "Frost"},
            (
                "You have only 1 roll attempt this turn (Frost).",
                "Você tem só 1 Tentativa de Rolagem neste turno (Frost).",
                "Hai solo 1 tentativo di tiro in questo turno (Frost).",
            ),
        ),
        (
            "dicethrone.error.fewer_attempts",
            {"count": 2, "status": "Frost"},
            (
                "You have only 2 roll attempts this turn (Frost).",
                "Você tem só 2 Tentativas de Rolagem neste turno (Frost).",
                "Hai solo 2 tentativi di tiro in questo turno (Frost).",
            ),
        ),
        (
            "dicethrone.event.mod_add_damage",
            {"player": "Alice", "amount": 1},
            (
                "Alice adds 1 damage to the Attack.",
                "Alice adiciona 1 de dano ao Ataque.",
                "Alice aggiunge 1 danno all'Attacco.",
            ),
        ),
        (
            "dicethrone.event.damage_isolated",
            {"player": "Bruno", "amount": 1, "health": 49},
            (
                "Bruno takes 1 damage at once (an isolated instance): health 49.",
                "Bruno recebe 1 de dano na hora (instância isolada): Vitalidade 49.",
                "Bruno subisce subito 1 danno (istanza isolata): salute 49.",
            ),
        ),
        (
            "dicethrone.event.damage_isolated",
            {"player": "Bruno", "amount": 3, "health": 47},
            (
                "Bruno takes 3 damage at once (an isolated instance): health 47.",
                "Bruno recebe 3 de dano na hora (instância isolada): Vitalidade 47.",
                "Bruno subisce subito 3 danni (istanza isolata): salute 47.",
            ),
        ),
    ],
)
def test_counts_agree_with_their_nouns(
    key: str, params: dict[str, object], expected: tuple[str, str, str]
) -> None:
    assert tuple(CATALOG.translate(key, loc, **params) for loc in LOCALES) == expected
