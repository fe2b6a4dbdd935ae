"""Status chips that do not fit on a panel's row are counted by a "+N" chip."""

from __future__ import annotations

import io
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from engines.core import theme
from engines.dicethrone import ENGINE
from engines.dicethrone import render as dt_render
from engines.dicethrone.chips import fit
from engines.dicethrone.state import State
from tests.engines.dicethrone.helpers import start, with_player
from tests.engines.dicethrone.test_compact_render import _attacked

#: Every status effect of the base heroes (statuses are public information).
MANY = {
    "protect": 1,
    "retribution": 1,
    "concussion": 1,
    "evasive": 1,
    "reload": 1,
    "bounty": 1,
}


def _more(n: int) -> float:
    return 50.0


def test_all_chips_are_drawn_when_they_fit() -> None:
    assert fit([100, 100, 100], 324, 12, _more) == 3


def test_the_plus_chip_takes_the_room_of_the_last_chips() -> None:
    # 3 chips of 100 need 324 px; in 300 px two fit with "+1" (50) after them.
    assert fit([100, 100, 100], 300, 12, _more) == 2
    # In 260 px the second chip would leave no room for "+2".
    assert fit([100, 100, 100], 260, 12, _more) == 1
    assert fit([100, 100, 100], 150, 12, _more) == 0


@given(
    st.lists(st.integers(20, 300), max_size=10),
    st.integers(0, 900),
    st.integers(0, 20),
)
def test_the_drawn_chips_and_the_plus_chip_never_overflow(
    widths: list[int], space: int, gap: int
) -> None:
    shown = fit(widths, space, gap, _more)
    assert 0 <= shown <= len(widths)
    used = sum(widths[:shown]) + gap * shown
    if shown == len(widths):
        assert used - gap <= space or not widths
    else:
        assert used + _more(len(widths) - shown) <= space or shown == 0


def _chips_drawn(state: State, locale: str, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The labels drawn on chips (status names with count/limit, and "+N")."""
    drawn: list[str] = []
    real = dt_render._chip

    def spy(draw: Any, x: int, y: int, w: float, label: str, *rest: Any) -> None:
        # Every chip stays inside the 960 px canvas, right margin included.
        assert x + w <= 960 - theme.MARGIN
        drawn.append(label)
        real(draw, x, y, w, label, *rest)

    monkeypatch.setattr(dt_render, "_chip", spy)
    png = ENGINE.render(ENGINE.view(state, None), "board", locale)
    assert Image.open(io.BytesIO(png)).width == 960
    return drawn


@pytest.mark.parametrize("locale", ["en-US", "pt-BR", "it"])
def test_a_full_panel_counts_the_statuses_it_cannot_show(
    locale: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = with_player(start(), 0, statuses=MANY)
    drawn = _chips_drawn(state, locale, monkeypatch)
    more = [label for label in drawn if label.startswith("+")]
    assert len(more) == 1
    # Chips shown plus the "+N" count add up to every status Alice holds.
    assert len(drawn) - 1 + int(more[0][1:]) == len(MANY)


def test_a_compact_panel_counts_the_statuses_it_cannot_show(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Davi (4 heroes, outside the attack) gets a condensed panel.
    state = with_player(_attacked(4), 3, statuses=MANY)
    drawn = _chips_drawn(state, "pt-BR", monkeypatch)
    more = [label for label in drawn if label.startswith("+")]
    assert more, drawn
    # Alice's single Protect chip and Davi's chips + "+N" cover every status.
    shown_or_counted = len(drawn) - len(more) + sum(int(m[1:]) for m in more)
    assert shown_or_counted == len(MANY) + 1


def test_a_few_statuses_get_no_plus_chip(monkeypatch: pytest.MonkeyPatch) -> None:
    state = with_player(start(), 0, statuses={"protect": 1, "concussion": 1})
    drawn = _chips_drawn(state, "en-US", monkeypatch)
    assert len(drawn) == 2
    assert not any(label.startswith("+") for label in drawn)
