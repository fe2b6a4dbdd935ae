"""7.2.8 / 7.2.9 example 3: a counter-attack waiting in step 8 resolves although its bearer
was knocked out in step 7 — whatever the power came from: the card, a revealed demonic
reward (the rulebook's Zorbalo Greg with a Prespic set) or a power gained for the fight.

The two figures are declared here for the test: the example gives only what it needs
(Jems Blond 8 HP, level 4; Zorbalo Greg 13 HP with the set, level 2; a 2-damage spell).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engines.krosmaster import ENGINE
from engines.krosmaster import actions as A
from engines.krosmaster.content.schema import (
    Element,
    FigureDef,
    NameColour,
    Power,
    PowerDef,
    RangeKind,
    SpellDef,
    SpellKind,
)
from engines.krosmaster.rules.state import Phase, State
from tests.engines.krosmaster.helpers import act, empty_arena, new_match

ARROW = SpellDef(
    id="flecha-ardente",
    name="Flecha Ardente",
    kind=SpellKind.ATTACK,
    range_kind=RangeKind.RANGED,
    element=Element.FIRE,
    range_max=3,
    ap=3,
    amount=2,
)
JEMS = FigureDef(
    id="test-jems",
    name="Jems Blond",
    hp=8,
    mp=3,
    ap=6,
    source="test figure (7.2.8 example 3)",
    verified=False,
    colour=NameColour.WHITE,
    level=4,
    initiative=8,
    spells=(ARROW,),
)
ZORBALO = FigureDef(
    id="test-zorbalo",
    name="Zorbalo Greg",
    hp=13,
    mp=3,
    ap=6,
    source="test figure (7.2.8 example 3)",
    verified=False,
    colour=NameColour.WHITE,
    level=2,
    initiative=4,
)

OTHER = replace(ZORBALO, id="test-other", name="Other")


def example(zorbalo: dict[str, Any], printed: bool = False) -> State:
    """Both players on 2 GG with the wild GG in play; Jems (7 wounds) next to Zorbalo
    (11 wounds); Jems is active."""
    state = new_match()
    fig = replace(ZORBALO, powers=(PowerDef(Power.COUNTER_ATTACK),)) if printed else ZORBALO
    figures = {**state.figures, JEMS.id: JEMS, ZORBALO.id: fig, OTHER.id: OTHER}
    state = replace(state, arena=empty_arena(), floor_kamas={}, figures=figures)
    setup = {
        "add": [
            {"figure": JEMS.id, "owner": 0, "id": "0.jems", "square": "C3"},
            {"figure": ZORBALO.id, "owner": 1, "id": "1.zorbalo", "square": "C4"},
            # Zorbalo's player keeps a Krosmaster in the arena (1.4), far away.
            {"figure": OTHER.id, "owner": 1, "id": "1.other", "square": "J10"},
        ],
        "units": [{"id": "0.jems", "wounds": 7}, {"id": "1.zorbalo", "wounds": 11, **zorbalo}],
        "players": [{"gg": 2}, {"gg": 2}],
        "active": "0.jems",
    }
    result: State = ENGINE.apply_setup(state, setup)
    return result


@pytest.mark.parametrize(
    ("zorbalo", "printed"),
    [
        ({"rewards": [{"id": "prespic-set", "revealed": True}]}, False),  # the rulebook's
        ({"gained": ["counter_attack"]}, False),  # a power gained until the end of the fight
        ({}, True),  # the same power printed on the card
    ],
    ids=["revealed-reward", "gained-power", "printed"],
)
def test_the_knocked_out_bearers_counter_attack_still_resolves(
    zorbalo: dict[str, Any], printed: bool
) -> None:
    state = example(zorbalo, printed)
    # No critical success, no armour: 2 damage, 2 wounds: Zorbalo (13 HP) is knocked out.
    state = act(state, A.Cast("flecha-ardente", "C4"), ["Lock", "Lock"])
    assert state.unit("1.zorbalo").ko
    # The KO gave Jems's player the wild GG and 1 stolen GG (4 v 1: no win yet); then the
    # waiting counter-attack wounds Jems (8 HP) once: knocked out, 4 GG stolen, match over.
    assert state.unit("0.jems").ko
    assert state.phase is Phase.OVER and state.winner == 1
    assert [p.gg for p in state.players] == [0, 5]
