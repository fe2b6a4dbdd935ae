"""The end post says how the match was won and the final score, in words, in each
locale (issue 13): knock-outs, Gallons of Glory, a hero's health, prize points, a
deck-out, a resignation, missed deadlines, a referee's decision."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from bot.discord.presenter import Presenter
from bot.i18n import Texts, build_catalog
from bot.match.types import MatchSnapshot
from bot.store.models import Match, MatchSeat, MatchStatus
from engines.core import GameEngine, Seat, SeededDice
from engines.core.registry import get, load_games
from engines.core.serde import to_json

GAMES = load_games()
PRESENTER = Presenter(Texts(build_catalog(GAMES)))


def started(game: str, moves: int = 40) -> tuple[GameEngine[Any], Any]:
    """A two-player match of ``game`` played ``moves`` moves by each decision's default."""
    engine = get(game)
    seats = [Seat(0, "Alice"), Seat(1, "Bruno")]
    state = engine.new_match({}, seats, engine.load_content(None), SeededDice(b"end", 0))
    for n in range(1, moves + 1):
        owed = [d for d in engine.pending(state) if not d.optional]
        if not owed or owed[0].default is None:
            break
        state = engine.apply(state, owed[0].seat, owed[0].default, SeededDice(b"end", n)).state
    return engine, state


def end_lines(engine: GameEngine[Any], state: Any, result: Any = None) -> dict[str, list[str]]:
    """The end post's result lines (without the seed line) in each locale."""
    if result is None:
        ended = engine.result(state)
        assert ended is not None
        result = to_json(ended)
    match = Match(id=7, version=50, status=MatchStatus.FINISHED, result=result)
    seats = [
        MatchSeat(seat=0, user_id=100, display_name="Alice"),
        MatchSeat(seat=1, user_id=101, display_name="Bruno"),
    ]
    snap = MatchSnapshot(engine, match, seats, state)
    return {loc: PRESENTER.result_lines(snap, loc) for loc in ("en-US", "pt-BR", "it")}


def test_krosmaster_knock_outs_and_gallons_of_glory() -> None:
    engine, state = started("krosmaster")
    players = (replace(state.players[0], gg=4), replace(state.players[1], gg=0))
    # Bruno's Krosmasters are still on the board: Alice won on Gallons of Glory.
    lines = end_lines(engine, replace(state, players=players, winner=0))
    assert lines["en-US"] == [
        "Alice won: the other side has no Gallons of Glory left.",
        "Final score: Alice: 4 GG · Bruno: 0 GG.",
    ]
    assert lines["pt-BR"][0] == "Alice venceu: o lado adversário ficou sem Galardões da Glória."
    assert lines["it"][1] == "Punteggio finale: Alice: 4 GG · Bruno: 0 GG."
    # None of Bruno's Krosmasters is left standing: a win by knock-outs.
    units = tuple(u for u in state.units if u.owner == 0)
    knocked = end_lines(engine, replace(state, players=players, winner=0, units=units))
    assert knocked["en-US"][0] == "Alice won: every opposing Krosmaster was knocked out."
    assert knocked["it"][0] == "Alice ha vinto: tutti i Krosmaster avversari sono stati messi KO."


def test_dice_throne_health() -> None:
    engine, state = started("dicethrone")
    players = (replace(state.players[0], health=23), replace(state.players[1], health=0))
    lines = end_lines(engine, replace(state, players=players, winner=0, winners=(0,)))
    assert lines["en-US"] == [
        "Alice won: every opposing hero's health fell to 0.",
        "Final score: Alice: 23 health · Bruno: 0 health.",
    ]
    assert lines["pt-BR"][1] == "Placar final: Alice: 23 de Vitalidade · Bruno: 0 de Vitalidade."
    assert lines["it"][1] == "Punteggio finale: Alice: 23 punti salute · Bruno: 0 punti salute."


def test_battle_scenes_prize_points_and_deck_out() -> None:
    engine, state = started("battlescenes")
    lines = end_lines(engine, replace(state, winner=1))
    # Nobody has 15 prize points yet: Alice must have drawn from an empty deck.
    assert lines["en-US"][0] == "Bruno won: Alice had to draw from an empty deck."
    assert lines["pt-BR"][0] == "Bruno venceu: Alice precisou comprar de um deck vazio."
    assert lines["it"][1].startswith("Punteggio finale: Alice: ")
    assert "punti premio" in lines["it"][1] or "punto premio" in lines["it"][1]


@pytest.mark.parametrize(
    ("reason", "said"),
    [
        ("resign", "Bruno won. (by resignation)"),
        ("forfeit", "Bruno won. (the other side missed too many deadlines)"),
        ("referee", "Bruno won. (by a referee's decision)"),
    ],
)
def test_a_match_ended_by_the_bot_says_why(reason: str, said: str) -> None:
    engine, state = started("dicethrone", 2)
    lines = end_lines(engine, state, {"kind": "win", "winners": [1], "reason": reason})
    assert lines["en-US"] == [said]
    assert "Bruno" in lines["pt-BR"][0] and "(" in lines["pt-BR"][0]


def test_a_draw_says_why() -> None:
    engine, state = started("dicethrone")
    players = (replace(state.players[0], health=0), replace(state.players[1], health=0))
    lines = end_lines(engine, replace(state, players=players, draw=True))
    assert lines["en-US"] == [
        "Draw: every hero fell at the same time.",
        "Final score: Alice: 0 health · Bruno: 0 health.",
    ]
    assert lines["it"][0] == "Pareggio: tutti gli eroi sono caduti nello stesso momento."


def test_a_team_wins_in_the_plural() -> None:
    # 2 v 2 and team games: both winners named, the verb agreeing with them.
    engine, state = started("dicethrone", 2)
    team = end_lines(engine, state, {"kind": "win", "winners": [0, 1], "reason": "referee"})
    assert team["pt-BR"][0].startswith("Alice, Bruno venceram.")
    assert team["it"][0].startswith("Hanno vinto Alice, Bruno.")
    alone = end_lines(engine, state, {"kind": "win", "winners": [1], "reason": "referee"})
    assert alone["pt-BR"][0].startswith("Bruno venceu.")
    assert alone["it"][0].startswith("Ha vinto Bruno.")
