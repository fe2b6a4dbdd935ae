"""Damage procedures (4.8) and what damage and knock-outs cause: redirects, 5.5
replacements, "quando … sofrer dano" triggers, Predador and Espionar (7.2), and Potencializar's
bonus (7.2)."""

from __future__ import annotations

from engines.battlescenes.content.schema import CardType, Op, Step, Trigger
from engines.battlescenes.effects import replacements, tree, triggers
from engines.battlescenes.effects.operands import SKIP, ask, damage_source, plus, points, targets_of
from engines.battlescenes.effects.steps import BSHandlers, BSRun, Damage, Empower, asks, resolved
from engines.battlescenes.rules.state import Continuous, DamageProgress, Pending, Phase, State
from engines.battlescenes.table import damage, leaving, zones
from engines.core import Event
from engines.core.model import replace

HANDLERS: BSHandlers = BSHandlers()


@HANDLERS.on(Damage)
def _damage(run: BSRun, state: State, proc: Damage) -> State:
    """A damage procedure per destination (4.8.4.1), calculated (4.8.3) and maybe redirected."""
    effect, step = run.ctx, proc.record
    events: list[Event] = []
    source = damage_source(state, effect, step)
    ctx = damage.DamageContext(
        effect.controller,
        source,
        effect.action_kind,
        penetrating=step.penetrating,
        targets=effect.targets,
        action_power=effect.action_power,
        action_effect=effect.uid,
    )
    if step.source:  # 4.8.5 "AQUELE PERSONAGEM CAUSA": not an action's damage
        ctx = damage.DamageContext(effect.controller, source, penetrating=step.penetrating)
    prog = effect.damage or DamageProgress(
        targets=tuple(targets_of(state, effect, step)), answers_used=len(effect.answers)
    )
    while prog.index < len(prog.targets):
        if prog.destination == -1:
            target = prog.targets[prog.index]
            if zones.find(state, target) is None:
                prog = replace(prog, index=prog.index + 1)
                continue
            if not prog.incoming and not ctx.action_kind:  # not an action's damage (4.8.5)
                prog = replace(prog, incoming=True)
                if zones.defn(state, target).type is CardType.CHARACTER:
                    found = triggers.damage_incoming(state, target, effect.level + 1)
                    if found:  # they resolve first; this procedure pauses (9.1.2.1)
                        paused = replace(tree.get(state, effect.uid), damage=prog, paused=True)
                        state = tree.add(tree.put(state, paused), found, effect.level + 1)
                        return asks(run, replace(state, after_level=None), events)
            # 4.8.4.2: a target listed n times receives n times the amount, as one procedure.
            amount0 = step.amount + plus(state, effect, step)
            base = amount0 * effect.targets.count(target) if step.to == "target" else amount0
            if step.to == "distributed":  # one point per time it was picked (4.8.4.2)
                base = points(state, effect, step).count(str(target))
            base += effect.bonus  # 7.2 Potencializar: +N on each of its targets
            # only on this destination (Nano-Sentinelas V1)
            here = replace(ctx, penetrating=penetrates(state, step, target, effect))
            amount, applied = damage.calculate(state, base, here, zones.in_scene(state, target))
            state = damage.hit(state, ctx, target)
            state = damage.power_hit(state, ctx, target, amount)
            prog = replace(prog, destination=target, amount=amount, applied=applied)
        if prog.offered == DODGE and len(effect.answers) > prog.answers_used:
            answer = effect.answers[prog.answers_used]
            prog = replace(prog, offered="", answers_used=prog.answers_used + 1)
            if answer != SKIP:  # incapacitated: 0 for the rest of that Preparation phase
                state, more = _dodge(state, prog.destination)
                events.extend(more)
        elif (
            prog.amount > 0
            and not prog.offered
            and not _dodging(state, prog.destination)
            and _dodge_offer(state, prog.destination)
        ):
            prog = replace(prog, offered=DODGE)
            state = tree.put(state, replace(tree.get(state, effect.uid), damage=prog))
            effect = tree.get(state, effect.uid)
            seat = zones.in_scene(state, prog.destination).controller
            state = ask(state, effect, seat, "battlescenes.choice.dodge", ["yes"], True)
            return asks(run, state, events)
        if _dodging(state, prog.destination):  # Ziguezague V1: "torna-se 0"
            prog = replace(prog, amount=0)
        if prog.offered == REPLACING and len(effect.answers) > prog.answers_used:
            outcome = effect.answers[prog.answers_used]
            prog = replace(prog, offered="", answers_used=prog.answers_used + 1, replaced=outcome)
            events.append(_chosen(state, outcome))
        elif prog.offered and len(effect.answers) > prog.answers_used:
            answer = effect.answers[prog.answers_used]
            used = _used(state, prog, answer, bool(ctx.action_kind))
            prog = replace(
                prog, offered="", answers_used=prog.answers_used + 1, redirects_used=used
            )
            if answer != SKIP:  # E then F: recalculate with what was not applied yet
                new = int(answer.rpartition(">")[2])
                amount, applied = damage.calculate(
                    state, prog.amount, ctx, zones.in_scene(state, new), prog.applied
                )
                state = damage.hit(state, ctx, new)
                state = damage.power_hit(state, ctx, new, amount)
                events.append(
                    Event(
                        "battlescenes.event.redirected",
                        {"card": zones.title(state, new), "amount": amount},
                        rule="4.8.3.1",
                    )
                )
                prog = replace(prog, destination=new, amount=amount, applied=prog.applied + applied)
        if prog.amount > 0:
            by_action = bool(ctx.action_kind)
            offers = damage.redirects(state, prog.destination, prog.redirects_used, by_action)
            if offers:
                key, seat, places = offers[0]
                options = [str(c) for c in places]
                prompt = "battlescenes.choice.redirect"
                # "redirecione aquele dano": no declining a mandatory one (Mulher-Hulk V2)
                forced = any(damage.mandatory(state, k) for k, _s, _c in offers)
                if len(offers) > 1:  # 4.8.3.1 F.E: "a escolha … cabe ao Jogador Ativo"
                    key, seat = SEVERAL, tree.active_player(state)
                    options = [f"{k.split(':')[0]}>{c}" for k, _s, cards in offers for c in cards]
                    prompt = "battlescenes.choice.redirect_which"
                prog = replace(prog, offered=key)
                state = tree.put(state, replace(tree.get(state, effect.uid), damage=prog))
                effect = tree.get(state, effect.uid)
                if forced and len(options) == 1:  # nothing to decide: it is redirected
                    effect = replace(effect, answers=(*effect.answers, options[0]))
                    state = tree.put(state, effect)
                    continue
                state = ask(state, effect, seat, prompt, options, not forced)
                return asks(run, state, events)
            instead = replacements.outcomes(state, prog.destination, "replace_damage")
            if len(instead) > 1 and not prog.replaced:  # 5.5: the active player chooses
                prog = replace(prog, offered=REPLACING)
                state = tree.put(state, replace(tree.get(state, effect.uid), damage=prog))
                effect = tree.get(state, effect.uid)
                prompt = "battlescenes.choice.replacement"
                state = ask(state, effect, tree.active_player(state), prompt, instead, False)
                return asks(run, state, events)
            if instead:  # 5.5: no damage happens, so nothing it would trigger triggers
                outcome = prog.replaced or instead[0]
                state, more = replacements.apply_damage(
                    state, prog.destination, prog.amount, outcome
                )
                events.extend(more)
            else:
                state, more = _deal(state, effect, step, prog)
                events.extend(more)
        else:
            events.append(
                Event(
                    "battlescenes.event.no_damage",
                    {"card": zones.title(state, prog.destination)},
                    rule="4.8.3",
                )
            )
        prog = DamageProgress(
            targets=prog.targets, index=prog.index + 1, answers_used=prog.answers_used
        )
        if state.phase is Phase.OVER:
            return resolved(run, state, events)
    state = tree.put(state, replace(tree.get(state, effect.uid), damage=None))
    return resolved(run, state, events)


