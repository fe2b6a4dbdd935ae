"""Cards played without their target: announced, then the target is asked for as a
decision (a public menu and the `aim` command), then played as if it had been given."""

from __future__ import annotations

import pytest

from engines.core import IllegalActionError, NotYourTurnError, RiggedDice
from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone.rules.state import Phase, State, Step
from tests.engines.dicethrone.helpers import act, defend, keys, start, with_player
from tests.engines.dicethrone.test_menus import menu, owed, pick, suggested, values
from tests.engines.dicethrone.test_modes import start_n


def _attack(state: State, dice: tuple[int, ...], ability: str) -> State:
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), *dice)
    state, _ = act(state, 0, a.Announce(ability))
    state, _ = act(state, 1, a.Pass())
    return state


def _every_option_is_accepted(state: State, seat: int) -> None:
    """Each target the decision offers is a legal move (and the autocomplete's list)."""
    offered = values(menu(owed(state), "aim"))
    assert offered == suggested(state, seat, "aim", "target")
    for value in offered:
        ENGINE.apply(state, seat, a.Aim(str(value)), RiggedDice([1] * 10))


def test_bye_bye_vs_evasive_in_two_steps_the_active_players_card_goes_first() -> None:
    # "Conflitos de Timing": the opponent spends Evasive to avoid the Attack; the
    # active player answers with Buh, Bye!, naming the token only once it is played.
    state = start("gunslinger", "gunslinger")
    state = with_player(state, 0, hand=("bye_bye",), cp=3)
    state = with_player(state, 1, statuses={"evasive": 1})
    state = _attack(state, (4, 5, 4, 1, 2), "cover")  # Alice gains Evasive too; 5 incoming
    assert state.step is Step.DEFENSE
    state, events = act(state, 1, a.Spend("evasive"))
    assert "queued" in keys(events)
    state, events = act(state, 0, a.PlayCard("bye_bye"))
    assert keys(events) == ["card_announced"]
    # Nothing is paid and the card is not yet played until its target is named.
    assert state.players[0].hand == ("bye_bye",) and state.players[0].cp == 3
    decision = owed(state)
    assert decision.seat == 0 and decision.kinds == ("aim",) and not decision.auto_default
    assert ENGINE.pending(state) == [decision]  # nobody else acts meanwhile
    # The board says which card waits for its target (it was announced).
    public = ENGINE.view(state, None).data["aiming"]
    assert public["seat"] == 0 and public["card"]["pt-BR"] == "Tchau-Tchau"
    assert ENGINE.render(ENGINE.view(state, None), "board", "pt-BR").startswith(b"\x89PNG")
    aim = menu(decision, "aim")
    assert aim.public and values(aim) == ["1:evasive", "1:reload", "2:evasive"]
    _every_option_is_accepted(state, 0)
    with pytest.raises(NotYourTurnError):
        act(state, 1, a.Aim("1:evasive"))
    state = pick(state, 0, aim, "2:evasive")
    assert state.players[1].statuses == {} and state.players[0].statuses["evasive"] == 1
    assert state.players[0].cp == 1 and state.aiming is None
    state, events = act(state, 0, a.Pass())  # no die is rolled for the Evasive
    assert "fizzled" in keys(events) and state.queued is None
    assert owed(state).seat == 1 and state.step is Step.DEFENSE


def test_bye_bye_vs_reload_in_two_steps_the_attacker_still_spends_first() -> None:
    # The Defender's Buh, Bye! names the Attacker's Reload; it waits for the active
    # player, who spends Reload first: Buh, Bye! fizzles, back in hand, nothing paid.
    state = start("gunslinger", "gunslinger")
    state = with_player(state, 0, statuses={"reload": 1})
    state = with_player(state, 1, hand=("bye_bye",), cp=3)
    state = _attack(state, (4, 5, 4, 1, 2), "cover")
    state, _ = defend(state, 1, 1, 2)  # Duel: Bruno's 1 loses to 2
    if state.choice is not None:
        state, _ = act(state, 1, a.Choose(2))
    assert state.step is Step.FINAL
    state, _ = act(state, 0, a.Pass())
    state, events = act(state, 1, a.PlayCard("bye_bye"))
    assert keys(events) == ["card_announced"]
    assert values(menu(owed(state), "aim")) == ["1:evasive", "1:reload"]
    _every_option_is_accepted(state, 1)
    state, events = act(state, 1, a.Aim("1:reload"))
    assert "queued" in keys(events) and state.queued is not None
    assert state.queued.target == "1:reload"
    state, _ = act(state, 0, a.Spend("reload"), 4)  # its die: 4, +2 damage
    state, events = act(state, 0, a.Pass())
    assert "fizzled" in keys(events)
    assert state.players[1].hand == ("bye_bye",) and state.players[1].cp == 3


