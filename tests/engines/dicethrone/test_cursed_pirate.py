"""The shipped Cursed Pirate: set-up, refusing Doubloons, the flip to her cursed
side (FAQ Q1: no way back), her Doubloons on others, and whole turns against
every other shipped hero."""

from __future__ import annotations

import pytest

from engines.core import RiggedDice, Seat, SeededDice
from engines.dicethrone import ENGINE
from engines.dicethrone.rules import actions as a
from engines.dicethrone.rules.state import Phase, State, Step
from tests.engines.dicethrone.helpers import (
    act,
    close_upkeep,
    defend,
    keys,
    replace,
    start,
    with_player,
)

CONTENT = ENGINE.load_content(None)
PIRATE = CONTENT.heroes["cursed_pirate"]
MIST = (1, 2, 6, 6, 4)  # cutlass, cutlass, doubloon, doubloon, flintlock: Ghostly Mist


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


def test_the_pirate_is_shipped_with_both_board_sides_all_unverified() -> None:
    assert PIRATE.complexity == 4  # "Complexidade: 4"
    assert PIRATE.flip_side is not None and not PIRATE.flip_side.verified
    own = [c for c in PIRATE.cards if not c.source.startswith("S4")]  # not the generic cards
    entries = [*PIRATE.abilities, *PIRATE.defenses, *PIRATE.passives, *own]
    entries += [*PIRATE.flip_side.abilities, *PIRATE.flip_side.defenses, *PIRATE.statuses]
    assert entries and not any(e.verified for e in entries)
    assert all(e.source for e in entries)
    assert sum(1 for ab in PIRATE.abilities if ab.ultimate) == 1
    assert sum(1 for ab in PIRATE.flip_side.abilities if ab.ultimate) == 1


def test_set_up_gives_her_two_cursed_doubloons_on_the_normal_side() -> None:
    # "Preparação do Herói": gain 2 Cursed Doubloons before the match starts.
    state = start("cursed_pirate", "barbarian")
    assert state.players[0].statuses == {"cursed_doubloon": 2}
    assert not state.players[0].flipped
    view = ENGINE.view(state, None).data
    assert view["players"][0]["side"] is None


def test_her_own_doubloon_is_an_or_and_refusing_keeps_her_board() -> None:
    state = start("cursed_pirate", "paladin")
    state = with_player(state, 0, statuses={"cursed_doubloon": 4})
    state = _announce(state, MIST, "ghostly_mist")
    decision = ENGINE.pending(state)[0]
    assert decision.seat == 0 and decision.kinds == ("choose",)
    state, events = act(state, 0, a.Choose(2))  # "Não ganhar"
    assert state.players[0].statuses["cursed_doubloon"] == 4
    assert "flipped" not in keys(events) and not state.players[0].flipped


def test_the_fifth_doubloon_flips_her_board_to_the_cursed_side() -> None:
    state = start("cursed_pirate", "paladin")
    state = with_player(state, 0, statuses={"cursed_doubloon": 4})
    state = _announce(state, MIST, "ghostly_mist")
    state, events = act(state, 0, a.Choose(1))
    assert state.players[0].statuses["cursed_doubloon"] == 5
    assert "flipped" in keys(events) and state.players[0].flipped
    flow = ENGINE.flow(state, RiggedDice([]))
    names = [ab.name["en-US"] for ab in flow.hero(state, 0).abilities]
    assert "Cursed Cutlass" in names and "Cutlass" not in names
    # The ability already activated resolves as announced (the printed side's 4).
    state = _finish(state, 3, 3, 3)  # Divine Defense: helms prevent
    view = ENGINE.view(state, None).data
    assert view["players"][0]["side"] == {"en-US": "Cursed", "pt-BR": "Amaldiçoado"}


def test_the_cursed_side_uses_its_own_abilities_and_never_flips_back() -> None:
    state = start("cursed_pirate", "barbarian")
    state = with_player(state, 0, statuses={"cursed_doubloon": 5}, flipped=True)
    # Cursed Plunder (small straight): steal 3 CP, pass a Doubloon on, 7 damage.
    state = _announce(state, (1, 2, 3, 4, 4), "plunder")
    assert state.players[0].statuses["cursed_doubloon"] == 4
    assert state.players[1].statuses["cursed_doubloon"] == 1
    assert state.players[0].cp == 4 and state.players[1].cp == 0
    state = _finish(state, 4, 1, 1)  # Thick Skin: one heart heals 2
    assert state.players[1].health == 50 - 7 + 2
    # FAQ Q1: with fewer than 5 Doubloons the board stays cursed.
    assert state.players[0].flipped
    flow = ENGINE.flow(state, RiggedDice([]))
    assert flow.interp.flip(state, 0) is state  # already flipped: nothing happens


