"""Actions printed on a hero's board ("at any time", not a card, not a token) with
rigged dice: the Paladin's Tithe (1 CP: re-roll one of her dice; 3 CP, 2 with Tithe II:
draw a card) and Thor's Mjölnir (discard a card: Throw or Retrieve it). Offered in her
menus and by ``/dicethrone use`` only when she can pay and it can act; refused otherwise
with the reason in the player's language."""

from __future__ import annotations

from pathlib import Path

import pytest

from engines.core import ContentError, IllegalActionError, Message
from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone.content.loader import load_hero
from engines.dicethrone.effects.pieces import holder
from engines.dicethrone.rules.state import State, Step
from tests.engines.dicethrone.helpers import (
    GOOD,
    act,
    keys,
    start,
    through_first_roll,
    with_player,
    write_hero_file,
)
from tests.engines.dicethrone.test_menus import label, menu, pick, suggested

USE = "use"


def _uses(state: State, seat: int) -> list[str | int]:
    """What the seat's decisions offer in the board-action menu (none: [])."""
    for decision in ENGINE.pending(state):
        if decision.seat == seat:
            found = [s for s in decision.selections if s.kind == USE]
            if found:
                return [o.value for o in found[0].options]
    return []


def _refused(state: State, seat: int, action_id: str) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as caught:
        act(state, seat, a.UseBoardAction(action_id))
    return caught.value


def _said(error: IllegalActionError, locale: str) -> str:
    assert error.key is not None
    return label(Message(error.key, dict(error.params)), locale)


def _paladin(**changes: object) -> State:
    """The Paladin (seat 0) in her first Main phase against the Barbarian."""
    return with_player(start("paladin", "barbarian"), 0, **changes)


# -- the Paladin's Tithe ------------------------------------------------------------------


def test_tithe_draws_a_card_for_3_cp_chosen_in_her_menu() -> None:
    state = _paladin(cp=3)
    hand, deck = state.players[0].hand, state.players[0].deck
    use = menu(ENGINE.pending(state)[0], USE)
    # No dice in play in the Main phase: only the draw is offered.
    assert [o.value for o in use.options] == suggested(state, 0, USE, "action") == ["tithe_draw"]
    assert label(use.options[0].label, "en-US") == "Tithe: draw a card · 3 CP"
    assert label(use.options[0].label, "pt-BR") == "Tithe: comprar uma carta · 3 PC"
    state = pick(state, 0, use, "tithe_draw")
    assert state.players[0].cp == 0
    assert state.players[0].hand == (*hand, deck[0])


def test_tithe_by_slash_command_refuses_without_the_cp_and_says_why() -> None:
    state = _paladin(cp=2)
    assert _uses(state, 0) == [] and suggested(state, 0, USE, "action") == []
    error = _refused(state, 0, "tithe_draw")
    assert _said(error, "en-US") == "Tithe: draw a card costs 3 CP; you have 2 CP."
    assert _said(error, "it") == "Tithe: pesca una carta costa 3 PC; hai 2 PC."
    assert state.players[0].cp == 2  # nothing paid
    # The slash command's action, as the bot builds it from its options.
    typed = ENGINE.parse_action({"kind": "use", "action": "tithe_draw"})
    assert typed == a.UseBoardAction("tithe_draw")
    state, events = act(with_player(state, 0, cp=4), 0, typed)
    assert state.players[0].cp == 1 and "board_action" in keys(events)


def test_tithe_ii_draws_for_2_cp_and_the_3_cp_draw_is_gone() -> None:
    state = _paladin(cp=2, upgrades={"tithe": "tithe_2"}, board=("tithe_2",))
    assert _uses(state, 0) == ["tithe_draw_2"]
    assert _refused(state, 0, "tithe_draw").key == "dicethrone.error.no_board_action"
    size = len(state.players[0].hand)
    state, _ = act(state, 0, a.UseBoardAction("tithe_draw_2"))
    assert state.players[0].cp == 0 and len(state.players[0].hand) == size + 1


def test_tithe_re_roll_needs_her_own_dice_in_play() -> None:
    state = _paladin(cp=5)
    error = _refused(state, 0, "tithe_reroll")
    assert error.key == "dicethrone.error.action_no_dice"
    assert "dados" in _said(error, "pt-BR")


