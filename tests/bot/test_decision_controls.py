"""Every decision a player is pinged for can be made from the post that pings them.

Each built-in game is played from set-up by its controls alone — the buttons, "none"
buttons and menu options the bot would attach — never by typing a command. At every
step each owed decision must have a control in the public post, or menus in the
player's own view with a line in the post saying so.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest

from bot.discord.controls import Controls
from bot.discord.presenter import Post, Presenter
from bot.i18n import Texts, build_catalog
from bot.match.types import MatchSnapshot
from bot.store.models import Match, MatchSeat, MatchStatus
from engines.core import Decision, EngineError, GameEngine, Seat, SeededDice, Selection
from engines.core.registry import get, load_games
from tests.engines.krosmaster.helpers import examples

GAMES = load_games()
PRESENTER = Presenter(Texts(build_catalog(GAMES)))
SEED = bytes(range(32))
#: A legal team per format, offered through the team menu's own values (a random pick
#: of the menu's figures rarely makes exactly level 12).
KROSMASTER_TEAMS = (
    ("tristepan", "vigg-arysta", "gui-yermetel", "merkator", "koa-gullar"),
    ("evangelyne", "gasper-feyto"),
)


@dataclass
class Walk:
    """What a walk met: decision kinds owed, and those answered only in the view."""

    owed: set[str] = field(default_factory=set)
    in_view: set[str] = field(default_factory=set)
    #: Kinds offered a "none" button (a menu cannot be sent with nothing chosen).
    none: set[str] = field(default_factory=set)


def _snapshot(engine: GameEngine[Any], state: Any, version: int, seats: int) -> MatchSnapshot:
    match = Match(id=1, version=version, status=MatchStatus.ACTIVE, deadline_at=None)
    rows = [MatchSeat(seat=s, user_id=100 + s, display_name=f"P{s}") for s in range(seats)]
    return MatchSnapshot(engine, match, rows, state)


def _selection(decision: Decision, kind: str, field_name: str) -> Selection:
    return next(s for s in decision.selections if (s.kind, s.field_name) == (kind, field_name))


def _actions(decision: Decision, found: Controls, rng: random.Random) -> list[dict[str, Any]]:
    """The actions these controls can send, as the flow would build them."""
    out: list[dict[str, Any]] = []
    for button in [*found.buttons, *found.private_buttons]:
        parts = button.custom_id.split(":")  # tt:<verb>:<match>:<version>:<kind>[:<field>]
        if parts[1] == "act":
            out.append({"kind": parts[4]})
        else:
            out.append(_selection(decision, parts[4], parts[5]).action([]))
    for menu in [*found.public, *found.private]:
        parts = menu.custom_id.split(":")  # ts:<match>:<version>:<kind>:<field>
        selection = _selection(decision, parts[3], parts[4])
        by_text = {str(o.value): o.value for o in selection.options}
        values = [value for _, value, _ in menu.options]
        if selection.kind == "team":
            out += [selection.action(list(t)) for t in KROSMASTER_TEAMS if set(t) <= set(values)]
        for _ in range(3):
            count = rng.randint(max(menu.min_values, 1), menu.max_values)
            out.append(selection.action([by_text[v] for v in rng.sample(values, count)]))
    rng.shuffle(out)
    return out


def walk(game: str, options: Mapping[str, Any], seats: int, steps: int, seed: int) -> Walk:
    """Play ``game`` by its controls alone, checking every ping post on the way."""
    engine = get(game)
    rng = random.Random(seed)
    players = [Seat(s, f"P{s}") for s in range(seats)]
    # Krosmaster: the rulebook-example test figures (all playable), so that a team can be
    # picked from the menu (the built-in roster has two playable figures).
    content = examples() if game == "krosmaster" else engine.load_content(None)
    state = engine.new_match(options, players, content, SeededDice(SEED, 0))
    seen = Walk()
    for version in range(1, steps):
        snap = _snapshot(engine, state, version, seats)
        owed = snap.pending()
        if not owed:
            break
        post = Post()
        lines = PRESENTER.status_lines(snap, "en-US", post)
        for decision in owed:
            found = PRESENTER.controls(snap, decision, "en-US")
            seen.owed.update(decision.kinds)
            assert found.in_post or found.private, f"{game}: no control for {decision}"
            if not found.in_post:
                seen.in_view.update(decision.kinds)
                assert any(line.startswith("↳ Your choices") for line in lines), lines
            for button in [*found.buttons, *found.private_buttons]:
                if button.custom_id.startswith("tt:none:"):
                    seen.none.add(button.custom_id.split(":")[4])
            assert {b.custom_id for b in found.buttons} <= {b.custom_id for b in post.buttons}
        decision = rng.choice(owed)
        found = PRESENTER.controls(snap, decision, "en-US")
        for action in _actions(decision, found, rng):
            try:
                parsed = engine.parse_action(action)
                state = engine.apply(state, decision.seat, parsed, SeededDice(SEED, version)).state
            except EngineError:
                continue  # a legal-looking choice the rules refuse: try another control
            break
        else:
            pytest.fail(f"{game}: no control of {decision} makes a legal move")
    return seen


CASES = [
    # (game, options, seats, seeds, kinds the walk must reach)
    (
        "krosmaster",
        {"teams": "submit", "sides": "choose"},
        2,
        2,
        {"team", "side", "deploy", "tension", "keep", "inspire", "end_turn"},
    ),
    ("krosmaster", {"teams": "submit"}, 4, 1, {"team", "deploy", "tension", "end_turn"}),
    ("dicethrone", {}, 2, 2, {"roll", "keep", "announce", "defend", "end_phase", "pass"}),
    ("dicethrone", {}, 3, 2, {"target", "defend", "pass"}),
    (
        "battlescenes",
        {},
        2,
        3,
        {"choose_first", "mulligan", "initial_resources", "play", "adjust", "use", "choose"},
    ),
]


@pytest.mark.parametrize(
    ("game", "options", "seats", "seeds", "expected"),
    CASES,
    ids=[f"{c[0]}-{c[2]}" for c in CASES],
)
def test_every_owed_decision_is_answered_from_its_post(
    game: str, options: dict[str, Any], seats: int, seeds: int, expected: set[str]
) -> None:
    reached: set[str] = set()
    for seed in range(seeds):
        reached |= walk(game, options, seats, 250, seed).owed
    assert expected <= reached, f"the walks never reached {expected - reached}"


def test_choices_only_in_the_players_view_are_announced_in_the_post() -> None:
    """Battle Scenes' initial resources name hand cards: the menu and its "none"
    button ("no resources") are only in the player's view, and the ping post says where
    to look; so are the Adjustment's when hand cards are among them."""
    seen = Walk()
    for seed in range(2):
        found = walk("battlescenes", {}, 2, 60, seed)
        seen.in_view |= found.in_view
        seen.none |= found.none
    assert "initial_resources" in seen.in_view
    assert {"initial_resources", "adjust"} <= seen.none
