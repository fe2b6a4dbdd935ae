"""The opt-in ``income_window`` match option: Instant Actions after Income."""

from __future__ import annotations

from dataclasses import replace as dc_replace

from engines.core import RiggedDice
from engines.core.model import replace
from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone.content import Passive
from engines.dicethrone.content import Step as ScriptStep
from engines.dicethrone.engine import install_pack
from engines.dicethrone.rules.state import Phase, State, Step
from tests.engines.dicethrone.helpers import MINI, SEATS, act, jab_pack, keys, start, with_player
from tests.engines.dicethrone.test_modes import start_n


def _start(income_window: bool) -> State:
    """Barbarian (Alice, starts) vs Paladin (Bruno), Alice holding the fixture Jab (an
    Instant Action dealing 2 undefendable damage: no printed instant deals damage)."""
    options = {"hero1": "barbarian", "hero2": "paladin", "income_window": income_window}
    dice = RiggedDice([6, 1])
    state = ENGINE.new_match(options, SEATS, jab_pack(), dice)
    state = with_player(state, 0, hand=("jab",), cp=3)
    return with_player(state, 1, hand=(), deck=("absolution", "getting_paid"))


def _to_bruno(state: State) -> State:
    """Alice's turn without an ability; Bruno's Upkeep and Income follow."""
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 1, 2, 3, 5)
    state, _ = act(state, 0, a.NoAbility())
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.EndPhase())
    return state


def test_the_option_is_off_by_default() -> None:
    option = next(o for o in ENGINE.options if o.name == "income_window")
    assert option.default is False
    state = _to_bruno(with_player(start(), 1, hand=(), deck=("absolution",)))
    assert state.phase is Phase.MAIN1 and state.active == 1 and state.step is None


def test_the_window_opens_after_income_active_player_first() -> None:
    state = _start(True)
    # The first player skips the first Income ("Fase de Recursos"): no window then.
    assert state.phase is Phase.MAIN1 and state.step is None
    state = _to_bruno(state)
    # Income happened (+1 CP, a card drawn); Main (1) waits for the window.
    assert state.phase is Phase.INCOME and state.step is Step.INCOME_END
    assert state.players[1].cp == 3 and state.players[1].hand == ("absolution",)
    owed = ENGINE.pending(state)[0]
    assert owed.seat == 1 and "pass" in owed.kinds
    state, _ = act(state, 1, a.Pass())
    assert ENGINE.pending(state)[0].seat == 0
    state, _ = act(state, 0, a.Pass())
    assert state.phase is Phase.MAIN1 and state.step is None and state.active == 1


def test_an_instant_card_in_the_income_window_applies_at_once() -> None:
    # Alice is not waited on yet: her optional decision lets her play Jab
    # (2 undefendable damage); as a non-active player's action it waits for Bruno.
    state = _to_bruno(_start(True))
    assert any(d.seat == 0 and d.optional for d in ENGINE.pending(state))
    state, events = act(state, 0, a.PlayCard("jab"))
    assert "queued" in keys(events) and state.players[1].health == 50
    state, _ = act(state, 1, a.Pass())  # Bruno lets it resolve
    assert state.players[1].health == 48 and state.players[0].cp == 0
    # The window stays open (Alice keeps priority) until everyone passes.
    assert state.step is Step.INCOME_END and ENGINE.pending(state)[0].seat == 0
    state, _ = act(state, 0, a.Pass())
    state, _ = act(state, 1, a.Pass())
    assert state.phase is Phase.MAIN1


def test_a_defeat_in_the_income_window_ends_the_match() -> None:
    state = with_player(_to_bruno(_start(True)), 1, health=2)
    state, _ = act(state, 0, a.PlayCard("jab"))
    state, events = act(state, 1, a.Pass())
    assert state.phase is Phase.OVER and state.winner == 0 and "won" in keys(events)


def test_play_cards_of_other_timings_wait_for_their_phase() -> None:
    # Only Instant Actions (and tokens) fit the Income window: Main-phase cards do not.
    state = _to_bruno(_start(True))
    decision = ENGINE.pending(state)[0]
    # Absolution (a roll card) is not playable here; Tithe's draw (3 CP, a board action) is.
    assert decision.kinds == ("pass", "use") and state.players[1].cp == 3


