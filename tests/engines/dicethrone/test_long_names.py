"""Boards of players with long Discord display names (20 characters are common, up to
32 allowed) and of 4 heroes piled with statuses still fit a phone (issue 13): at most
1,100 px tall (the few that cannot, at the bound their last resort reaches), every
name drawn whole (never cut short "…"), nothing overlapping."""

from __future__ import annotations

import io
from functools import cache

import pytest
from PIL import Image

from engines.core.render import font, recorded_text
from engines.dicethrone import ENGINE
from engines.dicethrone.render import chips as dt_chips
from engines.dicethrone.render import layout as dt_layout
from engines.dicethrone.render import letters as dt_letters
from engines.dicethrone.render import style as dt_style
from engines.dicethrone.rules.state import State
from engines.dicethrone.view import typed
from tests.engines.dicethrone.board_scenes import scene, scene_n
from tests.engines.dicethrone.test_effect_words import drawn_whole

#: Display names of 20 characters, wide letters and no space to wrap them at.
LONG = (
    "Bartholomew_the_Bold",
    "ÉlodieDesChamps_1987",
    "Guilherme_Mendonça_M",
    "Maximilian_Wolfgang7",
)


#: Display names of Discord's longest, 32 characters: with no space to wrap them at,
#: and with spaces.
LONGEST = (
    "Bartholomew_the_Bold_of_Kingsbri",
    "Maria Eduarda Figueiredo Santos1",
    "Maximilian_Wolfgang_Von_Hohenzol",
    "ÉlodieDesChamps_1987_Montpellier",
)
SHORT = ("Alice", "Bruno", "Carla", "Davi")


@cache
def _state(heroes: tuple[str, ...], name: str, most: int, long: bool) -> State:
    return _named(heroes, name, most, LONG if long else SHORT)


@cache
def _named(heroes: tuple[str, ...], name: str, most: int, names: tuple[str, ...]) -> State:
    if len(heroes) == 2:
        return scene(*heroes, name, most=most, names=names)
    return scene_n(heroes, name, most=most, names=names)


def _height(state: State, locale: str) -> int:
    png = ENGINE.render(ENGINE.view(state, None), "board", locale)
    return Image.open(io.BytesIO(png)).size[1]


#: The tallest boards with these names (a sample of every table of 2-4 heroes, two
#: statuses each): 4 heroes up to 1,259 px before each name kept its line ("1." alone
#: above it), the dice labels wrapped beside each other and condensed panels took one
#: row of chips.
NAMED = (
    (("gunslinger", "ninja"), "attack", "pt-BR"),
    (("ninja", "gunslinger"), "roll", "it"),
    (("gunslinger", "gunslinger", "ninja"), "dealt", "pt-BR"),
    (("ninja", "paladin", "gunslinger"), "main", "pt-BR"),
    (("ninja",) * 4, "roll", "it"),
    (("ninja", "ninja", "barbarian", "gunslinger"), "dealt", "pt-BR"),
    (("paladin", "ninja", "ninja", "gunslinger"), "attack", "pt-BR"),
)


