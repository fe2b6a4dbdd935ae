"""Matches of 3 and 4 players: King of the Hill and 2 v 2 teams, with the targeting phase."""

from __future__ import annotations

from typing import Any

import pytest

from engines.core import (
    IllegalActionError,
    NotYourTurnError,
    ResultKind,
    RiggedDice,
    Seat,
    SetupError,
)
from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone.content import DamageKind
from engines.dicethrone.rules.damage import Incoming
from engines.dicethrone.rules.ledger import resolve_ledger
from engines.dicethrone.rules.state import Phase, State, Step
from tests.engines.dicethrone.helpers import (
    MINI,
    act,
    defend,
    keys,
    replace,
    through_first_roll,
    with_player,
)

NAMES = ["Alice", "Bruno", "Carla", "Davi"]


def start_n(
    count: int, first: tuple[int, ...] | None = None, content: Any = None, **options: str
) -> State:
    """A match of ``count`` players; seat 0 starts unless ``first`` says otherwise."""
    dice = RiggedDice(list(first or (6, *(1,) * (count - 1))))
    seats = [Seat(i, NAMES[i]) for i in range(count)]
    state = ENGINE.new_match(options, seats, content or ENGINE.load_content(None), dice)
    assert not dice.queue
    return through_first_roll(state)


def pass_windows(state: State, *forced: int) -> tuple[State, list[str]]:
    """Every seat passes the open window in turn until it closes; ``forced`` dice
    go to the pass that closes it."""
    events: list[str] = []
    step = state.step
    while state.step is step and state.phase is not Phase.OVER:
        decision = ENGINE.pending(state)[0]
        if decision.kinds[0] != "pass":
            return state, events
        closing = _closes(state, decision.seat)
        state, evs = act(state, decision.seat, a.Pass(), *(forced if closing else ()))
        events += keys(evs)
    return state, events


def _closes(state: State, seat: int) -> bool:
    """Whether this pass closes the window (the next pending is no longer a pass, or moved on)."""
    flow = ENGINE.flow(state, RiggedDice([]))
    after = replace(state, passed=(*state.passed, seat))
    return flow.window_seat(after) is None


def attack(state: State, dice: tuple[int, ...], ability: str, *target_die: int) -> State:
    """The active player rolls ``dice``, announces ``ability`` and everyone lets it activate."""
    seat = state.active
    state, _ = act(state, seat, a.EndPhase())
    state, _ = act(state, seat, a.RollDice(), *dice)
    state, _ = act(state, seat, a.Announce(ability))
    state, _ = pass_windows(state, *target_die)
    if state.step is Step.TARGET_ROLLED:
        state, _ = pass_windows(state)  # nobody changes the targeting die
    return state


# -- King of the Hill ("O Rei da Montanha") -------------------------------------


def test_three_players_play_king_of_the_hill_with_35_health_clockwise() -> None:
    state = start_n(3)
    assert state.mode == "king"
    assert [p.health for p in state.players] == [35, 35, 35]
    order = []
    for _ in range(4):
        order.append(state.active)
        state, _ = act(state, state.active, a.EndPhase())  # Main (1) -> offensive roll
        state, _ = act(state, state.active, a.RollDice(), 1, 1, 1, 1, 1)
        state, _ = act(state, state.active, a.NoAbility())
        state, _ = act(state, state.active, a.EndPhase())  # Main (2) -> Discard
        while len(state.players[state.active].hand) > 6:
            state, _ = act(state, state.active, a.Sell(state.players[state.active].hand[-1]))
        state, _ = act(state, state.active, a.EndPhase())
    assert order == [0, 1, 2, 0]


def test_king_of_the_hill_attacker_chooses_any_opponent() -> None:
    state = attack(start_n(3), (1, 2, 6, 6, 4), "all_out_strike")
    decision = ENGINE.pending(state)[0]
    assert state.step is Step.TARGET and decision.seat == 0 and decision.kinds == ("target",)
    assert [c.value for c in ENGINE.autocomplete(state, 0, "target", "player", "", {})] == [2, 3]
    with pytest.raises(NotYourTurnError):
        act(state, 1, a.Target(3))
    state, events = act(state, 0, a.Target(3))
    assert "targeted" in keys(events) and state.target == 2
    state, _ = pass_windows(state)
    assert [p.health for p in state.players] == [35, 35, 31]


