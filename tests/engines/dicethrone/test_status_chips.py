"""Status chips wrap onto up to three rows so each is named; only beyond those
rows a "+N" chip counts the rest. Condensed panels show card counts too."""

from __future__ import annotations

import io
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from engines.core import theme
from engines.dicethrone import ENGINE
from engines.dicethrone.render import chips as dt_chips
from engines.dicethrone.render import layout as dt_layout
from engines.dicethrone.render import letters as dt_letters
from engines.dicethrone.render import png as dt_png
from engines.dicethrone.render import style as dt_style
from engines.dicethrone.render.chips import fit, rows
from engines.dicethrone.rules.state import State
from engines.dicethrone.view import typed
from tests.engines.dicethrone.helpers import start, with_player
from tests.engines.dicethrone.test_compact_render import _attacked

#: Status effects of the Season 1 heroes and the Gunslinger (public information).
MANY = {
    "protect": 1,
    "retribution": 1,
    "concussion": 1,
    "evasive": 1,
    "reload": 1,
    "bounty": 1,
}
#: Every status effect of the shipped pack (the Cursed Pirate's four too).
ALL = {s.id: 1 for h in ENGINE.load_content(None).heroes.values() for s in h.statuses}


def _richest_duel_set() -> dict[str, int]:
    """The most tokens one board can hold in a duel: its hero's own statuses plus the
    negative ones its opponent's hero inflicts (the richest pair of shipped heroes)."""
    heroes = list(ENGINE.load_content(None).heroes.values())
    sets = [
        {s.id: 1 for s in (*h.statuses, *(x for x in o.statuses if not x.positive))}
        for h in heroes
        for o in heroes
    ]
    return max(sets, key=len)


RICHEST = _richest_duel_set()


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
    real = dt_chips._chip

    def spy(draw: Any, x: int, y: int, w: float, label: str, *rest: Any) -> None:
        # Every chip stays inside the 960 px canvas, right margin included.
        assert x + w <= 960 - theme.MARGIN
        drawn.append(label)
        real(draw, x, y, w, label, *rest)

    monkeypatch.setattr(dt_chips, "_chip", spy)
    png = ENGINE.render(ENGINE.view(state, None), "board", locale)
    assert Image.open(io.BytesIO(png)).width == 960
    return drawn


def test_chips_wrap_onto_rows_before_any_is_counted() -> None:
    # Six chips of 100 px in rows of 300 px: three rows of two, nobody counted.
    assert rows([100] * 6, 300, 12, 3, _more) == ([2, 2, 2], 0)
    assert rows([100] * 6, 324, 12, 3, _more) == ([3, 3], 0)  # 3 × 100 + 2 × 12 fit
    # Eight: the third row keeps room for "+N" (two chips and "+2" need 274 px).
    assert rows([100] * 8, 300, 12, 3, _more) == ([2, 2, 2], 2)
    assert rows([100] * 8, 260, 12, 3, _more) == ([2, 2, 1], 3)
    # A chip wider than the row gets a row of its own and one more for its second line
    # (issue 27: it ran past the panel's edge), which counts against no limit.
    assert rows([400, 100], 324, 12, 3, _more) == ([1, 0, 1], 0)
    assert rows([400, 100, 100, 100], 324, 12, 2, _more) == ([1, 0, 3], 0)
    assert rows([], 324, 12, 3, _more) == ([], 0)


@given(
    st.lists(st.integers(20, 300), max_size=14),
    st.integers(60, 900),
    st.integers(0, 20),
    st.integers(1, 4),
)
def test_rows_account_for_every_chip_and_never_overflow(
    widths: list[int], space: int, gap: int, max_rows: int
) -> None:
    counts, hidden = rows(widths, space, gap, max_rows, _more)
    assert sum(counts) + hidden == len(widths)
    # A chip wider than a row is alone on it, and the row after it holds its second
    # line (0 chips), which counts against no limit.
    start, wide, seconds = 0, False, 0
    for i, n in enumerate(counts):
        if wide:
            assert n == 0
            wide, seconds = False, seconds + 1
            continue
        row = widths[start : start + n]
        used = sum(row) + gap * max(n - 1, 0)
        if i == len(counts) - 1 and hidden:
            assert used + (gap if n else 0) + _more(hidden) <= space or n == 0
        else:
            assert n >= 1 and (used <= space or n == 1)
            wide = used > space
        start += n
    assert not wide  # a wide chip's second line is always there
    assert len(counts) - seconds <= max_rows
    assert hidden == 0 or len(counts) - seconds == max_rows


