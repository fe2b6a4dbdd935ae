"""Engine mechanics the old reconstructed Cursed Pirate exercised, now on the test
pack's buccaneer (issue 22: the printed Pirate is not selectable, her board having no
complete public record): set-up, refusing a token of one's own hero, the flip to the
other board side when that token is full (never back), passing it on, upgrades on both
sides, and an Ultimate nothing answers. The shipped Pirate's own facts are checked at
the end of this module."""

from __future__ import annotations

import pytest

from engines.core import RiggedDice, Seat, SeededDice, SetupError
from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone.rules.state import Phase, State, Step
from tests.engines.dicethrone.helpers import (
    MINI,
    SEATS,
    act,
    close_upkeep,
    defend,
    keys,
    replace,
    with_player,
)

HERO = MINI.heroes["buccaneer"]
MIST = (1, 2, 6, 6, 4)  # blade, blade, skull, skull, coin: Mist
STRAIGHT = (1, 2, 3, 4, 4)  # small straight: (Cursed) Plunder


def _match(hero1: str = "buccaneer", hero2: str = "corsair") -> State:
    return ENGINE.new_match({"hero1": hero1, "hero2": hero2}, SEATS, MINI, RiggedDice([6, 1]))


def _announce(state: State, dice: tuple[int, ...], ability: str) -> State:
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), *dice)
    state, _ = act(state, 0, a.Announce(ability))
    state, _ = act(state, 1, a.Pass())
    return state


def _finish(state: State, *defence: int) -> State:
    if state.step is Step.DEFENSE:
        state, _ = defend(state, 1, *defence)
    while state.step is Step.FINAL:
        decision = ENGINE.pending(state)[0]
        state, _ = act(state, decision.seat, a.Pass())
    return state


def test_set_up_gives_the_hero_its_tokens_on_the_first_side() -> None:
    state = _match()
    assert state.players[0].statuses == {"cursed_coin": 2}
    assert not state.players[0].flipped
    assert ENGINE.view(state, None).data["players"][0]["side"] is None


def test_her_own_token_is_an_or_and_refusing_keeps_her_board() -> None:
    state = with_player(_match(), 0, statuses={"cursed_coin": 4})
    state = _announce(state, MIST, "mist")
    decision = ENGINE.pending(state)[0]
    assert decision.seat == 0 and decision.kinds == ("choose",)
    state, events = act(state, 0, a.Choose(2))  # "Do not gain it"
    assert state.players[0].statuses["cursed_coin"] == 4
    assert "flipped" not in keys(events) and not state.players[0].flipped


def test_the_token_reaching_its_limit_flips_the_board() -> None:
    state = with_player(_match(), 0, statuses={"cursed_coin": 4})
    state = _announce(state, MIST, "mist")
    state, events = act(state, 0, a.Choose(1))
    assert state.players[0].statuses["cursed_coin"] == 5
    assert "flipped" in keys(events) and state.players[0].flipped
    flow = ENGINE.flow(state, RiggedDice([]))
    names = [ab.name["en-US"] for ab in flow.hero(state, 0).abilities]
    assert "Cursed Cutlass" in names and "Cutlass" not in names
    # The ability already activated resolves as announced: 4, less the corsair's 1.
    state = _finish(state, 1)
    assert state.players[1].health == 50 - 3
    view = ENGINE.view(state, None).data
    assert view["players"][0]["side"] == {"en-US": "Cursed", "pt-BR": "Amaldiçoado"}


def test_the_other_side_uses_its_own_abilities_and_never_flips_back() -> None:
    state = with_player(_match(), 0, statuses={"cursed_coin": 5}, flipped=True)
    # Cursed Plunder: steal 3 CP, pass a token on, 7 damage.
    state = _announce(state, STRAIGHT, "plunder")
    assert state.players[0].statuses["cursed_coin"] == 4
    assert state.players[1].statuses["cursed_coin"] == 1
    assert state.players[0].cp == 4 and state.players[1].cp == 0
    state = _finish(state, 1)  # the corsair's Parry prevents 1
    assert state.players[1].health == 50 - 7 + 1
    # With fewer tokens than the limit the board stays flipped.
    assert state.players[0].flipped
    flow = ENGINE.flow(state, RiggedDice([]))
    assert flow.interp.flip(state, 0) is state  # already flipped: nothing happens


@pytest.mark.parametrize("option", [1, 2])
def test_a_hero_may_refuse_her_token_passed_to_her_by_a_mirror(option: int) -> None:
    # A token another copy of the hero passes on is one she "would gain": refused,
    # it stays with the hero passing it.
    state = _match("buccaneer", "buccaneer")
    state = with_player(state, 0, statuses={"cursed_coin": 4}, flipped=True)
    state = _announce(state, STRAIGHT, "plunder")
    decision = ENGINE.pending(state)[0]
    assert decision.seat == 1 and decision.kinds == ("choose",)
    refuse = decision.selections[0].options[1].label.params["text"]["pt-BR"]
    assert decision.selections[0].public and refuse == "Não ganhar"
    state, _ = act(state, 1, a.Choose(option))
    moved = option == 1
    assert state.players[0].statuses["cursed_coin"] == (3 if moved else 4)
    assert state.players[1].statuses["cursed_coin"] == (3 if moved else 2)
    # The rest of Cursed Plunder is still its Attacker's: 7 damage waits.
    assert state.step is Step.DEFENSE and state.ledger[0].amount == 7