def _hands(state: State) -> list[int]:
    return [len(p.hand) for p in state.players]


def test_attacking_the_leader_draws_a_bonus_card_before_any_other_effect() -> None:
    state = with_player(start_n(3), 0, health=20)
    state = with_player(state, 2, health=30)  # Bruno (seat 1) leads with 35
    state = attack(state, (1, 2, 6, 6, 4), "all_out_strike")
    before = _hands(state)
    state, events = act(state, 0, a.Target(2))
    assert keys(events)[:2] == ["targeted", "leader_bonus"]
    assert _hands(state)[0] == before[0] + 1


def test_attacking_a_player_who_does_not_lead_draws_nothing() -> None:
    state = with_player(start_n(3), 0, health=20)
    state = with_player(state, 2, health=30)
    state = attack(state, (1, 2, 6, 6, 4), "all_out_strike")
    before = _hands(state)
    state, events = act(state, 0, a.Target(3))
    assert "leader_bonus" not in keys(events) and _hands(state) == before


def test_a_sole_leader_gets_no_bonus_but_a_tie_with_the_attacker_does() -> None:
    # "Se você for o único Líder … não pode ganhar uma carta bônus."
    sole = with_player(start_n(3), 1, health=30)
    sole = with_player(sole, 2, health=30)
    sole = attack(sole, (1, 2, 6, 6, 4), "all_out_strike")
    _, events = act(sole, 0, a.Target(2))
    assert "leader_bonus" not in keys(events)
    # "… empatado com você na liderança … você ainda saca 1 carta bônus."
    tied = with_player(start_n(3), 2, health=30)
    tied = attack(tied, (1, 2, 6, 6, 4), "all_out_strike")
    _, events = act(tied, 0, a.Target(2))
    assert "leader_bonus" in keys(events)


def test_a_defeated_player_leaves_and_the_last_one_standing_wins() -> None:
    state = with_player(start_n(3, hero2="barbarian"), 2, health=3, statuses={"evasive": 1})
    # The Gunslinger (seat 2) put a Bounty on seat 1 earlier: it stays in play after her
    # defeat ("os Efeitos de Status que ele infligiu a outros jogadores permanecem").
    state = with_player(state, 1, statuses={"bounty": 1})
    state = attack(state, (1, 2, 6, 6, 4), "all_out_strike")
    state, _ = act(state, 0, a.Target(3))
    state, events = pass_windows(state)
    assert "defeated" in events and state.out == (2,) and ENGINE.result(state) is None
    # The defeated player's own tokens leave the table with them.
    assert state.players[2].statuses == {} and state.players[1].statuses == {"bounty": 1}
    assert state.phase is Phase.MAIN2
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.EndPhase())
    assert state.active == 1
    state = with_player(state, 0, health=4)
    state = attack(state, (1, 2, 6, 6, 4), "all_out_strike")
    # Only one opponent is left: no targeting phase.
    assert state.target == 0 and state.step is not Step.TARGET
    state, _ = pass_windows(state)
    result = ENGINE.result(state)
    assert result is not None and result.kind is ResultKind.WIN and result.winners == (1,)


# -- 2 v 2 ("Partidas de Equipes 2Vs2") -------------------------------------------


def test_four_players_play_2v2_in_zig_zag_with_a_shared_disc() -> None:
    state = start_n(4)
    assert state.mode == "teams"
    assert [state.team(s) for s in range(4)] == [0, 1, 0, 1]
    assert [p.health for p in state.players] == [50] * 4
    # Turn order alternates between the teams: Alice (A), Bruno (B), Carla (A), Davi (B).
    assert state.order_from(0) == (1, 2, 3, 0)
    assert state.opponents(0) == (1, 3) and state.opponents(1) == (2, 0)


