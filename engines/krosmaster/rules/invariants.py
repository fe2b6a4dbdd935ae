"""What every Krosmaster state keeps, and what a hand change brings about (1.5.1).

A referee's adjustment (``/ref adjust``) is checked against :func:`check_state`
before and after :func:`consequences`, which applies the rules' consequences: wounds
reaching HP knock a figure out (4.10.2), and the victory checks of 1.4 follow.
"""

from __future__ import annotations

from engines.core import Message
from engines.krosmaster.names import local_name
from engines.krosmaster.rules.board import chosen_order, max_hp, on_board
from engines.krosmaster.rules.state import State
from engines.krosmaster.rules.units import is_down, knock_out
from engines.krosmaster.rules.victory import check_victory


def _broken(name: str, **params: object) -> Message:
    return Message(f"krosmaster.invariant.{name}", params)


def check_state(state: State) -> list[Message]:
    """Every invariant ``state`` breaks: no negative stock, GG, kamas or gauges; wounds
    between 0 and the figure's HP; figures in the arena and knocked out ones off it;
    every unit of a known figure and a seated owner; the active player seated."""
    problems: list[Message] = []
    seats = len(state.players)
    for player in state.players:
        for field in ("gg", "kamas"):
            value = getattr(player, field)
            if value < 0:
                problems.append(_broken("negative", field=field, owner=player.name, value=value))
    for field in ("reserve_kamas", "wild_gg"):
        if getattr(state, field) < 0:
            problems.append(
                _broken("negative", field=field, owner="-", value=getattr(state, field))
            )
    for square, kamas in state.floor_kamas.items():
        if kamas < 0:
            problems.append(_broken("negative", field="kamas", owner=square, value=kamas))
    if not 0 <= state.active_player < seats:
        problems.append(_broken("seat", value=state.active_player, last=seats - 1))
    for unit in state.units:
        if unit.figure not in state.figures:
            problems.append(_broken("figure", unit=unit.id, figure=unit.figure))
            continue
        name = local_name(state.fig(unit))
        if not 0 <= unit.owner < seats:
            problems.append(_broken("seat", value=unit.owner, last=seats - 1))
        hp = max_hp(state, unit)
        if unit.wounds < 0 or (hp > 0 and unit.wounds > hp):
            problems.append(_broken("wounds", unit=name, value=unit.wounds, hp=hp))
        for field in ("ap", "mp", "range_bonus", "collected"):
            value = getattr(unit, field)
            if value < 0:
                problems.append(_broken("negative", field=field, owner=name, value=value))
        if unit.ko and unit.pos is not None:
            problems.append(_broken("ko_on_board", unit=name))
        if unit.pos is not None:
            x, y = unit.pos
            if not (0 <= x < state.arena.width and 0 <= y < state.arena.height):
                problems.append(_broken("off_arena", unit=name, x=x, y=y))
    return problems


def consequences(state: State) -> State:
    """Knock out every figure whose wounds reach its HP (4.10.2, in the active player's
    order, 4.18.3.b), then decide the match as 1.4 says (GG, last one standing)."""
    for unit in chosen_order(state, list(on_board(state))):
        if is_down(state, unit.id):
            state, _ = knock_out(state, unit.id)
    return check_victory(state)
