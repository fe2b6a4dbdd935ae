"""The turn sequence: Upkeep, Income, Main, the roll phases and Discard.

Each function takes a state and returns the next one; the :class:`Flow` holds
the content, the dice and the events produced. Rule references are to the
section titles of the Dice Throne 2.2 rulebook ("Subdivisões do Turno" n.m
for its numbered steps).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engines.core import Dice, Event, IllegalActionError
from engines.core.i18n import FALLBACK, LOCALES
from engines.core.model import replace
from engines.dicethrone.content import Ability, Content, Hero
from engines.dicethrone.effects.attack_fails import before_attack
from engines.dicethrone.effects.context import Ctx, dice_message, paused, put, remove_status
from engines.dicethrone.effects.dials import dial_bonuses
from engines.dicethrone.effects.interpreter import Interpreter
from engines.dicethrone.effects.reactions import EXTRA_GRANTED, EXTRA_NONE, EXTRA_USED
from engines.dicethrone.effects.riders import settle_attack_dealt
from engines.dicethrone.effects.tracks import track_bonuses
from engines.dicethrone.effects.triggers import (
    after_harmless_roll,
    attack_triggers,
    dealt_damage,
    end_of_turn,
    expire_after_roll,
    extra_attempts,
)
from engines.dicethrone.rules import aim, first_roll, stun, targeting, upkeep
from engines.dicethrone.rules.combos import best_variant, usable_level
from engines.dicethrone.rules.defense_dice import defense_dice
from engines.dicethrone.rules.ledger import resolve_ledger
from engines.dicethrone.rules.state import (
    ATTEMPTS,
    CP_CAP,
    DICE,
    HAND_LIMIT,
    Phase,
    Resume,
    Roll,
    State,
    Step,
    goto,
)
from engines.dicethrone.rules.statuses import readable


def illegal(message: str, key: str, rule: str, **params: object) -> IllegalActionError:
    """An IllegalActionError with a dicethrone message key."""
    return IllegalActionError(message, key=f"dicethrone.error.{key}", params=params, rule=rule)


@dataclass
class Flow:
    """Applies the turn structure with one content pack and one dice source."""

    content: Content
    dice: Dice
    events: list[Event] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.interp = Interpreter(self.content, self.dice, self.events)

    def hero(self, state: State, seat: int) -> Hero:
        """The hero a seat plays, as its board currently reads (flipped or not)."""
        player = state.players[seat]
        return self.content.heroes[player.hero].on_side(player.flipped)

    def emit(self, key: str, rule: str | None = None, **params: object) -> None:
        """Record an event."""
        self.events.append(Event(f"dicethrone.event.{key}", params, rule=rule))

    def name(self, state: State, seat: int) -> str:
        """A seat's player name."""
        return state.seats[seat].name

    # -- Upkeep and Income (engines.dicethrone.rules.upkeep) -------------------------

    def start_turn(self, state: State) -> State:
        """Upkeep then Income, which need no decision, then Main (1)."""
        return upkeep.start_turn(self, state)

    def after_upkeep(self, state: State) -> State:
        """1.3: damage and healing applied together (after a window if any)."""
        return upkeep.after_upkeep(self, state)

    # -- Main phases and Discard ---------------------------------------------

    def sell(self, state: State, seat: int, card: str) -> State:
        """Sell a card from the hand for 1 CP ("Vender")."""
        player = state.players[seat]
        if card not in player.hand:
            raise illegal(
                f"You have no {card!r} in your hand.",
                "no_card",
                "Vender",
                card=self._card_name(state, seat, card),
            )
        hand = list(player.hand)
        hand.remove(card)
        cp = min(CP_CAP, player.cp + 1)
        state = put(state, seat, hand=tuple(hand), discard=(*player.discard, card), cp=cp)
        self.emit(
            "sold",
            "Vender",
            player=self.name(state, seat),
            card=self._card_name(state, seat, card),
            cp=cp,
        )
        return state

    def end_phase(self, state: State) -> State:
        """Leave Main (1), Main (2) or Discard."""
        if state.phase is Phase.MAIN1:
            state = goto(
                state, Phase.OFFENSIVE, step=Step.ROLLING, roll=Roll(), reports=(), target=None
            )
            return self._skip_roll_phase(state)
        if state.phase is Phase.MAIN2:
            return goto(state, Phase.DISCARD)
        hand = len(state.players[state.active].hand)
        if hand > HAND_LIMIT:
            raise illegal(
                f"Sell cards down to {HAND_LIMIT} first (you have {hand}).",
                "hand_limit",
                "Fase de Descarte",
                limit=HAND_LIMIT,
                count=hand,
            )
        return self.next_turn(state)

    def _skip_roll_phase(self, state: State) -> State:
        """A token that skips the Offensive Roll Phase (Knockdown, Stun) is removed and the
        phase concludes at once, with no roll and no Attack; nothing else changes."""
        seat = state.active
        for status in sorted(state.players[seat].statuses):
            definition = self.content.status(status)
            if definition.skip_offensive_roll and state.players[seat].statuses[status]:
                self.emit(
                    "roll_phase_skipped",
                    "Efeitos de Status",
                    player=self.name(state, seat),
                    status=dict(definition.name),
                )
                state = remove_status(state, seat, status, 1, self.content, self.events)
                return self.finish_roll_phase(state)
        return state

    def next_turn(self, state: State) -> State:
        """The next living seat in turn order (zig-zag in 2 v 2) starts its turn."""
        ended = end_of_turn(self.interp, state) if state.alive(state.active) else state
        if ended is not state:
            # "At the conclusion of your turn" (Delayed Poison): applied at once.
            state = resolve_ledger(ended, self.events, self.content.savers())
            if state.phase is Phase.OVER:
                return state
        nxt = state.order_from(state.active)[0]
        # A fresh roll: the previous player's dice are not this turn's ("Fases do Turno").
        state = goto(
            state,
            Phase.UPKEEP,
            active=nxt,
            turn=state.turn + 1,
            step=None,
            target=None,
            roll=Roll(),
            extra_roll=EXTRA_NONE,
            turn_used=(),
        )
        return self.start_turn(state)

    def _card_name(self, state: State, seat: int, card: str) -> object:
        """The card's name per locale (events show it in the reader's locale)."""
        definition = self.hero(state, seat).card(card)
        return dict(definition.name) if definition else card

    # -- Offensive roll --------------------------------------------------------

    def roll(self, state: State) -> State:
        """One roll attempt ("Fase de Rolagem Ofensiva" 4.1)."""
        r = state.roll
        limit = self.max_attempts(state, state.active)
        if r.attempts >= limit < ATTEMPTS:
            raise illegal(
                f"You have only {limit} roll attempts this turn.",
                "fewer_attempts",
                "4.1",
                count=limit,
                status=self._attempt_takers(state, state.active),
            )
        if r.attempts >= limit:
            raise illegal("You have used your three roll attempts.", "no_attempts", "4.1")
        kept = r.kept if r.attempts else (False,) * DICE
        values = tuple(
            old if keep else self.dice.roll(6, f"die {i + 1}")
            for i, (old, keep) in enumerate(zip(r.dice or (0,) * DICE, kept, strict=True))
        )
        state = replace(state, roll=replace(r, dice=values, kept=kept, attempts=r.attempts + 1))
        hero = self.hero(state, state.active)
        self.emit(
            "rolled",
            "4.1",
            player=self.name(state, state.active),
            attempt=r.attempts + 1,
            dice=dice_message(hero, values),
        )
        return state

    def max_attempts(self, state: State, seat: int) -> int:
        """4.1: three roll attempts, fewer while holding a status that takes some
        (the Gunslinger's Knockout, "Nocaute"); always at least one."""
        fewer = sum(
            self.content.status(s).fewer_attempts * n
            for s, n in state.players[seat].statuses.items()
        )
        # Attempts granted this roll phase (Grim Pursuit) come on top.
        return max(1, ATTEMPTS - fewer) + state.roll.bonus_attempts

    def _attempt_takers(self, state: State, seat: int) -> object:
        """The name of the first status taking roll attempts (for the error)."""
        for status in sorted(state.players[seat].statuses):
            definition = self.content.status(status)
            if definition.fewer_attempts:
                return dict(definition.name)
        return ""

    def keep(self, state: State, text: str) -> State:
        """Mark the dice to keep for the next attempt (the others are re-rolled)."""
        if not state.roll.attempts or state.roll.attempts >= self.max_attempts(state, state.active):
            raise illegal("Keep dice between roll attempts.", "keep_when", "4.1")
        chosen: set[int] = set()
        for part in text.replace(",", " ").split():
            if not part.isdecimal() or not 1 <= int(part) <= DICE:
                raise illegal(f"Dice are numbered 1 to {DICE}.", "bad_die", "4.1", die=part)
            chosen.add(int(part) - 1)
        kept = tuple(i in chosen for i in range(DICE))
        self.emit(
            "kept",
            "4.1",
            player=self.name(state, state.active),
            dice=" ".join(str(i + 1) for i in sorted(chosen)) or "-",
        )
        return replace(state, roll=replace(state.roll, kept=kept))

    def dice_read(self, state: State, seat: int, values: tuple[int, ...]) -> tuple[int, ...]:
        """The seat's dice as its abilities and defence read them (a face a status
        blanks, Raveness's Hex, reads as blank)."""
        return readable(self.content, state, seat, values)

    def met(self, state: State, seat: int, ability: Ability) -> bool:
        """Whether the seat's current dice meet the ability at its current level."""
        level = usable_level(ability, self._level(state, seat, ability.id))
        dice = self.dice_read(state, seat, state.roll.dice)
        return best_variant(self.hero(state, seat), ability, level, dice) is not None

    def _level(self, state: State, seat: int, slot: str) -> int:
        # An alternate ability reads the level of the slot whose upgrade adds it.
        ability = self.hero(state, seat).ability(slot)
        slot = ability.slot if ability is not None else slot
        card = state.players[seat].upgrades.get(slot)
        definition = self.hero(state, seat).card(card) if card else None
        return definition.upgrade.level if definition and definition.upgrade else 1

    def announce(self, state: State, ability_id: str) -> State:
        """Announce an ability the final dice meet; the opponent may respond (4.2)."""
        if not state.roll.attempts:
            raise illegal("Roll the dice first.", "roll_first", "4.1")
        hero = self.hero(state, state.active)
        ability = hero.ability(ability_id) or _named(hero, ability_id)
        if ability is None:
            raise illegal(
                "The hero has no such ability.",
                "unknown_ability",
                "4.2",
                ability=ability_id[:100],
                hero=dict(hero.name),
                known=_names(hero.abilities),
            )
        if not self.met(state, state.active, ability):
            raise illegal(
                "Your dice do not meet that ability's requirement.",
                "not_met",
                "Requisito de Ativação",
                ability=dict(ability.name),
            )
        self.emit(
            "announced",
            "4.2",
            player=self.name(state, state.active),
            ability=dict(ability.name),
        )
        roll = replace(state.roll, announced=ability_id, ultimate=ability.ultimate)
        state = replace(state, roll=roll, step=Step.RESPONSE, passed=(state.active,), priority=None)
        # Nobody else may answer (every opponent Stunned, stun.py): it activates at once.
        return self.activate(state) if self.window_seat(state) is None else state

    def no_ability(self, state: State) -> State:
        """End the offensive roll without an ability (4.2)."""
        if not state.roll.attempts:
            raise illegal("Roll the dice first.", "roll_first", "4.1")
        self.emit("no_ability", "4.2", player=self.name(state, state.active))
        return self.finish_roll_phase(state)

    def activate(self, state: State) -> State:
        """Activate the announced ability (4.4); an Attack opens the defensive roll."""
        seat = state.active
        hero = self.hero(state, seat)
        ability = hero.ability(state.roll.announced or "")
        assert ability is not None
        level = usable_level(ability, self._level(state, seat, ability.id))
        variant = best_variant(hero, ability, level, self.dice_read(state, seat, state.roll.dice))
        if variant is None:
            # 4.3: the dice changed; announce another ability or use unused attempts.
            self.emit("no_longer_met", "4.3", ability=dict(ability.name))
            return replace(
                state,
                step=Step.ROLLING,
                roll=replace(state.roll, announced=None),
                passed=(),
                priority=None,
            )
        self.emit(
            "activated",
            "4.4",
            player=self.name(state, seat),
            ability=dict(ability.name),
        )
        state = replace(state, roll=replace(state.roll, activated=True))
        # A status may make the Attack fail before anything of it resolves (Blinded).
        state = before_attack(self.interp, state, variant.effect, ability.ultimate)
        if state.roll.failed:
            return replace(state, step=Step.FINAL, passed=(), priority=None)
        if state.target is None and len(state.opponents(seat)) > 1:
            return targeting.begin(self, state, variant.effect)
        if len(state.players) > 2 and state.target is None:
            # One opponent left (King of the Hill): no choice, but the Leader bonus holds.
            return targeting.set_target(self, state, state.opponents(seat)[0])
        return self.run_ability(state)

    def run_ability(self, state: State) -> State:
        """Resolve the activated ability's effects against the Defender (4.4, 6.1)."""
        seat = state.active
        hero = self.hero(state, seat)
        ability = hero.ability(state.roll.announced or "")
        assert ability is not None
        level = usable_level(ability, self._level(state, seat, ability.id))
        dice = self.dice_read(state, seat, state.roll.dice)
        variant = best_variant(hero, ability, level, dice)
        assert variant is not None
        defender = state.players[state.opponent(seat)]
        held = tuple(s for s, n in sorted(defender.statuses.items()) if n)
        state = replace(state, step=Step.RESPONSE, roll=replace(state.roll, held=held))
        ctx = Ctx(seat, hero, dice, True, ability.ultimate, resume=Resume.ACTIVATE)
        # With several opponents the effects needing no target resolved at 4.4.
        effect = aim.split(variant.effect)[1] if state.roll.early_done else variant.effect
        after = self.interp.run(state, effect, ctx)
        return after if paused(state, after) else self.after_activation(after)

    def after_activation(self, state: State) -> State:
        """An Attack opens the defensive roll (6.1); otherwise the last window."""
        seat = state.active
        attacks = [inc for inc in state.ledger if inc.attack and inc.source == seat]
        if not attacks:
            return replace(state, step=Step.FINAL, passed=(), priority=None)
        # Status triggers of the Attacker and of the Attacked player (Fade, Negotiate…).
        state = attack_triggers(self.interp, state)
        # A trigger may have turned the Attack undefendable (Webbed).
        attacks = [inc for inc in state.ledger if inc.attack and inc.source == seat]
        defender = state.opponent(seat)
        # 6.2: only defendable damage lets the defender roll a Defensive Ability.
        defendable = any(inc.kind.defendable for inc in attacks)
        can_defend = defendable and bool(self.hero(state, defender).defenses)
        step = Step.DEFENSE if can_defend else Step.FINAL
        return goto(state, Phase.DEFENSIVE, step=step, passed=(), priority=None)

    # -- Defensive roll and the last window ------------------------------------

    def defend(self, state: State, seat: int, defense_id: str) -> State:
        """Roll the Defensive Ability's dice once and resolve it (6.2–6.4)."""
        hero = self.hero(state, seat)
        if defense_id:
            defense = hero.defense(defense_id)
        elif len(hero.defenses) == 1:
            defense = hero.defenses[0]
        else:
            raise illegal("Choose which Defensive Ability to use.", "choose_defense", "6.2")
        if defense is None:
            raise illegal(
                f"No defensive ability {defense_id!r}.", "no_defense", "6.2", defense=defense_id
            )
        level = max(lv for lv in defense.levels if lv <= self._level(state, seat, defense.id))
        # The printed dice of the defence at its level in the hero's form (Bear Form: 4),
        # plus any a status adds per token (Strength of the Sky).
        printed = defense.dice_now(level, state.players[seat].statuses)
        count = defense_dice(state, seat, printed, self.content)
        values = tuple(self.dice.roll(6, f"defence die {i + 1}") for i in range(count))
        self.emit(
            "defended",
            "6.3",
            player=self.name(state, seat),
            ability=dict(defense.name),
            dice=dice_message(hero, values),
        )
        # 6.3–6.4: every player may change the defensive dice before they resolve.
        roll = replace(state.roll, defense=defense.id, defense_dice=values)
        return replace(state, roll=roll, step=Step.DEFENSE_ROLLED, passed=(), priority=None)

    def resolve_defense(self, state: State) -> State:
        """6.4: the Defensive Ability resolves with the final defensive dice."""
        seat = state.opponent(state.active)
        hero = self.hero(state, seat)
        defense = hero.defense(state.roll.defense or "")
        assert defense is not None
        level = max(lv for lv in defense.levels if lv <= self._level(state, seat, defense.id))
        state = replace(state, step=Step.DEFENSE)
        dice = self.dice_read(state, seat, state.roll.defense_dice)
        ctx = Ctx(seat, hero, dice, resume=Resume.DEFEND)
        after = self.interp.run(state, defense.levels[level], ctx)
        return after if paused(state, after) else self.after_defense(after)

    def after_defense(self, state: State) -> State:
        """6.5: the last chance for everyone to spend tokens or play cards."""
        return replace(state, step=Step.FINAL, passed=(), priority=None)

    def window_order(self, state: State) -> tuple[int, ...]:
        """Who may act in the open window: the active player first ("Conflitos de Timing").

        Once an Ultimate Ability is activated its opponents may do nothing.
        """
        rolling = state.phase in (Phase.OFFENSIVE, Phase.DEFENSIVE)
        others = state.order_from(state.active)
        if rolling and state.roll.activated and state.roll.ultimate:
            others = tuple(s for s in others if state.team(s) == state.team(state.active))
        # A Stunned player may do nothing while the Attack lasts (stun.py).
        others = tuple(s for s in others if not stun.locked_out(self.content, state, s))
        return (state.active, *others)

    def window_seat(self, state: State) -> int | None:
        """The seat the open window waits for, if any."""
        order = self.window_order(state)
        if state.priority in order and state.priority not in state.passed:
            return state.priority
        return next((s for s in order if s not in state.passed), None)

    def pass_window(self, state: State, seat: int) -> State:
        """Pass; when everyone has passed the window closes."""
        state = replace(state, passed=(*state.passed, seat))
        if self.window_seat(state) is not None:
            return state
        if state.step is Step.RESPONSE:
            return self.activate(state)
        if state.step is Step.DEFENSE_ROLLED:
            return self.resolve_defense(state)
        if state.step is Step.TARGET_ROLLED:
            return targeting.resolve_die(self, state)
        if state.step is Step.FIRST_ROLLED:
            return first_roll.resolve(self, state)
        if state.step is Step.UPKEEP_END:
            return self.after_upkeep(state)
        if state.step is Step.INCOME_END:
            return goto(state, Phase.MAIN1, step=None, passed=(), priority=None)
        return self.finish_roll_phase(state)

    def finish_roll_phase(self, state: State) -> State:
        """6.6: apply the accumulated damage and healing, then Main (2)."""
        # A track's bonus (the Duelist's Footwork) comes before the damage is dealt.
        heroes = {seat: self.hero(state, seat) for seat in range(len(state.players))}
        state = track_bonuses(self.interp, state, heroes)
        state = dial_bonuses(self.interp, state, heroes[state.active])
        # Steps waiting for the Attack's damage after the defence (Reckless, Head Bash!).
        state = settle_attack_dealt(self.interp, state)
        dealt = dealt_damage(state)
        # Offensive roll attempts beyond the first may cost the roller (Barbed Vine).
        state = extra_attempts(self.interp, state)
        state = resolve_ledger(state, self.events, self.content.savers())
        state = expire_after_roll(self.interp, state)
        if state.phase is Phase.OVER:
            return state
        if not dealt and state.alive(state.active):
            state = after_harmless_roll(self.interp, state)
        if not state.alive(state.active):
            return self.next_turn(state)  # King of the Hill: a defeated player's turn ends
        extra = stun.again(self, state)  # the Pyromancer's Stun: another roll phase
        if extra is not None:
            return extra
        if state.extra_roll == EXTRA_GRANTED and state.alive(state.opponent(state.active)):
            # An additional Offensive Roll Phase against the same Defender (Combo).
            player = self.name(state, state.active)
            self.emit("combo_roll_phase", "Efeitos de Status", player=player)
            return goto(
                state,
                Phase.OFFENSIVE,
                step=Step.ROLLING,
                roll=Roll(),
                reports=(),
                passed=(),
                priority=None,
                extra_roll=EXTRA_USED,
            )
        return goto(state, Phase.MAIN2, step=None, passed=(), priority=None)


def _named(hero: Hero, typed: str) -> Ability | None:
    """The hero's ability a player named in words (in any language its content gives)
    rather than by id, if exactly one is called that."""
    wanted = typed.strip().casefold()
    found = [a for a in hero.abilities if wanted in {n.casefold() for n in a.name.values()}]
    return found[0] if len(found) == 1 else None


def _names(abilities: tuple[Ability, ...]) -> dict[str, str]:
    """The abilities' names, one list per locale (each name in that locale, else in
    English), for an error message."""
    return {
        locale: ", ".join(
            a.name.get(locale) or a.name.get(FALLBACK) or next(iter(a.name.values()), a.id)
            for a in abilities
        )
        for locale in LOCALES
    }
