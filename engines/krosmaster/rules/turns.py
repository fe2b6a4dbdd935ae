"""The player turn (5), the component turns along the timeline (6) and each player's
standing preference for flexible tension faces (1.6.2)."""

from __future__ import annotations

from engines.core import Dice, Event
from engines.core.model import replace
from engines.krosmaster import actions as A
from engines.krosmaster.content.schema import Power, RewardKind
from engines.krosmaster.effects.lasting import end_of_turn
from engines.krosmaster.errors import illegal, invalid
from engines.krosmaster.names import local_name
from engines.krosmaster.rules import faces, pending
from engines.krosmaster.rules.board import (
    has_power,
    is_bomb,
    is_krosmaster,
    max_ap,
    max_mp,
    on_board,
    replace_unit,
)
from engines.krosmaster.rules.casting import knock_outs
from engines.krosmaster.rules.faces import Face
from engines.krosmaster.rules.multiplayer import owe_doubles
from engines.krosmaster.rules.rewards import scheduled_reveals
from engines.krosmaster.rules.seats import multiplayer, next_player
from engines.krosmaster.rules.state import TRANSITIONS, Phase, State
from engines.krosmaster.rules.units import wound
from engines.krosmaster.rules.victory import check_victory

REFUND = {2: 3, 1: 1}  # 5.4.1–5.4.2: kamas for unused inspiration dice


def goto(state: State, phase: Phase) -> State:
    """Change phase along an allowed transition only."""
    if phase is not state.phase and phase not in TRANSITIONS[state.phase]:
        raise AssertionError(f"no transition {state.phase} -> {phase}")
    return replace(state, phase=phase)


def start_player_turn(state: State, dice: Dice) -> tuple[State, list[Event]]:
    """5.1: clear last turn's inspiration (5.3.3), then tension unless turn 1 (5.2.4)."""
    p = state.active_player
    for u in state.units:
        if u.owner == p and u.inspiration:
            state = replace_unit(state, replace(u, inspiration=()))
    state = replace(state, tension=(), tension_rolled=(), rerolled=False, gg_bought=False)
    events = [Event("krosmaster.event.player_turn", {"player": state.players[p].name}, rule="5.1")]
    state, shown = scheduled_reveals(state, at_start=True)  # 4.7.4
    events += shown
    if state.player_turn == 1:
        state, more = start_component(replace(state, phase=Phase.INSPIRATION), None, dice)
        return state, events + more
    return replace(state, phase=Phase.TENSION, active_unit=None), events


def roll_tension(state: State, dice: Dice) -> tuple[State, list[Event]]:
    """5.2.1: two dice."""
    rolled = tuple(faces.roll(dice, "tension test (5.2.1)") for _ in range(2))
    state = replace(goto(state, Phase.TENSION_ROLLED), tension_rolled=rolled)
    names = faces.faces_message(rolled)
    return state, [Event("krosmaster.event.tension", {"faces": names}, rule="5.2.1")]


def reroll(state: State, dice: Dice) -> tuple[State, list[Event]]:
    """5.2.2: one die replaces both; no doubles are possible afterwards."""
    if state.rerolled:
        raise illegal("rerolled", "The tension test was already re-rolled.", "5.2.2")
    rolled = (faces.roll(dice, "tension re-roll (5.2.2)"),)
    state = replace(state, tension_rolled=rolled, rerolled=True)
    return state, [
        Event("krosmaster.event.tension", {"faces": faces.face_message(rolled[0])}, rule="5.2.2")
    ]


def _face(text: str, rolled: Face, default: Face) -> Face:
    if not text.strip():
        return default
    wanted = next((f for f in Face if f.value == text.strip().lower()), None)
    if wanted is None or not faces.can_become(rolled, wanted):
        raise invalid(
            "bad_face",
            f"A {rolled.value} die cannot show {text!r}.",
            face=text,
            rolled=faces.face_message(rolled),
        )
    return wanted


