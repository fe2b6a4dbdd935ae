"""4.8.6 with a shield text that gives shields to *other* cards: the real Mansão dos
Vingadores V1 (a support) reproduces the ATENÇÃO (valor específico) 1–2 examples."""

from __future__ import annotations

import pytest

from engines.battlescenes.rules.state import Continuous, State
from engines.battlescenes.table import shields, zones
from engines.core.model import replace
from tests.engines.battlescenes.helpers import Placed, Side, build, sid
from tests.engines.battlescenes.test_shields import X, hulk_v1, load, shield, tick


def table(loaded: list[str], ally: str = "hulk_v3") -> tuple[State, int, int, int]:
    """Hulk V1 (a Vingador) with ``loaded`` and the Mansão in seat 0's scene; a Gerador de
    P.E.M. in the opponent's."""
    state = hulk_v1(
        build(
            Side(
                resources=[X],
                scene=[Placed(ally, loaded), Placed("mansao_dos_vingadores_v1", [X] * 4)],
            ),
            Side(scene=[Placed("gerador_pem", [X] * 3)]),
        )
    )
    state = shields.refresh_shields(state)
    return (
        state,
        sid(state, ally),
        sid(state, "mansao_dos_vingadores_v1"),
        sid(state, "gerador_pem"),
    )


def test_the_mansion_gives_its_controllers_vingadores_plus_one() -> None:
    state, hulk, mansao, _gerador = table([X])
    assert shield(state, hulk) == 1  # Hulk V1 with one card: 0, +1
    # Not itself (a support), nor the opponent's cards.
    assert shield(state, mansao) == zones.defn(state, mansao).shield
    assert (
        shield(state, sid(state, "gerador_pem"))
        == zones.defn(state, sid(state, "gerador_pem")).shield
    )


def test_only_characters_with_the_affiliation() -> None:
    state, triton, _mansao, _gerador = table([X, X], ally="triton_v1")  # an Inumano
    assert shield(state, triton) == zones.defn(state, triton).shield


def test_mansion_note_1_with_the_real_card() -> None:
    # Hulk 1; the Gerador names the Mansão → 0; a card loaded → 3; the Gerador destroyed → 3.
    state, hulk, mansao, gerador = table([X])
    state = tick(replace(state, continuous=(Continuous(gerador, mansao, "lose_texts"),)))
    assert shield(state, hulk) == 0
    state = load(state, hulk, X)
    assert shield(state, hulk) == 3
    state = tick(replace(state, scene=tuple(s for s in state.scene if s.card != gerador)))
    assert shield(state, hulk) == 3


def test_mansion_note_2_with_the_real_card() -> None:
    # Hulk with two cards: 4; the Gerador → 3; a card unloaded → 0; the Gerador destroyed → 0.
    state, hulk, mansao, gerador = table([X, X])
    assert shield(state, hulk) == 4
    state = tick(replace(state, continuous=(Continuous(gerador, mansao, "lose_texts"),)))
    assert shield(state, hulk) == 3
    state = tick(zones.unload(state, hulk, [zones.in_scene(state, hulk).loaded[1]]))
    assert shield(state, hulk) == 0
    state = tick(replace(state, scene=tuple(s for s in state.scene if s.card != gerador)))
    assert shield(state, hulk) == 0


@pytest.mark.parametrize("loaded", [[X], [X, X]])
def test_the_mansion_leaving_ends_its_bonus(loaded: list[str]) -> None:
    state, hulk, mansao, _gerador = table(loaded)
    before = shield(state, hulk)
    state = tick(replace(state, scene=tuple(s for s in state.scene if s.card != mansao)))
    assert shield(state, hulk) == before - 1
