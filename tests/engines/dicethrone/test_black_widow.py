"""Black Widow with rigged dice: her set-up (3 Covert Ops), the Time Bomb counting down
in its holder's Upkeep and advanced by Infiltrate, damage and riders counting her
Ability Upgrades in play, her defence, her searches and looks at her deck and a hand
shown to her alone (what every other reader sees of them: no card), whole seeded
matches in 1 v 1, King of the Hill and 2 v 2, a save and load and the lookup's names."""

from __future__ import annotations

from typing import Any

import pytest

from engines.core import EngineError
from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone.lookup import lookup
from engines.dicethrone.menus import _choose
from engines.dicethrone.rules.state import Phase, State
from tests.engines.dicethrone.helpers import act, close_upkeep, keys, start, with_player
from tests.engines.dicethrone.helpers import announce as _announce
from tests.engines.dicethrone.helpers import attack_damage as _attack
from tests.engines.dicethrone.helpers import upgrades as _up
from tests.engines.dicethrone.test_new_heroes import _play_to_end

BW = "black_widow"
CONTENT = ENGINE.load_content(None)
BOMB2, BOMB1 = "time_bomb_2", "time_bomb_1"
ALL_UPGRADES = ("baton_strike_2", "hacked_2", "grapple_2", "infiltrate_2", "vengeance_2")


def _bw(foe: str = "barbarian", **changes: Any) -> State:
    """Black Widow (seat 0) in her first Main phase."""
    state = start(BW, foe)
    assert state.phase is Phase.MAIN1
    return with_player(state, 0, **changes)


def _statuses(state: State, seat: int) -> dict[str, int]:
    return {k: v for k, v in state.players[seat].statuses.items() if v}


def test_she_begins_with_three_covert_ops() -> None:
    assert _statuses(start(BW, "barbarian"), 0) == {"covert_ops": 3}


def _to_bruno_upkeep(state: State, *dice: int) -> State:
    """Alice's turn passes without an ability; Bruno's Upkeep rolls ``dice``."""
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 1, 1, 2, 2)
    state, _ = act(state, 0, a.NoAbility())
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.EndPhase(), *dice)
    state, _ = close_upkeep(state)
    return state


def test_a_time_bomb_at_0_02_turns_to_0_01_in_its_holders_upkeep() -> None:
    state = _to_bruno_upkeep(with_player(_bw(), 1, statuses={BOMB2: 1}), 3)
    assert _statuses(state, 1) == {BOMB1: 1} and state.players[1].health == 50


def test_a_time_bomb_at_0_01_goes_off_for_4_undefendable() -> None:
    state = _to_bruno_upkeep(with_player(_bw(), 1, statuses={BOMB1: 1}), 5)
    assert _statuses(state, 1) == {} and state.players[1].health == 46


def test_a_six_defuses_a_time_bomb() -> None:
    state = with_player(_bw(), 1, statuses={BOMB1: 1})
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 1, 1, 2, 2)
    state, _ = act(state, 0, a.NoAbility())
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.EndPhase(), 6)
    state, _ = close_upkeep(state)
    assert _statuses(state, 1) == {} and state.players[1].health == 50


def test_infiltrate_advances_the_bombs_before_inflicting_its_own() -> None:
    # Bruno holds one bomb on each side: the 0:01 goes off (4), the 0:02 turns to
    # 0:01, then Infiltrate's own 0:02 arrives; she gains Agility.
    state = with_player(_bw(), 1, statuses={BOMB1: 1, BOMB2: 1})
    state = _announce(state, (1, 2, 3, 6, 4), "infiltrate")
    assert _statuses(state, 1) == {BOMB1: 1, BOMB2: 1}
    assert _statuses(state, 0)["agility"] == 1
    assert sum(i.amount for i in state.ledger if i.target == 1) == 4


def test_infiltrate_ii_inflicts_then_advances() -> None:
    state = _bw(**_up("infiltrate_2"))
    state = _announce(state, (1, 2, 3, 6, 4), "infiltrate")
    assert _statuses(state, 1) == {BOMB1: 1}


def test_with_six_upgrades_in_play_her_bombs_start_on_0_01() -> None:
    six = (*ALL_UPGRADES, "sabotage_2")
    state = _bw(hand=("undercover_mission",), cp=2, **_up(*six))
    state, _ = act(state, 0, a.PlayCard("undercover_mission"))
    assert _statuses(state, 1) == {BOMB1: 1}
    assert _statuses(state, 0).get("agility") == 1  # 4 or more upgrades: Agility too


