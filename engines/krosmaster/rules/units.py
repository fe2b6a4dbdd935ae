"""Tokens, wounds, heals and knock-outs (4.10, 4.11, 1.4): the bookkeeping of units."""

from __future__ import annotations

from engines.core import Event
from engines.core.model import replace
from engines.krosmaster.content.schema import Power
from engines.krosmaster.effects.summons import leave_token
from engines.krosmaster.geometry import Square
from engines.krosmaster.names import local_name
from engines.krosmaster.rules import seats
from engines.krosmaster.rules.board import (
    group_lasting,
    has_power,
    is_bomb,
    is_krosmaster,
    lasting,
    lost_power,
    max_ap,
    max_hp,
    max_mp,
    on_board,
    profaned_at,
    replace_unit,
)
from engines.krosmaster.rules.multiplayer import owe_gift
from engines.krosmaster.rules.state import Pending, PendingKind, State, Unit
from engines.krosmaster.rules.victory import check_victory


def _tokens(current: int, delta: int, maximum: int | None) -> int:
    """New signed token count after placing ``delta`` tokens (4.11.6–4.11.8)."""
    if maximum is None:
        return current  # 4.11.6: no characteristic, no tokens
    total = current + delta  # 4.11.8: +1 and −1 cancel on placement
    return max(total, -maximum)  # 4.11.7: never more −1 tokens than the maximum


def add_tokens(state: State, unit_id: str, ap: int = 0, mp: int = 0) -> tuple[State, int, int]:
    """Place ±AP/±MP tokens; returns the state and how many tokens really changed."""
    unit = state.unit(unit_id)
    new_ap = _tokens(unit.ap_tokens, ap, max_ap(state, unit))
    new_mp = _tokens(unit.mp_tokens, mp, max_mp(state, unit))
    changed = replace(unit, ap_tokens=new_ap, mp_tokens=new_mp)
    return replace_unit(state, changed), abs(new_ap - unit.ap_tokens), abs(new_mp - unit.mp_tokens)


def gain_now(state: State, unit_id: str, ap: int = 0, mp: int = 0) -> State:
    """Immediate AP/MP gain or loss: only the active unit's gauges move (4.11.4)."""
    if state.active_unit != unit_id:
        return state
    unit = state.unit(unit_id)
    fig = state.fig(unit)
    return replace_unit(
        state,
        replace(
            unit,
            ap=max(0, unit.ap + ap) if fig.ap is not None else unit.ap,
            mp=max(0, unit.mp + mp) if fig.mp is not None else unit.mp,
        ),
    )


def wound(state: State, unit_id: str, amount: int, source: str | None = None) -> tuple[State, int]:
    """Place up to ``amount`` wounds, never above HP (4.10.1, 4.10.8).

    ``source`` is the unit inflicting them (4.10.6.b); cost wounds have none (4.10.6.c).
    """
    unit = state.unit(unit_id)
    if has_power(state, unit, Power.PROFANATION):
        return state, 0  # 4.9.31: only Profanação itself places its wounds
    placed = max(0, min(amount, max_hp(state, unit) - unit.wounds))
    by = source if placed and source else unit.wounded_by
    return replace_unit(state, replace(unit, wounds=unit.wounds + placed, wounded_by=by)), placed


def heal(state: State, unit_id: str, amount: int) -> tuple[State, int]:
    """Remove up to ``amount`` wounds; heals beyond the wounds are lost (4.10.5)."""
    unit = state.unit(unit_id)
    if has_power(state, unit, Power.PROFANATION):
        return state, 0  # 4.9.31: its wounds are never removed
    removed = max(0, min(amount, unit.wounds))
    return replace_unit(state, replace(unit, wounds=unit.wounds - removed)), removed