def _chips_drawn(state: State, locale: str, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The labels drawn on chips (status names with count/limit, and "+N")."""
    drawn: list[str] = []
    real = dt_chips._chip

    def spy(draw: Any, x: int, y: int, w: float, label: str, *rest: Any) -> None:
        # Every chip stays inside the 960 px canvas, right margin included.
        assert x + w <= 960 - theme.MARGIN
        drawn.append(label)
        real(draw, x, y, w, label, *rest)

    monkeypatch.setattr(dt_chips, "_chip", spy)
    png = ENGINE.render(ENGINE.view(state, None), "board", locale)
    assert Image.open(io.BytesIO(png)).width == 960
    return drawn


@pytest.mark.parametrize("locale", ["en-US", "pt-BR", "it"])
def test_a_full_panel_names_six_statuses_on_more_rows(
    locale: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = with_player(start(), 0, statuses=MANY)
    drawn = _chips_drawn(state, locale, monkeypatch)
    assert len(drawn) == len(MANY) and not any(label.startswith("+") for label in drawn)


@pytest.mark.parametrize("locale", ["en-US", "pt-BR", "it"])
def test_beyond_a_row_a_plus_chip_counts_the_rest(
    locale: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Davi (4 heroes, outside the attack) gets a condensed panel: one row of chips,
    # then "+N" (his hero board, drawn when he attacks or is attacked, names them all).
    state = with_player(_attacked(4), 3, statuses=ALL)
    drawn = _chips_drawn(state, locale, monkeypatch)
    more = [label for label in drawn if label.startswith("+")]
    # Alice's single Protect chip and Davi's chips + "+N" cover every status.
    shown_or_counted = len(drawn) - len(more) + sum(int(m[1:]) for m in more)
    assert shown_or_counted == len(ALL) + 1
    assert len(more) == 1 and len(drawn) - len(more) >= 2  # Davi's first named


def test_a_few_statuses_get_no_plus_chip(monkeypatch: pytest.MonkeyPatch) -> None:
    state = with_player(start(), 0, statuses={"protect": 1, "concussion": 1})
    drawn = _chips_drawn(state, "en-US", monkeypatch)
    assert len(drawn) == 2
    assert not any(label.startswith("+") for label in drawn)


def test_panels_grow_with_their_chip_rows() -> None:
    # Boards with room for chips in the roomiest layout (the Barbarian's nine printed
    # abilities fill his: six chips make it tighten its layout instead).
    fresh = start("gunslinger", "paladin")
    few = Image.open(io.BytesIO(ENGINE.render(ENGINE.view(fresh, None), "board", "en-US")))
    state = with_player(fresh, 0, statuses=MANY)
    many = Image.open(io.BytesIO(ENGINE.render(ENGINE.view(state, None), "board", "en-US")))
    # A hero board is half the canvas: six chips take up to one row each (the board
    # tightens its layout rather than pass the 1,100 px a phone shows whole).
    assert few.height < many.height <= dt_style.MAX_HEIGHT
    assert many.height - few.height <= dt_style.COLUMN_CHIP_ROWS * dt_style.CHIP_ROW


def test_a_condensed_panel_shows_card_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    texts: list[str] = []
    real = dt_letters.draw_text

    def spy(draw: Any, xy: Any, text: str, **kw: Any) -> float:
        texts.append(text)
        return real(draw, xy, text, **kw)

    monkeypatch.setattr(dt_letters, "draw_text", spy)
    # 3 heroes: the board fits a phone with Carla's full panel (4 heroes' attack
    # boards fall back to minimal panels, with no card counts).
    state = _attacked(3)
    dt_png.render(ENGINE.view(state, None), "board", ENGINE.catalog(), "en-US")
    carla = state.players[2]
    counts = f"Hand {len(carla.hand)} · deck {len(carla.deck)} · discard {len(carla.discard)}"
    assert texts.count(counts) >= 1 and 2 not in dt_layout.involved(typed(ENGINE.view(state, None)))


@pytest.mark.parametrize("locale", ["en-US", "pt-BR", "it"])
def test_packed_chips_take_no_more_rows_and_each_is_drawn(
    locale: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A board at its last resorts packs its chips: each on the first row with room.
    state = with_player(start(), 0, statuses=RICHEST)
    chips = typed(ENGINE.view(state, None)).players[0].statuses
    space = 466  # a hero board a little over half the canvas
    packed = dt_chips.packed_order(list(chips), space, locale)
    assert sorted(s.id for s in packed) == sorted(s.id for s in chips)
    rows_packed, hidden = dt_chips.chip_layout(list(chips), space, locale, 9, True, True)
    rows_plain, _ = dt_chips.chip_layout(list(chips), space, locale, 9, True)
    assert hidden == 0 and sum(rows_packed) == len(chips)
    assert len(rows_packed) <= len(rows_plain)