def test_undercover_mission_without_four_upgrades_only_inflicts() -> None:
    state = _bw(hand=("undercover_mission",), cp=2)
    state, _ = act(state, 0, a.PlayCard("undercover_mission"))
    assert _statuses(state, 1) == {BOMB2: 1} and "agility" not in _statuses(state, 0)


@pytest.mark.parametrize(
    ("cards", "damage"), [((), 5), (("baton_strike_2", "grapple_2", "vengeance_2"), 7)]
)
def test_hacked_deals_more_with_three_upgrades(cards: tuple[str, ...], damage: int) -> None:
    state = _bw(**_up(*cards)) if cards else _bw()
    state = _announce(state, (1, 2, 3, 4, 1), "hacked")
    assert _attack(state)[0] == damage
    assert _statuses(state, 1) == {BOMB2: 1}


def test_widows_gauntlets_add_one_per_upgrade_in_play() -> None:
    state = _bw(**_up("baton_strike_2", "hacked_2"))
    cp = state.players[0].cp
    state = _announce(state, (3, 4, 5, 1, 2), "widows_gauntlets")
    assert _attack(state)[0] == 8 and state.players[0].cp == cp + 1


def test_grapple_gains_cp_only_with_two_upgrades() -> None:
    state = _announce(_bw(), (6, 6, 6, 6, 1), "grapple")
    assert _attack(state) == (6, _attack(state)[1]) and state.players[0].cp == 2
    state = _announce(_bw(**_up("baton_strike_2", "hacked_2")), (6, 6, 6, 6, 1), "grapple")
    assert _attack(state)[0] == 8 and state.players[0].cp == 3


def test_baton_strike_ii_shows_the_opponents_hand_to_her_alone() -> None:
    state = _bw(hand=("baton_strike_2",), cp=3)
    state = with_player(state, 1, hand=("concuss",))
    state, events = act(state, 0, a.PlayCard("baton_strike_2"))
    shown = next(e for e in events if e.key == "dicethrone.event.hand_revealed")
    assert "Concuss!" in str(shown.for_seat(0).params["cards"])
    for reader in (1, None):
        hidden = shown.for_seat(reader)
        assert hidden.key.endswith(".hidden") and "cards" not in hidden.params
    # Nothing in the public board names Bruno's card.
    assert "Concuss!" not in str(ENGINE.view(state, None).data)


def test_cunning_takes_the_upgrades_among_the_top_five_and_hides_the_rest() -> None:
    deck = ("recoil", "hacked_2", "assemble", "grapple_2", "subversion", "cunning")
    state = _bw(hand=("cunning",), cp=2, deck=deck)
    state, events = act(state, 0, a.PlayCard("cunning"))
    assert set(state.players[0].hand) == {"hacked_2", "grapple_2"}
    assert state.players[0].deck == ("recoil", "assemble", "subversion", "cunning")
    looked = next(e for e in events if e.key == "dicethrone.event.looked_at_top")
    assert "Recoil!" in str(looked.for_seat(0).params)
    assert "Recoil!" not in str(looked.for_seat(1).params)
    assert "Recoil!" not in str(looked.for_seat(None).params)


def test_recon_searches_her_deck_in_secret_and_puts_the_pick_into_play() -> None:
    deck = ("recoil", "hacked_2", "assemble", "vengeance_2")
    state = _bw(deck=deck, **_up("grapple_2"))
    state = _announce(state, (6, 6, 6, 1, 3), "recon", *([0] * 0))
    assert state.choice is not None and state.choice.topic == "secret"
    public = str(ENGINE.view(state, None).data) + str(ENGINE.view(state, 1).data)
    assert "Hacked II" not in public and "Vengeance II" not in public
    # The menu naming the cards is the picker's own, never a public post's.
    menu = _choose(state, True)
    assert not menu.public and "Vengeance II" in str(menu.options)
    state, events = act(state, 0, a.Choose(2), [1, 0, 2])  # Vengeance II; the shuffle
    assert state.players[0].upgrades["vengeance"] == "vengeance_2"
    assert "vengeance_2" not in state.players[0].deck and len(state.players[0].deck) == 3
    assert "put_into_play" in keys(events) and "deck_shuffled" in keys(events)


def test_covert_ops_puts_an_upgrade_from_her_hand_into_play_for_no_cp() -> None:
    state = _bw(hand=("hacked_2",), cp=0)
    state, _ = act(state, 0, a.Spend("covert_ops"))
    state, _ = act(state, 0, a.Choose(1))
    assert state.players[0].upgrades == {"hacked": "hacked_2"} and state.players[0].cp == 0
    assert _statuses(state, 0)["covert_ops"] == 2


