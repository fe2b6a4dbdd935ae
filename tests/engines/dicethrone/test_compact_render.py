"""With 3–4 heroes the board condenses the heroes not in the current attack."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from engines.core import render as core_render
from engines.core import theme
from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone.render import compact as dt_compact
from engines.dicethrone.render import hero as dt_hero
from engines.dicethrone.render import layout as dt_layout
from engines.dicethrone.render import letters as dt_letters
from engines.dicethrone.render import style as dt_style
from engines.dicethrone.rules.state import State, Step
from engines.dicethrone.view import BoardView, PlayerView, UpgradeView, typed
from tests.engines.dicethrone.board_scenes import scene_n
from tests.engines.dicethrone.helpers import act, with_player
from tests.engines.dicethrone.test_effect_words import drawn_whole
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


@pytest.mark.parametrize("locale", ["en-US", "pt-BR", "it"])
@pytest.mark.parametrize("count", [3, 4])
def test_a_board_of_many_heroes_fits_a_phone_screen(count: int, locale: str) -> None:
    # Two hero boards (attacker, target) plus condensed panels, two side by side:
    # 3 heroes fit (1,101–1,151 px with the panels stacked); 4 heroes too, with
    # minimal panels and packed hero boards (1,078–1,130 px with minimal panels only).
    assert _board(_attacked(count), locale).height <= dt_style.MAX_HEIGHT


def test_only_heroes_outside_the_attack_are_condensed() -> None:
    data = typed(ENGINE.view(_attacked(4), None))
    assert dt_layout.involved(data) == {0, 1}
    duel = typed(ENGINE.view(_attacked(3), None))
    assert dt_layout.involved(duel) == {0, 1}
    two = typed(ENGINE.view(start_n(2), None))
    assert dt_layout.involved(two) == {0, 1}


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

    monkeypatch.setattr(dt_letters, "draw_text", spy)
    state = _attacked(count) if count > 2 else start_n(2)
    _board(_upgraded(state) if count == 4 else state, locale)  # Davi's upgrades too
    assert drawn
    assert all(text == fitted for text, fitted, _ in drawn), drawn
    assert all(size >= 28 for *_, size in drawn)


def test_the_condensed_panel_keeps_the_leader_mark(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[str] = []

    def spy(draw: Any, xy: Any, text: str, **kw: Any) -> float:
        drawn.append(text)
        return core_render.draw_text(draw, xy, text, **kw)

    monkeypatch.setattr(dt_letters, "draw_text", spy)
    _board(_attacked(3), "en-US")  # Carla (35 health, not attacked) leads with Alice
    # On Alice's hero board (beside her name when the board is laid out tightly)
    # and on Carla's condensed panel.
    assert sum("♛ Leader" in text for text in drawn) == 2
    assert "3. Carla — Gunslinger" in drawn


def _upgraded(state: State) -> State:
    """Davi (Barbarian, condensed on a 4-hero board) with two applied upgrades."""
    return with_player(
        state, 3, upgrades={"slap": "slap_2", "thick_skin": "thick_skin_2"}, board=("slap_2",)
    )


@pytest.mark.parametrize(
    ("locale", "line"),
    [
        ("en-US", "Upgrades: Smack II · Thick Skin II"),
        ("pt-BR", "Aprimoramentos: Smack II · Thick Skin II"),
        # No Italian source names Dice Throne content: Italian readers see the English names.
        ("it", "Potenziamenti: Smack II · Thick Skin II"),
    ],
)
def test_the_condensed_panel_shows_applied_upgrades(locale: str, line: str) -> None:
    state = _upgraded(_attacked(4))
    data = typed(ENGINE.view(state, None))
    assert 3 not in dt_layout.involved(data)
    davi, t = data.players[3], ENGINE.catalog().translate
    # Half the board wide, beside Carla's panel: the line wraps, never cut short.
    full = _said(davi, data, locale, minimal=False)
    assert line in full and dt_hero.card_counts(davi, t, locale) in full
    # The minimal panel (a board's last resort) leaves the upgrades and the card
    # counts to Davi's own board; his name, health and CP stay.
    minimal = _said(davi, data, locale, minimal=True)
    assert "II" not in minimal and dt_hero.card_counts(davi, t, locale) not in minimal
    health = t("dicethrone.render.health_of", locale, health=davi.health, max=davi.max_health)
    assert "4. Davi" in minimal and health in minimal


def _said(p: PlayerView, data: BoardView, locale: str, minimal: bool) -> str:
    """The words of ``p``'s condensed panel half the board wide."""
    width = (theme.CANVAS_WIDTH - 2 * theme.MARGIN - dt_style.GAP) // 2
    t = ENGINE.catalog().translate
    lines = dt_compact.condensed_lines(p, data, width, t, locale, minimal)
    return " ".join(text for line in lines for text, _, _ in line)


