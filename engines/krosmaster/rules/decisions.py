"""The decisions owed now: one builder per phase, each with the default applied when the
deadline passes.

Before the fight and between activations the phase alone says what is owed (a table
keyed by :class:`Phase`). During an activation (6.3) card text waiting to be applied
(1.5.1) comes first, then the pending effects (7.2.9), else the active figure acts.
A choice between players (9.2.5 / 9.2.6) comes before everything.
"""

from __future__ import annotations

from collections.abc import Callable

from engines.core import Decision, Message
from engines.krosmaster import actions as A
from engines.krosmaster.geometry import label
from engines.krosmaster.names import local_name
from engines.krosmaster.rules import multiplayer, rewards
from engines.krosmaster.rules.seats import player_number
from engines.krosmaster.rules.state import Phase, State

#: Standing preference: roll the tension test and keep the dice (by the `prefer` faces).
AUTO_TENSION = "krosmaster.auto_tension"

ACTIVATION_KINDS = (
    "move",
    "cast",
    "collect",
    "buy_gg",
    "buy_reward",
    "reveal",
    "end_turn",
    "prefer",
    "adjust",
)


def owed(state: State) -> list[Decision]:
    """Who must decide what now (without menus: ``menus.with_menus`` adds them)."""
    if state.phase is Phase.OVER:
        return []
    if state.owed:  # 9.2.5 / 9.2.6: a player chooses another before play goes on
        return [_player_choice(state)]
    by_phase = _BY_PHASE.get(state.phase)
    if by_phase is not None:
        return by_phase(state)
    if state.manual:  # 1.5.1: nothing goes on until the card text is applied
        return [_manual(state)]
    if state.phase is Phase.PENDING:
        return [_resolve(state)]
    return [_activate(state)]


def _teams(state: State) -> list[Decision]:
    """Every seat owes a team; none is played by default (1.1, 9.1.2)."""
    return [
        Decision(
            s,
            ("team",),
            Message("krosmaster.prompt.team_again" if ids else "krosmaster.prompt.team"),
            auto_default=False,
            optional=bool(ids),
        )
        for s, ids in enumerate(state.submitted)
    ]


def _side(state: State) -> list[Decision]:
    """1.3.2 / 9.2.2: the deploying player picks a side of the arena."""
    prompt = (
        "krosmaster.prompt.side_four" if len(state.arena.starts) > 2 else "krosmaster.prompt.side"
    )
    return [
        Decision(
            state.deploying,
            ("side",),
            Message(prompt),
            default=A.Side("1" if state.turn_order else str(state.deploying + 1)),
            auto_default=True,
        )
    ]


def _deploy(state: State) -> list[Decision]:
    """1.3.9: the next figure on the first free starting square by default."""
    seat = state.deploying
    unit = next(u for u in state.units if u.owner == seat and u.pos is None and not u.ko)
    taken = {u.pos for u in state.units}
    square = next(s for s in state.arena.starts[seat] if s not in taken)
    default = A.Deploy(unit.id, label(square))
    return [
        Decision(
            seat,
            ("deploy",),
            Message("krosmaster.prompt.deploy"),
            default=default,
            auto_default=True,
        )
    ]


def _tension(state: State) -> list[Decision]:
    """5.2.1: roll the tension test."""
    return [
        Decision(
            state.active_player,
            ("tension", "prefer"),
            Message("krosmaster.prompt.tension"),
            default=A.Tension(),
            auto_default=True,
            preference=AUTO_TENSION,
        )
    ]


def _keep(state: State) -> list[Decision]:
    """5.2.2: keep the tension dice, or re-roll once."""
    kinds = ("keep", "prefer") if state.rerolled else ("reroll", "keep", "prefer")
    return [
        Decision(
            state.active_player,
            kinds,
            Message("krosmaster.prompt.keep"),
            default=A.Keep(),
            auto_default=True,
            preference=AUTO_TENSION,
        )
    ]


def _inspire(state: State) -> list[Decision]:
    """5.3: put the tension dice on Krosmasters, or stop."""
    return [
        Decision(
            state.active_player,
            ("inspire", "end_inspiration", "prefer"),
            Message("krosmaster.prompt.inspire"),
            default=A.EndInspiration(),
            auto_default=True,
        )
    ]


def _assign(state: State) -> list[Decision]:
    """4.7.8: the reward just bought goes to the buyer first, else another Krosmaster."""
    buyer = state.unit(state.active_unit or "")
    mine = [buyer] + [u for u in state.units if u.owner == buyer.owner and u is not buyer]
    first = next(u for u in mine if rewards.can_receive(state, u))
    return [
        Decision(
            state.active_player,
            ("assign",),
            Message("krosmaster.prompt.assign"),
            default=A.Assign(first.id),
            auto_default=True,
        )
    ]


#: Phases in which the phase alone says what is owed.
_BY_PHASE: dict[Phase, Callable[[State], list[Decision]]] = {
    Phase.TEAMS: _teams,
    Phase.SIDE: _side,
    Phase.DEPLOY: _deploy,
    Phase.TENSION: _tension,
    Phase.TENSION_ROLLED: _keep,
    Phase.INSPIRATION: _inspire,
    Phase.ASSIGN: _assign,
}


def _manual(state: State) -> Decision:
    """1.5.1: a referee or the player applies the card text the engine cannot."""
    note = state.manual[0]
    return Decision(
        note.seat,
        ("adjust", "applied", "prefer"),
        Message("krosmaster.prompt.manual", {"unit": note.unit, "text": note.text}),
        default=A.Applied(),
        auto_default=False,
    )


def _resolve(state: State) -> Decision:
    """7.2.9: the active player orders the pending effects."""
    return Decision(
        state.active_player,
        ("resolve",),
        Message("krosmaster.prompt.resolve"),
        default=A.Resolve(1),
        auto_default=True,
    )


def _activate(state: State) -> Decision:
    """6.3: the active figure moves, casts, buys… or ends its turn."""
    unit = state.unit(state.active_unit or "")
    return Decision(
        state.active_player,
        ACTIVATION_KINDS,
        Message("krosmaster.prompt.activate", {"unit": local_name(state.fig(unit))}),
        default=A.EndTurn(),
        auto_default=True,
    )


def _player_choice(state: State) -> Decision:
    """9.2.5 (give GG) or 9.2.6 (who loses 1 GG): the first choice owed, with its default."""
    choice = state.owed[0]
    pick = multiplayer.default_choice(state, choice)
    name, number = state.players[pick].name, str(player_number(state, pick))
    if choice.kind == multiplayer.GIFT:
        prompt = Message("krosmaster.prompt.give", {"count": choice.amount, "player": name})
        return Decision(choice.seat, ("give",), prompt, default=A.Give(number), auto_default=True)
    prompt = Message("krosmaster.prompt.doubles", {"player": name})
    return Decision(choice.seat, ("doubles",), prompt, default=A.Doubles(number), auto_default=True)