@pytest.mark.parametrize(("heroes", "name", "locale"), NAMED)
def test_boards_of_players_with_long_names_fit_a_phone_whole(
    heroes: tuple[str, ...], name: str, locale: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = _state(heroes, name, 2, True)
    words = drawn_whole(state, locale, monkeypatch)
    assert _height(state, locale) <= dt_style.MAX_HEIGHT
    with recorded_text() as lines:
        ENGINE.render(ENGINE.view(state, None), "board", locale)
    for player in typed(ENGINE.view(state, None)).players:
        # Each name whole, on a line of its own or after its seat number (never that
        # number alone on a line above it).
        assert player.name in words, player.name
        n, name = player.seat + 1, player.name
        assert any(x == name or x.startswith((f"{n}. {name}", f"▶ {n}. {name}")) for x in lines)


def test_a_name_too_long_for_a_line_is_broken_not_cut() -> None:
    name = "Maximilian_Wolfgang_Von_Hohenzol"  # 32 characters, wider than half a board
    lines = dt_letters.wrap(f"4. {name} — Gunslinger", 396, dt_style.SMALL, bold=True)
    assert "".join(lines).replace(" ", "").startswith(f"4.{name}")
    assert all(dt_letters.text_width(x, font(dt_style.SMALL, True)) <= 396 for x in lines)
    # Broken after an underscore, not in the middle of a word part.
    assert any(line.endswith("_") for line in lines), lines


#: Among the tallest boards of 4 heroes each holding up to 9 statuses (a third of
#: the tables): 1,183-1,226 px before the last of the last resorts (condensed panels
#: of one row of chips, hero boards saying only what is in play).
PILED = (
    (("gunslinger", "ninja", "ninja", "gunslinger"), "roll", "pt-BR"),
    (("ninja", "gunslinger", "ninja", "gunslinger"), "attack", "pt-BR"),
    (("gunslinger", "ninja", "gunslinger", "ninja"), "roll", "it"),
)


@pytest.mark.parametrize(("heroes", "name", "locale"), PILED)
def test_four_heroes_piled_with_statuses_fit_a_phone_whole(
    heroes: tuple[str, ...], name: str, locale: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = _state(heroes, name, 9, False)
    words = drawn_whole(state, locale, monkeypatch)
    assert _height(state, locale) <= dt_style.MAX_HEIGHT
    view = typed(ENGINE.view(state, None))
    # The heroes in the attack (drawn as hero boards) while it lasts.
    attack = dt_layout.involved(view) if view.phase in ("offensive", "defensive") else set()
    for player in view.players:
        assert player.name in words and f"{player.health}/" in words
        if player.seat in attack:
            # Each of their statuses named.
            for status in player.statuses:
                assert dt_chips.chip_label(status, locale) in words, status.id


#: The tallest boards of players with 32-character names (every table of 2-4 heroes,
#: two statuses each, each scene and locale) and the height each keeps within. Before
#: room was made for long names: 3 heroes up to 1,165 px, 4 heroes 1,297 (1,139 of
#: 3,840 boards of 4 over 1,100). Those still over are at their last resort: both
#: names on the hero boards of the attack broken over two lines each, the pair of
#: condensed panels five lines tall, the banner on two rows; narrower they would
#: drop a hero's marks, health or chips.
LONGEST_NAMED = (
    (("ninja", "paladin"), "roll", "pt-BR", dt_style.MAX_HEIGHT),
    # Two printed Paladins (issue 22: eight board abilities, Divine Defense II's 4 dice).
    (("paladin", "gunslinger", "paladin"), "dealt", "pt-BR", 1170),
    (("paladin", "gunslinger", "paladin"), "attack", "pt-BR", 1170),
    # The legend naming the symbols of the attack's small dice (issue 27) takes a line.
    (("barbarian", "paladin", "ninja", "gunslinger"), "attack", "pt-BR", 1110),
    (("ninja",) * 4, "roll", "pt-BR", dt_style.MAX_HEIGHT),
    (
        ("ninja", "ninja", "gunslinger", "ninja"),
        "end",
        "pt-BR",
        dt_style.MAX_HEIGHT,
    ),
    # The Gunslinger's Duel waiting: its options and the damage in the notes (and the
    # legend of the small dice's symbols).
    (("paladin", "ninja", "gunslinger", "gunslinger"), "dealt", "pt-BR", 1225),
    # The one board of the roll across the width, three panels under it.
    (("barbarian", "ninja", "ninja", "ninja"), "roll", "pt-BR", 1130),
)


@pytest.mark.parametrize(("heroes", "name", "locale", "bound"), LONGEST_NAMED)
def test_boards_of_players_with_the_longest_names_keep_within_a_phone(
    heroes: tuple[str, ...], name: str, locale: str, bound: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = _named(heroes, name, 2, LONGEST)
    words = drawn_whole(state, locale, monkeypatch)
    assert _height(state, locale) <= bound
    view = typed(ENGINE.view(state, None))
    for player in view.players:
        # Each name whole, broken across lines (never cut short), and each health.
        assert player.name.replace(" ", "") in words.replace(" ", ""), player.name
        assert f"{player.health}/" in words


#: The tallest boards of 4 heroes piled with statuses (44 of 3,840 over 1,100 px, all
#: of them these few tables): two chips near 400 px wide (Dobrão Amaldiçoado) force
#: an even split, and the defender's six chips then take a row each. They keep every
#: chip of the attack named, as tall as that takes (and the legend naming the symbols of
#: the small dice on the table, issue 27).
PILED_TALLEST = (
    (("ninja", "ninja", "paladin", "gunslinger"), "dealt", "pt-BR", 1181),
    (("gunslinger", "ninja", "gunslinger", "ninja"), "roll", "pt-BR", 1118),
)


@pytest.mark.parametrize(("heroes", "name", "locale", "bound"), PILED_TALLEST)
def test_the_tallest_piled_boards_name_every_status_within_their_bound(
    heroes: tuple[str, ...], name: str, locale: str, bound: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = _state(heroes, name, 9, False)
    words = drawn_whole(state, locale, monkeypatch)
    assert _height(state, locale) <= bound
    view = typed(ENGINE.view(state, None))
    # The heroes in the attack while it lasts (after it, the heroes it hit may be
    # condensed panels: the notes say the damage).
    attack = dt_layout.involved(view) if view.phase in ("offensive", "defensive") else set()
    for player in view.players:
        assert player.name in words and f"{player.health}/" in words
        if player.seat in attack:
            for status in player.statuses:
                assert dt_chips.chip_label(status, locale) in words, status.id