def test_a_token_passed_to_another_hero_is_not_offered_for_refusal() -> None:
    state = with_player(_match(), 0, statuses={"cursed_coin": 4}, flipped=True)
    state = _announce(state, STRAIGHT, "plunder")
    assert state.choice is None and state.players[1].statuses["cursed_coin"] == 1


def test_only_its_hero_moves_the_token_and_it_hurts_others_in_upkeep() -> None:
    state = _match("corsair", "buccaneer")
    state = with_player(state, 0, statuses={"cursed_coin": 3})
    flow = ENGINE.flow(state, RiggedDice([]))
    assert not MINI.status("cursed_coin").removable_by("corsair")
    assert MINI.status("cursed_coin").removable_by("buccaneer")
    upkeep = flow.start_turn(replace(state, phase=Phase.UPKEEP, turn=3, active=0))
    upkeep, _ = close_upkeep(upkeep)
    assert upkeep.players[0].health == 47  # 1 per token, not on its own hero


def test_upgrades_apply_on_both_sides() -> None:
    state = with_player(_match(), 0, upgrades={"cutlass": "cutlass_2"}, board=("cutlass_2",))
    state = _announce(state, (1, 1, 1, 4, 4), "cutlass")
    assert state.ledger[0].amount == 5  # Cutlass at level II
    cursed = with_player(
        _match(), 0, upgrades={"cutlass": "cutlass_2"}, board=("cutlass_2",), flipped=True
    )
    cursed = _announce(cursed, (1, 1, 1, 4, 4), "cutlass")
    assert cursed.ledger[0].amount == 6  # Cursed Cutlass at level II


def test_in_a_mirror_match_nothing_answers_the_ultimate_not_even_a_refusal() -> None:
    state = _announce(_match("buccaneer", "buccaneer"), (6, 6, 6, 6, 6), "locker")
    # The other copy may not refuse the tokens now; her 2 from set-up + 3 reach her
    # limit of 5, which flips her own board.
    assert state.choice is None
    assert state.players[1].statuses["cursed_coin"] == 5 and state.players[1].flipped
    assert not state.players[0].flipped
    assert state.ledger[0].kind.value == "ultimate" and state.ledger[0].amount == 12


@pytest.mark.parametrize("first", [True, False])
def test_the_flipping_hero_plays_whole_turns(first: bool) -> None:
    heroes = ("buccaneer", "corsair") if first else ("corsair", "buccaneer")
    seats = [Seat(0, "Alice"), Seat(1, "Bruno")]
    state = ENGINE.new_match(
        {"hero1": heroes[0], "hero2": heroes[1]}, seats, MINI, SeededDice(b"flip", 0)
    )
    for n in range(1, 400):
        if state.phase is Phase.OVER or state.turn > 6:
            break
        decision = ENGINE.pending(state)[0]
        action = decision.default
        if action.kind == "sell" and state.phase is not Phase.DISCARD:
            action = a.EndPhase()
        state = ENGINE.apply(state, decision.seat, action, SeededDice(b"flip", n)).state
    assert state.turn > 6 or state.phase is Phase.OVER
    assert all(0 <= p.health <= 60 for p in state.players)
    assert ENGINE.render(ENGINE.view(state, None), "board", "pt-BR")[:4] == b"\x89PNG"


# -- the shipped Cursed Pirate (issue 22, point 1) -------------------------------------

PIRATE = ENGINE.load_content(None).heroes["cursed_pirate"]


def test_the_pirate_is_refused_with_the_reason_her_records_are_incomplete() -> None:
    assert not PIRATE.selectable
    with pytest.raises(SetupError) as info:
        ENGINE.new_match(
            {"hero1": "cursed_pirate", "hero2": "barbarian"},
            SEATS,
            ENGINE.load_content(None),
            RiggedDice([6, 1]),
        )
    assert info.value.key == "dicethrone.error.unselectable_hero"
    assert "public records" in info.value.params["reason"]["en-US"]


def test_the_pirate_keeps_only_recorded_pieces() -> None:
    # Nothing invented: no board abilities, defence, flip side or cards of her own
    # (the records disagree or are custom code); her four tokens are the rulebook's
    # with the stack limits S3 and the rulebook agree on.
    assert not PIRATE.abilities and not PIRATE.defenses and PIRATE.flip_side is None
    generic = {c.id for c in ENGINE.load_content(None).generic}
    assert all(c.id in generic for c in PIRATE.cards)
    limits = {s.id: s.stack_limit for s in PIRATE.statuses}
    assert limits == {"cursed_doubloon": 5, "powder_keg": 1, "wither": 2, "parlay": 1}
    assert all(s.source for s in PIRATE.statuses)