def test_first_player_ties_re_roll_between_the_tied_players() -> None:
    state = start_n(4, first=(6, 6, 2, 6, 3, 5, 1))
    assert state.active == 1 and state.first == 1


@pytest.mark.parametrize(("die", "target"), [(1, 1), (2, 1), (3, 3), (4, 3)])
def test_the_targeting_die_picks_left_or_right(die: int, target: int) -> None:
    state = attack(start_n(4), (1, 2, 6, 6, 4), "all_out_strike", die)
    assert state.roll.target_die == die and state.target == target
    state, _ = pass_windows(state)
    # Teammates share the disc: Bruno's and Davi's health fall together.
    assert [p.health for p in state.players] == [50, 46, 50, 46]


def test_on_a_5_the_opponents_choose_and_on_a_6_the_attacker_does() -> None:
    five = attack(start_n(4), (1, 2, 6, 6, 4), "all_out_strike", 5)
    decision = ENGINE.pending(five)[0]
    assert decision.seat == 1 and decision.prompt.key == "dicethrone.prompt.target_team"
    with pytest.raises(IllegalActionError):
        act(five, 1, a.Target(3))  # Carla is the attacker's teammate
    five, _ = act(five, 1, a.Target(4))
    assert five.target == 3
    six = attack(start_n(4), (1, 2, 6, 6, 4), "all_out_strike", 6)
    assert ENGINE.pending(six)[0].seat == 0
    six, _ = act(six, 0, a.Target(2))
    assert six.target == 1


def test_teammates_damaged_at_once_lose_the_combined_total() -> None:
    state = start_n(4)
    state = replace(
        state,
        ledger=(
            Incoming(1, 0, 3, DamageKind.UNDEFENDABLE),
            Incoming(3, 0, 5, DamageKind.UNDEFENDABLE),
        ),
    )
    events: list[Any] = []
    state = resolve_ledger(state, events)
    assert [p.health for p in state.players] == [50, 42, 50, 42]
    # The team's shared health, said as the team's (issue 27: "Bruno & Davi takes 8").
    said = {
        loc: [ENGINE.catalog().translate(e.key, loc, **dict(e.params)) for e in events]
        for loc in ("en-US", "pt-BR", "it")
    }
    assert said["en-US"] == ["Team Bruno & Davi takes 8 damage: health now 42."]
    assert said["pt-BR"] == ["Bruno & Davi sofrem 8 de dano: Vitalidade agora 42."]
    assert said["it"] == ["Bruno & Davi subiscono 8 di danno: salute ora 42."]


def test_a_team_at_zero_loses_together() -> None:
    state = with_player(start_n(4), 1, health=4)
    state = with_player(state, 3, health=4)
    state = attack(state, (1, 2, 6, 6, 4), "all_out_strike", 3)
    state, events = pass_windows(state)
    result = ENGINE.result(state)
    assert result is not None and result.winners == (0, 2)
    # A team wins together, and says so in the plural (the end post and the board).
    assert "won_together" in events
    catalog = ENGINE.catalog()
    said = {
        locale: catalog.translate("dicethrone.event.won_together", locale, player="Alice & Carla")
        for locale in ("en-US", "pt-BR", "it")
    }
    assert said == {
        "en-US": "Alice & Carla win!",
        "pt-BR": "Alice & Carla venceram!",
        "it": "Alice & Carla vincono!",
    }
    board = ENGINE.describe(ENGINE.view(state, None), "board", "pt-BR")
    assert "Alice & Carla venceram!" in board


def test_cp_stays_individual_in_2v2() -> None:
    state = start_n(4)
    state, _ = act(state, 0, a.Sell(state.players[0].hand[0]))
    assert [p.cp for p in state.players] == [3, 2, 2, 2]


def test_mode_must_match_the_number_of_players() -> None:
    with pytest.raises(SetupError):
        start_n(3, mode="teams")
    assert start_n(2, mode="duel").mode == "duel"


# -- "Um jogador escolhido" ("Não Desta Vez!") -----------------------------------