def keep_tension(state: State, face1: str, face2: str) -> tuple[State, list[Event]]:
    """Turn flexible faces (1.6.2); doubles without a re-roll cost each player 1 GG (5.2.3)."""
    player = state.players[state.active_player]
    defaults = faces.default_tension_faces(
        state.tension_rolled, player.prefer_crit_dodge, player.prefer_dofus
    )
    chosen = tuple(
        _face(text, rolled, d)
        for text, rolled, d in zip((face1, face2), state.tension_rolled, defaults, strict=False)
    )
    state = replace(goto(state, Phase.INSPIRATION), tension=chosen)
    kept = {"player": player.name, "faces": faces.faces_message(chosen), "count": len(chosen)}
    # The faces as turned (1.6.2), said: the roll's event named them as rolled.
    events = [Event("krosmaster.event.tension_kept", kept, rule="1.6.2")]
    if len(chosen) == 2 and chosen[0] is chosen[1] and not state.rerolled and multiplayer(state):
        # 9.2.6: a chain of two chosen players instead of every player losing 1 GG.
        face = {"face": faces.face_message(chosen[0])}
        events.append(Event("krosmaster.event.doubles_chain", face, rule="9.2.6"))
        state, more = owe_doubles(state)
        return state, events + more
    if len(chosen) == 2 and chosen[0] is chosen[1] and not state.rerolled:
        players = tuple(replace(p, gg=max(0, p.gg - 1)) for p in state.players)
        lost = sum(p.gg for p in state.players) - sum(p.gg for p in players)
        state = replace(state, players=players, gg_lost=state.gg_lost + lost)
        events.append(
            Event("krosmaster.event.doubles", {"face": faces.face_message(chosen[0])}, rule="5.2.3")
        )
        broke = [i for i, p in enumerate(players) if p.gg == 0]
        if len(broke) == 1:
            state = replace(goto(state, Phase.OVER), winner=1 - broke[0])
        elif broke:
            state = replace(goto(state, Phase.OVER), draw=True)
    return state, events


def inspire(state: State, die: int, unit_id: str) -> tuple[State, list[Event]]:
    """5.3: a tension die becomes a power of one of the player's Krosmasters."""
    if not 1 <= die <= len(state.tension):
        raise invalid("bad_die", "No such tension die.", die=die)
    unit = state.unit(unit_id)
    if unit.owner != state.active_player or not is_krosmaster(state, unit) or unit.ko:
        raise illegal("inspire_own", "Inspire one of your own Krosmasters.", "5.3.1")
    face = state.tension[die - 1]
    state = replace_unit(state, replace(unit, inspiration=(*unit.inspiration, face)))
    state = replace(state, tension=state.tension[: die - 1] + state.tension[die:])
    return state, [
        Event(
            "krosmaster.event.inspired",
            {"unit": local_name(state.fig(unit)), "face": faces.face_message(face)},
            rule="5.3.1",
        )
    ]


def end_inspiration(state: State, dice: Dice) -> tuple[State, list[Event]]:
    """5.4: sell the unused dice for kamas, then the first component's turn (5.5)."""
    events: list[Event] = []
    gain = min(REFUND.get(len(state.tension), 0), state.reserve_kamas)
    if gain:
        players = list(state.players)
        p = state.active_player
        players[p] = replace(players[p], kamas=players[p].kamas + gain)
        state = replace(state, players=tuple(players), reserve_kamas=state.reserve_kamas - gain)
        events.append(
            Event("krosmaster.event.refund", {"player": players[p].name, "count": gain}, rule="5.4")
        )
    state = replace(state, tension=())
    state, more = start_component(state, None, dice)
    return state, events + more


def start_component(state: State, after: str | None, dice: Dice) -> tuple[State, list[Event]]:
    """The next component on the timeline after ``after`` (5.5.1), or the end of turn (5.6)."""
    line = state.players[state.active_player].timeline
    start = line.index(after) + 1 if after in line else 0
    for uid in line[start:]:
        unit = state.unit(uid)
        if unit.ko or unit.pos is None:
            continue  # 4.10.2.b: a knocked-out Krosmaster keeps its place but plays no turn
        fig = state.fig(unit)
        if fig.ap is None and fig.mp is None:
            continue  # a mechanism with neither AP nor MP (a bomb) can do nothing (6.3)
        state = goto(begin_unit(state, uid), Phase.ACTIVATION)
        events = [Event("krosmaster.event.unit_turn", {"unit": local_name(fig)}, rule="6.1")]
        state, more = start_of_turn(state, uid)
        return continue_after_queue(state, events + more, dice)
    return end_player_turn(state, dice)


def start_of_turn(state: State, uid: str) -> tuple[State, list[Event]]:
    """6.2.1.d "at the start of the turn": the summoner's bombs take 1 damage (4.19.5.c),
    its summons with Desgastar take 1 wound (4.9.30)."""
    for summon in [u for u in on_board(state) if u.summoner == uid]:
        if is_bomb(state, summon) or has_power(state, summon, Power.WEAR):
            state, _ = wound(state, summon.id, 1)
    return knock_outs(state)