def test_tithe_re_rolls_one_of_her_offensive_dice_for_1_cp() -> None:
    state = _paladin(cp=2)
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 1, 3, 4, 6)
    assert _uses(state, 0) == ["tithe_reroll"]  # 2 CP: no draw
    state, _ = act(state, 0, a.UseBoardAction("tithe_reroll"))
    assert state.players[0].cp == 1 and state.choice is not None  # which die?
    state, events = act(state, 0, a.Choose(6), 2)  # option 1 keeps; 6 is die 5
    assert state.roll.dice == (1, 1, 3, 4, 2) and "dice_changed" in keys(events)
    assert state.players[0].cp == 1
    # 1 CP left: one more re-roll, then nothing is offered.
    state, _ = act(state, 0, a.UseBoardAction("tithe_reroll"))
    state, _ = act(state, 0, a.Choose(2), 1)
    assert state.roll.dice == (1, 1, 3, 4, 2) and state.players[0].cp == 0
    assert _uses(state, 0) == []


def test_tithe_re_rolls_her_defensive_die_after_the_attacker_answers() -> None:
    state = with_player(start("barbarian", "paladin"), 1, cp=1)
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 3, 4, 6)
    state, _ = act(state, 0, a.Announce("slap"))
    state, _ = act(state, 1, a.Pass())
    state, _ = act(state, 1, a.Defend(), 6, 6, 6)  # Divine Defense: three prayers
    assert state.step is Step.DEFENSE_ROLLED and "tithe_reroll" in _uses(state, 1)
    # Her action waits for the active player's answer ("Conflitos de Timing").
    state, _ = act(state, 1, a.UseBoardAction("tithe_reroll"))
    assert state.queued is not None and state.players[1].cp == 1
    state, _ = act(state, 0, a.Pass())
    assert state.players[1].cp == 0 and state.choice is not None
    state, _ = act(state, 1, a.Choose(2), 1)  # die 1 again: a sword
    assert state.roll.defense_dice == (1, 6, 6)


# -- Thor's Mjölnir -----------------------------------------------------------------------


def _thor(**changes: object) -> State:
    return with_player(through_first_roll(start("thor", "barbarian")), 0, **changes)


def test_mjolnir_is_thrown_then_retrieved_by_discarding_cards() -> None:
    state = _thor(hand=("a", "b"))
    hand = state.players[0].hand
    use = menu(ENGINE.pending(state)[0], USE)
    assert [o.value for o in use.options] == ["mjolnir_move"]
    assert label(use.options[0].label, "en-US") == "Mjölnir: Throw or Retrieve · discard a card"
    state = pick(state, 0, use, "mjolnir_move")
    state, _ = act(state, 0, a.Choose(2))  # discard card 1: Throw
    assert holder(state, 0, "mjolnir") == 1
    assert state.players[1].health == 49  # 1 undefendable damage at once
    assert state.players[0].discard[-1] == hand[0] and state.players[0].hand == hand[1:]
    state, _ = act(state, 0, a.UseBoardAction("mjolnir_move"))
    state, _ = act(state, 0, a.Choose(2))  # Retrieve: an Electrokinesis
    assert holder(state, 0, "mjolnir") is None
    assert state.players[0].statuses.get("electrokinesis") == 1
    assert state.players[0].hand == () and _uses(state, 0) == []


def test_mjolnir_stays_when_thor_discards_nothing() -> None:
    state = _thor(hand=("a",))
    state, _ = act(state, 0, a.UseBoardAction("mjolnir_move"))
    state, _ = act(state, 0, a.Choose(1))  # discard nothing
    assert holder(state, 0, "mjolnir") is None and state.players[0].hand == ("a",)
    assert state.players[1].health == 50


def test_mjolnir_needs_a_card_to_discard() -> None:
    state = _thor(hand=())
    error = _refused(state, 0, "mjolnir_move")
    assert _said(error, "en-US") == (
        "Mjölnir: Throw or Retrieve needs a card to discard; your hand is empty."
    )


# -- the content format -------------------------------------------------------------------

_PASSIVE = """\
passives:
  - id: tithe
    name: Tithe
    text: Pay to draw.
    source: test
    verified: false
    actions:
      - {id: draw, name: Draw, cost: COST, do: [{draw: 1}]}
"""


def test_a_board_action_is_read_with_its_cost(tmp_path: Path) -> None:
    hero = load_hero(write_hero_file(tmp_path, GOOD + _PASSIVE.replace("COST", "{cp: 2}")))
    (draw,) = hero.board_actions
    assert (draw.id, draw.cp, draw.discard, draw.holder) == ("draw", 2, 0, "tithe")


@pytest.mark.parametrize("cost", ["{gold: 1}", "{cp: 1, discard: 1}", "{discard: 2}"])
def test_a_board_action_needs_one_known_cost(tmp_path: Path, cost: str) -> None:
    with pytest.raises(ContentError):
        load_hero(write_hero_file(tmp_path, GOOD + _PASSIVE.replace("COST", cost)))