def test_a_card_on_a_chosen_player_protects_a_teammate() -> None:
    # 2 v 2: players may not reduce a teammate's damage, unless a card says "a chosen
    # player" ("Não Desta Vez!" may be played on teammates).
    state = start_n(4, content=MINI, **{f"hero{i}": "duelist" for i in range(1, 5)})
    state = with_player(state, 3, hand=("not_this_time",))
    state = attack(state, (1, 1, 1, 4, 6), "trick", 2)  # targeting die 2: Bruno
    assert state.target == 1
    state, _ = act(state, 0, a.Choose(1))  # Trick: "Deal 4 damage"
    assert state.step is Step.DEFENSE
    state, _ = defend(state, 1, 1, 6)  # Duel: her 1 loses to 6, 1 damage back to Alice
    state, _ = act(state, 0, a.Pass())
    assert [
        c.value
        for c in ENGINE.autocomplete(state, 3, "play", "target", "", {"card": "not_this_time"})
    ] == ["1", "2", "3", "4"]
    state, _ = act(state, 1, a.Pass())
    state, _ = act(state, 2, a.Pass())
    with pytest.raises(IllegalActionError) as info:
        act(state, 3, a.PlayCard("not_this_time", "9"))
    assert info.value.key == "dicethrone.error.pick_player"
    state, _ = act(state, 3, a.PlayCard("not_this_time", "2"))
    state, _ = pass_windows(state)
    # Bruno & Davi share the disc: 4 − 3 = 1; Alice & Carla: −1 +1 (Trick heals 1).
    assert [p.health for p in state.players] == [50, 49, 50, 49]


def test_a_card_may_change_the_targeting_die() -> None:
    # "Este dado pode ser manipulado com cartas": Carla turns Alice's 1 (Bruno) into a 4.
    state = start_n(4, content=MINI, **{f"hero{i}": "warden" for i in range(1, 5)})
    state = with_player(state, 2, hand=("steady_hand",))
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 1, 1, 6, 6)
    state, _ = act(state, 0, a.Announce("bash"))
    state, _ = pass_windows(state, 1)
    assert state.step is Step.TARGET_ROLLED and state.roll.target_die == 1
    state, _ = act(state, 0, a.Pass())
    state, _ = act(state, 1, a.Pass())
    state, _ = act(state, 2, a.PlayCard("steady_hand", "1=4"))
    assert state.roll.target_die == 4
    state, _ = pass_windows(state)
    assert state.target == 3 and state.step is Step.DEFENSE


def test_with_several_opponents_a_card_names_the_one_it_aims_at() -> None:
    # King of the Hill, Main phase: no Defender yet, so Concuss! names its victim.
    state = with_player(start_n(3), 0, hand=("concuss",), cp=1)
    labels = ENGINE.autocomplete(state, 0, "play", "target", "", {"card": "concuss"})
    assert [c.value for c in labels] == ["2", "3"]
    with pytest.raises(IllegalActionError) as info:
        act(state, 0, a.PlayCard("concuss", "1"))  # herself: not an opponent
    assert info.value.key == "dicethrone.error.pick_foe"
    state, _ = act(state, 0, a.PlayCard("concuss", "3"))
    assert [p.statuses for p in state.players] == [{}, {}, {"concussion": 1}]


def test_the_leader_bonus_holds_with_a_single_opponent_left() -> None:
    state = replace(start_n(3, hero2="barbarian"), out=(2,))
    state = with_player(state, 0, health=10)
    state = with_player(state, 2, health=0)
    before = _hands(state)
    state = attack(state, (1, 2, 6, 6, 4), "all_out_strike")
    assert state.target == 1 and _hands(state)[0] == before[0] + 1


def test_teammates_see_each_others_hands_but_nobody_else_does() -> None:
    state = with_player(start_n(4), 2, hand=("bye_bye",))
    mine = ENGINE.view(state, 0).data["team_hands"]
    assert mine == [{"seat": 2, "cards": [{"en-US": "Buh, Bye!", "pt-BR": "Tchau-Tchau"}]}]
    assert ENGINE.view(state, 1).data["team_hands"][0]["seat"] == 3
    public = ENGINE.view(state, None).data
    assert "team_hands" not in public and "hand" not in public
    assert ENGINE.view(start_n(3), 0).data["team_hands"] == []
    png = ENGINE.render(ENGINE.view(state, 0), "hand", "en-US")
    assert png.startswith(b"\x89PNG")


