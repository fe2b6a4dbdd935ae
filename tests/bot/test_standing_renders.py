"""Images agree with where the match stands (issue 27): after a resignation, a forfeit, a
referee's result or cancellation, or during a pause, no image still says whose turn it
is or what they must do; the banner (and the alt text) says how the match ended or that
it is paused, in every game and locale, on the public board and the players' own views."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import cache
from typing import Any

import pytest

from bot.discord.presenter import Presenter
from bot.match.types import MatchSnapshot
from bot.store.models import Match, MatchSeat, MatchStatus
from engines.battlescenes.render.words import owes_text
from engines.battlescenes.view import parse
from engines.core import GameEngine, Seat, SeededDice, View
from engines.core.registry import get, load_games
from engines.core.render import recorded_text
from engines.dicethrone.render.words import owes_parts
from engines.dicethrone.view import typed
from engines.krosmaster.render.words import banner, localised

load_games()
LOCALES = ("en-US", "pt-BR", "it")
SEATS = [
    MatchSeat(seat=0, user_id=100, display_name="Alice"),
    MatchSeat(seat=1, user_id=101, display_name="Bruno"),
]


def _dicethrone(view: View, locale: str) -> list[str]:
    engine = get("dicethrone")
    parts = owes_parts(typed(view), engine.catalog().translate, locale)
    return [text.lstrip(": ") for text, _colour, name in parts if not name and text.strip(" ·")]


def _krosmaster(view: View, locale: str) -> list[str]:
    engine = get("krosmaster")
    return [banner(localised(view.data, locale), engine.catalog(), locale)[1]]


def _battlescenes(view: View, locale: str) -> list[str]:
    engine = get("battlescenes")
    return [owes_text(parse(view), engine.catalog().translate, locale)]


#: Each game's words for who owes what (the banner without the names), from its view.
OWES: dict[str, Callable[[View, str], list[str]]] = {
    "dicethrone": _dicethrone,
    "krosmaster": _krosmaster,
    "battlescenes": _battlescenes,
}


@cache
def playing(game: str) -> tuple[GameEngine[Any], Any]:
    """A match of ``game`` past its set-up, with Alice or Bruno owing a decision."""
    engine = get(game)
    seats = [Seat(0, "Alice"), Seat(1, "Bruno")]
    state = engine.new_match({}, seats, engine.load_content(None), SeededDice(b"standing", 0))
    for n in range(1, 30):
        owed = [d for d in engine.pending(state) if not d.optional]
        assert owed and owed[0].default is not None
        state = engine.apply(state, owed[0].seat, owed[0].default, SeededDice(b"s", n)).state
    assert engine.result(state) is None
    return engine, state


def snapshot(engine: GameEngine[Any], state: Any, status: str, result: Any = None) -> MatchSnapshot:
    match = Match(id=7, version=40, status=status, result=result)
    return MatchSnapshot(engine, match, SEATS, state)


#: The match's row after each way of ending or pausing outside the rules, and what the
#: banner says then in en-US.
STANDINGS = {
    "resign": (
        MatchStatus.FINISHED,
        {"kind": "win", "winners": [1], "reason": "resign"},
        "Bruno won: the other side resigned",
    ),
    "forfeit": (
        MatchStatus.FINISHED,
        {"kind": "win", "winners": [0], "reason": "forfeit"},
        "Alice won: the other side missed too many deadlines",
    ),
    "referee": (
        MatchStatus.FINISHED,
        {"kind": "win", "winners": [1], "reason": "referee"},
        "Bruno won by a referee's decision",
    ),
    "referee_draw": (
        MatchStatus.FINISHED,
        {"kind": "draw", "winners": [], "reason": "referee"},
        "Draw by a referee's decision",
    ),
    "paused": (MatchStatus.PAUSED, None, "Paused until a referee resumes the match"),
    "cancelled": (MatchStatus.CANCELLED, None, "Match cancelled by a referee"),
}


def drawn(engine: GameEngine[Any], view: View, kind: str, locale: str) -> str:
    """The words of a render, in drawing order (a banner broken over rows joined again)."""
    with recorded_text() as found:
        engine.render(view, kind, locale)
    return " ".join(" ".join(found).split())


@pytest.mark.parametrize("game", list(OWES))
@pytest.mark.parametrize("how", list(STANDINGS))
def test_every_image_says_how_the_match_stands(game: str, how: str) -> None:
    engine, state = playing(game)
    status, result, english = STANDINGS[how]
    snap = snapshot(engine, state, status, result)
    # Every locale and a seat's own images for a resignation (a pause: its images in
    # English); the public board in English for the other ways (the same code draws them).
    everywhere = how in ("resign", "paused")
    for locale in LOCALES if how == "resign" else LOCALES[:1]:
        catalog = engine.catalog()
        standing = Presenter.standing(snap)
        assert standing is not None
        said = catalog.translate(standing.text.key, locale, **dict(standing.text.params))
        if locale == "en-US":
            assert said == english
        for seat in (None, 0) if everywhere else (None,):
            plain = engine.view(state, seat)
            owes = [w for w in OWES[game](plain, locale) if w]
            view = replace(plain, standing=standing)
            for kind in engine.render_kinds if seat is not None else engine.render_kinds[:1]:
                text = drawn(engine, view, kind, locale)
                # Nothing drawn still asks anyone to play.
                assert not [w for w in owes if w in text], (kind, text)
                # Where the image says who owes what: the board, Battle Scenes' hand.
                if kind == engine.render_kinds[0] or (game, kind) == ("battlescenes", "hand"):
                    assert said in text, (seat, kind, text)
            alt = engine.describe(view, engine.render_kinds[0], locale)
            assert said in alt and not [w for w in owes if w in alt], alt
        if not everywhere:
            continue
        # The match as it was before (a replay, a rollback's preview) says its turn still.
        before = engine.view(state, None)
        text = drawn(engine, before, engine.render_kinds[0], locale)
        assert any(w in text for w in OWES[game](before, locale) if w)


@pytest.mark.parametrize("game", list(OWES))
def test_an_end_the_rules_reached_is_the_game_s_own(game: str) -> None:
    """A match the game itself ended keeps the game's own end screen (its result,
    how it was won), and an active one has no standing at all."""
    engine, state = playing(game)
    assert Presenter.standing(snapshot(engine, state, MatchStatus.ACTIVE)) is None
