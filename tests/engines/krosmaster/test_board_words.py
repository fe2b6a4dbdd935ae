"""What a player reads on the board post (issue 13): the banner names who owes what, the
last action is captioned in words, the image fits a phone, the alt text says whose turn
it is in each locale, and the typed public view keeps face-down rewards hidden."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image

from engines.core import RiggedDice
from engines.krosmaster import ENGINE
from engines.krosmaster import actions as A
from engines.krosmaster.names import pick
from engines.krosmaster.render.words import banner_line, caption, localised
from engines.krosmaster.rules.state import Phase, State
from engines.krosmaster.view import read_view
from tests.engines.krosmaster.helpers import new_match, position

LOCALES = ("en-US", "pt-BR", "it")
CATALOG = ENGINE.catalog()


def _fight() -> State:
    """Vigg Arysta (Alice's) hits Gultar with Engano: 1 critical, 1 armour success."""
    state = position(
        {
            "units": [
                {"id": "0.vigg-arysta", "square": "C3", "rewards": ["speed-boost"]},
                {"id": "1.gultar", "square": "C5"},
            ],
            "active": "0.vigg-arysta",
        }
    )
    out = ENGINE.apply(state, 0, A.Cast("engano", "C5"), RiggedDice(["Crit", "Lock", "Armour"]))
    return out.state


def test_the_banner_names_the_player_who_owes_and_what() -> None:
    view = localised(ENGINE.view(_fight(), None).data, "en-US")
    assert banner_line(view, CATALOG, "en-US") == "Alice: play Vigg Arysta's turn"
    pt = localised(ENGINE.view(_fight(), None).data, "pt-BR")
    assert banner_line(pt, CATALOG, "pt-BR") == "Alice: jogar o turno de Vigg Arysta"


def test_the_banner_names_every_player_who_owes() -> None:
    state = new_match(teams="submit")
    assert state.phase is Phase.TEAMS
    view = localised(ENGINE.view(state, None).data, "en-US")
    assert banner_line(view, CATALOG, "en-US") == "Alice, Bruno: submit a team"


@pytest.mark.parametrize("locale", LOCALES)
def test_the_last_cast_is_captioned_in_words(locale: str) -> None:
    text = caption(localised(ENGINE.view(_fight(), None).data, locale), CATALOG, locale)
    expected = {
        "en-US": "Last: Vigg Arysta cast Engano C3 → C5: 1 critical; Gultar o Bárbaro",
        "pt-BR": "Último: Vigg Arysta lançou Engano C3 → C5: 1 Crítico; Gultar o Bárbaro",
        "it": "Ultima: Vigg Arysta ha lanciato Engano C3 → C5: 1 Colpo Critico; Gultar",
    }[locale]
    assert text.startswith(expected), text


def test_a_move_is_captioned_with_its_squares() -> None:
    state = position(
        {"units": [{"id": "0.vigg-arysta", "square": "C3"}], "active": "0.vigg-arysta"}
    )
    state = ENGINE.apply(state, 0, A.Move("C5"), RiggedDice()).state
    view = localised(ENGINE.view(state, None).data, "en-US")
    assert caption(view, CATALOG, "en-US") == "Last: Vigg Arysta moved C3 → C5 (2 MP)"


@pytest.mark.parametrize("kind", ["board", "preview"])
def test_every_render_fits_a_phone(kind: str) -> None:
    for state in (new_match(), _fight()):
        for locale in LOCALES:
            png = ENGINE.render(ENGINE.view(state, 0), kind, locale)
            image = Image.open(io.BytesIO(png))
            assert image.width == 960 and image.height <= 1100


@pytest.mark.parametrize(
    ("locale", "words"),
    [
        ("en-US", ["turn 2", "Alice: play Vigg Arysta's turn", "HP"]),
        ("pt-BR", ["turno 2", "Alice: jogar o turno de Vigg Arysta", "PV"]),
        ("it", ["turno 2", "Alice: giocare il turno di Vigg Arysta", "PV"]),
    ],
)
def test_the_alt_text_says_whose_turn_it_is(locale: str, words: list[str]) -> None:
    state = replace(_fight(), player_turn=2)
    text = ENGINE.describe(ENGINE.view(state, None), "board", locale)
    assert len(text) <= 1000
    for word in words:
        assert word in text, (word, text)


def test_the_end_screen_says_how_the_match_was_won_and_the_score() -> None:
    state = position(
        {
            "units": [
                {"id": "0.vigg-arysta", "square": "C3"},
                {"id": "1.gultar", "square": "C5", "wounds": 23},
            ],
            "active": "0.vigg-arysta",
            "wild_gg": 0,
        }
    )
    state = ENGINE.apply(state, 0, A.Cast("engano", "C5"), RiggedDice(["Lock", "Lock"])).state
    assert state.phase is Phase.OVER
    view = localised(ENGINE.view(state, None).data, "en-US")
    assert banner_line(view, CATALOG, "en-US") == "Alice: wins by knock-outs"
    text = ENGINE.describe(ENGINE.view(state, None), "board", "en-US")
    assert "Final score: Alice" in text and "1 Krosmaster standing" in text


def test_the_typed_public_view_names_no_face_down_reward() -> None:
    state = _fight()
    public = read_view(ENGINE.view(state, None).data)
    own = read_view(ENGINE.view(state, 0).data)
    vigg = next(u for u in public.units if u.id == "0.vigg-arysta")
    assert [h.name for h in vigg.rewards] == [None]  # face down: only its owner knows it
    mine = next(u for u in own.units if u.id == "0.vigg-arysta")
    assert pick(mine.rewards[0].name, "en-US") == "Speed Boost"  # named in each language
    # The public render and alt text are the same whatever the face-down reward is.
    other = replace(state, rewards={**state.rewards})
    held = replace(
        other.unit("0.vigg-arysta"),
        rewards=(replace(other.unit("0.vigg-arysta").rewards[0], reward="aeroboost"),),
    )
    other = replace(other, units=tuple(held if u.id == held.id else u for u in other.units))
    for locale in LOCALES:
        assert ENGINE.render(ENGINE.view(state, None), "board", locale) == ENGINE.render(
            ENGINE.view(other, None), "board", locale
        )
        assert ENGINE.describe(ENGINE.view(state, None), "board", locale) == ENGINE.describe(
            ENGINE.view(other, None), "board", locale
        )