@pytest.mark.parametrize("option", [1, 2])
def test_a_pirate_may_refuse_a_doubloon_passed_to_her(option: int) -> None:
    # "Sempre que a Pirata for ganhar um Dobrão Amaldiçoado, ela pode escolher não
    # ganhar": a Doubloon another Pirate's cursed board passes on (a mirror match)
    # is one she would gain. Refused, it stays with the Pirate passing it.
    state = start("cursed_pirate", "cursed_pirate")
    state = with_player(state, 0, statuses={"cursed_doubloon": 4}, flipped=True)
    state = _announce(state, (1, 2, 3, 4, 4), "plunder")  # Cursed Plunder: move one
    decision = ENGINE.pending(state)[0]
    assert decision.seat == 1 and decision.kinds == ("choose",)
    refuse = decision.selections[0].options[1].label.params["text"]["pt-BR"]
    assert decision.selections[0].public and refuse == "Não ganhar"
    state, _ = act(state, 1, a.Choose(option))
    moved = option == 1
    assert state.players[0].statuses["cursed_doubloon"] == (3 if moved else 4)
    assert state.players[1].statuses["cursed_doubloon"] == (3 if moved else 2)
    # The rest of Cursed Plunder is still its Attacker's: 7 damage waits.
    assert state.step is Step.DEFENSE and state.ledger[0].amount == 7


def test_a_doubloon_passed_to_another_hero_is_not_offered_for_refusal() -> None:
    state = start("cursed_pirate", "barbarian")
    state = with_player(state, 0, statuses={"cursed_doubloon": 4}, flipped=True)
    state = _announce(state, (1, 2, 3, 4, 4), "plunder")
    assert state.choice is None and state.players[1].statuses["cursed_doubloon"] == 1


def test_moving_a_doubloon_needs_her_board_and_hurts_the_holder_in_upkeep() -> None:
    state = start("barbarian", "cursed_pirate")
    state = with_player(state, 0, statuses={"cursed_doubloon": 3})
    flow = ENGINE.flow(state, RiggedDice([]))
    # Only the Pirate's effects remove or move them: the Barbarian's do nothing.
    assert not CONTENT.status("cursed_doubloon").removable_by("barbarian")
    upkeep = flow.start_turn(replace(state, phase=Phase.UPKEEP, turn=3, active=0))
    upkeep, _ = close_upkeep(upkeep)
    assert upkeep.players[0].health == 47  # 1 per Doubloon, not on the Pirate


def test_upgrades_apply_on_both_sides() -> None:
    state = start("cursed_pirate", "gunslinger")
    state = with_player(state, 0, upgrades={"cutlass": "cutlass_2"}, board=("cutlass_2",))
    state = _announce(state, (1, 1, 1, 4, 4), "cutlass")
    assert state.ledger[0].amount == 5  # Cutlass II, 3 cutlasses
    cursed = start("cursed_pirate", "gunslinger")
    cursed = with_player(
        cursed, 0, upgrades={"cutlass": "cutlass_2"}, board=("cutlass_2",), flipped=True
    )
    cursed = _announce(cursed, (1, 1, 1, 4, 4), "cutlass")
    assert cursed.ledger[0].amount == 6  # Cursed Cutlass at level II


@pytest.mark.parametrize("other", ["barbarian", "paladin", "gunslinger"])
@pytest.mark.parametrize("pirate_first", [True, False])
def test_she_plays_whole_turns_against_every_other_hero(other: str, pirate_first: bool) -> None:
    heroes = ("cursed_pirate", other) if pirate_first else (other, "cursed_pirate")
    seats = [Seat(0, "Alice"), Seat(1, "Bruno")]
    state = ENGINE.new_match(
        {"hero1": heroes[0], "hero2": heroes[1]}, seats, CONTENT, SeededDice(b"pirate", 0)
    )
    turns = 0
    for n in range(1, 400):
        if state.phase is Phase.OVER or state.turn > 6:
            break
        decision = ENGINE.pending(state)[0]
        action = decision.default
        if action.kind == "sell" and state.phase is not Phase.DISCARD:
            action = a.EndPhase()
        state = ENGINE.apply(state, decision.seat, action, SeededDice(b"pirate", n)).state
        turns = state.turn
    assert turns > 6 or state.phase is Phase.OVER
    pirate = heroes.index("cursed_pirate")
    assert all(0 <= p.health <= 60 for p in state.players)
    assert ENGINE.render(ENGINE.view(state, None), "board", "pt-BR")[:4] == b"\x89PNG"
    assert state.players[pirate].hero == "cursed_pirate"


def test_in_a_mirror_match_nothing_answers_the_ultimate_not_even_a_refusal() -> None:
    state = start("cursed_pirate", "cursed_pirate")
    state = _announce(state, (6, 6, 6, 6, 6), "davy_jones_locker")
    # "Habilidade Suprema": the other Pirate may not refuse the Doubloons now; her
    # 2 from set-up + 3 reach her limit of 5, which flips her own board.
    assert state.choice is None
    assert state.players[1].statuses["cursed_doubloon"] == 5 and state.players[1].flipped
    assert not state.players[0].flipped
    assert state.ledger[0].kind.value == "ultimate" and state.ledger[0].amount == 12