def test_only_a_board_too_tall_for_full_panels_draws_minimal_ones(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    drawn: list[str] = []

    def spy(draw: Any, xy: Any, text: str, **kw: Any) -> float:
        drawn.append(text)
        return core_render.draw_text(draw, xy, text, **kw)

    monkeypatch.setattr(dt_letters, "draw_text", spy)
    t = ENGINE.catalog().translate
    # 3 heroes: the board fits with Carla's full panel (her card counts drawn).
    three = _attacked(3)
    _board(three, "en-US")
    carla = typed(ENGINE.view(three, None)).players[2]
    assert dt_hero.card_counts(carla, t, "en-US") in drawn
    # Card counts on all three: Alice's and Bruno's hero boards and Carla's panel.
    assert sum(text.startswith("Hand ") for text in drawn) == 3
    # 4 heroes, Davi upgraded: full panels would pass a phone's height, so Carla and
    # Davi get minimal ones, and his upgrades make the board no taller.
    four = _attacked(4)
    plain = _board(four, "en-US").height
    drawn.clear()
    upgraded = _upgraded(four)
    assert _board(upgraded, "en-US").height == plain
    view = typed(ENGINE.view(upgraded, None))
    assert not any("Upgrades" in text for text in drawn)
    # Card counts on Alice's and Bruno's hero boards only.
    assert sum(text.startswith("Hand ") for text in drawn) == 2
    for p in view.players[2:]:
        assert any(f"{p.seat + 1}. {p.name}" in text for text in drawn)
        assert any(f"{p.health}/{p.max_health}" in text for text in drawn)


def test_many_upgrades_wrap_onto_lines_of_the_panel() -> None:
    from dataclasses import replace

    names = tuple(UpgradeView({"en-US": f"Righteous Combat {n}"}, 2) for n in range(8))
    data = typed(ENGINE.view(start_n(2), None))
    player = replace(data.players[0], upgrades=names)
    # Half the board wide, as two condensed panels side by side are.
    width = (theme.CANVAS_WIDTH - 2 * theme.MARGIN - dt_style.GAP) // 2
    lines = dt_compact.condensed_lines(player, data, width, ENGINE.catalog().translate, "it")
    texts = [text for line in lines for text, _, _ in line]
    assert len(lines) > 3 and all("…" not in text for text in texts)
    assert " ".join(texts).count("Righteous Combat") == 8
    room = width - dt_style.INDENT - dt_style.RIGHT
    for line in lines:
        widths = [
            core_render.text_width(text, core_render.font(dt_style.SMALL, bold))
            for text, bold, _ in line
        ]
        assert sum(widths) + dt_style.SEGMENT_GAP * 5 * (len(line) - 1) <= room


def test_a_waiting_choice_is_said_once_where_the_board_would_not_fit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Davi's Gunslinger has rolled her Duel against Alice, 4 heroes, in pt-BR: the
    # tallest board there is (1,417 px when the Duel's text stood under its options).
    heroes = ("ninja", "ninja", "ninja", "gunslinger")
    state = scene_n(heroes, "dealt", most=2)
    data = typed(ENGINE.view(state, None))
    assert data.choice is not None and data.choice.seat == 3
    words = drawn_whole(state, "pt-BR", monkeypatch)
    # What Davi decides on: both dice (in words and on the table), each option, his
    # Duel framed; the Duel's text, which the options repeat, left out.
    assert "Davi rola 3, Alice rola 3." in words
    for i, option in enumerate(data.choice.options, 1):
        assert f"{i}) {option['pt-BR']}" in words
    assert "Duelo II · 1 dado" in words and "rolagem oposta" not in words
    assert _board(state, "pt-BR").height <= dt_style.MAX_HEIGHT
