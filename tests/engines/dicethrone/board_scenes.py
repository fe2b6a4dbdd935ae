"""Board scenes of every shipped hero pairing, for the tests that the board fits a
phone: the Main phase, an offensive roll, the defence just rolled, the damage dealt
and the end, each with both heroes upgraded and holding statuses."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from engines.core import Action, RiggedDice, Seat
from engines.core.dice import DiceExhaustedError
from engines.core.errors import EngineError
from engines.core.model import replace
from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone.content.loader import load_pack
from engines.dicethrone.rules.state import Phase, State, Step
from engines.dicethrone.view import typed
from tests.engines.dicethrone.helpers import start, through_first_roll, with_player

BASE = load_pack("base")
HEROES = tuple(sorted(h.id for h in BASE.heroes.values() if h.selectable))
#: Dice of the offensive roll tried in turn until one meets an ability.
ROLLS = ((1, 1, 1, 6, 6), (1, 2, 3, 4, 5), (6, 6, 6, 6, 2), (4, 4, 5, 5, 3), (2, 2, 2, 3, 3))
SCENES = ("main", "roll", "attack", "dealt", "end")


def _act(state: State, seat: int, action: Action, *dice: int) -> State:
    """Apply with forced dice; more dice than needed may be given (a defence's own
    rolls take what they need)."""
    return ENGINE.apply(state, seat, action, RiggedDice(list(dice))).state


def _dressed(hero1: str, hero2: str, flipped: bool, level: int, most: int) -> State:
    """Both heroes upgraded to ``level`` where a card allows it, each holding up to
    ``most`` of the statuses it can hold (its own positive ones, the other's negative
    ones; all of them are as many as a long match piles up)."""
    return _dress(
        upkept(through_first_roll(start(hero1, hero2))), (hero1, hero2), flipped, level, most
    )


def upkept(state: State) -> State:
    """The first Upkeep's choices made (the first option each: the Duelist's
    Reposition asks which way to step), so the scene starts in Main (1)."""
    while state.choice is not None and state.phase is Phase.UPKEEP:
        state = _act(state, state.choice.seat, a.Choose(1))
    while state.step is Step.UPKEEP_END:
        state = _act(state, ENGINE.pending(state)[0].seat, a.Pass())
    return state


def _dress(state: State, heroes: tuple[str, ...], flipped: bool, level: int, most: int) -> State:
    """Each hero upgraded to ``level`` where a card allows it, holding up to ``most``
    statuses (its own positive ones, the next seat's hero's negative ones)."""
    for seat, hero_id in enumerate(heroes):
        hero = BASE.heroes[hero_id]
        foe = BASE.heroes[heroes[(seat + 1) % len(heroes)]]
        statuses = {s.id: 1 for s in hero.statuses if s.positive}
        # The first seat rolls in every scene: a token skipping its roll phase (Stun,
        # Knockdown) goes to the other seats only (they show it whenever seat 2 of
        # the mirrored pairing is dressed).
        statuses |= {
            s.id: 1
            for s in foe.statuses
            if not s.positive and not (seat == 0 and s.skip_offensive_roll)
        }
        statuses = dict(list(statuses.items())[:most])
        upgrades: dict[str, str] = {}
        for card in hero.cards:
            up = card.upgrade
            usable = (
                up is not None
                and up.level <= level
                and (hero.ability(up.slot) is not None or hero.defense(up.slot) is not None)
            )
            if up is not None and usable and (up.slot not in upgrades or up.level == level):
                upgrades[up.slot] = card.id
        changes: dict[str, Any] = {"upgrades": upgrades, "statuses": statuses, "cp": 9}
        if seat == 1 and flipped:
            changes["flipped"] = True
        state = with_player(state, seat, **changes)
    return state


def _rolled(state: State) -> tuple[State, tuple[int, ...]]:
    """Alice's second attempt: two dice kept."""
    state = _act(state, 0, a.EndPhase())
    for dice in ROLLS:
        rolled = _act(state, 0, a.RollDice(), *dice)
        rolled = _act(rolled, 0, a.Keep("1 2"))
        rolled = _act(rolled, 0, a.RollDice(), *dice[2:])
        view = typed(ENGINE.view(rolled, None))
        met = [ab.id for ab in view.players[0].abilities if any(r.met for r in ab.rows)]
        if met:
            return rolled, dice
    raise AssertionError("no roll meets an ability")


def _defend(state: State, seat: int) -> a.Defend:
    """The seat's first Defensive Ability (a hero may have two: Spider-Man)."""
    hero = ENGINE.load_content(None).heroes[state.players[seat].hero]
    return a.Defend(hero.defenses[0].id)