def continue_after_queue(
    state: State, events: list[Event], dice: Dice
) -> tuple[State, list[Event]]:
    """Resolve the pending queue (7.2.9), asking the player when several wait (7.2.9.a)."""
    while state.phase is not Phase.OVER and state.pending:
        if len(state.pending) > 1:
            return replace(state, phase=Phase.PENDING), events
        state, more = pending.resolve(state, 0, dice)
        events = events + more
        if state.suspended is not None:  # a bomb's or trap's card text waits (1.5.1)
            return state, events
    state = check_victory(state)
    if state.phase is Phase.OVER:
        return state, events
    state = replace(state, phase=Phase.ACTIVATION)
    unit = state.unit(state.active_unit or "")
    if unit.ko or unit.pos is None:  # the active unit fell: its turn ends
        state, more = end_component(state, dice)
        events = events + more
    return state, events


def begin_unit(state: State, uid: str) -> State:
    """The preliminary phase of 6.2.1 (no buffs or start-of-turn effects exist yet)."""
    unit = state.unit(uid)
    # 6.2.1.a: face-up buffs are discarded.
    kept = tuple(
        h
        for h in unit.rewards
        if not (h.revealed and state.rewards[h.reward].kind is RewardKind.BUFF)
    )
    unit = replace(unit, rewards=kept, revealed_this_turn=False, bought_this_turn=False)
    top_ap, top_mp = max_ap(state, unit), max_mp(state, unit)
    # 6.2.1.b: gauges refilled, modified by ±tokens, which are discarded (4.11.5).
    fresh = replace(
        unit,
        ap=max(0, top_ap + unit.ap_tokens) if top_ap is not None else 0,
        mp=max(0, top_mp + unit.mp_tokens) if top_mp is not None else 0,
        ap_tokens=0,
        mp_tokens=0,
        range_bonus=unit.range_tokens,  # 6.2.1.c / 4.12.1
        range_tokens=0,
        cast_this_turn=(),
        targets_this_turn=(),
        collected=0,
    )
    return replace(replace_unit(state, fresh), active_unit=uid)


def end_component(state: State, dice: Dice) -> tuple[State, list[Event]]:
    """6.4: "this turn" effects end and unspent AP/MP are lost (6.3.8)."""
    uid = state.active_unit
    if uid is None:  # end_turn with no figure activated
        raise illegal("no_active", "No figure is being activated now.", "6.1.1")
    unit = state.unit(uid)
    # 6.3.8 unspent points are lost; 4.7.5.a an unused boost bonus too.
    state = replace_unit(state, replace(unit, ap=0, mp=0, range_bonus=0, boost=(), boost_spells=()))
    state = end_of_turn(state)  # 6.4.1 / 4.18.4: changes "until the end of the turn" end
    # 4.10.2: an HP raise ending may leave wounds at the HP.
    state, events = knock_outs(state)
    if state.phase is Phase.OVER:
        return state, events
    if unit.collected and has_power(state, unit, Power.FARMER) and state.reserve_kamas:
        # 4.9.28: one more kama from the reserve after a turn that picked one up.
        players = list(state.players)
        players[unit.owner] = replace(players[unit.owner], kamas=players[unit.owner].kamas + 1)
        state = replace(state, players=tuple(players), reserve_kamas=state.reserve_kamas - 1)
        events.append(
            Event("krosmaster.event.farmer", {"unit": local_name(state.fig(unit))}, rule="4.9.28")
        )
    state, more = start_component(state, uid, dice)
    return state, events + more


def end_player_turn(state: State, dice: Dice) -> tuple[State, list[Event]]:
    """5.6: the opponent (with four players the next one still in, 9.2.1) becomes the
    active player."""
    state = check_victory(state)
    if state.phase is Phase.OVER:
        return state, []
    state, shown = scheduled_reveals(state, at_start=False)  # 4.7.4
    state = replace(
        state,
        active_player=next_player(state),  # 9.2.1: in play order, skipping players out
        player_turn=state.player_turn + 1,
        active_unit=None,
    )
    state, more = start_player_turn(state, dice)
    return state, shown + more


def prefer(state: State, seat: int, action: A.Prefer) -> State:
    """1.6.2: the faces this player's flexible tension dice turn to by default."""
    by_value = {f.value: f for f in Face}
    cd, dofus = by_value.get(action.crit_dodge), by_value.get(action.dofus)
    if cd not in (Face.CRIT, Face.DODGE) or dofus not in (
        Face.CRIT,
        Face.ARMOUR,
        Face.LOCK,
        Face.DODGE,
    ):
        raise invalid(
            "bad_face",
            "Choose crit or dodge, and crit, armour, lock or dodge.",
            face=f"{action.crit_dodge}/{action.dofus}",
            rolled="-",
        )
    assert cd is not None and dofus is not None
    players = list(state.players)
    players[seat] = replace(players[seat], prefer_crit_dodge=cd, prefer_dofus=dofus)
    return replace(state, players=tuple(players))
