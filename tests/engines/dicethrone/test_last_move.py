"""The last move is drawn on the board, not only captioned: the ability just activated
framed on the attacker's board, the dice that made it outlined (the others dimmed), the
defence just rolled framed on the defender's, and the damage as an arrow from the
attacker's board to the defender's, all in the highlight colour no seat uses."""

from __future__ import annotations

import io
from dataclasses import replace
from typing import Any

import pytest
from PIL import Image

from engines.core import theme
from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone.content.loader import load_pack
from engines.dicethrone.render import abilities as dt_abilities
from engines.dicethrone.render import arrows as dt_arrows
from engines.dicethrone.render import dice as dt_dice
from engines.dicethrone.render import style as dt_style
from engines.dicethrone.rules.combos import used_dice
from engines.dicethrone.rules.state import Phase, State, Step
from engines.dicethrone.view import typed
from tests.engines.dicethrone.helpers import act, start
from tests.engines.dicethrone.test_effect_words import drawn_whole

BARBARIAN = load_pack("base").heroes["barbarian"]


def _slap(dice: tuple[int, ...] = (1, 2, 3, 1, 5)) -> State:
    """Alice activates Smack with four swords (6 damage: its rows deal 4/6/8)."""
    state, _ = act(start(), 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), *dice)
    state, _ = act(state, 0, a.Announce("slap"))
    while state.step is Step.RESPONSE:
        state, _ = act(state, ENGINE.pending(state)[0].seat, a.Pass())
    return state


def _defended() -> State:
    state, _ = act(_slap(), 1, a.Defend(), 3, 4, 6)
    return state


def _arrows(state: State, locale: str = "en-US") -> tuple[list[tuple[Any, ...]], Image.Image]:
    drawn: list[tuple[Any, ...]] = []
    real = dt_arrows.draw_arrow

    def spy(draw: Any, x0: int, x1: int, y: int, label: str) -> None:
        drawn.append((x0, x1, y, label))
        real(draw, x0, x1, y, label)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(dt_arrows, "draw_arrow", spy)
        png = ENGINE.render(ENGINE.view(state, None), "board", locale)
    return drawn, Image.open(io.BytesIO(png)).convert("RGB")


def _near(pixel: tuple[int, ...], colour: tuple[int, int, int]) -> bool:
    return all(abs(p - c) <= 16 for p, c in zip(pixel, colour, strict=False))


def test_the_highlight_colour_is_no_seats_colour() -> None:
    assert all(not _near(theme.HIGHLIGHT, c) for c in theme.SEAT_COLOURS)


def test_the_dice_behind_each_kind_of_combination() -> None:
    assert used_dice(BARBARIAN, (1, 2, 3, 1, 5), _req(symbols={"sword": 3})) == (
        True,
        True,
        True,
        False,
        False,
    )
    assert used_dice(BARBARIAN, (6, 2, 3, 4, 5), _req(straight=4)) == (
        False,
        True,
        True,
        True,
        True,
    )
    assert used_dice(BARBARIAN, (2, 5, 2, 6, 2), _req(of_a_kind=3)) == (
        True,
        False,
        True,
        False,
        True,
    )
    assert not any(used_dice(BARBARIAN, (1, 1, 4, 4, 6), _req(straight=4)))


def _req(**kw: Any) -> Any:
    from engines.dicethrone.content import Requirement

    return Requirement(**kw)


def test_the_activated_ability_and_its_dice_are_marked() -> None:
    data = typed(ENGINE.view(_slap(), None))
    # Four swords make Smack's middle row; the heart played no part.
    assert data.roll.used == (True, True, True, True, False)
    t = ENGINE.catalog().translate
    statuses = dt_abilities.status_names(data)
    alice = dt_abilities.ability_lines(data.players[0], data, 400, statuses, t, "en-US")
    lit = [" ".join(seg[0] for seg in segments) for segments, _, is_lit in alice if is_lit]
    assert lit and lit[0].startswith("✔ Smack"), alice
    assert not any("Thick Skin" in line for line in lit)
    # The roll is over: no "kept" marks, the dice named by the ability they made.
    trays = dt_dice.table_trays(data, t, "en-US")
    assert trays[0][0] == "Alice · ✔ Smack" and trays[0][4] == ()