#: ``DamageProgress.offered`` when several redirects could apply and the active player picks.
SEVERAL = "*"

#: ``DamageProgress.offered`` while the damaged card's controller is asked to dodge
#: (``dodge_preparation``: Ziguezague V1).
DODGE = "dodge"


def _dodge_texts(state: State, card: int) -> list[int]:
    """The ``dodge_preparation`` amounts of the working texts of card base ``card`` that
    apply now: an opponent's Preparation phase, the card having the text's power."""
    item = zones.in_scene(state, card)
    if state.phase is not Phase.PREPARATION or state.active == item.controller:
        return []
    return [
        t.dodge_preparation
        for _c, t in zones.texts(state, item)
        if t.dodge_preparation and (not t.if_power or t.if_power in zones.powers(state, item))
    ]


def _dodge_offer(state: State, card: int) -> bool:
    """Whether the controller of ``card``, about to receive damage, may dodge it now (it can
    be incapacitated by the amount)."""
    found = _dodge_texts(state, card)
    return bool(found) and zones.in_scene(state, card).stage >= min(found)


def _dodging(state: State, card: int) -> bool:
    """Whether ``card`` dodged during this turn's Preparation phase, which is still on."""
    mark = f"dodge:{state.turn}"
    return state.phase is Phase.PREPARATION and any(
        c.kind == mark and c.target == card for c in state.continuous
    )


