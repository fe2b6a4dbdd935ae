"""Interpreter of effect scripts ("Resolvendo o texto").

Scripts are lists of steps (see :class:`engines.dicethrone.content.Step` and
the vocabulary in docs/dicethrone.md). Damage and healing are not applied here:
they are added to the state's ledger and applied together when the phase
concludes ("Fase de Rolagem Defensiva" 6.6; "Fase de Manutenção" 3).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engines.core import Dice, Event
from engines.core.model import replace
from engines.dicethrone import companions, dice_cards, foes
from engines.dicethrone import statuses as status_rules
from engines.dicethrone.combos import symbol_counts
from engines.dicethrone.content import Content, DamageKind, Hero, Script, Step
from engines.dicethrone.damage import Incoming
from engines.dicethrone.modes import set_health
from engines.dicethrone.state import CP_CAP, Frame, Heal, Player, State, Suspended


@dataclass(frozen=True)
class Ctx:
    """Who resolves a script and with which dice.

    ``attack`` marks the damage as an Attack's (the active player's offensive
    ability against the opponent); ``ultimate`` turns it into ultimate damage.
    """

    owner: int
    hero: Hero
    dice: tuple[int, ...] = ()
    attack: bool = False
    ultimate: bool = False
    resume: str = ""
    #: The token a card picks (``"<seat>:<status>"``, seat from 1), e.g. for Bye-Bye.
    pick: str = ""
    #: The opponent a card named (3–4 players); None: the default opponent.
    foe: int | None = None


@dataclass
class Interpreter:
    """Runs scripts against a state, collecting events."""

    content: Content
    dice: Dice
    events: list[Event] = field(default_factory=list)

    def run(self, state: State, steps: Script, ctx: Ctx) -> State:
        """Resolve ``steps``; "Additionally" steps after all the others.

        An "Or", a manual step or a "Then" pauses the script: a
        :class:`Suspended` is pushed on the state's stack and the caller stops
        until :meth:`resume` is called (with the chosen option).
        """
        return self._execute(state, [Frame(steps, ctx.dice)], [], ctx)

    def resume(self, state: State, option: int, hero: Hero) -> State:
        """Go on with a paused script after its owner picked ``option``."""
        ch = state.choice
        assert ch is not None
        ctx = Ctx(ch.seat, hero, ch.dice, ch.attack, ch.ultimate, ch.resume, ch.pick, ch.foe)
        steps = ch.options[option].steps if ch.options else ()
        frames = [*ch.frames, Frame(steps, ch.dice)]
        state = replace(state, stack=state.stack[:-1])
        return self._execute(state, frames, list(ch.later), ctx)

    def _execute(self, state: State, frames: list[Frame], later: list[Frame], ctx: Ctx) -> State:
        while frames or later:
            if not frames:
                frames.append(later.pop(0))
                continue
            top = frames[-1]
            if not top.steps:
                frames.pop()
                continue
            step = status_rules.offer_decline(self, state, top.steps[0], ctx)
            step = foes.ask_foe(state, step, ctx)
            frames[-1] = Frame(top.steps[1:], top.dice)
            here = replace(ctx, dice=top.dice)
            if step.op == "foe":
                # The opponent picked for the rest of this effect (-1: back to the default).
                ctx = replace(ctx, foe=step.amount if step.amount >= 0 else None)
            elif step.op == "additionally":
                later.append(Frame(step.steps, top.dice))
            elif step.op == "roll":
                values = self._roll(state, step, here)
                roll = replace(state.roll, effect_dice=values, effect_owner=ctx.owner)
                state = replace(state, roll=replace(roll, effect_foe=None))
                frames.append(Frame(step.steps, values))
                if self._dice_pause(state, ctx):
                    return self._pause_rolled(state, frames, later, values, ctx)
            elif step.op == "with":
                if self._with(step, here):
                    frames.append(Frame(step.steps, top.dice))
            elif step.op == "opposed":
                # Each player's die is in play (die 1 the owner's, 2 the opponent's) and
                # may be changed before they are compared; the branches keep the
                # enclosing dice (carried in the comparing step's ``numbers``).
                values = self._opposed(state, here)
                result = replace(step, op="opposed_result", numbers=top.dice)
                frames.append(Frame((result,), values))
                if self._dice_pause(state, ctx):
                    roll = replace(state.roll, effect_dice=values, effect_owner=ctx.owner)
                    foe = self.foe(state, ctx)
                    state = replace(state, roll=replace(roll, effect_foe=foe))
                    return self._pause_rolled(state, frames, later, values, ctx)
            elif step.op == "opposed_result":
                won = top.dice[0] > top.dice[1] or (top.dice[0] == top.dice[1] and step.ties_win)
                frames.append(Frame(step.steps if won else step.otherwise, step.numbers))
            elif step.op == "then":
                # "Então": a pause where anyone may play cards or spend tokens,
                # if anything is left to resolve (and not during set-up).
                if ctx.resume and (later or any(f.steps for f in frames)):
                    pause = Suspended(
                        ctx.owner,
                        (),
                        tuple(frames),
                        tuple(later),
                        top.dice,
                        ctx.attack,
                        ctx.ultimate,
                        ctx.resume,
                        pause=True,
                        pick=ctx.pick,
                        foe=ctx.foe,
                    )
                    self._emit("then", "Então", player=_name(state, ctx.owner))
                    return replace(state, stack=(*state.stack, pause), passed=(), priority=None)
            elif step.op in ("or", "manual"):
                manual = step.op == "manual"
                choice = Suspended(
                    ctx.owner,
                    (Step(op="option"),) if manual else step.steps,
                    tuple(frames),
                    tuple(later),
                    top.dice,
                    ctx.attack,
                    ctx.ultimate,
                    ctx.resume,
                    step.text if manual else {},
                    pick=ctx.pick,
                    topic=step.topic,
                    foe=ctx.foe,
                )
                if manual:
                    # Never skip a card's text silently: stop until it is applied by hand.
                    text = dict(step.text)
                    self._emit("manual", player=_name(state, ctx.owner), text=text)
                else:
                    count = len(step.steps)
                    self._emit("choose", "Ou", player=_name(state, ctx.owner), count=count)
                return replace(state, stack=(*state.stack, choice))
            else:
                state = self._step(state, step, here)
        return state

    def _roll(self, state: State, step: Step, ctx: Ctx) -> tuple[int, ...]:
        """ "Role [#]": fresh dice, rolled once; earlier dice do not count."""
        values = tuple(self.dice.roll(6, "effect roll") for _ in range(step.dice))
        symbols = [ctx.hero.symbol(v) for v in values]
        self._emit(
            "effect_roll", "Role [#]", player=_name(state, ctx.owner), dice=_dice(values, symbols)
        )
        return values

    def _with(self, step: Step, ctx: Ctx) -> bool:
        """ "Com [símbolo]": true once, however many dice match."""
        counts = symbol_counts(ctx.hero, ctx.dice)
        ok = all(counts[s] >= n for s, n in step.symbols.items())
        if step.numbers and not any(v in step.numbers for v in ctx.dice):
            return False
        return ok and sum(ctx.dice) >= step.sum_at_least

    def _dice_pause(self, state: State, ctx: Ctx) -> bool:
        """Whether an effect's dice pause to be changed: only when a hero at the table
        has a card that changes any dice, and never in set-up or trigger scripts."""
        return bool(ctx.resume) and dice_cards.effect_dice_changeable(self.content, state)

    def _pause_rolled(
        self,
        state: State,
        frames: list[Frame],
        later: list[Frame],
        values: tuple[int, ...],
        ctx: Ctx,
    ) -> State:
        """Pause after an effect's roll so cards may change its dice before they count."""
        pause = Suspended(
            ctx.owner,
            (),
            tuple(frames),
            tuple(later),
            values,
            ctx.attack,
            ctx.ultimate,
            ctx.resume,
            pause=True,
            pick=ctx.pick,
            foe=ctx.foe,
            rolled=True,
        )
        return replace(state, stack=(*state.stack, pause), passed=(), priority=None)

    def _opposed(self, state: State, ctx: Ctx) -> tuple[int, int]:
        """Owner and opponent roll 1 die each; the higher wins (ties as the step says)."""
        mine = self.dice.roll(6, "opposed roll: owner")
        theirs = self.dice.roll(6, "opposed roll: opponent")
        other = self.foe(state, ctx)
        self._emit(
            "opposed",
            player=_name(state, ctx.owner),
            value=mine,
            opponent=_name(state, other),
            other=theirs,
        )
        return mine, theirs

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
                state, self._target(state, step, ctx), step.status or "", step.amount
            )
        if op in ("remove", "remove_all"):
            if not self._removable(step.status or "", ctx.hero.id):
                return state  # e.g. Cursed Doubloons: only the Pirate's abilities remove them
            target = self._target(state, step, ctx)
            count = 99 if op == "remove_all" else step.amount
            return remove_status(state, target, step.status or "", count, self.content, self.events)
        if op in companions.COMPANION_STEPS:
            return companions.step(self, state, step, ctx)
        if op in dice_cards.DICE_STEPS:
            return dice_cards.step(self, state, step, ctx)
        if op in status_rules.STATUS_STEPS:
            return status_rules.step(self, state, step, ctx)
        return self._modify(state, step, ctx)

    def _removable(self, status: str, hero: str) -> bool:
        try:
            return self.content.status(status).removable_by(hero)
        except KeyError:  # a status of another pack: nothing to protect
            return True

    def _damage(self, state: State, step: Step, ctx: Ctx) -> State:
        amount = self._amount(step, ctx)
        target = ctx.owner if step.op == "self_damage" else self._target(state, step, ctx)
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
            self._emit("damage_isolated", player=_name(state, target), amount=amount, health=health)
            return set_health(state, target, health)
        ledger = list(state.ledger)
        for i, inc in enumerate(ledger):
            if (inc.target, inc.source, inc.kind, inc.attack) == (target, ctx.owner, kind, attack):
                ledger[i] = replace(inc, amount=inc.amount + amount)
                break
        else:
            ledger.append(Incoming(target, ctx.owner, amount, kind, attack))
        self._emit("damage_pending", player=_name(state, target), amount=amount, kind=kind.value)
        return replace(state, ledger=tuple(ledger))

    def _modify(self, state: State, step: Step, ctx: Ctx) -> State:
        """Prevention and Attack Modifiers change incoming damage in the ledger."""
        ledger = list(state.ledger)
        if step.op == "add_damage" and step.target == "opponent":
            # The Attacker's damage against the owner grows (e.g. Bounty, when Attacked).
            other = self.foe(state, ctx)
            index = _find(ledger, lambda inc: inc.attack and inc.source == other)
        elif step.op == "add_damage":
            index = _find(ledger, lambda inc: inc.attack and inc.source == ctx.owner)
        else:
            # Prevention protects the owner, or the player a card names ("Não Desta Vez!").
            who = self._target(state, step, ctx) if step.target == "chosen" else ctx.owner
            index = _find(ledger, lambda inc: inc.target == who and inc.attack)
            if index is None:
                index = _find(ledger, lambda inc: inc.target == who)
        if index is None:
            self._emit("nothing_to_modify", player=_name(state, ctx.owner))
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
        self._emit(f"mod_{step.op}", player=_name(state, ctx.owner), amount=amount)
        return replace(state, ledger=tuple(ledger))

    def _gain_cp(self, state: State, seat: int, amount: int) -> State:
        player = state.players[seat]
        cp = min(CP_CAP, player.cp + amount)  # "Pontos de Combate": at most 15
        self._emit("cp_gained", player=_name(state, seat), amount=cp - player.cp, cp=cp)
        return put(state, seat, cp=cp)

    def _steal_cp(self, state: State, seat: int, other: int, amount: int) -> State:
        # "Roube": take what the opponent has, up to the amount.
        taken = min(amount, state.players[other].cp)
        state = put(state, other, cp=state.players[other].cp - taken)
        self._emit("cp_stolen", player=_name(state, seat), amount=taken)
        return put(state, seat, cp=min(CP_CAP, state.players[seat].cp + taken))

    def add_status(self, state: State, seat: int, status: str, count: int) -> State:
        """Gain or inflict tokens, never beyond the stack limit ("Limites de Empilhamento")."""
        definition = self.content.status(status)
        state = status_rules.before_gain(self, state, seat, status)
        player = state.players[seat]
        limit = status_rules.limit(self, state, seat, status)
        have = player.statuses.get(status, 0)
        new = min(limit, have + count)
        statuses = {**player.statuses, status: new}
        self._emit(
            "status_gained",
            "Limites de Empilhamento",
            player=_name(state, seat),
            status=dict(definition.name),
            count=new - have,
            total=new,
            limit=limit,
        )
        return put(state, seat, statuses=statuses)