def profane(state: State, mover_id: str, square: Square) -> tuple[State, list[Event]]:
    """4.9.31: a Krosmaster moved onto a unit with Profanação puts a wound on it.

    Walking onto it and a forced move ending on it both count (the reading of
    4.19.7.c for traps); a tombstone whose wounds reach its HP is knocked out.
    """
    mover = state.unit(mover_id)
    tomb = profaned_at(state, square)
    if tomb is None or not is_krosmaster(state, mover):
        return state, []
    hp = max_hp(state, tomb)
    tomb = replace(tomb, wounds=min(hp, tomb.wounds + 1))
    state = replace_unit(state, tomb)
    events = [
        Event(
            "krosmaster.event.profaned",
            {"unit": local_name(state.fig(mover)), "tomb": local_name(state.fig(tomb))},
            rule="4.9.31",
        )
    ]
    if is_down(state, tomb.id):
        state, more = knock_out(state, tomb.id)
        events += more
    return state, events


def is_down(state: State, unit_id: str) -> bool:
    """On the board with wounds equal to HP: due to be knocked out (4.10.2)."""
    unit = state.unit(unit_id)
    hp = max_hp(state, unit)  # 4.18.4: lasting HP changes count
    return hp > 0 and not unit.ko and unit.pos is not None and unit.wounds >= hp


def knock_out(state: State, unit_id: str) -> tuple[State, list[Event]]:
    """The knock-out sequence of 4.10.2.a, then the victory check (1.4)."""
    unit = state.unit(unit_id)
    fig = state.fig(unit)
    events = [Event("krosmaster.event.ko", {"unit": local_name(fig)}, rule="4.10.2")]
    if is_krosmaster(state, unit) and fig.level > 0:
        state, more = _ko_gg(state, unit, fig.level)
        events += more
    if is_bomb(state, unit) and fig.spells:
        # 4.19.5.c–d: the bomb casts Explosion from its square, as a pending effect (7.2.8).
        boom = Pending(PendingKind.EXPLOSION, unit.id, unit.id, square=unit.pos)
        state = replace(state, pending=(*state.pending, boom))
    state, more = _ko_powers(state, unit)
    events += more
    # 4.10.2.a: tokens go, the unit leaves the arena, its summons too, wounds last.
    state = replace_unit(
        state,
        replace(
            unit,
            ko=True,
            pos=None,
            wounds=0,
            ap_tokens=0,
            mp_tokens=0,
            range_tokens=0,
            inspiration=(),
            gained=(),  # 4.18.4: effects on it end as it leaves the arena
            lasting=(),
            wounded_by=None,
            rewards=(),  # 4.7.12: removed without being revealed
        ),
    )
    # 4.13.3: the markers it placed go with it, and so do those lying on it (its tokens).
    kept = tuple(m for m in state.markers if unit_id not in (m.placer, m.target))
    state = replace(state, markers=kept)
    for summon in [u for u in on_board(state) if u.summoner == unit_id]:
        state = replace_unit(state, replace(summon, ko=True, pos=None, wounds=0))
    if unit.pos is not None and any(p.leaves for p in fig.powers):
        state, more = leave_token(state, unit, unit.pos)  # a tombstone on its square
        events += more
    if (
        is_krosmaster(state, unit)
        and seats.multiplayer(state)
        and not seats.in_play(state, unit.owner)
    ):
        state, more = _eliminate(state, unit)
        events += more
    return check_victory(state), events


def ko_player(state: State, victim: Unit) -> int:
    """The player who knocked ``victim`` out: the owner of the unit that inflicted its last
    wound (4.10.6.b), else the active player (a cost or card text of theirs)."""
    if victim.wounded_by is not None:
        return state.unit(victim.wounded_by).owner
    return state.active_player


def _ko_gg(state: State, unit: Unit, level: int) -> tuple[State, list[Event]]:
    """4.10.2.a / 4.6.2: the opponent takes GG equal to the level, the wild GG first, the
    rest stolen from the Krosmaster's player. With several opponents (chapter 9) that is
    the player who knocked it out; one who knocked out their own (or a teammate's) gives
    that many GG of their own to an opponent they choose (9.2.5)."""
    if not seats.multiplayer(state):
        return _gg_event(state, 1 - unit.owner, level, unit.owner, "4.6.2")
    killer = ko_player(state, unit)
    if not seats.same_team(state, killer, unit.owner):
        return _gg_event(state, killer, level, unit.owner, "4.6.2")
    return owe_gift(state, killer, level)


