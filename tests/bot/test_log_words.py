"""`/match log` says every entry in words (issue 13): a move that left no event of its
own is told by the game's sentence for its kind ("Bruno passes."), never as "action"."""

from __future__ import annotations

from typing import Any

import pytest

from bot.discord.presenter import Presenter
from bot.i18n import Texts, build_catalog
from bot.match.types import MatchSnapshot
from bot.store.models import Match, MatchEvent, MatchSeat, MatchStatus
from engines.core import Event, GameEngine
from engines.core.i18n import LOCALES
from engines.core.registry import load_games
from engines.core.serde import to_json
from tests.testgame import ENGINE as TESTGAME

#: The built-in games (another test may have installed the test game in this process:
#: it is the game without log sentences, checked on its own below).
GAMES = [g for g in load_games() if g.name != TESTGAME.name]
PRESENTER = Presenter(Texts(build_catalog([*GAMES, TESTGAME])))


def _snap(engine: GameEngine[Any]) -> MatchSnapshot:
    match = Match(id=1, version=3, status=MatchStatus.ACTIVE)
    seats = [
        MatchSeat(seat=0, user_id=100, display_name="Alice"),
        MatchSeat(seat=1, user_id=101, display_name="Bruno"),
    ]
    return MatchSnapshot(engine, match, seats, None)


def _row(kind: str, events: list[Event] | None = None, reason: str | None = None) -> MatchEvent:
    return MatchEvent(
        seq=3,
        kind="action",
        actor_id=101,
        seat=1,
        action={"kind": kind},
        events=[to_json(e) for e in events or []],
        reason=reason,
    )


@pytest.mark.parametrize("engine", GAMES, ids=lambda e: e.name)
def test_every_action_kind_has_a_log_line_in_words_in_every_locale(
    engine: GameEngine[Any],
) -> None:
    snap = _snap(engine)
    catalog = PRESENTER.t.catalog
    lines: dict[str, set[str]] = {}
    for action_type in engine.action_types:
        kind = action_type.kind
        for locale in LOCALES:
            assert catalog.has(f"{engine.name}.log.{kind}", locale), (kind, locale)
            line = PRESENTER.log_line(_row(kind), None, locale, snap)
            text = line.removeprefix("`#3` ")
            assert "Bruno" in text, line
            assert "{" not in text and text.endswith("."), line
            assert text not in (kind, "action"), line
            lines.setdefault(locale, set()).add(text)
        # A move by deadline names the default it applied by its command, in words.
        late = PRESENTER.log_line(_row(kind, reason="deadline"), None, "it", snap)
        assert "Bruno" in late and "{" not in late, late
    # Each kind is told apart from the others (a few share their words: "passes").
    for locale, texts in lines.items():
        assert len(texts) >= len(engine.action_types) - 2, locale


def test_a_move_with_events_is_told_by_its_events() -> None:
    engine = next(e for e in GAMES if e.name == "dicethrone")
    event = Event("dicethrone.event.sold", {"player": "Bruno", "card": "Tiro", "cp": 3})
    line = PRESENTER.log_line(_row("sell", [event]), None, "en-US", _snap(engine))
    assert line == "`#3` Bruno sells Tiro (now 3 CP)."


def test_a_game_without_log_sentences_names_the_move_by_its_command() -> None:
    line = PRESENTER.log_line(_row("roll"), None, "pt-BR", _snap(TESTGAME))
    described = PRESENTER.t("testgame.command.roll", "pt-BR")
    assert line == f"`#3` Bruno: {described}."
