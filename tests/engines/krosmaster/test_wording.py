"""Player-facing wording: counts agree with their nouns in every language (no hedged
plural anywhere: tests/engines/test_catalogs.py)."""

from __future__ import annotations

import pytest

from engines.core import RiggedDice
from engines.core.i18n import LOCALES
from engines.krosmaster import ENGINE
from engines.krosmaster import actions as A
from engines.krosmaster.rules.state import Phase
from tests.engines.krosmaster.helpers import act
from tests.engines.krosmaster.helpers_multi import new4

CATALOG = ENGINE.catalog()


@pytest.mark.parametrize(
    ("key", "params", "expected"),
    [
        (
            "krosmaster.event.collected",
            {"unit": "Evangelyne", "count": 1},
            (
                "Evangelyne picks up 1 kama.",
                "Evangelyne coleta 1 Kama.",
                "Evangelyne raccoglie 1 Kama.",
            ),
        ),
        (
            "krosmaster.event.collected",
            {"unit": "Evangelyne", "count": 2},
            (
                "Evangelyne picks up 2 kamas.",
                "Evangelyne coleta 2 Kamas.",
                "Evangelyne raccoglie 2 Kama.",
            ),
        ),
        (
            "krosmaster.event.crit",
            {"count": 1},
            (
                "Critical test: 1 success.",
                "Teste de Acerto Crítico: 1 sucesso.",
                "Lancio di Colpo Critico: 1 successo.",
            ),
        ),
        (
            "krosmaster.event.crit",
            {"count": 0},
            (
                "Critical test: 0 successes.",
                "Teste de Acerto Crítico: 0 sucessos.",
                "Lancio di Colpo Critico: 0 successi.",
            ),
        ),
        (
            "krosmaster.event.counter",
            {"unit": "Merkator", "wounds": 1},
            (
                "Counter-attack: Merkator takes 1 wound.",
                "Contra-ataque: Merkator sofre 1 Ferimento.",
                "Contrattacco: Merkator subisce 1 ferita.",
            ),
        ),
        (
            "krosmaster.event.pushed",
            {"unit": "Tofu", "amount": 3, "to": "C5"},
            (
                "Tofu is moved 3 squares, to C5.",
                "Tofu se desloca 3 casas, até C5.",
                "Tofu: spostamento di 3 caselle, fino a C5.",
            ),
        ),
        (
            "krosmaster.error.team_copies",
            {"name": "Tofu", "limit": 1},
            (
                "Tofu may appear only once in a team.",
                "Tofu só pode aparecer uma vez numa Equipe.",
                "Tofu può comparire una sola volta in una squadra.",
            ),
        ),
    ],
)
def test_counts_agree_with_their_nouns(
    key: str, params: dict[str, object], expected: tuple[str, str, str]
) -> None:
    assert tuple(CATALOG.translate(key, loc, **params) for loc in LOCALES) == expected


def test_selling_one_leftover_die_reads_in_the_singular() -> None:
    """5.4.2 in play: one inspiration die left is sold for 1 kama, said in the singular."""
    state = new4("ffa", arena="four-winds")
    while state.phase is Phase.DEPLOY:
        seat = ENGINE.pending(state)[0].seat
        figure = ENGINE.autocomplete(state, seat, "deploy", "figure", "", {})[0].value
        square = ENGINE.autocomplete(state, seat, "deploy", "square", "", {})[0].value
        state = ENGINE.apply(state, seat, A.Deploy(str(figure), str(square)), RiggedDice([])).state
    while state.phase is not Phase.TENSION:  # the first player's first turn has no test
        state = act(state, A.EndTurn())
    state = act(act(state, A.Tension(), ["Crit", "Lock"]), A.Keep())
    seat = ENGINE.pending(state)[0].seat
    state = act(state, A.Inspire(1, state.players[seat].timeline[0]))
    outcome = ENGINE.apply(state, seat, A.EndInspiration(), RiggedDice([]))
    refund = next(e for e in outcome.events if e.key == "krosmaster.event.refund")
    texts = [CATALOG.translate(refund.key, loc, **dict(refund.params)) for loc in LOCALES]
    name = state.players[seat].name
    assert [t.replace(name, "P") for t in texts] == [
        "P sells the unused dice for 1 kama.",
        "P vende os dados não usados por 1 Kama.",
        "P vende i dadi non usati per 1 Kama.",
    ]
