"""Where the teams come from: the match options (``teams: options``) or each player's own
submission (``teams: submit``, :data:`Phase.TEAMS`), hidden until every seat has one.

Both paths end in :func:`start`, set-up from the teams onwards (1.3.1–1.3.9 / 9.2.1–9.2.4).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engines.core import Dice, Event, Seat
from engines.core.model import replace
from engines.krosmaster.content.schema import ArenaDef, FigureDef, RewardDef
from engines.krosmaster.errors import illegal
from engines.krosmaster.names import join, local_name
from engines.krosmaster.rules import play
from engines.krosmaster.rules.setup import new_state, resolve_figures, validate_team
from engines.krosmaster.rules.state import Phase, Player, State
from engines.krosmaster.rules.turns import goto

OPTIONS = "options"
SUBMIT = "submit"


def start(
    seats: Sequence[Seat],
    teams: Sequence[Sequence[FigureDef]],
    arena: ArenaDef,
    fmt: str,
    dice: Dice,
    summons: dict[str, FigureDef],
    rewards: dict[str, RewardDef],
    *,
    mode: str,
    max_level: int,
    box: str,
    lock: str,
    choose_sides: bool,
) -> tuple[State, str]:
    """Set-up from the teams onwards: first player (1.3.1 / 9.2.1), GG, rewards, timelines,
    then sides (1.3.2 / 9.2.2) — chosen, or as printed — ready to deploy. Also returns the
    rule that decided the first player."""
    state, why = new_state(
        seats, teams, arena, fmt, dice, summons, rewards, mode=mode, max_level=max_level, box=box
    )
    state = replace(state, lock_rule=lock)
    if choose_sides:  # 1.3.2 / 9.2.2; tournaments fix the sides ("fixed")
        return replace(state, phase=Phase.SIDE), why
    if mode != "duel" or len(arena.starts) > 2:  # sides as printed: player k on side k
        seat = state.turn_order[0] if mode != "duel" else 0
        state = replace(state, arena=play.arrange_sides(state, seat, 0))
    return state, why


def waiting(
    seats: Sequence[Seat],
    arena: ArenaDef,
    fmt: str,
    figures: Mapping[str, FigureDef],
    rewards: dict[str, RewardDef],
    *,
    mode: str,
    max_level: int,
    box: str,
    lock: str,
    choose_sides: bool,
) -> State:
    """A match waiting for every seat's team (Phase.TEAMS). It holds the pack's figures
    (to read submissions and their summons) and everything :func:`start` needs later."""
    return State(
        seats=tuple(seats),
        players=tuple(Player(name=s.name, gg=0) for s in seats),
        units=(),
        figures=dict(figures),
        arena=arena,
        floor_kamas={},
        reserve_kamas=0,
        wild_gg=0,
        first_player=0,
        active_player=0,
        phase=Phase.TEAMS,
        fmt=fmt,
        lock_rule=lock,
        rewards=dict(rewards),
        box=box,
        mode=mode,
        submitted=((),) * len(seats),
        max_level=max_level,
        choose_sides=choose_sides,
    )


def submit(state: State, seat: int, text: str, dice: Dice) -> tuple[State, list[Event]]:
    """A seat's team, checked at once by 1.1.1 / 1.1.2 / 9.1.2 and kept hidden: the others
    only learn that it was submitted. It may be replaced until every seat has one; the last
    one in reveals them all and set-up goes on as with teams given as match options."""
    if state.phase is not Phase.TEAMS:
        raise illegal("not_teams", "Teams are no longer being submitted.", "1.1")
    pool = {k: f for k, f in state.figures.items() if not f.summon}
    team = resolve_figures(pool, [n.strip() for n in text.split(",") if n.strip()])
    validate_team(team, state.fmt, state.mode != "duel", state.max_level)
    name = state.players[seat].name
    shown = join(local_name(f) for f in team)
    events = [
        Event(
            "krosmaster.event.team_submitted",
            {"player": name, "team": shown},
            rule="1.1",
            redact=True,
            audience=(seat,),
            public_params=("player",),
        )
    ]
    submitted = tuple(
        tuple(f.id for f in team) if s == seat else ids for s, ids in enumerate(state.submitted)
    )
    state = replace(goto(state, Phase.TEAMS), submitted=submitted)
    if any(not ids for ids in submitted):
        return state, events
    return _reveal(state, dice, events)


def _reveal(state: State, dice: Dice, events: list[Event]) -> tuple[State, list[Event]]:
    """Every team is in: show them all, then set up as :func:`start` does."""
    teams = [[state.figures[i] for i in ids] for ids in state.submitted]
    for seat, team in enumerate(teams):
        shown = join(local_name(f) for f in team)
        events.append(
            Event(
                "krosmaster.event.team_revealed",
                {"player": state.players[seat].name, "team": shown},
                rule="1.1",
            )
        )
    summons = {k: f for k, f in state.figures.items() if f.summon}
    new, why = start(
        state.seats,
        teams,
        state.arena,
        state.fmt,
        dice,
        summons,
        state.rewards,
        mode=state.mode,
        max_level=state.max_level,
        box=state.box,
        lock=state.lock_rule,
        choose_sides=state.choose_sides,
    )
    first = new.players[new.first_player].name
    events.append(Event("krosmaster.event.first_player", {"player": first}, rule=why))
    goto(state, new.phase)  # TEAMS → SIDE or DEPLOY, the transitions allowed
    return new, events
