"""The first-player roll ("Preparação" 7) and its window.

Each player rolls one die; the highest starts and a tie for the highest
re-rolls between the tied players. When a hero at the table has a card that
changes any die (``of: any``, public from the deck lists), the roll stops in a
window (``first_rolled``) where every player, seat 1 first, may change those
dice before they count — only dice-changing cards may be played there, since
the match has not begun. Die N is seat N's. A tie re-rolls into a new window;
once a player starts, the heroes' own set-up (8) and the first Upkeep follow.
Without such a card nothing could change the dice: the roll resolves at once.
"""

from __future__ import annotations

from engines.core import Dice
from engines.core.model import replace
from engines.dicethrone.effects.context import Ctx, paused
from engines.dicethrone.rules.dice_cards import effect_dice_changeable
from engines.dicethrone.rules.flow import TurnFlow
from engines.dicethrone.rules.state import Phase, Resume, Roll, State, Step, goto

RULE = "Preparação 7"


def roll(dice: Dice, rolling: list[int], count: int) -> tuple[int, ...]:
    """One die per rolling seat (0 for the others)."""
    return tuple(
        dice.roll(6, f"first player: seat {s + 1}") if s in rolling else 0 for s in range(count)
    )


def tied(values: tuple[int, ...]) -> list[int]:
    """The seats with the highest die."""
    top = max(values)
    return [s for s, v in enumerate(values) if v and v == top]


def first_player(dice: Dice, count: int) -> int:
    """Roll until one seat has the highest die (no window)."""
    rolling = list(range(count))
    while len(rolling) > 1:
        rolling = tied(roll(dice, rolling, count))
    return rolling[0]


def begin(flow: TurnFlow, state: State) -> State:
    """Roll for the first player; stop in the window if a card could change the dice."""
    count = len(state.players)
    if not effect_dice_changeable(flow.content, state):
        first = first_player(flow.dice, count)
        return start(flow, replace(state, active=first, first=first))
    values = roll(flow.dice, list(range(count)), count)
    return _window(flow, state, values)


def _window(flow: TurnFlow, state: State, values: tuple[int, ...]) -> State:
    flow.emit("first_rolled", RULE, dice=_text(state, values))
    return replace(
        state,
        phase=Phase.SETUP,
        step=Step.FIRST_ROLLED,
        roll=Roll(first_dice=values),
        active=0,  # nobody's turn yet: the window asks seat 1 first
        passed=(),
        priority=None,
    )


def resolve(flow: TurnFlow, state: State) -> State:
    """The window closed: the highest die starts, or the tied players re-roll."""
    values = state.roll.first_dice
    rolling = tied(values)
    if len(rolling) > 1:
        again = roll(flow.dice, rolling, len(state.players))
        flow.emit("first_tie", RULE, players=", ".join(state.seats[s].name for s in rolling))
        return _window(flow, state, again)
    first = rolling[0]
    state = replace(state, active=first, first=first, roll=Roll(), step=None)
    state = replace(state, passed=(), priority=None)
    return start(flow, goto(state, Phase.UPKEEP))


def start(flow: TurnFlow, state: State) -> State:
    """The first player is known: heroes' set-up (8), then the first turn."""
    flow.emit("first_player", RULE, player=state.seats[state.first].name)
    return set_up(flow, state, 0)


def set_up(flow: TurnFlow, state: State, first_seat: int) -> State:
    """ "Preparação" 8: each hero's own set-up from ``first_seat`` on, then the first
    turn. A set-up aimed at "the opponent" with several opponents asks its owner
    which one (nothing in the rules names one); the others wait for that answer."""
    for seat in range(first_seat, len(state.players)):
        hero = flow.hero(state, seat)
        after = flow.interp.run(state, hero.setup, Ctx(seat, hero, resume=Resume.SETUP))
        if paused(state, after):
            return after
        state = after
    return flow.start_turn(state)


def _text(state: State, values: tuple[int, ...]) -> str:
    return ", ".join(f"{state.seats[s].name} {v}" for s, v in enumerate(values) if v)