def test_covert_ops_looks_at_three_and_searches_when_none_is_an_upgrade() -> None:
    deck = ("recoil", "assemble", "subversion", "cunning", "sabotage_2")
    state = _bw(hand=(), deck=deck)
    state, _ = act(state, 0, a.Spend("covert_ops"))
    state, events = act(state, 0, a.Choose(2), [0, 1, 2, 3])
    assert state.players[0].hand == ("sabotage_2",)
    found = next(e for e in events if e.key == "dicethrone.event.found_card")
    assert found.for_seat(1).key.endswith(".hidden")


def test_sabotage_deals_per_baton_and_prevents_per_espionage() -> None:
    from tests.engines.dicethrone.helpers import defend

    state = start("barbarian", BW)
    state = _announce(state, (1, 1, 1, 4, 5), "slap")
    state, _ = defend(state, 1, 3, 1, 6)
    to_attacker = sum(i.amount for i in state.ledger if i.target == 0)
    assert to_attacker == 1


@pytest.mark.parametrize(
    "heroes",
    [[BW, "barbarian"], [BW, "paladin", "ninja"], [BW, "druid", "pyromancer", "gunslinger"]],
)
def test_seeded_matches_with_her_end(heroes: list[str]) -> None:
    for seed in (1, 2):
        state, _ = _play_to_end(heroes, seed)
        assert ENGINE.result(state) is not None


def test_a_save_round_trip_keeps_her_state() -> None:
    state = with_player(_bw(**_up("hacked_2")), 1, statuses={BOMB1: 1})
    assert ENGINE.state_from_json(ENGINE.state_to_json(state)) == state


def test_the_lookup_shows_her_printed_names() -> None:
    state = start(BW, "barbarian")
    entry = lookup(CONTENT, state, None, "Black Widow")
    assert entry is not None and "Widow's Bite!" in str(entry)


@pytest.mark.parametrize(("cards", "added"), [(ALL_UPGRADES, 1), (ALL_UPGRADES[:4], 0)])
def test_red_room_training_adds_1_to_her_attacks_with_5_upgrades(
    cards: tuple[str, ...], added: int
) -> None:
    state = _announce(_bw(**_up(*cards)), (3, 4, 5, 3, 4), "baton_strike")
    (attack,) = [i for i in state.ledger if i.attack]
    assert attack.added == added


def _rolling(**changes: Any) -> State:
    """Her Offensive Roll Phase, the dice rolled once (nothing announced)."""
    state, _ = act(_bw(**changes), 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 3, 4, 5, 3, 4)
    assert state.phase is Phase.OFFENSIVE
    return state


def test_red_room_training_plays_an_upgrade_in_her_roll_phase() -> None:
    state, events = act(_rolling(hand=("baton_strike_2",), cp=3), 0, a.PlayCard("baton_strike_2"))
    assert state.players[0].upgrades == {"baton_strike": "baton_strike_2"}
    assert "upgraded" in keys(events)
    # The upgrade counts at once: 5 batons deal 8 at level II (7 at level I).
    state, _ = act(state, 0, a.Announce("baton_strike"))
    state, _ = act(state, 1, a.Pass())
    assert _attack(state)[0] == 8


def test_red_room_training_plays_an_upgrade_in_an_opponents_roll_phase() -> None:
    state = start("barbarian", BW)
    state = with_player(state, 1, hand=("hacked_2",), cp=3)
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 1, 1, 4, 5)
    state, _ = act(state, 1, a.PlayCard("hacked_2"))
    assert state.players[1].upgrades == {"hacked": "hacked_2"}


def test_another_hero_still_plays_upgrades_only_in_her_main_phase() -> None:
    state = start("barbarian", BW)
    state = with_player(state, 0, hand=("slap_2",), cp=5)
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 1, 1, 4, 5)
    with pytest.raises(EngineError):  # no card of hers is playable now
        act(state, 0, a.PlayCard("slap_2"))


def test_red_room_training_ii_draws_for_each_other_upgrade_played() -> None:
    deck = ("recoil", "assemble", "cunning")
    state = _bw(hand=("red_room_training_2", "hacked_2"), deck=deck, cp=5)
    # Red Room Training II itself draws nothing.
    state, _ = act(state, 0, a.PlayCard("red_room_training_2"))
    assert state.players[0].hand == ("hacked_2",)
    state, _ = act(state, 0, a.PlayCard("hacked_2"))
    assert state.players[0].hand == ("recoil",) and state.players[0].deck == deck[1:]


