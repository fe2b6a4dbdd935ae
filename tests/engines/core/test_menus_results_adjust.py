"""The shared menu builder, match results and manual-adjustment checks."""

from __future__ import annotations

import pytest

from engines.core import (
    Decision,
    IllegalActionError,
    Message,
    ResultKind,
    Selection,
    SelectOption,
)
from engines.core.adjust import author, bounded, count, seat_index
from engines.core.menus import MAX_OPTIONS, MAX_PAGES, Menus, options, paged
from engines.core.model import replace
from engines.core.results import conceded, ended, score_lines


def _menu(kind: str, size: int) -> Selection:
    values = [(n, Message("x.option", {"n": n})) for n in range(1, size + 1)]
    return Selection(kind, "value", options(values), Message(f"x.menu.{kind}"))


def _decision(*kinds: str, optional: bool = False) -> Decision:
    return Decision(0, kinds, Message("x.prompt"), optional=optional)


def test_menus_follow_the_table_order_and_skip_empty_or_long_ones() -> None:
    calls: list[str] = []

    def give(game: int, d: Decision) -> list[Selection]:
        calls.append("give")
        return [_menu("give", game)]

    menus = Menus(
        {
            "play": lambda game, d: [_menu("play", 3)],
            "give": give,
            "doubles": give,  # one builder answering two kinds runs once
            "sell": lambda game, d: [_menu("sell", 0)],
            "big": lambda game, d: [_menu("big", MAX_OPTIONS + 1)],
        }
    )
    decision = menus.attach(4, _decision("sell", "doubles", "give", "big", "play"))
    assert [m.kind for m in decision.selections] == ["play", "give"]
    assert calls == ["give"]
    assert menus.attach(0, _decision("sell")).selections == ()


def test_optional_decisions_and_first_only() -> None:
    table = {"a": lambda g, d: [_menu("a", 1)], "b": lambda g, d: [_menu("b", 1)]}
    assert Menus(table, optional=False).attach(0, _decision("a", optional=True)).selections == ()
    first = Menus(table, first_only=True).attach(0, _decision("b", "a"))
    assert [m.kind for m in first.selections] == ["a"]


def test_results_win_draw_and_ongoing() -> None:
    score = score_lines("x.score", [("Ann", 3), ("Bob", 5)])
    assert score[1] == Message("x.score", {"player": "Bob", "count": 5})
    won = ended((1,), False, score, Message("x.won"))
    assert won is not None and won.kind is ResultKind.WIN and won.winners == (1,)
    drawn = ended((), True, score, draw_reason=Message("x.draw"))
    assert drawn is not None and drawn.kind is ResultKind.DRAW and drawn.reason == Message("x.draw")
    assert ended((), False) is None


def test_conceding_loses_for_the_whole_side() -> None:
    assert conceded(1, (0, 1, 2)).winners == (0, 2)
    teams = conceded(0, (0, 1, 2, 3), allied=lambda s: s % 2 == 0)
    assert teams.winners == (1, 3)
    # Only opponents still in win; if none is, every opponent does.
    assert conceded(0, (0, 1, 2), still_in=lambda s: s != 2).winners == (1,)
    assert conceded(0, (0, 1), still_in=lambda s: False).winners == (1,)


def test_adjustment_checks() -> None:
    assert seat_index(2, 3, "x.bad_seat") == 1
    with pytest.raises(IllegalActionError) as err:
        seat_index(4, 3, "x.bad_seat")
    assert err.value.key == "x.bad_seat" and err.value.params == {"seat": 4}
    assert bounded(48, 5, 0, 50) == 50 and bounded(2, -5, 0, 15) == 0
    assert count(-3, "x.count", signed=True) == -3
    with pytest.raises(IllegalActionError):
        count(-3, "x.count")
    with pytest.raises(IllegalActionError):
        count(0, "x.count", signed=True)
    assert author("Ann", False, "x.referee") == "Ann"
    assert author("Ann", True, "x.referee") == Message("x.referee", {"player": "Ann"})


def test_a_one_value_menu_longer_than_25_is_shown_as_pages_naming_their_ranges() -> None:
    labels = [f"Option {n:02d}" for n in range(60)]
    menu = Selection(
        "choose",
        "option",
        tuple(SelectOption(t, Message("x.plain", {"text": t})) for t in labels),
        Message("x.pick"),
        public=True,
    )
    pages = paged(menu)
    assert [len(p.options) for p in pages] == [25, 25, 10]
    assert [o.value for p in pages for o in p.options] == labels  # every option, in order
    first = pages[1].placeholder
    assert first.key == "core.menu.page" and first.params["menu"] == Message("x.pick")
    assert first.params["first"].params == {"text": "Option 25"}
    assert first.params["last"].params == {"text": "Option 49"}
    assert all(p.public and p.kind == "choose" for p in pages)
    # a list of several picks stays whole, and one too long for the pages is left out
    many = replace(menu, many=True, max_values=3)
    assert paged(many) == [many]
    longest = replace(menu, options=(menu.options * 2)[: MAX_OPTIONS * MAX_PAGES + 1])
    assert paged(longest) == [longest]