def test_a_resignation_in_2v2_loses_for_the_whole_team() -> None:
    state = start_n(4)
    assert ENGINE.concede(state, 0, [0, 1, 2, 3]).winners == (1, 3)
    assert ENGINE.concede(start_n(3), 1, [0, 1, 2]).winners == (0, 2)  # King of the Hill


# -- Upkeep effects aimed at "the opponent" with several opponents -----------------


def _keg_upkeep(count: int) -> State:
    """Seat 1's Upkeep with a Powder Keg that rolls a 6 ("pass it to another player")."""
    heroes = {f"hero{i}": "corsair" for i in range(1, count + 1)}
    state = with_player(start_n(count, content=MINI, **heroes), 1, statuses={"powder_keg": 1})
    state = replace(state, active=1, phase=Phase.UPKEEP, turn=2)
    state = ENGINE.flow(state, RiggedDice([6])).start_turn(state)
    state, _ = act(state, 1, a.Choose(1))  # "Pass it on"
    return state


def test_an_upkeep_effect_asks_which_opponent_it_aims_at() -> None:
    state = _keg_upkeep(3)
    decision = ENGINE.pending(state)[0]
    assert decision.seat == 1 and decision.kinds == ("choose",)
    assert decision.prompt.key == "dicethrone.prompt.choose_foe"
    # The default is the first opponent in turn order (on the player's left).
    assert decision.default == a.Choose(1)
    labels = ENGINE.autocomplete(state, 1, "choose", "option", "", {})
    assert [c.label.params["text"]["en-US"] for c in labels] == ["3. Carla", "1. Alice"]
    state, _ = act(state, 1, a.Choose(2))
    assert state.players[0].statuses.get("powder_keg") == 1
    assert "powder_keg" not in state.players[2].statuses
    assert state.phase is Phase.MAIN1 and state.active == 1


def test_the_upkeep_opponent_is_asked_in_2v2_but_not_in_a_duel() -> None:
    state = _keg_upkeep(4)
    assert ENGINE.pending(state)[0].prompt.key == "dicethrone.prompt.choose_foe"
    state, _ = act(state, 1, a.Choose(1))
    assert state.players[2].statuses.get("powder_keg") == 1
    duel = _keg_upkeep(2)
    assert duel.players[0].statuses.get("powder_keg") == 1 and duel.phase is Phase.MAIN1


def test_a_defeated_opponent_is_not_offered() -> None:
    heroes = {f"hero{i}": "corsair" for i in range(1, 4)}
    state = with_player(start_n(3, content=MINI, **heroes), 1, statuses={"powder_keg": 1})
    state = replace(state, active=1, phase=Phase.UPKEEP, turn=2, out=(0,))
    state = ENGINE.flow(state, RiggedDice([6])).start_turn(state)
    state, _ = act(state, 1, a.Choose(1))
    assert state.players[2].statuses.get("powder_keg") == 1 and state.phase is Phase.MAIN1


def test_so_wild_changes_the_targeting_die() -> None:
    # So Wild! changes "any one die": in 2 v 2 the targeting die too (5).
    state = start_n(4, hero1="barbarian", hero2="paladin", hero3="gunslinger", hero4="ninja")
    state = with_player(state, 2, hand=("so_wild",), cp=5)
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 1, 1, 4, 4)
    state, _ = act(state, 0, a.Announce("slap"))
    state, _ = pass_windows(state, 1)
    assert state.step is Step.TARGET_ROLLED and state.roll.target_die == 1
    state, _ = act(state, 0, a.Pass())
    state, _ = act(state, 1, a.Pass())
    state, _ = act(state, 2, a.PlayCard("so_wild", "1=4"))
    assert state.roll.target_die == 4 and state.players[2].cp == 3
    state, _ = pass_windows(state)
    assert state.target == 3 and state.step is Step.DEFENSE