def test_before_activation_nothing_is_framed_and_kept_dice_stay_marked() -> None:
    state, _ = act(start(), 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 3, 6, 6)
    state, _ = act(state, 0, a.Keep("1 2"))
    data = typed(ENGINE.view(state, None))
    assert data.roll.used == ()
    t = ENGINE.catalog().translate
    lines = dt_abilities.ability_lines(data.players[0], data, 400, {}, t, "en-US")
    assert not any(lit for *_, lit in lines)
    drawn, _ = _arrows(state)
    assert drawn == []  # no damage yet, no arrow


def test_the_defence_just_rolled_is_framed_on_the_defenders_board() -> None:
    data = typed(ENGINE.view(_defended(), None))
    t = ENGINE.catalog().translate
    bruno = dt_abilities.ability_lines(data.players[1], data, 400, {}, t, "en-US")
    lit = [" ".join(seg[0] for seg in segments) for segments, _, is_lit in bruno if is_lit]
    assert lit and "Divine Defense" in lit[0], bruno


@pytest.mark.parametrize(
    ("locale", "label"), [("en-US", "6 damage"), ("pt-BR", "6 de dano"), ("it", "6 danni")]
)
def test_waiting_damage_is_an_arrow_from_the_attacker_to_the_defender(
    locale: str, label: str
) -> None:
    drawn, image = _arrows(_defended(), locale)
    assert [d[3] for d in drawn] == [label]
    x0, x1, y, _ = drawn[0]
    assert x0 < image.width / 2 < x1  # Alice's board (left) to Bruno's (right)
    # The arrow's head and its pill are drawn in the highlight colour.
    mid = y + dt_style.ARROW_ROW // 2 - 4
    assert _near(image.getpixel((x1 - 4, mid)), theme.HIGHLIGHT)
    assert _near(image.getpixel(((x0 + x1) // 2, mid - 18)), theme.HIGHLIGHT)


def test_dealt_damage_stays_drawn_in_main_phase_2() -> None:
    state = _defended()
    while state.phase is not Phase.MAIN2:
        state, _ = act(state, ENGINE.pending(state)[0].seat, a.Pass())
    taken = 50 - state.players[1].health
    drawn, _ = _arrows(state)
    assert [d[3] for d in drawn] == [f"−{taken} health"]
    assert drawn[0][0] < drawn[0][1]


@pytest.mark.parametrize("locale", ["en-US", "pt-BR", "it"])
def test_the_marks_of_the_last_move_cover_no_text(
    locale: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = _defended()
    drawn_whole(state, locale, monkeypatch)
    drawn_whole(_slap(), locale, monkeypatch)
    while state.phase is not Phase.MAIN2:
        state, _ = act(state, ENGINE.pending(state)[0].seat, a.Pass())
    drawn_whole(state, locale, monkeypatch)


@pytest.mark.parametrize(
    ("locale", "label"), [("en-US", "no damage"), ("pt-BR", "nenhum dano"), ("it", "nessun danno")]
)
def test_a_hit_wholly_prevented_is_labelled_no_damage_not_minus_zero(
    locale: str, label: str
) -> None:
    state = _defended()
    while state.phase is not Phase.MAIN2:
        state, _ = act(state, ENGINE.pending(state)[0].seat, a.Pass())
    data = typed(ENGINE.view(state, None))
    # The same report as if the defence had prevented every point of it.
    prevented = replace(data, reports=tuple(replace(r, total=0) for r in data.reports))
    t = ENGINE.catalog().translate
    arrows = dt_arrows.damage_arrows(prevented, (0, 1), t, locale)
    assert [label for *_, label in arrows] == [label]


@pytest.mark.parametrize("locale", ["en-US", "pt-BR", "it"])
def test_the_defensive_dice_label_stays_on_one_line_beside_the_attack_dice(
    locale: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # "Bruno · Defensive dice" over three dice, after Alice's five: it ends at the
    # row's end on one line rather than wrap a word a line over its own dice.
    state = _defended()
    words = drawn_whole(state, locale, monkeypatch)
    t = ENGINE.catalog().translate
    assert f"Bruno · {t('dicethrone.render.defense', locale)}" in words