def _dodge(state: State, card: int) -> tuple[State, list[Event]]:
    """Incapacitate ``card`` by the text's amount; all damage it receives for the rest of
    this Preparation phase becomes 0."""
    amount = min(_dodge_texts(state, card))
    state = zones.incapacitate(state, card, amount)
    mark = Continuous(source=card, target=card, kind=f"dodge:{state.turn}")
    state = replace(state, continuous=(*state.continuous, mark))
    params = {"card": zones.title(state, card), "amount": amount}
    return state, [Event("battlescenes.event.dodged", params, rule="5.7")]


#: ``DamageProgress.offered`` while the active player picks between damage replacements (5.5).
REPLACING = "5.5"


def _chosen(state: State, outcome: str) -> Event:
    return Event(
        "battlescenes.event.replacement_chosen",
        {
            "player": state.players[tree.active_player(state)].name,
            "option": {"key": f"battlescenes.answer.{outcome}", "params": {}},
        },
        rule="5.5",
    )


def _deal(
    state: State, effect: Pending, step: Step, prog: DamageProgress
) -> tuple[State, list[Event]]:
    """The final damage happens (4.8.1/4.8.2). Cards it unloads fire "quando cards forem
    descarregados deste personagem" (5.2, ``unloaded``) while the character is still in the
    scene — one level above the damaging effect, which pauses (9.1.2.1) —; then Predador
    (7.2) and the knock-outs (4.7), whose "sai de cena" effects join that level. The
    ``unloaded`` effect still resolves if its character was knocked out: its procedures on
    "este personagem" then find nothing (the card left the scene)."""
    before = len(zones.in_scene(state, prog.destination).loaded)
    penetrating = penetrates(state, step, prog.destination, effect)
    state, events = damage.apply(
        state, prog.destination, prog.amount, penetrating, effect.preference
    )
    state = _damaged(state, effect, step, prog.destination)
    # 5.2 "quando um personagem … causar dano em …" (dealt_damage), at the same level
    state = triggers.dealt(
        state, damage_source(state, effect, step), prog.destination, effect.level + 1
    )
    if len(zones.in_scene(state, prog.destination).loaded) < before:
        state = triggers.fire(state, Trigger.UNLOADED, effect.level + 1, base=prog.destination)
    if not step.source:  # 7.2 Predador: damage of this character's action
        state = _predator(state, tree.get(state, effect.uid), prog.destination)
    by_action = bool(effect.action_kind) and not step.source  # an action's damage (4.8.5)
    state, more = knock_outs(state, effect.level + 1, effect.controller, by_action)
    return state, events + more


def _used(state: State, prog: DamageProgress, answer: str, by_action: bool) -> tuple[str, ...]:
    """The redirects spent by ``answer``: the one offered, or — when the active player chose
    among several (``source>destination``) — the chosen one; declining spends them all."""
    if prog.offered != SEVERAL:
        return (*prog.redirects_used, prog.offered)
    found = damage.redirects(state, prog.destination, prog.redirects_used, by_action)
    offers = [k for k, _s, _c in found]
    if answer == SKIP:
        return (*prog.redirects_used, *offers)
    source = answer.partition(">")[0]
    chosen = next(k for k in offers if k.split(":")[0] == source)
    return (*prog.redirects_used, chosen)


def _damaged(state: State, effect: Pending, step: Step, destination: int) -> State:
    """5.2 "quando este personagem sofrer dano" (``damaged``): the texts of the damaged card
    base, and effects generated this turn about "este personagem" (5.7 B: Surpresa
    Dolorosa's: each time a character damages this character, this character deals 2
    damage back to the one that caused it — only when a character
    is the source; that damage is the character's, not an action's, 4.8.5 ATENÇÃO)."""
    source = damage_source(state, effect, step)
    item = zones.in_scene(state, destination)
    targets = (source,) if zones.find(state, source) is not None else ()
    found: list[Pending] = []
    for holder, text in zones.texts(state, item):
        if text.trigger is Trigger.DAMAGED and text.trigger_for != "marked":
            label = zones.title(state, holder)
            found.append(
                Pending(
                    0,
                    0,
                    item.controller,
                    holder,
                    label,
                    text.steps,
                    targets=targets,
                    this=destination,
                )
            )
    found.extend(_marked_damaged(state, destination, targets))
    character = bool(targets) and zones.defn(state, source).type is CardType.CHARACTER
    for _n, made, text in zones.generated_texts(state):
        if text.trigger is Trigger.DAMAGED and made.this == destination and character:
            label = zones.title(state, made.source)
            steps = text.steps
            found.append(
                Pending(
                    0,
                    0,
                    made.controller,
                    made.source,
                    label,
                    steps,
                    targets=targets,
                    this=destination,
                    is_action=True,
                )
            )
    return tree.add(state, found, effect.level + 1) if found else state


