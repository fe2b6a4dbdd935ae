"""What every effect handler uses: the content, the dice, the events, and the machine.

:class:`Effects` is the ``env`` of the kernel's interpreter (``engines.core.effects``):
handlers reach it as ``run.env``. It also runs whole scripts (:meth:`Effects.run`),
resumes paused ones (:meth:`Effects.resume`) and gains status tokens (a gain may run
the status's own scripts), which is why it holds the machine itself; the machine, with
its handler table, is put together in :mod:`engines.dicethrone.effects.interpreter`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engines.core import Dice, Event
from engines.core import effects as kernel
from engines.core.model import replace
from engines.dicethrone.content import Content, Hero, Step
from engines.dicethrone.effects.context import Ctx, chosen_player, put, remove_status, seat_name
from engines.dicethrone.rules.state import Frame, State
from engines.dicethrone.rules.statuses import stack_limit

#: The dice a frame's steps read.
DiceValues = tuple[int, ...]
#: One run of a Dice Throne script (the kernel's cursor, as handlers get it).
DTRun = kernel.Run[State, Step, Ctx, DiceValues, "Effects"]
#: The kernel interpreter with Dice Throne's handler table.
Machine = kernel.Interpreter[State, Step, Ctx, DiceValues, "Effects"]
#: A handler table of Dice Throne steps.
DTHandlers = kernel.Handlers[State, Step, Ctx, DiceValues, "Effects"]


@dataclass
class Effects:
    """Runs scripts against a state with one content pack and dice, collecting events."""

    content: Content
    dice: Dice
    events: list[Event]
    machine: Machine = field(repr=False)

    def emit(self, key: str, rule: str | None = None, **params: Any) -> None:
        """Record a ``dicethrone.event.<key>`` event."""
        self.events.append(Event(f"dicethrone.event.{key}", params, rule=rule))

    def run(self, state: State, steps: tuple[Step, ...], ctx: Ctx) -> State:
        """Resolve ``steps``; "Additionally" steps after all the others.

        An "Or", a manual step or a "Then" pauses the script: a
        :class:`~engines.dicethrone.rules.state.Suspended` is pushed on the state's stack
        and the caller stops until :meth:`resume` is called (with the chosen option).
        """
        state, _ = self.machine.run(state, steps, ctx, ctx.dice, self)
        return state

    def resume(self, state: State, option: int, hero: Hero) -> State:
        """Go on with the innermost paused script after its owner picked ``option``."""
        ch = state.choice
        assert ch is not None
        ctx = Ctx(ch.seat, hero, ch.dice, ch.attack, ch.ultimate, ch.resume, ch.pick, ch.foe)
        steps = ch.options[option].steps if ch.options else ()
        state = replace(state, stack=state.stack[:-1])
        state, _ = self.machine.resume(
            state,
            tuple(kernel.Frame(f.steps, f.dice) for f in ch.frames),
            tuple(kernel.Frame(f.steps, f.dice) for f in ch.later),
            ctx,
            self,
            kernel.Frame(steps, ch.dice),
        )
        return state

    def foe(self, state: State, ctx: Ctx) -> int:
        """The opponent the script aims at: the one a card named, else the default."""
        return ctx.foe if ctx.foe is not None else state.opponent(ctx.owner)

    def target(self, state: State, target: str, ctx: Ctx) -> int:
        """The seat a step's ``target`` names."""
        if target == "chosen":
            # "Um jogador escolhido": the player the card names when played (any
            # player, a teammate too); without a pick, the default opponent.
            chosen = chosen_player(state, ctx.pick)
            return chosen if chosen is not None else self.foe(state, ctx)
        return ctx.owner if target == "self" else self.foe(state, ctx)

    def add_status(
        self, state: State, seat: int, status: str, count: int, giver: int | None = None
    ) -> State:
        """Gain or inflict tokens, never beyond the stack limit ("Limites de Empilhamento");
        ``giver``: whose effect gives them (the overflow's opponent)."""
        definition = self.content.status(status)
        for other in definition.replaces:  # the Druid's forms: one at a time
            if state.players[seat].statuses.get(other):
                state = remove_status(state, seat, other, 99, self.content, self.events)
        state = self._before_gain(state, seat, status, giver)
        player = state.players[seat]
        limit = stack_limit(self.content, state, seat, status)
        have = player.statuses.get(status, 0)
        new = min(limit, have + count)
        statuses = {**player.statuses, status: new}
        self.emit(
            "status_gained",
            "Limites de Empilhamento",
            player=seat_name(state, seat),
            status=dict(definition.name),
            count=new - have,
            total=new,
            limit=limit,
        )
        state = put(state, seat, statuses=statuses)
        if have < limit <= new and definition.when_full and player.hero == definition.hero:
            # The bringing hero's stack reaches her limit (the Pirate's 5th Doubloon).
            hero = self.content.heroes[player.hero]
            state = self.run(state, definition.when_full, Ctx(seat, hero))
        if new > have and definition.when_inflicted:
            # "When inflicted" (Webbed): the holder's script, once per gain.
            holder = self.content.heroes[player.hero]
            state = self.run(state, definition.when_inflicted, Ctx(seat, holder, foe=giver))
        return state

    def _before_gain(self, state: State, seat: int, status: str, giver: int | None) -> State:
        """A holder at the limit runs the status's ``overflow`` script first.

        "The opponent" of that script is the player whose effect gives the token
        ("se um jogador for afetado … enquanto já estiver afetado": the one
        afflicting), when an opponent of the holder; otherwise (her own effect, a
        teammate's, a referee's adjustment) the default opponent. It runs inside
        another effect, so it cannot stop to ask.
        """
        definition = self.content.status(status)
        have = state.players[seat].statuses.get(status, 0)
        if not definition.overflow or have < stack_limit(self.content, state, seat, status):
            return state
        hero = self.content.heroes[state.players[seat].hero]
        foe = giver if giver is not None and giver in state.opponents(seat) else None
        return self.run(state, definition.overflow, Ctx(seat, hero, foe=foe))

    def flip(self, state: State, seat: int) -> State:
        """Turn the seat's hero board to its other side, for good (Cursed Pirate FAQ
        Q1: there is no way back); nothing happens to a one-sided or flipped board."""
        player = state.players[seat]
        side = self.content.heroes[player.hero].flip_side
        if side is None or player.flipped:
            return state
        self.emit("flipped", player=seat_name(state, seat), side=dict(side.name))
        return put(state, seat, flipped=True)


def stored(frames: tuple[kernel.Frame[Step, DiceValues], ...]) -> tuple[Frame, ...]:
    """The kernel's frames as a paused script stores them in the state."""
    return tuple(Frame(f.steps, f.data) for f in frames)


def here(run: DTRun) -> Ctx:
    """The script's context with the dice of the frame the current step came from."""
    return replace(run.ctx, dice=run.data)
