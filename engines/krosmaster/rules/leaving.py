"""A player leaving a free-for-all that goes on without them (``withdraw``).

Chapter 9 has no rule for a player who leaves; the engine treats them as a player who is
out (9.2.5, "eliminated"), with this documented reading (docs/krosmaster.md):

* their units — Krosmasters, summons, figures not yet deployed — leave the arena as a
  knocked-out unit does (4.10.2.a): tokens, rewards (4.7.12, unrevealed), powers gained and
  lasting changes go with them; nobody knocked them out, so nobody takes GG for them and no
  knock-out power, explosion or Loot fires;
* the markers they placed or that lie on their units go (4.13.3), and so do their group
  changes (4.18.4.c: nobody is left to hold them);
* their GG and kamas stay in their stock and no longer count (as an eliminated player's,
  1.4.1 among the players still in);
* a 9.2.5 gift or 9.2.6 choice they owe is made with its default (the opponent with the
  fewest GG / the most), as a missed deadline would; card text they owe is dropped with the
  spell paused for it;
* if it is their player turn, it ends at once (effects still waiting in their step-8 queue,
  their tension dice and a reward they bought but had not assigned go with it) and the next
  player still in plays (9.2.1); before the fight the next player sides or deploys.

The victory check then runs as after any action (1.4.1 / 1.4.3).
"""

from __future__ import annotations

from engines.core import Dice, Event
from engines.core.model import replace
from engines.krosmaster.effects.lasting import end_of_turn
from engines.krosmaster.errors import illegal
from engines.krosmaster.rules import multiplayer, play, seats
from engines.krosmaster.rules.board import replace_unit
from engines.krosmaster.rules.casting import resume
from engines.krosmaster.rules.state import Phase, State
from engines.krosmaster.rules.turns import continue_after_queue, end_player_turn
from engines.krosmaster.rules.victory import check_victory

#: Phases of a player turn (5, 6): the active player leaving ends it.
TURN_PHASES = (
    Phase.TENSION,
    Phase.TENSION_ROLLED,
    Phase.INSPIRATION,
    Phase.ACTIVATION,
    Phase.PENDING,
    Phase.ASSIGN,
)


def can_leave(state: State, seat: int) -> bool:
    """The match goes on without ``seat``: a free-for-all with two more players still in
    (a player already out may always leave). A duel or 2 v 2 ends with a resignation."""
    # Before the teams are in (Phase.TEAMS) there is no play to go on: a resignation concedes.
    if state.mode != seats.FFA or state.phase in (Phase.OVER, Phase.TEAMS):
        return False
    if seats.eliminated(state, seat):
        return True
    return len([s for s in seats.remaining(state) if s != seat]) >= 2


def withdraw(state: State, seat: int, dice: Dice) -> tuple[State, list[Event]]:
    """``seat`` leaves the match; play goes on with the others."""
    if not can_leave(state, seat):
        raise illegal("cannot_leave", "The match cannot go on without you.", "9.2")
    events = [Event("krosmaster.event.withdrew", {"player": state.players[seat].name})]
    if seat in state.left:
        return state, events
    state = _remove_units(replace(state, left=(*state.left, seat)), seat)
    state, more = _pay_debts(state, seat)
    events += more
    state, more = _go_on(state, seat, dice)
    events += more
    if state.phase is not Phase.OVER:
        state = check_victory(state)
    return state, events


def _remove_units(state: State, seat: int) -> State:
    mine = {u.id for u in state.units if u.owner == seat}
    for unit in [u for u in state.units if u.id in mine]:
        gone = replace(
            unit,
            ko=True,
            pos=None,
            wounds=0,
            ap=0,
            mp=0,
            ap_tokens=0,
            mp_tokens=0,
            range_tokens=0,
            range_bonus=0,
            inspiration=(),
            gained=(),
            lasting=(),
            boost=(),
            wounded_by=None,
            rewards=(),
        )
        state = replace_unit(state, gone)
    suspended = state.suspended
    if suspended is not None and suspended.caster in mine:
        suspended = None
    return replace(
        state,
        markers=tuple(m for m in state.markers if not {m.placer, m.target} & mine),
        rule_changes=tuple(r for r in state.rule_changes if r.seat != seat),
        pending=tuple(p for p in state.pending if not {p.source, p.target} & mine),
        manual=tuple(n for n in state.manual if n.seat != seat),
        suspended=suspended,
    )


def _pay_debts(state: State, seat: int) -> tuple[State, list[Event]]:
    """9.2.5 / 9.2.6 choices the leaver owes: made with their defaults."""
    mine = [o for o in state.owed if o.seat == seat]
    state = replace(state, owed=tuple(o for o in state.owed if o.seat != seat))
    events: list[Event] = []
    for owed in mine:
        state, more = multiplayer.answer_by_default(state, owed)
        events += more
    return multiplayer.prune(state), events


def _go_on(state: State, seat: int, dice: Dice) -> tuple[State, list[Event]]:
    """Play continues with the next player who owes something."""
    if state.phase is Phase.OVER:
        return state, []
    if state.phase is Phase.SIDE and state.deploying == seat:
        # 9.2.2: the arena is turned as printed (player 1 on side 1), the others follow.
        arena = play.arrange_sides(state, seat, 0)
        first = next(s for s in seats.order(state) if s not in state.left)
        return replace(state, arena=arena, phase=Phase.DEPLOY, deploying=first), []
    if state.phase is Phase.DEPLOY:
        if state.deploying == seat:
            return play.next_deployer(state, seat, [], dice)
        return state, []
    if state.phase in TURN_PHASES and state.active_player == seat:
        state = replace(
            state,
            pending=(),
            suspended=None,
            bought="",
            bought_public=False,
            tension=(),
            tension_rolled=(),
            rerolled=False,
        )
        if state.active_unit is not None:
            state = end_of_turn(state)  # 6.4.1: "until the end of the turn" ends
        return end_player_turn(state, dice)
    if state.manual or state.owed:
        return state, []
    events: list[Event] = []
    if state.suspended is not None:  # the paused spell's card text was the leaver's
        state, events = resume(state, dice)
    if state.phase in (Phase.ACTIVATION, Phase.PENDING) and state.active_unit is not None:
        return continue_after_queue(state, events, dice)
    return state, events