def test_a_single_legal_target_is_used_at_once() -> None:
    state = start("gunslinger", "paladin")
    state = with_player(state, 0, hand=("bye_bye",), cp=3, statuses={})  # no Reload yet
    state = with_player(state, 1, statuses={"protect": 1})
    assert "bye_bye" in values(menu(owed(state), "play"))
    state, events = act(state, 0, a.PlayCard("bye_bye"))
    assert "card_announced" not in keys(events) and "played" in keys(events)
    assert state.players[1].statuses == {} and state.aiming is None


def test_without_any_target_the_card_cannot_be_played() -> None:
    hand = ("bye_bye", "quick_reload")
    state = with_player(start("gunslinger", "paladin"), 0, hand=hand, cp=3, statuses={})
    assert values(menu(owed(state), "play")) == ["quick_reload"]  # no token in play
    with pytest.raises(IllegalActionError) as info:
        act(state, 0, a.PlayCard("bye_bye"))
    assert info.value.key == "dicethrone.error.pick_token"


def test_the_slash_form_with_a_target_is_unchanged() -> None:
    state = start("gunslinger", "paladin")
    state = with_player(state, 0, hand=("bye_bye",), cp=3, statuses={"reload": 1})
    state = with_player(state, 1, statuses={"protect": 1})
    state, events = act(state, 0, a.PlayCard("bye_bye", "1:reload"))
    assert "card_announced" not in keys(events) and state.players[0].statuses == {}


def _rolled(dice: tuple[int, ...]) -> State:
    state = with_player(start("gunslinger", "barbarian"), 0, hand=("twice_as_wild",), cp=3)
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), *dice)
    return state


def test_twice_as_wild_asks_one_die_at_a_time() -> None:
    state = _rolled((1, 1, 1, 1, 1))
    assert "twice_as_wild" in values(menu(owed(state), "play"))
    # The play command's autocomplete offers the same die changes as targets.
    assert "1=6" in [
        c.value
        for c in ENGINE.autocomplete(state, 0, "play", "target", "", {"card": "twice_as_wild"})
    ]
    state, _ = act(state, 0, a.PlayCard("twice_as_wild"))
    first = menu(owed(state), "aim")
    assert len(values(first)) == 25 and "1=1" not in values(first)  # 5 dice × 5 new faces
    assert first.public and values(first) == suggested(state, 0, "aim", "target")
    state = pick(state, 0, first, "1=6")
    decision = owed(state)
    assert decision.prompt.key == "dicethrone.prompt.aim_more"
    second = values(menu(decision, "aim"))
    assert (
        second[0] == "done"
        and len(second) == 21
        and not any(str(v).startswith("1=") for v in second)
    )
    _every_option_is_accepted(state, 0)
    state = pick(state, 0, menu(decision, "aim"), "3=6")
    # Twice as Wild! costs 3 CP (S4).
    assert state.roll.dice == (6, 1, 6, 1, 1) and state.players[0].cp == 0
    assert state.aiming is None and state.players[0].hand == ()


def test_twice_as_wild_may_change_only_one_die() -> None:
    state = _rolled((1, 1, 1, 1, 1))
    state, _ = act(state, 0, a.PlayCard("twice_as_wild"))
    with pytest.raises(IllegalActionError):
        act(state, 0, a.Aim("done"))  # at least one die first
    state, _ = act(state, 0, a.Aim("2=5"))
    state, events = act(state, 0, a.Aim("done"))
    assert "played" in keys(events) and state.roll.dice == (1, 5, 1, 1, 1)
    # Typed at once, the whole target plays it too.
    state = _rolled((1, 1, 1, 1, 1))
    state, _ = act(state, 0, a.PlayCard("twice_as_wild"))
    state, _ = act(state, 0, a.Aim("4=3 5=3"))
    assert state.roll.dice == (1, 1, 1, 3, 3) and state.aiming is None


def test_with_several_opponents_a_card_asks_which_one_it_aims_at() -> None:
    # King of the Hill, Main phase: Wanted Poster inflicts Bounty on "the opponent".
    state = start_n(3, hero1="gunslinger", hero2="barbarian", hero3="paladin")
    state = with_player(state, 0, hand=("wanted_poster",), cp=3)
    assert state.phase is Phase.MAIN1
    state, events = act(state, 0, a.PlayCard("wanted_poster"))
    assert keys(events) == ["card_announced"]
    aim = menu(owed(state), "aim")
    assert values(aim) == ["2", "3"] == suggested(state, 0, "aim", "target")
    state = pick(state, 0, aim, "3")
    assert state.players[2].statuses == {"bounty": 1} and state.players[1].statuses == {}
