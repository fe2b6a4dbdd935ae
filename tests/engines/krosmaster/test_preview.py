"""Previews of a move or a cast (``/krosmaster move … preview:true``): what ``move`` would
walk and where lock would be tested (6.3.2, 4.14), what a cast would reach and hit (7.1,
4.16, 7.2.3) — shown to the player alone, nothing rolled, nothing changed."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from engines.core import EngineError, RiggedDice
from engines.krosmaster import ENGINE
from engines.krosmaster import actions as A
from engines.krosmaster.geometry import label
from engines.krosmaster.names import localise
from engines.krosmaster.rules.state import State

from .helpers import act, empty_arena, events, position, sq


def _board(active: str = "0.vigg-arysta", trees: tuple[str, ...] = ()) -> State:
    return position(
        {
            "units": [
                {"id": "0.vigg-arysta", "square": "E5"},
                {"id": "0.tristepan", "square": "F5"},
                {"id": "1.gultar", "square": "D5"},
                {"id": "1.evangelyne", "square": "E8"},
            ],
            "active": active,
        },
        arena=empty_arena(trees=trees),
    )


def _plan(state: State, action: Any, seat: int = 0) -> dict[str, Any]:
    view = ENGINE.preview(state, seat, action)
    assert view is not None and view.seat == seat
    plan: dict[str, Any] = view.data["plan"]
    return plan


def _refusal(call: Any) -> tuple[str, dict[str, Any]]:
    with pytest.raises(EngineError) as caught:
        call()
    return caught.value.key, dict(caught.value.params)


def test_the_move_preview_shows_the_path_move_then_walks_and_the_lock_test() -> None:
    state = _board()
    plan = _plan(state, A.Move("E2"))
    assert plan["path"] == ["E4", "E3", "E2"] and (plan["steps"], plan["mp"]) == (3, 4)
    # 4.14.1: leaving E5, Gultar (adjacent enemy character) tests; nowhere else.
    locks = localise(plan["locks"], "pt-BR")
    assert locks == [{"square": "E5", "enemies": ["Gultar o Bárbaro"], "ids": ["1.gultar"]}]
    assert localise(plan["locks"], "it")[0]["enemies"] == ["Gultard il Barbaro"]
    # Gultar rolls Armour, Vigg Dodge: escaped (4.14.2.d), the walk goes on.
    moved = act(state, A.Move("E2"), ["Armour", "Dodge"])
    assert [label(s) for s in moved.last.path[1:]] == plan["path"]
    assert moved.unit("0.vigg-arysta").pos == sq("E2")


def test_an_explicit_path_is_previewed_as_given() -> None:
    state = _board()
    plan = _plan(state, A.Move("G4", path="E4 F4 G4"))
    assert plan["path"] == ["E4", "F4", "G4"]
    # F4 is next to nobody hostile; only E5 (Gultar) tests.
    assert [x["square"] for x in plan["locks"]] == ["E5"]
    moved = act(state, A.Move("G4", path="E4 F4 G4"), ["Armour", "Dodge"])
    assert [label(s) for s in moved.last.path[1:]] == plan["path"]


def test_a_walk_with_no_enemy_near_needs_no_die() -> None:
    state = position(
        {"units": [{"id": "0.vigg-arysta", "square": "E5"}], "active": "0.vigg-arysta"}
    )
    plan = _plan(state, A.Move("H5"))
    assert plan["locks"] == [] and plan["steps"] == 3
    moved = act(state, A.Move("H5"))  # no forced die: none is rolled
    assert [label(s) for s in moved.last.path[1:]] == plan["path"]


@pytest.mark.parametrize(
    ("action", "key"),
    [
        (A.Move("D1", path="E4 E3 E2 E1 D1"), "krosmaster.error.no_mp"),  # 5 > 4 MP
        (A.Move("E3", path="E4 D3 E3"), "krosmaster.error.bad_step"),  # not adjacent (4.17.3)
        (A.Move("F5"), "krosmaster.error.no_path"),  # Tristepan stands there (4.17.3)
        (A.Move("??"), "krosmaster.error.bad_square"),
        (A.Cast("engano", "E6"), "krosmaster.error.out_of_range"),  # min range 2 (7.1.5)
        (A.Cast("engano", "G5"), "krosmaster.error.no_sight"),  # Tristepan blocks (7.1.6)
        (A.Cast("nothing", "E8"), "krosmaster.error.unknown_spell"),
    ],
)
def test_an_illegal_move_or_cast_previews_to_the_error_apply_raises(action: Any, key: str) -> None:
    state = _board()
    shown = _refusal(lambda: ENGINE.preview(state, 0, action))
    made = _refusal(lambda: ENGINE.apply(state, 0, action, RiggedDice()))
    assert shown == made and shown[0] == key


def test_a_preview_out_of_turn_is_refused_like_the_move() -> None:
    state = _board()
    shown = _refusal(lambda: ENGINE.preview(state, 1, A.Move("D2")))
    made = _refusal(lambda: ENGINE.apply(state, 1, A.Move("D2"), RiggedDice()))
    assert shown == made


def test_the_cast_preview_shows_range_sight_and_the_units_the_cast_hits() -> None:
    state = _board()
    plan = _plan(state, A.Cast("engano", "E8"))
    assert plan["target"] == "E8" and plan["zone"] == ["E8"]
    assert "E7" in plan["range"] and "E6" not in plan["range"]  # 2–3 squares (4.15)
    assert {"G5", "H5"} <= set(plan["blocked"])  # behind Tristepan (4.15.9)
    assert {"B5", "C5"} <= set(plan["blocked"])  # behind Gultar
    assert localise(plan["hit"], "en-US") == ["Evangelyne"]
    assert localise(plan["hit"], "it") == ["Evangeline"]


def test_the_zone_lists_the_units_the_cast_then_hits() -> None:
    # Gultar's Nuvem Sombria (cross zone, 4.16) on E6 reaches Vigg on E5 and
    # Tristepan on F6 — the preview names both, and the cast wounds both.
    state = position(
        {
            "units": [
                {"id": "0.vigg-arysta", "square": "E5"},
                {"id": "0.tristepan", "square": "F6"},
                {"id": "1.gultar", "square": "E8"},
            ],
            "active": "1.gultar",
        }
    )
    plan = _plan(state, A.Cast("nuvem-sombria", "E6"), seat=1)
    assert sorted(plan["zone"]) == ["D6", "E5", "E6", "E7", "F6"]
    assert sorted(plan["hit_ids"]) == ["0.tristepan", "0.vigg-arysta"]
    # One crit test (no crit), then one armour test per target (no armour): full damage.
    after, keys = events(state, A.Cast("nuvem-sombria", "E6"), ["Dodge", "Lock", "Lock"])
    wounded = sorted(u.id for u in after.units if u.wounds > 0 and u.owner == 0)
    assert wounded == sorted(plan["hit_ids"])
    assert sorted(label(s) for s in (after.last.target, *after.last.zone) if s) == sorted(
        plan["zone"]
    )
    assert keys.count("krosmaster.event.damage") == 2


def test_a_preview_changes_nothing_and_rolls_nothing() -> None:
    state = _board()
    before = ENGINE.state_to_json(state)
    for action in (A.Move("E2"), A.Cast("engano", "E8")):
        assert ENGINE.preview(state, 0, action) is not None
    assert ENGINE.state_to_json(state) == before
    assert ENGINE.preview(state, 0, A.EndTurn()) is None  # nothing to show for the rest


def test_only_move_and_cast_are_previewable() -> None:
    previewable = {c.action for c in ENGINE.commands() if c.previewable}
    assert previewable == {"move", "cast"}


@pytest.mark.parametrize("locale", ["en-US", "pt-BR", "it"])
def test_the_preview_renders_with_its_legend(locale: str) -> None:
    state = _board()
    for action in (A.Move("E2"), A.Cast("engano", "E8")):
        view = ENGINE.preview(state, 0, action)
        assert view is not None
        preview = Image.open(io.BytesIO(ENGINE.render(view, "preview", locale)))
        board = Image.open(io.BytesIO(ENGINE.render(ENGINE.view(state, 0), "board", locale)))
        assert preview.width == 960 and preview.height > board.height  # the legend lines


def test_a_preview_shows_only_what_the_player_already_sees() -> None:
    state = position(
        {
            "units": [
                {"id": "0.vigg-arysta", "square": "E5"},
                {"id": "1.gultar", "square": "E9", "rewards": ["speed-boost"]},
            ],
            "active": "0.vigg-arysta",
        }
    )
    view = ENGINE.preview(state, 0, A.Move("E3"))
    assert view is not None
    gultar = next(u for u in view.data["units"] if u["id"] == "1.gultar")
    assert gultar["rewards"] == [{"name": None, "revealed": False}]  # face down (4.7.8.b)


def test_a_trap_on_the_way_ends_the_previewed_path_where_the_walk_stops() -> None:
    from .test_traps import trap

    state = position(
        {
            "add": [trap("C4")],
            "units": [{"id": "0.tristepan", "square": "C3"}, {"id": "1.ratweyra", "square": "J10"}],
            "active": "0.tristepan",
        },
        team2="rat-pack",
    )
    plan = _plan(state, A.Move("C6", path="C4 C5 C6"))
    assert plan["path"] == ["C4"] and plan["trap"] == "C4"  # 4.19.7.c
    walked, keys = events(state, A.Move("C6", path="C4 C5 C6"), ["Lock", "Lock"])
    assert "krosmaster.event.trap" in keys  # Estalo resolved (its cast is the last action)
    assert label(walked.unit("0.tristepan").pos or (0, 0)) == plan["path"][-1]