# -- Income passives aimed at "the opponent" with several opponents ----------------


def _tithe(income_window: bool, count: int = 3) -> State:
    """Seat 1 (a Warden whose Income passive inflicts Bleed on "the opponent")
    reaches its Income in a match of ``count`` players."""
    tithe = Passive(
        id="tithe",
        name={"en-US": "Tithe"},
        text={"en-US": "Income: inflict Bleed on the opponent."},
        source="test fixture",
        verified=False,
        income=(ScriptStep(op="inflict", status="bleed", amount=1, target="opponent"),),
    )
    warden = dc_replace(MINI.heroes["warden"], passives=(tithe,))
    pack = dc_replace(MINI, pack="mini_tithe", heroes={**MINI.heroes, "warden": warden})
    install_pack(pack)
    heroes = {f"hero{i}": "warden" for i in range(1, count + 1)}
    state = start_n(count, content=pack, income_window=str(income_window).lower(), **heroes)
    state = replace(state, active=1, phase=Phase.UPKEEP, turn=2)
    return ENGINE.flow(state, RiggedDice([])).start_turn(state)


def test_an_income_passive_asks_which_opponent_when_the_window_exists() -> None:
    state = _tithe(True)
    assert state.phase is Phase.INCOME
    decision = ENGINE.pending(state)[0]
    assert decision.seat == 1 and decision.prompt.key == "dicethrone.prompt.choose_foe"
    assert decision.default == a.Choose(1)  # the opponent on the left
    state, _ = act(state, 1, a.Choose(2))  # "1. Alice"
    assert state.players[0].statuses.get("bleed") == 1
    assert "bleed" not in state.players[2].statuses
    # Then the Income window, as usual with the option on.
    assert state.step is Step.INCOME_END


def test_without_the_window_the_income_passive_still_asks_which_opponent() -> None:
    # Nothing in the rules names "the opponent" of an Income passive with several
    # opponents, so its owner chooses even without the window; the turn then goes
    # straight on to Main (1).
    state = _tithe(False)
    assert state.phase is Phase.INCOME
    decision = ENGINE.pending(state)[0]
    assert decision.seat == 1 and decision.prompt.key == "dicethrone.prompt.choose_foe"
    assert decision.default == a.Choose(1) and decision.auto_default
    choose = next(s for s in decision.selections if s.kind == "choose")
    assert choose.public and [o.value for o in choose.options] == [1, 2]
    state, _ = act(state, 1, a.Choose(2))  # "1. Alice"
    assert state.players[0].statuses.get("bleed") == 1
    assert "bleed" not in state.players[2].statuses
    assert state.phase is Phase.MAIN1 and state.step is None and state.choice is None
    # One opponent (a duel) is never asked about.
    duel = _tithe(True, count=2)
    assert duel.players[0].statuses.get("bleed") == 1 and duel.step is Step.INCOME_END
    quiet_duel = _tithe(False, count=2)
    assert quiet_duel.players[0].statuses.get("bleed") == 1
    assert quiet_duel.phase is Phase.MAIN1


def test_without_the_window_only_the_opponent_question_pauses_income() -> None:
    # 2 v 2 without the window: the default (the opponent on the left) when the
    # deadline passes, and no Income window afterwards.
    state = _tithe(False, count=4)
    decision = ENGINE.pending(state)[0]
    state, _ = act(state, 1, decision.default)
    assert state.players[2].statuses.get("bleed") == 1
    assert state.phase is Phase.MAIN1 and state.step is None


def test_in_2v2_the_income_passive_offers_only_the_opponents() -> None:
    state = _tithe(True, count=4)
    labels = ENGINE.autocomplete(state, 1, "choose", "option", "", {})
    # Seat 2 (Bruno) is on the team of seats 2 & 4: only Carla and Alice are offered.
    assert [c.label.params["text"]["en-US"] for c in labels] == ["3. Carla", "1. Alice"]
    view = ENGINE.view(state, 1)
    assert ENGINE.render(view)  # the board shows the pending choice in Income
    state, _ = act(state, 1, a.Choose(1))
    assert state.players[2].statuses.get("bleed") == 1 and state.step is Step.INCOME_END
