"""Krosmaster Arena (tournament rules 2.7) as a :class:`GameEngine`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from engines.core import (
    Action,
    Choice,
    CommandSpec,
    Decision,
    Dice,
    GameEngine,
    MatchOption,
    MatchResult,
    Message,
    OptionType,
    Outcome,
    Preference,
    ResultKind,
    Seat,
    View,
)
from engines.core.model import replace
from engines.krosmaster import actions as A
from engines.krosmaster import choices, pending, play, rewards, turns
from engines.krosmaster.commands import autocomplete, command_specs
from engines.krosmaster.content import ContentPack
from engines.krosmaster.errors import invalid, setup
from engines.krosmaster.geometry import label
from engines.krosmaster.loader import load_dir
from engines.krosmaster.setup import CONSTRUCTED, LIMITED, new_state, resolve_team
from engines.krosmaster.state import ManualNote, Phase, State
from engines.krosmaster.view import build_view

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


@cache
def default_pack() -> ContentPack:
    """The built-in content under assets/content/krosmaster/."""
    return load_dir()


class Krosmaster(GameEngine[State]):
    """Engine of Krosmaster Arena, duel (1 v 1)."""

    name = "krosmaster"
    title_key = "krosmaster.title"
    state_type = State
    action_types = A.ALL_ACTIONS
    render_kinds = ("board", "preview")
    preferences = (Preference(AUTO_TENSION, Message("krosmaster.preference.auto_tension")),)
    options = (
        MatchOption(
            "format",
            OptionType.STRING,
            CONSTRUCTED,
            Message("krosmaster.option.format"),
            choices=(CONSTRUCTED, LIMITED),
        ),
        MatchOption(
            "arena", OptionType.STRING, "training-grounds", Message("krosmaster.option.arena")
        ),
        MatchOption(
            "lock",
            OptionType.STRING,
            "2.7",
            Message("krosmaster.option.lock"),
            choices=("2.7", "classic"),
        ),
        MatchOption(
            "team1", OptionType.STRING, "brakmar-raiders", Message("krosmaster.option.team1")
        ),
        MatchOption("team2", OptionType.STRING, "bonta-guard", Message("krosmaster.option.team2")),
        MatchOption(
            "sides",
            OptionType.STRING,
            "fixed",
            Message("krosmaster.option.sides"),
            choices=("fixed", "choose"),
        ),
    )

    def load_content(self, pack: str | None) -> Any:
        """The built-in pack (``None``/"default") or a directory of YAML files."""
        if pack in (None, "", "default"):
            return default_pack()
        from pathlib import Path

        return load_dir(Path(pack))

    def new_match(
        self, options: Mapping[str, Any], seats: Sequence[Seat], content: Any, dice: Dice
    ) -> State:
        self.check_seats(len(seats))
        opts = self.parse_options(options)
        pack: ContentPack = content if isinstance(content, ContentPack) else default_pack()
        arena = pack.arenas.get(str(opts["arena"]))
        if arena is None:
            raise setup(
                "unknown_arena",
                "Unknown arena.",
                "1.3.2",
                arena=str(opts["arena"]),
                known=", ".join(sorted(pack.arenas)),
            )
        teams = [resolve_team(pack, str(opts["team1"])), resolve_team(pack, str(opts["team2"]))]
        summons = {k: f for k, f in pack.figures.items() if f.summon}
        state, _ = new_state(seats, teams, arena, str(opts["format"]), dice, summons, pack.rewards)
        state = replace(state, lock_rule=str(opts["lock"]))
        if opts["sides"] == "choose":  # 1.3.2; tournaments fix the sides ("fixed")
            state = replace(state, phase=Phase.SIDE)
        return state

    def pending(self, state: State) -> list[Decision]:
        owed = self._owed(state)
        # 1.6.2: a waiting player may set the faces their tension dice turn to at any time.
        waiting = {d.seat for d in owed}
        return owed + [
            Decision(s, ("prefer",), Message("krosmaster.prompt.prefer"), optional=True)
            for s in range(len(state.players))
            if s not in waiting and owed
        ]

    def _owed(self, state: State) -> list[Decision]:
        phase, p = state.phase, state.active_player
        if phase is Phase.OVER:
            return []
        if phase is Phase.SIDE:
            return [
                Decision(
                    state.deploying,
                    ("side",),
                    Message("krosmaster.prompt.side"),
                    default=A.Side(str(state.deploying + 1)),
                    auto_default=True,
                )
            ]
        if phase is Phase.DEPLOY:
            return [
                Decision(
                    state.deploying,
                    ("deploy",),
                    Message("krosmaster.prompt.deploy"),
                    default=_default_deploy(state),
                    auto_default=True,
                )
            ]
        if phase is Phase.TENSION:
            return [
                Decision(
                    p,
                    ("tension", "prefer"),
                    Message("krosmaster.prompt.tension"),
                    default=A.Tension(),
                    auto_default=True,
                    preference=AUTO_TENSION,
                )
            ]
        if phase is Phase.TENSION_ROLLED:
            kinds = ("keep", "prefer") if state.rerolled else ("reroll", "keep", "prefer")
            return [
                Decision(
                    p,
                    kinds,
                    Message("krosmaster.prompt.keep"),
                    default=A.Keep(),
                    auto_default=True,
                    preference=AUTO_TENSION,
                )
            ]
        if phase is Phase.INSPIRATION:
            return [
                Decision(
                    p,
                    ("inspire", "end_inspiration", "prefer"),
                    Message("krosmaster.prompt.inspire"),
                    default=A.EndInspiration(),
                    auto_default=True,
                )
            ]
        if phase is Phase.ASSIGN:
            return [
                Decision(
                    p,
                    ("assign",),
                    Message("krosmaster.prompt.assign"),
                    default=_default_assign(state),
                    auto_default=True,
                )
            ]
        if state.manual:  # 1.5.1: nothing goes on until the card text is applied
            note = state.manual[0]
            return [
                Decision(
                    note.seat,
                    ("adjust", "applied", "prefer"),
                    Message("krosmaster.prompt.manual", {"unit": note.unit, "text": note.text}),
                    default=A.Applied(),
                    auto_default=False,
                )
            ]
        if phase is Phase.PENDING:
            return [
                Decision(
                    p,
                    ("resolve",),
                    Message("krosmaster.prompt.resolve"),
                    default=A.Resolve(1),
                    auto_default=True,
                )
            ]
        unit = state.unit(state.active_unit or "")
        return [
            Decision(
                p,
                ACTIVATION_KINDS,
                Message("krosmaster.prompt.activate", {"unit": state.fig(unit).name}),
                default=A.EndTurn(),
                auto_default=True,
            )
        ]

    def rules_apply(self, state: State, seat: int, action: Action, dice: Dice) -> Outcome[State]:
        text = getattr(action, "lock_order", "") or getattr(action, "ko_order", "")
        if text:  # 4.14.2.b / 4.18.3.b: the active player's order, for this action only
            state = replace(state, order=play.parse_order(state, text))
        new, events = self._apply(state, seat, action, dice)
        if isinstance(action, A.Cast) and action.summon_order.strip():
            from engines.krosmaster.summons import reorder_new_summons

            new = reorder_new_summons(state, new, action.summon_order)
        notes = tuple(
            ManualNote(seat, str(e.params["unit"]), str(e.params["text"]))
            for e in events
            if e.key == "krosmaster.event.manual_effect"
        )
        if new.phase is Phase.OVER:
            notes, new = (), replace(new, manual=(), suspended=None)
        return Outcome(replace(new, order=(), manual=(*new.manual, *notes)), tuple(events))

    def _apply(
        self, state: State, seat: int, action: Action, dice: Dice
    ) -> tuple[State, list[Any]]:
        if isinstance(action, A.Prefer):
            return choices.prefer(state, seat, action), []
        if isinstance(action, A.Side):
            return play.choose_side(state, seat, action.squares)
        if isinstance(action, A.Deploy):
            return play.deploy(state, seat, action.figure, action.square, dice)
        if isinstance(action, A.Tension):
            return turns.roll_tension(state, dice)
        if isinstance(action, A.Reroll):
            return turns.reroll(state, dice)
        if isinstance(action, A.Keep):
            return turns.keep_tension(state, action.face1, action.face2)
        if isinstance(action, A.Inspire):
            return turns.inspire(state, action.die, play.find_unit(state, seat, action.figure).id)
        if isinstance(action, A.EndInspiration):
            return turns.end_inspiration(state, dice)
        if isinstance(action, A.Resolve):
            if not 1 <= action.effect <= len(state.pending):
                raise invalid("bad_effect", "No such pending effect.", effect=action.effect)
            state, events = pending.resolve(state, action.effect - 1, dice)
            return play.settle(state, events, dice)
        if isinstance(action, A.Adjust):
            from engines.krosmaster.adjust import adjust

            target = play.any_unit(state, action.unit)
            state, events = adjust(state, seat, target, action.what, action.value, action.reason)
            if state.manual or state.phase not in (Phase.ACTIVATION, Phase.PENDING):
                return state, events  # a referee's fix outside an activation changes nothing else
            return play.settle(state, events, dice)
        if isinstance(action, A.Applied):
            return choices.applied(state, seat, dice)
        if isinstance(action, A.Assign):
            return rewards.assign(state, play.find_unit(state, seat, action.figure))
        if isinstance(action, A.BuyReward):
            return rewards.buy(state, play.active(state), action.pile, action.face)
        if isinstance(action, A.Reveal):
            state, events = rewards.reveal(state, play.active(state), action.reward)
            return play.settle(state, events, dice)
        if isinstance(action, A.EndTurn):
            return turns.end_component(state, dice)
        if isinstance(action, A.Move):
            state, events = play.do_move(state, action.to, action.path, dice)
        elif isinstance(action, A.Cast):
            state, events = play.do_cast(state, action.spell, action.target, action.facing, dice)
        elif isinstance(action, A.CollectKama):
            state, events = play.collect(state, action.count)
        else:
            assert isinstance(action, A.BuyGG)
            state, events = play.buy(state)
        return play.settle(state, events, dice)

    def result(self, state: State) -> MatchResult | None:
        if state.winner is not None:
            return MatchResult(ResultKind.WIN, (state.winner,))
        if state.draw:
            return MatchResult(ResultKind.DRAW)
        return None

    def view(self, state: State, seat: int | None) -> View:
        return View(self.name, seat, build_view(state, seat))

    def render(self, view: View, kind: str = "board", locale: str = "en-US") -> bytes:
        from engines.krosmaster import render

        return render.render(view, self.catalog(), locale, preview=kind == "preview")

    def commands(self) -> list[CommandSpec]:
        return command_specs()

    def autocomplete(
        self,
        state: State | None,
        seat: int | None,
        command: str,
        option: str,
        current: str,
        values: Mapping[str, Any],
    ) -> list[Choice]:
        if state is None or seat is None:
            return []
        return autocomplete(state, seat, command, option, current, values)

    def apply_setup(self, state: State, overrides: Mapping[str, Any]) -> State:
        """Krosmaster's scenario schema (docs/krosmaster.md), not the raw state JSON."""
        from engines.krosmaster import overrides as schema

        return schema.apply(state, overrides, default_pack())

    def undoable(self, action: Action) -> bool:
        # Only choices that roll no dice and reveal nothing may be taken back.
        return isinstance(action, A.Deploy | A.Inspire | A.Prefer)


def _default_assign(state: State) -> A.Assign:
    buyer = state.unit(state.active_unit or "")
    mine = [buyer] + [u for u in state.units if u.owner == buyer.owner and u is not buyer]
    first = next(u for u in mine if rewards.can_receive(state, u))
    return A.Assign(first.id)


def _default_deploy(state: State) -> A.Deploy:
    seat = state.deploying
    unit = next(u for u in state.units if u.owner == seat and u.pos is None and not u.ko)
    taken = {u.pos for u in state.units}
    square = next(s for s in state.arena.starts[seat] if s not in taken)
    return A.Deploy(unit.id, label(square))