def _gg_event(
    state: State, player: int, count: int, loser: int, rule: str
) -> tuple[State, list[Event]]:
    state, gained = _award_gg(state, player, count, loser)
    event = Event(
        "krosmaster.event.gg_gained",
        {"player": state.players[player].name, "count": gained},
        rule=rule,
    )
    return state, [event]


def _eliminate(state: State, unit: Unit) -> tuple[State, list[Event]]:
    """9.2.5: the player's last Krosmaster is out, so the player is; their other units
    leave the arena with it. 9.2.3: the player who knocked it out steals all their GG."""
    seat = unit.owner
    for other in [u for u in on_board(state) if u.owner == seat]:
        state = replace_unit(state, replace(other, ko=True, pos=None, wounds=0))
    events = [
        Event("krosmaster.event.eliminated", {"player": state.players[seat].name}, rule="9.2.5")
    ]
    killer = ko_player(state, unit)
    left = state.players[seat].gg
    if left and not seats.same_team(state, killer, seat):
        players = list(state.players)
        players[killer] = replace(players[killer], gg=players[killer].gg + left)
        players[seat] = replace(players[seat], gg=0)
        state = replace(state, players=tuple(players))
        events.append(
            Event(
                "krosmaster.event.gg_gained",
                {"player": players[killer].name, "count": left},
                rule="9.2.3",
            )
        )
    return state, events


def _ko_powers(state: State, victim: Unit) -> tuple[State, list[Event]]:
    """Powers that fire when a unit knocks another out: 4.9.25, 4.9.26, 4.9.29."""
    if victim.wounded_by is None:
        return state, []
    killer = state.unit(victim.wounded_by)
    if seats.same_team(state, killer.owner, victim.owner):
        return state, []
    events: list[Event] = []
    side = killer.owner
    both_krosmasters = is_krosmaster(state, killer) and is_krosmaster(state, victim)

    def boss(u: Unit) -> bool:
        return any(t.lower() in ("boss", "chefe") for t in state.fig(u).types)

    if both_krosmasters and (
        (has_power(state, killer, Power.WISDOM) and boss(victim))
        or (has_power(state, victim, Power.WISDOM) and boss(killer))
    ):
        state, gained = _award_gg(state, side, 1, victim.owner)  # 4.9.25
        events.append(
            Event(
                "krosmaster.event.gg_gained",
                {"player": state.players[side].name, "count": gained},
                rule="4.9.25",
            )
        )
    kamas = 0
    if both_krosmasters:  # 4.9.26: each of the killer's side's prospectors
        kamas += sum(
            1 for u in on_board(state) if u.owner == side and has_power(state, u, Power.PROSPECTING)
        )
    if not lost_power(state, victim, Power.LOOT):  # 4.18.4.g: a unit without powers
        loot = sum(p.amount for p in state.fig(victim).powers if p.power is Power.LOOT)  # 4.9.29
        loot += lasting(victim, "loot") + group_lasting(state, victim, "loot")  # 4.18.4
        kamas += max(0, loot)
    kamas = min(kamas, state.reserve_kamas)
    if kamas:
        players = list(state.players)
        players[side] = replace(players[side], kamas=players[side].kamas + kamas)
        state = replace(state, players=tuple(players), reserve_kamas=state.reserve_kamas - kamas)
        events.append(
            Event(
                "krosmaster.event.ko_kamas",
                {"player": players[side].name, "count": kamas},
                rule="4.9.26",
            )
        )
    return state, events


def _award_gg(state: State, player: int, count: int, loser: int) -> tuple[State, int]:
    """The wild GG first, the rest stolen from ``loser`` (4.6.2)."""
    wild = min(state.wild_gg, count)
    stolen = min(state.players[loser].gg, count - wild)
    players = list(state.players)
    players[player] = replace(players[player], gg=players[player].gg + wild + stolen)
    players[loser] = replace(players[loser], gg=players[loser].gg - stolen)
    return replace(state, players=tuple(players), wild_gg=state.wild_gg - wild), wild + stolen


def buy_gg(state: State, player: int, loser: int | None = None) -> State:
    """Take the wild GG, or steal one from the opponent (4.6.3)."""
    return _award_gg(state, player, 1, 1 - player if loser is None else loser)[0]