def _marked_damaged(state: State, destination: int, targets: tuple[int, ...]) -> list[Pending]:
    """The chosen character takes damage (``damaged`` with ``trigger_for: marked``, Passado
    Sombrio V1): the texts of any card base or the scenario whose card marked the damaged
    one; carried out by their controller."""
    holders = [(s.card, s.controller, c, t) for s in state.scene for c, t in zones.texts(state, s)]
    if state.scenario is not None:
        controller = zones.scenario_controller(state)
        holders.extend(
            (state.scenario, controller, state.scenario, t) for t in zones.scenario_texts(state)
        )
    return [
        Pending(
            0,
            0,
            controller,
            source,
            zones.title(state, source),
            text.steps,
            targets=targets,
            this=holder,
        )
        for holder, controller, source, text in holders
        if text.trigger is Trigger.DAMAGED
        and text.trigger_for == "marked"
        and zones.marked_by(state, source, destination)
    ]


def knock_outs(
    state: State, level: int, cause: int = -1, by_action: bool = False
) -> tuple[State, list[Event]]:
    """4.7 after a procedure, then Espionar for what reached the prizes (7.2). ``cause``:
    the player controlling the effect that caused it (Hela V1, 5.5); ``by_action``: it was
    an action's damage (Bruce Banner V1's: knocked out by a damaging action)."""
    before = {c for p in state.players for c in p.prizes}
    state, events = leaving.knock_outs(state, level, cause, by_action)
    if state.phase is Phase.OVER:
        return state, events
    arrived = tuple((c, False) for p in state.players for c in p.prizes if c not in before)
    return fire_prizes(state, arrived, level), events


def _predator(state: State, effect: Pending, destination: int) -> State:
    """7.2 Predador: the first time an action of this character damages a character you do
    not control, you may load a card from your resources on it (pending one level up)."""
    if not effect.action_kind or effect.predator_fired or zones.find(state, effect.this) is None:
        return state
    target = zones.find(state, destination)
    if target is None:
        return state  # knocked out by the damage: still a character it damaged
    item = state.scene[target]
    if item.controller == effect.controller or (
        zones.defn(state, destination).type is not CardType.CHARACTER
    ):
        return state
    if "predador" not in zones.keywords(state, effect.this):
        return state
    state = tree.put(state, replace(effect, predator_fired=True))
    steps = (Step(op=Op.LOAD_FROM_RESOURCES, to="this", optional=True),)
    found = Pending(
        uid=0,
        level=effect.level + 1,
        controller=effect.controller,
        source=effect.this,
        label="Predador",
        steps=steps,
        this=effect.this,
    )
    return tree.add(state, [found], effect.level + 1)


def fire_prizes(state: State, arrived: tuple[tuple[int, bool], ...], level: int) -> State:
    """7.2 Espionar: a character card with it put into the prizes area may draw its owner a
    card (two if it was yielded). ``arrived`` lists (card, yielded)."""
    found = []
    for card, yielded in arrived:
        if "espionar" not in zones.defn(state, card).keywords:
            continue
        steps = (Step(op=Op.DRAW, amount=2 if yielded else 1, to="self", optional=True),)
        found.append(
            Pending(
                uid=0,
                level=level,
                controller=zones.owner(state, card),
                source=card,
                label=zones.title(state, card),
                steps=steps,
            )
        )
    return tree.add(state, found, level) if found else state


#: Procedure kind → its handler (see effects._step).
@HANDLERS.on(Empower)
def _empower(run: BSRun, state: State, proc: Empower) -> State:
    """7.2 Potencializar (N): the chosen character's next action that deals damage this turn
    deals +N on each of its targets; it counts as empowered for the rest of the turn."""
    effect, step = run.ctx, proc.record
    events = []
    for card in targets_of(state, effect, step):
        item = zones.in_scene(state, card)
        bonus = step.amount + plus(state, effect, step)
        state = zones.set_in_scene(
            state, replace(item, empower=item.empower + bonus, empowered=True)
        )
        events.append(
            Event(
                "battlescenes.event.empowered",
                {"card": zones.title(state, card), "amount": bonus},
                rule="7.2",
            )
        )
    return resolved(run, state, events)


def penetrates(state: State, step: Step, card: int, effect: Pending) -> bool:
    """Whether a damage step's damage is penetrating on ``card`` (4.8.3 D): printed so, or
    ``penetrating_if_affiliation`` and the card has one of those affiliations now, or
    ``penetrating_in_own_attack`` and the action is used in its controller's Attack step."""
    if step.penetrating_in_own_attack and not step.penetrating:  # Alkhema V1
        return (
            effect.is_action and state.phase is Phase.ATTACK and state.active == effect.controller
        )
    if step.penetrating or not step.penetrating_if_affiliation:
        return step.penetrating
    index = zones.find(state, card)
    if index is None:
        return False
    have = zones.affiliations(state, state.scene[index])
    return any(a in have for a in step.penetrating_if_affiliation.split("|"))
