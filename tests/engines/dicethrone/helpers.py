"""Shared helpers of the Dice Throne tests: set-ups and rigged play."""

from __future__ import annotations

from dataclasses import replace as dc_replace
from pathlib import Path
from typing import Any

from engines.core import Action, Event, RiggedDice, Seat
from engines.core.model import replace
from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone.content import CardDef, Content, DamageKind, Timing
from engines.dicethrone.content import Step as ScriptStep
from engines.dicethrone.content.loader import load_pack
from engines.dicethrone.effects.context import put
from engines.dicethrone.engine import install_pack
from engines.dicethrone.rules.state import State, Step

SEATS = [Seat(0, "Alice"), Seat(1, "Bruno")]

#: A test-only pack ("Or", opposed rolls, manual steps, Upkeep damage).
MINI = load_pack("mini", root=Path(__file__).parent / "packs")
install_pack(MINI)


def start(
    hero1: str = "barbarian", hero2: str = "paladin", first: tuple[int, ...] = (6, 1)
) -> State:
    """A new match; the first-player dice are forced (seat 0 starts by default)."""
    dice = RiggedDice(list(first))
    state = ENGINE.new_match(
        {"hero1": hero1, "hero2": hero2}, SEATS, ENGINE.load_content(None), dice
    )
    assert not dice.queue
    return state


def act(state: State, seat: int, action: Action, *forced: Any) -> tuple[State, list[Event]]:
    """Apply an action with forced dice results, all of which must be used."""
    dice = RiggedDice(list(forced))
    out = ENGINE.apply(state, seat, action, dice)
    assert not dice.queue, f"unused forced dice {list(dice.queue)}"
    return out.state, list(out.events)


def defend(state: State, seat: int, *forced: Any) -> tuple[State, list[Event]]:
    """Roll the Defensive Ability, then everyone lets the defensive dice stand (6.3–6.4).

    Forced dice left after the defensive roll go to the defence's own rolls,
    which happen when the dice window closes (e.g. the Duel's opposed roll).
    """
    from engines.dicethrone import actions as a
    from engines.dicethrone.rules.state import Step

    dice = RiggedDice(list(forced))
    out = ENGINE.apply(state, seat, a.Defend(), dice)
    state, events = out.state, list(out.events)
    while state.step is Step.DEFENSE_ROLLED:
        decision = ENGINE.pending(state)[0]
        out = ENGINE.apply(state, decision.seat, a.Pass(), dice)
        state, events = out.state, [*events, *out.events]
    assert not dice.queue, f"unused forced dice {list(dice.queue)}"
    return state, events


def close_upkeep(state: State) -> tuple[State, list[Event]]:
    """Everyone passes the window before the Upkeep's damage applies (1.3)."""
    from engines.dicethrone import actions as a
    from engines.dicethrone.rules.state import Step

    events: list[Event] = []
    while state.step is Step.UPKEEP_END:
        decision = ENGINE.pending(state)[0]
        out = ENGINE.apply(state, decision.seat, a.Pass(), RiggedDice([]))
        state, events = out.state, [*events, *out.events]
    return state, events


def through_first_roll(state: State) -> State:
    """Everyone lets the first-player dice stand ("Preparação" 7: the window opens
    when a hero at the table has a card that changes any die, e.g. the Warden)."""
    from engines.dicethrone import actions as a
    from engines.dicethrone.rules.state import Step

    while state.step is Step.FIRST_ROLLED:
        decision = ENGINE.pending(state)[0]
        state = ENGINE.apply(state, decision.seat, a.Pass(), RiggedDice([])).state
    return state


def with_player(state: State, seat: int, **changes: Any) -> State:
    """The state with one player's fields replaced."""
    return put(state, seat, **changes)


def keys(events: list[Event]) -> list[str]:
    """Event keys without the game prefix."""
    return [e.key.removeprefix("dicethrone.event.") for e in events]


__all__ = [
    "MINI",
    "SEATS",
    "act",
    "close_upkeep",
    "defend",
    "keys",
    "replace",
    "start",
    "through_first_roll",
    "with_player",
]


#: A minimal valid hero, for loader tests to break one field at a time.
GOOD = """\
id: tiny
name: Tiny
complexity: 1
source: test
verified: false
dice: {1: a, 2: a, 3: a, 4: b, 5: b, 6: c}
abilities:
  - id: hit
    name: Hit
    source: test
    verified: false
    levels:
      1: [{requirement: {symbols: {a: 3}}, effect: [{damage: 3}]}]
defenses:
  - {id: block, name: Block, dice: 2, source: test, verified: false, levels: {1: [{prevent: 1}]}}
cards: []
"""


def write_hero_file(tmp_path: Path, text: str) -> Path:
    """A hero YAML file under ``tmp_path`` (the loader tests' input)."""
    path = tmp_path / "tiny.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def jab_pack() -> Content:
    """The base pack with a test fixture Instant Action in the Barbarian's deck: "jab",
    2 undefendable damage to the opponent for 3 CP. No printed instant deals damage;
    the window tests need one (installed as pack "base_jab")."""
    jab = CardDef(
        id="jab",
        name={"en-US": "Jab"},
        text={"en-US": "test fixture: 2 undefendable damage"},
        cost=3,
        timing=Timing.INSTANT,
        copies=1,
        source="test fixture",
        verified=False,
        effect=(ScriptStep(op="damage", amount=2, kind=DamageKind.UNDEFENDABLE),),
    )
    base = ENGINE.load_content(None)
    barbarian = dc_replace(base.heroes["barbarian"], cards=(*base.heroes["barbarian"].cards, jab))
    pack = dc_replace(base, pack="base_jab", heroes={**base.heroes, "barbarian": barbarian})
    install_pack(pack)
    return pack


# -- moves the per-hero tests share ----------------------------------------------------


def announce(state: State, dice: tuple[int, ...], ability: str, *after: int) -> State:
    """Seat 0 leaves its Main phase, rolls ``dice`` and announces ``ability``; seat 1
    lets it activate (``after``: the dice its activation rolls)."""
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), *dice)
    state, _ = act(state, 0, a.Announce(ability))
    state, _ = act(state, 1, a.Pass(), *after)
    return state


def pass_pauses(state: State) -> State:
    """Everyone lets each "Then" pause pass (the rest of the effect resolves)."""
    while state.choice is not None and state.choice.pause:
        decision = ENGINE.pending(state)[0]
        state, _ = act(state, decision.seat, a.Pass())
    return state


def pass_windows(state: State) -> State:
    """Everyone lets the "Then" pauses and the Final Damage window pass."""
    while state.step is Step.FINAL or (state.choice is not None and state.choice.pause):
        decision = ENGINE.pending(state)[0]
        state, _ = act(state, decision.seat, a.Pass())
    return state


def upgrades(*cards: str) -> dict[str, Any]:
    """A player's ``upgrades`` and ``board`` holding these upgrade cards (``x_2``: x II)."""
    return {"upgrades": {c.removesuffix("_2"): c for c in cards}, "board": cards}


def attack_damage(state: State) -> tuple[int, DamageKind]:
    """The Attack's damage in the ledger (printed plus added) and its kind."""
    (inc,) = [i for i in state.ledger if i.attack]
    return inc.amount + inc.added, inc.kind