def test_red_room_training_i_draws_nothing_for_an_upgrade() -> None:
    state = _bw(hand=("hacked_2",), deck=("recoil",), cp=5)
    state, _ = act(state, 0, a.PlayCard("hacked_2"))
    assert state.players[0].hand == ()


def test_an_upgrade_covert_ops_puts_into_play_draws_with_red_room_training_ii() -> None:
    state = _bw(hand=("hacked_2",), deck=("recoil",), **_up("red_room_training_2"))
    state, _ = act(state, 0, a.Spend("covert_ops"))
    state, _ = act(state, 0, a.Choose(1))
    assert state.players[0].upgrades["hacked"] == "hacked_2"
    assert state.players[0].hand == ("recoil",)


def test_covert_ops_is_spent_once_per_turn() -> None:
    state = _bw(hand=("hacked_2",))
    state, _ = act(state, 0, a.Spend("covert_ops"))
    state, _ = act(state, 0, a.Choose(1))
    assert _statuses(state, 0)["covert_ops"] == 2 and state.choice is None
    with pytest.raises(EngineError):  # neither use is offered again this turn
        act(state, 0, a.Spend("covert_ops"))
    # Her next turn she may spend one again.
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 1, 1, 2, 2)
    state, _ = act(state, 0, a.NoAbility())
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.EndPhase())  # Bruno's turn
    state, _ = act(state, 1, a.EndPhase())
    state, _ = act(state, 1, a.RollDice(), 1, 1, 1, 2, 2)
    state, _ = act(state, 1, a.NoAbility())
    state, _ = act(state, 1, a.EndPhase())
    state, _ = act(state, 1, a.EndPhase())
    assert state.active == 0 and state.phase is Phase.MAIN1
    state, _ = act(state, 0, a.Spend("covert_ops"))
    assert _statuses(state, 0)["covert_ops"] == 1


@pytest.mark.parametrize(("upgrades", "added"), [(0, 2), (1, 3), (2, 4)])
def test_subversion_adds_2_and_1_per_upgrade_played_this_turn(upgrades: int, added: int) -> None:
    played = ("hacked_2", "grapple_2")[:upgrades]
    state = _rolling(hand=(*played, "subversion"), cp=10)
    for card in played:
        state, _ = act(state, 0, a.PlayCard(card))
    state, _ = act(state, 0, a.Announce("baton_strike"))
    state, _ = act(state, 1, a.Pass())
    base = _attack(state)[0]
    state, _ = act(state, 0, a.PlayCard("subversion"))
    assert _attack(state)[0] == base + added


def _agility_rolled(die: int) -> State:
    """The Barbarian's Smack (seat 0) on Black Widow (seat 1), Sabotage rolled with
    nothing; she spends Agility in the last window and rolls ``die``."""
    from tests.engines.dicethrone.helpers import defend

    state = start("barbarian", BW)
    state = with_player(state, 1, statuses={"covert_ops": 3, "agility": 1}, hand=("elude",))
    state = _announce(state, (1, 1, 1, 4, 5), "slap")
    state, _ = defend(state, 1, 4, 4, 4)  # three batons: 3 back, nothing prevented
    state, _ = act(state, 1, a.Spend("agility"))
    state, _ = act(state, 0, a.Pass(), die)  # the Barbarian, active, answers first
    return state


def _smack(state: State) -> Any:
    (attack,) = [i for i in state.ledger if i.attack]
    return attack


@pytest.mark.parametrize("die", [5, 6])
def test_elude_ignores_all_the_damage_after_an_agility_5_or_6(die: int) -> None:
    state = _agility_rolled(die)
    assert not _smack(state).prevent_all and _smack(state).halves == 0
    state, _ = act(state, 1, a.PlayCard("elude"))  # her turn to answer in the window
    assert _smack(state).prevent_all and state.players[1].cp == 1


@pytest.mark.parametrize("die", [2, 4])
def test_elude_does_nothing_after_any_other_agility_die(die: int) -> None:
    state = _agility_rolled(die)
    state, events = act(state, 1, a.PlayCard("elude"))
    assert not _smack(state).prevent_all and "spent_roll_missed" in keys(events)


def test_elude_reads_only_a_roll_made_for_agility() -> None:
    from tests.engines.dicethrone.helpers import defend

    state = start("barbarian", BW)
    state = with_player(state, 1, hand=("elude",))
    state = _announce(state, (1, 1, 1, 4, 5), "slap")
    state, _ = defend(state, 1, 4, 4, 4)
    state, _ = act(state, 0, a.Pass())  # the Barbarian, active, first in the window
    state, events = act(state, 1, a.PlayCard("elude"))
    assert not _smack(state).prevent_all and "spent_roll_missed" in keys(events)
