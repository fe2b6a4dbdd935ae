"""With 3–4 heroes the board condenses the heroes not in the current attack."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from engines.core import render as core_render
from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone import render as dt_render
from engines.dicethrone.state import State, Step
from tests.engines.dicethrone.helpers import act, with_player
from tests.engines.dicethrone.test_modes import attack, start_n


def _attacked(count: int) -> State:
    """Alice attacks Bruno; Carla (3 heroes) leads or Davi (4) holds a status."""
    state = start_n(count)
    state = with_player(state, 0, statuses={"protect": 1})
    state = with_player(state, 1, health=20)
    state = with_player(state, count - 1, statuses={"protect": 1})
    state = attack(state, (1, 2, 6, 6, 4), "all_out_strike", *((1,) if count == 4 else ()))
    if state.step is Step.TARGET:
        state, _ = act(state, 0, a.Target(2))
    assert state.target == 1
    return state


def _board(state: State, locale: str = "pt-BR") -> Image.Image:
    return Image.open(io.BytesIO(ENGINE.render(ENGINE.view(state, None), "board", locale)))


@pytest.mark.parametrize("count", [3, 4])
def test_a_board_of_many_heroes_fits_a_phone_screen(count: int) -> None:
    # Two full panels (attacker, target) plus condensed ones: the 4-hero board
    # stayed 1640–1890 px tall before; it now stays under 1500 px.
    assert _board(_attacked(count)).height < 1500


def test_only_heroes_outside_the_attack_are_condensed() -> None:
    data = dict(ENGINE.view(_attacked(4), None).data)
    assert dt_render._involved(data) == {0, 1}
    duel = dict(ENGINE.view(_attacked(3), None).data)
    assert dt_render._involved(duel) == {0, 1}
    two = dict(ENGINE.view(start_n(2), None).data)
    assert dt_render._involved(two) == {0, 1}


@pytest.mark.parametrize("locale", ["en-US", "pt-BR", "it"])
@pytest.mark.parametrize("count", [2, 3, 4])
def test_no_board_text_is_cut_off_or_too_small(
    count: int, locale: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[tuple[str, str, int]] = []

    def spy(draw: Any, xy: Any, text: str, **kw: Any) -> float:
        fitted, fnt = core_render.fit_text(
            text, kw["max_width"], kw.get("size", 40), kw.get("bold", False)
        )
        drawn.append((text, fitted, int(fnt.size)))
        return core_render.draw_text(draw, xy, text, **kw)

    monkeypatch.setattr(dt_render, "draw_text", spy)
    _board(_attacked(count) if count > 2 else start_n(2), locale)
    assert drawn
    assert all(text == fitted for text, fitted, _ in drawn), drawn
    assert all(size >= 28 for *_, size in drawn)


def test_the_condensed_panel_keeps_the_leader_mark(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[str] = []

    def spy(draw: Any, xy: Any, text: str, **kw: Any) -> float:
        drawn.append(text)
        return core_render.draw_text(draw, xy, text, **kw)

    monkeypatch.setattr(dt_render, "draw_text", spy)
    _board(_attacked(3), "en-US")  # Carla (35 health, not attacked) leads with Alice
    assert drawn.count("♛ Leader") == 2 and "3. Carla — Gunslinger" in drawn
