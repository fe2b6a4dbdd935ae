"""Build Battle Scenes positions directly, the way a rulebook example describes them."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from engines.battlescenes import ENGINE
from engines.battlescenes.content.loader import builtin_pack, load_pack
from engines.battlescenes.content.schema import Pack
from engines.battlescenes.rules.state import CardRef, InScene, Phase, PlayerState, State
from engines.core import Action, Dice, Event, RiggedDice, Seat

#: Test cards (made-up numbers and steps, no printed code) over the built-in pack: the
#: stand-ins the mechanics tests were written with (fixtures/stand_ins/characters.yaml).
FIXTURES = Path(__file__).parent / "fixtures"


@cache
def pack() -> Pack:
    """The starter pack with the test stand-in cards and decks in place of the built-in ones
    (``fixtures/stand_ins``): what the mechanics tests play."""
    return load_pack("stand_ins", FIXTURES)


def starter() -> Pack:
    """The shipped starter pack, as printed (what a player gets)."""
    return builtin_pack("starter")


@dataclass
class Placed:
    """A card base in the scene with the keys of the cards it carries."""

    key: str
    loaded: list[str] = field(default_factory=list)
    stage: int = 1
    entered: int = 0


@dataclass
class Side:
    """One player's zones, as card keys (deck top first)."""

    deck: list[str] = field(default_factory=lambda: ["excentricidade"] * 10)
    hand: list[str] = field(default_factory=list)
    resources: list[str] = field(default_factory=list)
    scene: list[Placed] = field(default_factory=list)
    prizes: list[str] = field(default_factory=list)


def build(
    a: Side,
    b: Side,
    phase: Phase = Phase.ATTACK,
    active: int = 0,
    turn: int = 3,
    scenario: str | None = None,
    content: Pack | None = None,
) -> State:
    """A mid-game position (turn 3 by default: everything placed is ready), of the test
    stand-in cards unless ``content`` says which pack (``starter()``: the cards as printed)."""
    cards: list[CardRef] = []

    def new(seat: int, key: str) -> int:
        cards.append(CardRef(seat, key))
        return len(cards) - 1

    players = []
    scene: list[InScene] = []
    for seat, side in enumerate((a, b)):
        for placed in side.scene:
            base = new(seat, placed.key)
            loaded = tuple(new(seat, k) for k in placed.loaded)
            scene.append(InScene(base, seat, loaded, placed.stage, entered_turn=placed.entered))
        players.append(
            PlayerState(
                name=("Ana", "Bruno")[seat],
                deck=tuple(new(seat, k) for k in side.deck),
                hand=tuple(new(seat, k) for k in side.hand),
                resources=tuple(new(seat, k) for k in side.resources),
                prizes=tuple(new(seat, k) for k in side.prizes),
                mulligan_done=True,
                resources_done=True,
            )
        )
    scen = new(0, scenario) if scenario else None
    return State(
        seats=(Seat(0, "Ana"), Seat(1, "Bruno")),
        defs=dict((content or pack()).cards),
        cards=tuple(cards),
        players=tuple(players),
        phase=phase,
        active=active,
        turn=turn,
        scene=tuple(scene),
        scenario=scen,
    )


def sid(state: State, key: str, seat: int | None = None, nth: int = 0) -> int:
    """Instance number of the ``nth`` card base in the scene with ``key``."""
    found = [
        s.card
        for s in state.scene
        if state.cards[s.card].key == key and seat in (None, s.controller)
    ]
    return found[nth]


def zone_id(state: State, seat: int, zone: str, key: str, nth: int = 0) -> int:
    """Instance number of a card with ``key`` in one of a player's zones."""
    cards = getattr(state.players[seat], zone)
    return [c for c in cards if state.cards[c].key == key][nth]


def act(
    state: State, seat: int, action: Action, dice: Dice | None = None
) -> tuple[State, tuple[Event, ...]]:
    """Apply an action through the engine (turn order and all)."""
    out = ENGINE.apply(state, seat, action, dice or RiggedDice())
    return out.state, out.events


def keys(events: tuple[Event, ...]) -> list[str]:
    """The message keys of events."""
    return [e.key for e in events]
