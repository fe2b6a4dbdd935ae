"""Scenario set-ups with lasting changes in place (4.18.4) and group changes (4.18.4.c),
among them a group's change of one spell's damage."""

from __future__ import annotations

from pathlib import Path

import pytest

from engines.core import ContentError, SetupError
from engines.core.i18n import Catalog
from engines.krosmaster import actions as A
from engines.krosmaster.content.effects import effects_from_data
from engines.krosmaster.render.text import notes
from engines.krosmaster.view import build_view
from tests.engines.krosmaster.helpers import act, position

BURLA_GROUP = dict(seat=0, lasting=1, stat="damage", until="fight", side="allies")


def burla_bonus(gui_square: str) -> dict[str, object]:
    """Alice's units deal +1 damage with Burla only; Vigg Arysta is about to act."""
    return {
        "units": [
            {"id": "0.vigg-arysta", "square": "C3"},
            {"id": "1.gui-yermetel", "square": gui_square},
        ],
        "groups": [{**BURLA_GROUP, "spell": "burla"}],
        "active": "0.vigg-arysta",
    }


def test_a_group_change_of_one_spell_adds_to_that_spell_only() -> None:
    state = position(burla_bonus("C4"), team2="brakmar-raiders")
    after = act(state, A.Cast(spell="Burla", target="C4"), ["lock", "lock"])
    assert after.unit("1.gui-yermetel").wounds == 2  # Burla's 1 + the group's 1
    state = position(burla_bonus("C5"), team2="brakmar-raiders")
    after = act(state, A.Cast(spell="Engano", target="C5"), ["lock"])
    assert after.unit("1.gui-yermetel").wounds == 2  # Engano's own 2, no bonus


def test_the_group_note_names_the_spell() -> None:
    state = position(burla_bonus("C4"), team2="brakmar-raiders")
    view = build_view(state)
    catalog = Catalog.from_dirs([Path("engines/krosmaster/locales")])
    lines = " ".join(notes(view, catalog, "en-US", 900))
    assert "Burla" in lines


def test_a_unit_starts_with_its_lasting_changes() -> None:
    setup = {
        "units": [
            {"id": "0.vigg-arysta", "square": "C3"},
            {"id": "1.gui-yermetel", "square": "H8"},
            {
                "id": "0.tristepan",
                "square": "D3",
                "lasting": [{"lasting": -1, "stat": "powers", "until": "fight"}],
            },
        ],
        "groups": [{"seat": 1, "lasting": -1, "stat": "mp", "until": "turn", "side": "enemies"}],
        "active": "0.vigg-arysta",
    }
    state = position(setup, team2="brakmar-raiders")
    assert [x.stat for x in state.unit("0.tristepan").lasting] == ["powers"]
    assert state.unit("0.vigg-arysta").mp == 3  # Bruno's change reaches his enemies
    assert state.unit("1.gui-yermetel").lasting == ()


@pytest.mark.parametrize(
    ("setup", "detail"),
    [
        (
            {
                "units": [
                    {
                        "id": "0.tristepan",
                        "lasting": [{"lasting": 1, "stat": "mp", "until": "turn"}],
                    }
                ]
            },
            "needs a square",
        ),
        ({"groups": [{"seat": 0, "lasting": 1, "stat": "mp", "until": "turn"}]}, "needs lasting"),
        ({"groups": [{**BURLA_GROUP, "seat": 5}]}, "needs seat"),
        ({"units": [{"id": "0.tristepan", "square": "C3", "lasting": [{"push": 1}]}]}, "lasting"),
    ],
)
def test_bad_lasting_set_ups_name_the_problem(setup: dict[str, object], detail: str) -> None:
    with pytest.raises(SetupError, match=detail):
        position(setup)


def test_a_group_change_may_name_a_spell_but_is_never_used_up() -> None:
    data = {k: v for k, v in BURLA_GROUP.items() if k != "seat"}
    (effect,) = effects_from_data([{**data, "spell": "burla"}], "test")
    assert (effect.side, effect.spell) == ("allies", "burla")
    with pytest.raises(ContentError, match="once is not for a group"):
        effects_from_data([{**data, "spell": "burla", "once": True}], "test")