def _pass_until(state: State, done: Callable[[State], bool]) -> State:
    for _ in range(40):
        if done(state) or state.phase is Phase.OVER:
            return state
        decision = ENGINE.pending(state)[0]
        if "pass" in decision.kinds:
            state = _act(state, decision.seat, a.Pass(), *([3] * 12))
        elif "defend" in decision.kinds:
            state = _act(state, decision.seat, _defend(state, decision.seat), *([3] * 12))
        elif "target" in decision.kinds:
            # King of the Hill: the attacker aims at the next seat (1-based).
            state = _act(state, decision.seat, a.Target(decision.seat % len(state.players) + 2))
        else:
            return state
    return state


def _attacked(state: State) -> State:
    """An ability activated (the first the dice meet that leads to a defence) and
    the defence rolled."""
    view = typed(ENGINE.view(state, None))
    met = [ab.id for ab in view.players[0].abilities if any(r.met for r in ab.rows)]
    best = state
    for ability in met:
        try:
            after = _act(state, 0, a.Announce(ability), *([2] * 6))
        except (EngineError, DiceExhaustedError):
            continue
        after = _pass_until(after, lambda s: s.phase is not Phase.OFFENSIVE)
        if after.phase is Phase.DEFENSIVE:
            after = _pass_until(after, lambda s: s.step is Step.DEFENSE_ROLLED)
            if after.step is Step.DEFENSE_ROLLED:
                return after
            decision = ENGINE.pending(after)[0] if ENGINE.pending(after) else None
            if decision is not None and "defend" in decision.kinds:
                return _act(after, decision.seat, _defend(after, decision.seat), *([4] * 12))
            # No defence after all (a token made the Attack undefendable): try the next.
        best = after
    return best


#: Names of the seats (Discord display names, in the tests of long ones, run up to
#: 32 characters).
NAMES = ("Alice", "Bruno", "Carla", "Davi")


def scene(
    hero1: str,
    hero2: str,
    name: str,
    flipped: bool = False,
    level: int = 2,
    most: int = 9,
    names: tuple[str, ...] = NAMES,
) -> State:
    """One scene (see SCENES) of Alice's ``hero1`` against Bruno's ``hero2``, each
    holding up to ``most`` statuses (the seats named ``names``)."""
    return _played(named(_dressed(hero1, hero2, flipped, level, most), names[:2]), name)


def scene_n(
    heroes: tuple[str, ...],
    name: str,
    level: int = 2,
    most: int = 9,
    names: tuple[str, ...] = NAMES,
) -> State:
    """One scene (see SCENES) of a match of 3 (King of the Hill) or 4 (2 v 2) heroes,
    seat 0 on turn, each holding up to ``most`` statuses (the seats named ``names``)."""
    dice = RiggedDice([6, *(1,) * (len(heroes) - 1)])
    seats = [Seat(i, names[i]) for i in range(len(heroes))]
    options = {f"hero{i + 1}": hero for i, hero in enumerate(heroes)}
    state = ENGINE.new_match(options, seats, ENGINE.load_content(None), dice)
    state = _dress(upkept(through_first_roll(state)), heroes, False, level, most)
    return _played(state, name)


def _played(state: State, name: str) -> State:
    """The dressed match played on to the scene ``name``."""
    if name == "main":
        return state
    state, _ = _rolled(state)
    if name == "roll":
        return state
    state = _attacked(state)
    if name == "attack":
        return state
    if name == "end" and len(state.players) > 2:
        # Everyone but Alice (and her teammate) knocked out.
        winners = tuple(sorted(state.teammates(0)))
        for seat in range(len(state.players)):
            if seat not in winners:
                state = with_player(state, seat, health=0)
        return replace(state, phase=Phase.OVER, winner=0, winners=winners)
    if name == "end":
        # Bruno falls to the attack (however much of it his defence prevented).
        state = _pass_until(with_player(state, 1, health=1), lambda s: s.phase is Phase.OVER)
        if state.phase is not Phase.OVER:
            state = with_player(state, 1, health=0)
            state = replace(state, phase=Phase.OVER, winner=0, winners=(0,))
        return state
    return _pass_until(state, lambda s: s.phase is Phase.MAIN2)


def named(state: State, names: tuple[str, ...]) -> State:
    """The state with its seats named ``names`` (display names run up to 32
    characters on Discord)."""
    return replace(state, seats=tuple(Seat(i, n) for i, n in enumerate(names)))


def pairings() -> Iterator[tuple[str, str, bool]]:
    """Each shipped hero against itself and against the next one in order (so each is
    drawn on both sides), and the double-sided board flipped: a sample growing with
    the number of heroes, not with its square (issue 22 ships sixteen)."""
    for i, hero1 in enumerate(HEROES):
        for hero2 in dict.fromkeys((hero1, HEROES[(i + 1) % len(HEROES)])):
            yield hero1, hero2, False
            if BASE.heroes[hero2].flip_side is not None:
                yield hero1, hero2, True
