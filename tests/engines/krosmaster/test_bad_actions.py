"""Issue 10 §7: whatever action JSON a player, a menu or a referee sends, Krosmaster
applies it or refuses it with a declared, localised error, and a refusal changes
nothing. States come from random legal play (duel, the submitted-teams set-up and a
three-player free-for-all); the junk is ``tests.engines.malformed``'s."""

from __future__ import annotations

import random
from functools import cache

from hypothesis import given
from hypothesis import strategies as st

from engines.core import Action, Decision, IllegalActionError, RiggedDice
from engines.krosmaster import ENGINE
from engines.krosmaster import actions as A
from engines.krosmaster.rules.state import Phase, State
from tests.engines.krosmaster.helpers import SEATS, examples, new_match
from tests.engines.krosmaster.helpers_multi import new4
from tests.engines.krosmaster.test_properties import _with_card_text, candidates
from tests.engines.malformed import JUNK_SETTINGS, Spot, throw_junk, walked_spots


def _candidates(state: State, decision: Decision, rng: random.Random) -> list[Action]:
    del rng
    if state.phase is Phase.TEAMS:
        return [A.Team("tristepan, gultar"), A.Team("gultar")]
    return candidates(state) if decision is ENGINE.pending(state)[0] else []


@cache
def places() -> tuple[Spot, ...]:
    """States of a few random games (computed once)."""
    teams = ENGINE.new_match({"teams": "submit"}, SEATS, examples(), RiggedDice())
    starts = [
        (_with_card_text(new_match(sides="choose")), 2),
        (teams, 2),
        (_with_card_text(new4("ffa", seats=3, sides="choose")), 3),
    ]
    return walked_spots(ENGINE, starts, _candidates, 70)


@JUNK_SETTINGS
@given(st.data())
def test_any_action_json_is_applied_or_refused_with_a_declared_error(data: st.DataObject) -> None:
    throw_junk(ENGINE, data, places())


def test_a_referee_cannot_make_a_move_of_another_phase() -> None:
    """`/ref act` with `end_turn` during deployment used to trip an assert."""
    state = new_match()
    assert state.phase is Phase.DEPLOY
    before = ENGINE.state_to_json(state)
    for kind in ("end_turn", "move", "tension", "buy_gg", "resolve", "keep"):
        fields = {"to": "A1"} if kind == "move" else {}
        action = ENGINE.parse_action({"kind": kind, **fields})
        try:
            ENGINE.referee_apply(state, 0, action, RiggedDice())
        except IllegalActionError as exc:
            assert exc.key == "core.error.not_now_anyone"
            assert "deploy" in exc.params["allowed"]
        else:
            raise AssertionError(f"{kind} was applied during deployment")
    assert ENGINE.state_to_json(state) == before


def test_the_rules_themselves_refuse_an_activation_action_with_no_figure_active() -> None:
    """Behind the phase check, the rules still word it (no assert guards player input)."""
    state = new_match()
    for action in (A.EndTurn(), A.Move("A1"), A.CollectKama(1)):
        try:
            ENGINE.rules_apply(state, 0, action, RiggedDice())
        except IllegalActionError as exc:
            assert exc.key == "krosmaster.error.no_active"
        else:
            raise AssertionError(f"{action} was applied with no figure active")
