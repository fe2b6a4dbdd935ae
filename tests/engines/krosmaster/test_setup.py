"""Teams (1.1), first player (1.3.1), GG (1.3.5), timelines (2.4.3) and deployment (1.3.9)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engines.core import EngineError, RiggedDice, SetupError
from engines.krosmaster import ENGINE
from engines.krosmaster import actions as A
from engines.krosmaster.content.schema import FigureDef, NameColour
from engines.krosmaster.rules.setup import first_player, starting_gg, timeline_order, validate_team
from engines.krosmaster.rules.state import Phase
from tests.engines.krosmaster.helpers import SEATS, act, examples, new_match


def fig(
    name: str,
    level: int = 3,
    initiative: int = 3,
    colour: NameColour = NameColour.BLACK,
    types: tuple[str, ...] = (),
    version: str = "",
) -> FigureDef:
    return FigureDef(
        id=f"{name}{version}",
        name=name,
        hp=8,
        mp=3,
        ap=6,
        source="t",
        verified=False,
        version=version,
        colour=colour,
        types=types,
        level=level,
        initiative=initiative,
    )


def rule_of(figures: list[FigureDef], fmt: str = "constructed") -> str | None:
    with pytest.raises(SetupError) as err:
        validate_team(figures, fmt)
    return err.value.rule


def test_constructed_team_size_and_level() -> None:
    assert rule_of([fig("A", 6), fig("B", 6)]) == "1.1.1.a"
    assert rule_of([fig("A"), fig("B"), fig("C")]) == "1.1.1.b"
    validate_team([fig("A", 4), fig("B", 4), fig("C", 4)], "constructed")


def test_gold_names_are_unique_and_versions_count_as_the_same_krosmaster() -> None:
    gold = NameColour.GOLD
    team = [
        fig("Tristepan", 3, colour=gold),
        fig("Tristepan", 3, colour=gold, version="-tristemonio"),
        fig("C", 6),
    ]
    assert rule_of(team) == "1.1.1.c"  # 2.1.2: two versions of one hero


def test_white_names_at_most_twice_black_at_most_thrice() -> None:
    white = [fig("W", 3, colour=NameColour.WHITE)] * 3 + [fig("X", 3)]
    assert rule_of(white) == "1.1.1.e"
    black = [fig("K", 2)] * 4 + [fig("X", 4)]
    assert rule_of(black) == "1.1.1.f"
    validate_team([fig("K", 2)] * 3 + [fig("X", 6)], "constructed")


def test_only_one_boss() -> None:
    team = [fig("A", 4, types=("Boss",)), fig("B", 4, types=("Chefe",)), fig("C", 4)]
    assert rule_of(team) == "1.1.1.g"


def test_limited_allows_duplicates_and_levels_up_to_twelve() -> None:
    gold = fig("G", 3, colour=NameColour.GOLD)
    validate_team([gold, gold, gold], "limited")  # 1.1.2.c, total 9
    assert rule_of([fig("A", 5)] * 3, "limited") == "1.1.2.b"


def test_first_player_by_total_initiative_then_the_tie_breaks() -> None:
    dice = RiggedDice()
    a = [fig("A", initiative=5), fig("B", initiative=1)]
    b = [fig("C", initiative=3), fig("D", initiative=2)]
    assert first_player([a, b], dice) == (0, "1.3.1")
    # Equal totals (6): compare along the timelines: 4 v 4, then 2 v 1.
    a = [fig("A", initiative=4), fig("B", initiative=2)]
    b = [fig("C", initiative=1), fig("D", initiative=4), fig("E", initiative=1)]
    assert first_player([a, b], dice) == (0, "1.3.1.a")
    # Same initiatives compared pairwise, more Krosmasters wins (1.3.1.b).
    c = [*a, fig("Z", initiative=0)]
    assert first_player([a, c], dice) == (1, "1.3.1.b")
    # Identical teams: a random draw (1.3.1.c).
    assert first_player([a, a], RiggedDice([False])) == (1, "1.3.1.c")


def test_timeline_by_decreasing_initiative_keeping_listed_order_on_ties() -> None:
    team = [fig("A", initiative=2), fig("B", initiative=8), fig("C", initiative=2)]
    assert timeline_order(team) == [1, 0, 2]


@pytest.mark.parametrize(
    ("levels", "expected"),
    [((5, 6), [3, 3]), ((6, 8), [5, 3]), ((12, 12), [6, 6]), ((8, 12), [8, 4]), ((7, 8), [4, 4])],
)
def test_limited_gg_tables(levels: tuple[int, int], expected: list[int]) -> None:
    # 1.3.5.b: by total level; the lower team steals by difference (2–3: 1 GG, 4+: 2 GG).
    assert starting_gg("limited", levels) == expected


def test_constructed_players_start_with_six_gg_and_one_wild_gg() -> None:
    state = new_match()
    assert [p.gg for p in state.players] == [6, 6]
    assert state.wild_gg == 1


def test_match_setup_deploys_second_player_first_then_first_player_plays() -> None:
    state = new_match()  # Bonta Guard: 4+8+3+3 = 18 > Brakmar: 2+4+5+1+2 = 14
    assert state.first_player == 1
    assert state.phase is Phase.DEPLOY and state.deploying == 0
    timeline = [state.unit(u).figure for u in state.players[0].timeline]
    assert timeline == ["gui-yermetel", "vigg-arysta", "tristepan", "koa-gullar", "merkator"]
    while state.phase is Phase.DEPLOY:
        state = act(state, ENGINE.pending(state)[0].default)
    # 5.2.4: no tension test on the first player's first turn.
    assert state.phase is Phase.ACTIVATION and state.active_player == 1
    assert state.active_unit == "1.evangelyne"
    assert state.unit("1.evangelyne").ap == 6


def test_deployment_only_on_own_free_starting_squares() -> None:
    state = new_match()
    with pytest.raises(Exception, match="starting squares") as err:
        act(state, A.Deploy("Tristepan", "B12"))
    assert getattr(err.value, "rule", None) == "1.3.9"
    state = act(state, A.Deploy("Tristepan", "B1"))
    with pytest.raises(Exception, match="starting squares"):
        act(state, A.Deploy("Vigg Arysta", "B1"))


def test_unknown_teams_and_arenas_are_setup_errors() -> None:
    with pytest.raises(SetupError):
        ENGINE.new_match({"team1": "nobody, x, y"}, SEATS, examples(), RiggedDice())
    with pytest.raises(SetupError):
        ENGINE.new_match({"arena": "moon"}, SEATS, examples(), RiggedDice())


def test_state_round_trips_through_json() -> None:
    state = new_match()
    state = replace(state, tension=())
    assert ENGINE.state_from_json(ENGINE.state_to_json(state)) == state


def test_the_second_player_chooses_a_side_when_the_match_asks_for_it() -> None:
    """1.3.2: with `sides=choose` the second player picks the starting squares; the
    first player takes the opposite ones. Tournaments fix them (the default)."""
    fixed = new_match()
    assert fixed.phase is Phase.DEPLOY
    state = new_match(sides="choose")
    second = 1 - state.first_player
    decision = ENGINE.pending(state)[0]
    assert (decision.seat, decision.kinds) == (second, ("side",))
    printed = state.arena.starts
    chosen = act(state, A.Side(str(state.first_player + 1)))  # take the first player's set
    assert chosen.phase is Phase.DEPLOY
    assert chosen.arena.starts[second] == printed[state.first_player]
    assert chosen.arena.starts[state.first_player] == printed[second]
    kept = act(state, decision.default)
    assert kept.arena.starts == printed
    with pytest.raises(EngineError):
        act(state, A.Side("3"))
