"""What every Battle Scenes state keeps, and what a hand change brings about.

A referee's adjustment (``/ref adjust``) is checked against :func:`check_state`
before and after :func:`consequences`: 15 prize points win at any moment (4.9.1).
"""

from __future__ import annotations

from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table.zones import check_victory
from engines.core import Message

#: A player's zones (the scene and the loaded energy are checked apart).
ZONES = ("deck", "hand", "resources", "prizes", "set_aside")


def _broken(name: str, **params: object) -> Message:
    return Message(f"battlescenes.invariant.{name}", params)


def check_state(state: State) -> list[Message]:
    """Every invariant ``state`` breaks: every card is one of the match's and lies in
    one place only, a player's zones hold only that player's cards, a character's
    stage is 0–2 (4.5.1) under a seated controller, the active seat seated."""
    problems: list[Message] = []
    count, seats = len(state.cards), len(state.players)
    places: list[tuple[int, str]] = []
    for seat, player in enumerate(state.players):
        for zone in ZONES:
            for card in getattr(player, zone):
                places.append((card, zone))
                if 0 <= card < count and state.cards[card].owner != seat:
                    problems.append(_broken("not_owner", card=card, zone=zone, player=player.name))
    for item in state.scene:
        places.append((item.card, "scene"))
        places += [(card, "energy") for card in item.loaded]
        if not 0 <= item.stage <= 2:
            problems.append(_broken("stage", card=item.card, value=item.stage))
        if not 0 <= item.controller < seats:
            problems.append(_broken("seat", value=item.controller, last=seats - 1))
    if state.scenario is not None:
        places.append((state.scenario, "scenario"))
    seen: dict[int, str] = {}
    for card, zone in places:
        if not 0 <= card < count:
            problems.append(_broken("no_card", card=card, last=count - 1))
        elif card in seen:
            problems.append(_broken("twice", card=card, zone=zone, other=seen[card]))
        seen.setdefault(card, zone)
    if not 0 <= state.active < seats:
        problems.append(_broken("seat", value=state.active, last=seats - 1))
    return problems


def consequences(state: State) -> State:
    """4.9.1: 15 or more prize points win, whenever they are reached."""
    if state.phase is Phase.OVER:
        return state
    state, _ = check_victory(state, [])
    return state
