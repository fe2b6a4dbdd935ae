"""The effect vocabulary's single steps (damage, healing, CP, cards, tokens, modifiers).

:class:`StepRunner` is the base of :class:`engines.dicethrone.effects.Interpreter`:
it resolves one step at a time; the interpreter walks scripts, rolls and pauses.
Damage and healing go to the phase's ledger ("Fase de Rolagem Defensiva" 6.6).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from engines.core import Dice, Event
from engines.core.model import replace
from engines.dicethrone import companions, dice_cards
from engines.dicethrone import statuses as status_rules
from engines.dicethrone.combos import symbol_counts
from engines.dicethrone.content import Content, DamageKind, Step
from engines.dicethrone.damage import Incoming
from engines.dicethrone.effect_helpers import (
    Ctx,
    chosen_player,
    damage_kind,
    draw_card,
    find,
    put,
    remove_status,
    seat_name,
)
from engines.dicethrone.modes import set_health
from engines.dicethrone.state import CP_CAP, Heal, State

if TYPE_CHECKING:
    from engines.dicethrone.effects import Interpreter


@dataclass
class StepRunner:
    """Resolves single steps against a state, collecting events."""

    content: Content
    dice: Dice
    events: list[Event] = field(default_factory=list)

    def _emit(self, key: str, rule: str | None = None, **params: Any) -> None:
        self.events.append(Event(f"dicethrone.event.{key}", params, rule=rule))

    def _target(self, state: State, step: Step, ctx: Ctx) -> int:
        if step.target == "chosen":
            # "Um jogador escolhido": the player the card names when played (any
            # player, a teammate too); without a pick, the default opponent.
            chosen = chosen_player(state, ctx.pick)
            return chosen if chosen is not None else self.foe(state, ctx)
        return ctx.owner if step.target == "self" else self.foe(state, ctx)

    def foe(self, state: State, ctx: Ctx) -> int:
        """The opponent the script aims at: the one a card named, else the default."""
        return ctx.foe if ctx.foe is not None else state.opponent(ctx.owner)

    def _amount(self, step: Step, ctx: Ctx) -> int:
        if step.roll_sum:
            return sum(ctx.dice)
        if step.per:
            # "N ×": multiply N by the dice showing the symbol ("Multiplicação").
            return step.amount * symbol_counts(ctx.hero, ctx.dice)[step.per]
        return step.amount

    def _step(self, state: State, step: Step, ctx: Ctx) -> State:
        op = step.op
        if op == "damage" or op == "self_damage":
            return self._damage(state, step, ctx)
        if op == "heal":
            amount = self._amount(step, ctx)
            target = self._target(state, step, ctx)
            return replace(state, heals=(*state.heals, Heal(target, amount))) if amount else state
        if op == "gain_cp":
            return self._gain_cp(state, self._target(state, step, ctx), self._amount(step, ctx))
        if op == "steal_cp":
            return self._steal_cp(state, ctx.owner, self.foe(state, ctx), self._amount(step, ctx))
        if op == "draw":
            for _ in range(self._amount(step, ctx)):
                target = self._target(state, step, ctx)
                state = draw_card(state, target, self.dice, self.events, self.content)
            return state
        if op in ("gain", "inflict"):
            return self.add_status(
                state, self._target(state, step, ctx), step.status or "", step.amount, ctx.owner
            )
        if op in ("remove", "remove_all"):
            if not self._removable(step.status or "", ctx.hero.id):
                return state  # e.g. Cursed Doubloons: only the Pirate's abilities remove them
            target = self._target(state, step, ctx)
            count = 99 if op == "remove_all" else step.amount
            return remove_status(state, target, step.status or "", count, self.content, self.events)
        if op == "flip":
            return self.flip(state, ctx.owner)
        if op in companions.COMPANION_STEPS:
            return companions.step(self._whole(), state, step, ctx)
        if op in dice_cards.DICE_STEPS:
            return dice_cards.step(self._whole(), state, step, ctx)
        if op in status_rules.STATUS_STEPS:
            return status_rules.step(self._whole(), state, step, ctx)
        return self._modify(state, step, ctx)

    def _whole(self) -> Interpreter:
        # Only Interpreter (a subclass) is ever instantiated; the rules modules
        # receive it whole because their steps may run nested scripts.
        return cast("Interpreter", self)

    def _removable(self, status: str, hero: str) -> bool:
        try:
            return self.content.status(status).removable_by(hero)
        except KeyError:  # a status of another pack: nothing to protect
            return True

    def _damage(self, state: State, step: Step, ctx: Ctx) -> State:
        if step.target == "each_opponent":
            victims = state.opponents(ctx.owner)
        elif step.target == "everyone":
            victims = state.order_from(ctx.owner)  # the owner last
        elif step.target in ("left", "right"):
            # Left = next in turn order (as the 2 v 2 targeting die reads it).
            others = tuple(s for s in state.order_from(ctx.owner) if s != ctx.owner)
            victims = others[:1] if step.target == "left" else others[-1:]
        elif step.target == "teammates":
            team = state.teammates(ctx.owner)
            victims = tuple(s for s in state.order_from(ctx.owner) if s in team and s != ctx.owner)
        else:
            victims = (ctx.owner if step.op == "self_damage" else self._target(state, step, ctx),)
        for target in victims:
            state = self._damage_one(state, step, ctx, target)
        return state

    def _damage_one(self, state: State, step: Step, ctx: Ctx, target: int) -> State:
        amount = self._amount(step, ctx)
        kind = DamageKind.PURE if step.op == "self_damage" else step.kind
        at_opponent = target != ctx.owner
        if ctx.ultimate and at_opponent:
            kind = DamageKind.ULTIMATE
        attack = ctx.attack and at_opponent and kind is not DamageKind.COLLATERAL
        if amount <= 0:
            return state
        if step.isolated:
            # "Uma instância isolada": taken at once, never part of an Attack's total.
            health = max(0, state.players[target].health - amount)
            self._emit(
                "damage_isolated", player=seat_name(state, target), amount=amount, health=health
            )
            return set_health(state, target, health)
        ledger = list(state.ledger)
        for i, inc in enumerate(ledger):
            if (inc.target, inc.source, inc.kind, inc.attack) == (target, ctx.owner, kind, attack):
                ledger[i] = replace(inc, amount=inc.amount + amount)
                break
        else:
            ledger.append(Incoming(target, ctx.owner, amount, kind, attack))
        self._emit(
            "damage_pending",
            player=seat_name(state, target),
            amount=amount,
            kind=damage_kind(kind, amount),
        )
        return replace(state, ledger=tuple(ledger))

    def _modify(self, state: State, step: Step, ctx: Ctx) -> State:
        """Prevention and Attack Modifiers change incoming damage in the ledger."""
        ledger = list(state.ledger)
        if step.op == "add_damage" and step.target == "opponent":
            # The Attacker's damage against the owner grows (e.g. Bounty, when Attacked).
            other = self.foe(state, ctx)
            index = find(ledger, lambda inc: inc.attack and inc.source == other)
        elif step.op == "add_damage":
            index = find(ledger, lambda inc: inc.attack and inc.source == ctx.owner)
        else:
            # Prevention protects the owner, or the player a card names ("Não Desta Vez!").
            who = self._target(state, step, ctx) if step.target == "chosen" else ctx.owner
            index = find(ledger, lambda inc: inc.target == who and inc.attack)
            if index is None:
                index = find(ledger, lambda inc: inc.target == who)
        if index is None:
            self._emit("nothing_to_modify", player=seat_name(state, ctx.owner))
            return state
        inc = ledger[index]
        amount = self._amount(step, ctx)
        if step.op == "add_damage":
            inc = replace(inc, added=inc.added + amount)
        elif step.op == "prevent":
            inc = replace(inc, prevented=inc.prevented + amount)
        elif step.op == "prevent_half":
            inc = replace(inc, halves=inc.halves + 1)
        elif step.op == "reflect_half":
            inc = replace(inc, reflects=inc.reflects + 1)
        elif step.op == "prevent_all":
            inc = replace(inc, prevent_all=True)
        else:
            raise ValueError(f"unknown step {step.op!r}")
        ledger[index] = inc
        self._emit(f"mod_{step.op}", player=seat_name(state, ctx.owner), amount=amount)
        return replace(state, ledger=tuple(ledger))

    def _gain_cp(self, state: State, seat: int, amount: int) -> State:
        player = state.players[seat]
        cp = min(CP_CAP, player.cp + amount)  # "Pontos de Combate": at most 15
        self._emit("cp_gained", player=seat_name(state, seat), amount=cp - player.cp, cp=cp)
        return put(state, seat, cp=cp)

    def _steal_cp(self, state: State, seat: int, other: int, amount: int) -> State:
        # "Roube": take what the opponent has, up to the amount.
        taken = min(amount, state.players[other].cp)
        state = put(state, other, cp=state.players[other].cp - taken)
        self._emit("cp_stolen", player=seat_name(state, seat), amount=taken)
        return put(state, seat, cp=min(CP_CAP, state.players[seat].cp + taken))

    def add_status(
        self, state: State, seat: int, status: str, count: int, giver: int | None = None
    ) -> State:
        """Gain or inflict tokens, never beyond the stack limit ("Limites de Empilhamento");
        ``giver``: whose effect gives them (the overflow's opponent)."""
        definition = self.content.status(status)
        state = status_rules.before_gain(self._whole(), state, seat, status, giver)
        player = state.players[seat]
        limit = status_rules.limit(self._whole(), state, seat, status)
        have = player.statuses.get(status, 0)
        new = min(limit, have + count)
        statuses = {**player.statuses, status: new}
        self._emit(
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
            state = self._whole().run(state, definition.when_full, Ctx(seat, hero))
        return state

    def flip(self, state: State, seat: int) -> State:
        """Turn the seat's hero board to its other side, for good (Cursed Pirate FAQ
        Q1: there is no way back); nothing happens to a one-sided or flipped board."""
        player = state.players[seat]
        side = self.content.heroes[player.hero].flip_side
        if side is None or player.flipped:
            return state
        self._emit("flipped", player=seat_name(state, seat), side=dict(side.name))
        return put(state, seat, flipped=True)
