"""Putting summons in play (4.19): control value, placement and the timeline."""

from __future__ import annotations

from engines.core import Event
from engines.core.model import replace
from engines.krosmaster.effects.traps import spring
from engines.krosmaster.errors import invalid
from engines.krosmaster.geometry import Square, label
from engines.krosmaster.names import local_name
from engines.krosmaster.rules.board import (
    is_character,
    is_free,
    is_trap,
    on_board,
    trap_at,
    units_at,
)
from engines.krosmaster.rules.state import State, Unit


def controlled_summons(state: State, player: int) -> list[Unit]:
    """Summons of ``player`` in play: what a control value counts (4.19.9.c examples)."""
    return [u for u in on_board(state) if u.owner == player and state.fig(u).summon]


def place_summon(
    state: State, summoner_id: str, figure: str, square: Square, control: int
) -> tuple[State, list[Event]]:
    """Summon one ``figure`` on ``square`` if the control value and the square allow it."""
    summoner = state.unit(summoner_id)
    name = local_name(state.figures[figure])
    if len(controlled_summons(state, summoner.owner)) >= control:
        # 4.19.9.c: the spell still resolves; it just summons nothing.
        return state, [
            Event(
                "krosmaster.event.summon_limit", {"summon": name, "limit": control}, rule="4.19.9.c"
            )
        ]
    # 4.19.1.b, except that a monster may be summoned onto a trap (4.19.7.c).
    others = [u for u in units_at(state, square) if not is_trap(state, u)]
    if not is_free(state, square) or others:
        return state, [
            Event(
                "krosmaster.event.summon_blocked",
                {"summon": name, "square": label(square)},
                rule="4.19.1.a",
            )
        ]
    taken = {u.id for u in state.units}
    n = 1
    while f"{summoner.owner}.{figure}.{n}" in taken:
        n += 1
    uid = f"{summoner.owner}.{figure}.{n}"
    unit = Unit(id=uid, figure=figure, owner=summoner.owner, pos=square, summoner=summoner_id)
    line = list(state.players[summoner.owner].timeline)
    # 4.19.1.g: it plays after its summoner (and after that summoner's earlier summons).
    at = line.index(summoner_id) + 1 if summoner_id in line else len(line)
    while at < len(line) and state.unit(line[at]).summoner == summoner_id:
        at += 1
    line.insert(at, uid)
    players = list(state.players)
    players[summoner.owner] = replace(players[summoner.owner], timeline=tuple(line))
    state = replace(state, units=(*state.units, unit), players=tuple(players))
    events = [
        Event("krosmaster.event.summoned", {"summon": name, "square": label(square)}, rule="4.19.1")
    ]
    trap = trap_at(state, square)
    if trap is not None and is_character(state, unit):  # 4.19.7.c: a monster, not a bomb
        state, more = spring(state, trap.id)
        events += more
    return state, events


def leave_token(state: State, victim: Unit, square: Square) -> tuple[State, list[Event]]:
    """A knocked-out unit's card power "put a <token> on its square" (a tombstone, 4.19.8):
    the token belongs to the unit's player, is nobody's summon (so the knock-out that made
    it does not remove it, 4.10.2.a, and no control value counts it) and plays right after
    the unit on the timeline if it has AP or MP. A square still holding a unit gets none."""
    events: list[Event] = []
    for power in state.fig(victim).powers:
        fig = state.figures.get(power.leaves) if power.leaves else None
        if fig is None:
            continue
        if units_at(state, square):
            events.append(
                Event(
                    "krosmaster.event.summon_blocked",
                    {"summon": local_name(fig), "square": label(square)},
                    rule="4.19.1.a",
                )
            )
            continue
        taken = {u.id for u in state.units}
        n = 1
        while f"{victim.owner}.{fig.id}.{n}" in taken:
            n += 1
        uid = f"{victim.owner}.{fig.id}.{n}"
        token = Unit(id=uid, figure=fig.id, owner=victim.owner, pos=square)
        line = list(state.players[victim.owner].timeline)
        at = line.index(victim.id) + 1 if victim.id in line else len(line)
        line.insert(at, uid)
        players = list(state.players)
        players[victim.owner] = replace(players[victim.owner], timeline=tuple(line))
        state = replace(state, units=(*state.units, token), players=tuple(players))
        events.append(
            Event(
                "krosmaster.event.left_token",
                {
                    "unit": local_name(state.fig(victim)),
                    "summon": local_name(fig),
                    "square": label(square),
                },
                rule="4.19.8",
            )
        )
    return state, events


def reorder_new_summons(before: State, after: State, order: str) -> State:
    """4.19.1.g: the active player orders the tokens one effect put in play.

    ``order`` lists positions in placement order ("2,1,3"); the tokens take those
    places among themselves on the timeline.
    """
    old = {u.id for u in before.units}
    new = [u.id for u in after.units if u.id not in old]
    try:
        picks = [int(p) - 1 for p in order.replace(" ", "").split(",") if p]
    except ValueError:
        picks = []
    if sorted(picks) != list(range(len(new))) or len(new) < 2:
        raise invalid(
            "bad_summon_order",
            "Give each new summon's position once, e.g. 2,1.",
            order=order,
            count=len(new),
        )
    wanted = [new[i] for i in picks]
    players = list(after.players)
    for seat, player in enumerate(players):
        slots = iter(wanted)
        line = tuple(next(slots) if uid in new else uid for uid in player.timeline)
        players[seat] = replace(player, timeline=line)
    return replace(after, players=tuple(players))