def chosen_player(state: State, pick: str) -> int | None:
    """The seat a card names by its 1-based number ("3"), if it is still in the match."""
    text = pick.strip()
    if not text.isdigit() or not 1 <= int(text) <= len(state.players):
        return None
    seat = int(text) - 1
    return seat if state.alive(seat) else None


def paused(before: State, after: State) -> bool:
    """Whether running a script left a new paused script on the stack."""
    return len(after.stack) > len(before.stack)


def _find(ledger: list[Incoming], pred: Any) -> int | None:
    return next((i for i, inc in enumerate(ledger) if pred(inc)), None)


def put(state: State, seat: int, **changes: Any) -> State:
    """The state with one player's fields changed."""
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=tuple(players))


def _name(state: State, seat: int) -> str:
    return state.seats[seat].name


def _dice(values: tuple[int, ...], symbols: list[str]) -> str:
    return " ".join(f"{v}({s})" for v, s in zip(values, symbols, strict=True))


def remove_status(
    state: State, seat: int, status: str, count: int, content: Content, events: list[Event]
) -> State:
    """Remove up to ``count`` tokens of a status ("Removendo Efeitos de Status")."""
    player = state.players[seat]
    have = player.statuses.get(status, 0)
    gone = min(have, count)
    if not gone:
        return state
    statuses: dict[str, int] = {k: v for k, v in player.statuses.items() if k != status}
    if have - gone:
        statuses[status] = have - gone
    events.append(
        Event(
            "dicethrone.event.status_removed",
            {
                "player": _name(state, seat),
                "status": dict(content.status(status).name),
                "count": gone,
            },
        )
    )
    return put(state, seat, statuses=statuses)


def draw_card(state: State, seat: int, dice: Dice, events: list[Event], content: Content) -> State:
    """Draw the top card, first shuffling the discard pile into an empty deck."""
    player: Player = state.players[seat]
    deck, discard = player.deck, player.discard
    if not deck and discard:
        # "Cartas de Herói": an empty deck is rebuilt from the shuffled discard pile.
        deck, discard = tuple(dice.shuffle(discard, "reshuffle")), ()
        events.append(Event("dicethrone.event.reshuffled", {"player": _name(state, seat)}))
    if not deck:
        return state
    card = deck[0]
    definition = content.heroes[player.hero].card(card)
    name: object = dict(definition.name) if definition else card
    events.append(
        Event(
            "dicethrone.event.drew",
            {"player": _name(state, seat), "card": name},
            redact=True,
            audience=(seat,),
            public_params=("player",),
        )
    )
    return put(state, seat, deck=deck[1:], discard=discard, hand=(*player.hand, card))
