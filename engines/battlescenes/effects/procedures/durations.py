"""Procedures whose effects last: until the end of the turn (5.7 A.2.1) — an action's effect
cancelled and "that action cannot be used until the end of the turn" (4.6.2 H; validated once, it
keeps working even if its card later loses its texts, 5.8 example 4), no searching, a power,
affiliation or action type gained or lost, a generated effect (5.7 B) — or while their source stays
(5.7 A.2.2): a chosen card marked, or its texts lost (5.8)."""

from __future__ import annotations

from typing import Any

from engines.battlescenes.content.schema import KNOWN_POWERS, ActionRule, Characteristic
from engines.battlescenes.effects import tree
from engines.battlescenes.effects.operands import ask, targets_of
from engines.battlescenes.effects.steps import (
    BSHandlers,
    BSRun,
    CancelAction,
    ChooseAffiliation,
    CostThisTurn,
    ExtraActionGranted,
    ForbidActionThisTurn,
    ForbidSearchThisTurn,
    Generate,
    LendActions,
    LoseTexts,
    Mark,
    NoActionsThisTurn,
    OnlyActionThisTurn,
    Retarget,
    Trait,
    asks,
    resolved,
)
from engines.battlescenes.rules.state import (
    Continuous,
    ExtraAction,
    Generated,
    Pending,
    State,
    TurnRule,
    TurnTrait,
)
from engines.battlescenes.table import zones
from engines.core import Event
from engines.core.model import replace

HANDLERS: BSHandlers = BSHandlers()


def _root(state: State) -> Pending | None:
    """The action whose use triggered the effect: the root of the tree (level 0, 9.1.2)."""
    return next((p for p in state.tree if p.is_action and p.level == 0), None)


@HANDLERS.on(CancelAction)
def _cancel_action(run: BSRun, state: State, proc: CancelAction) -> State:
    """ "A ação não tem efeito": the action's effect (still pending at the root) never
    happens; the action stays used (4.6.2 H already happened)."""
    root = _root(state)
    if root is None or root.next_step > 0:
        return state
    state = replace(
        state, tree=tuple(replace(p, stopped=True) if p.uid == root.uid else p for p in state.tree)
    )
    event = Event("battlescenes.event.action_cancelled", {"action": root.label}, rule="4.6.2")
    return resolved(run, state, [event])


@HANDLERS.on(ForbidActionThisTurn)
def _forbid_action_this_turn(run: BSRun, state: State, proc: ForbidActionThisTurn) -> State:
    """The opponents cannot use actions with the used action's name until the end of the
    turn (4.6.2 D): a continuous effect of defined duration, not tied to the text (5.8)."""
    effect, step = run.ctx, proc.record
    root = _root(state)
    if root is None:
        return state
    whose = "any" if step.to in ("everyone", "action_user") else "opponent"  # Homem-Formiga
    rule = ActionRule(effect="forbid", whose=whose, if_name=root.label)
    if step.to == "action_user":  # that action gains Ação Única until the end of the turn
        # (Combate às Cegas V1): only for the character using it
        user = root.this
        entry = TurnRule(rule=rule, source=effect.source, controller=effect.controller, user=user)
        state = replace(state, turn_rules=(*state.turn_rules, entry))
        event = Event("battlescenes.event.action_unique", {"action": root.label}, rule="7.1")
        return resolved(run, state, [event])
    entry = TurnRule(rule=rule, source=effect.source, controller=effect.controller)
    state = replace(state, turn_rules=(*state.turn_rules, entry))
    event = Event("battlescenes.event.action_forbidden", {"action": root.label}, rule="5.7")
    return resolved(run, state, [event])


@HANDLERS.on(OnlyActionThisTurn)
def _only_action_this_turn(run: BSRun, state: State, proc: OnlyActionThisTurn) -> State:
    """One action of the target is chosen; this turn the target can use no other action
    (Mesmero V1's Hipnose): its controller picks one of the target's
    actions (none to pick when it has one); every other is forbidden to it until the end of
    the turn (4.6.2 D; validated for the turn, 5.7 A.2.1)."""
    effect, step = run.ctx, proc.record
    found = targets_of(state, effect, step)
    if not found:
        return state
    target = found[0]
    names = _action_names(state, target)
    if not effect.answers and len(names) > 1:
        prompt = "battlescenes.choice.action"
        return asks(run, ask(state, effect, effect.controller, prompt, names, False))
    chosen = effect.answers[0] if effect.answers else (names[0] if names else "")
    rule = ActionRule(effect="forbid", whose="any", unless_name=chosen)
    entry = TurnRule(rule=rule, source=effect.source, controller=effect.controller, user=target)
    state = replace(state, turn_rules=(*state.turn_rules, entry))
    params = {"card": zones.title(state, target), "action": chosen or "-"}
    return resolved(run, state, [Event("battlescenes.event.only_action", params, rule="4.6.2")])


@HANDLERS.on(NoActionsThisTurn)
def _no_actions_this_turn(run: BSRun, state: State, proc: NoActionsThisTurn) -> State:
    """The target cannot use actions this turn (Enclausurar V1), or only its
    actions of one type ("ações de antecipar": Expandir Infinito V1, ``action_kind`` — an
    Antecipar/Imprevista action is one of each): 4.6.2 D for the rest of the turn, validated
    once (5.7 A.2.1), so it stays even if the card that made it leaves (5.8 example 4)."""
    effect, step = run.ctx, proc.record
    kinds = [""]
    if step.action_kind:
        kinds = [step.action_kind, "unforeseen_anticipate"]
    events = []
    for target in targets_of(state, effect, step):
        for kind in kinds:
            rule = ActionRule(
                effect="forbid",
                whose="any",
                if_kind=kind,
                if_cost_is_source_stage=step.cost_is_stage,  # Rocha Lunar V1
            )
            entry = TurnRule(rule, effect.source, effect.controller, user=target)
            state = replace(state, turn_rules=(*state.turn_rules, entry))
        name = f"actions_forbidden_{step.action_kind}" if step.action_kind else "actions_forbidden"
        if step.cost_is_stage:
            name = "actions_forbidden_cost_stage"
        params = {"card": zones.title(state, target)}
        events.append(Event(f"battlescenes.event.{name}", params, rule="4.6.2 D"))
    return resolved(run, state, events)


def _action_names(state: State, card: int) -> list[str]:
    """The names of the actions a card base may use (4.6.2 A, C.3: its own, its granted
    cards', a carried Interligar card's), each once."""
    item = zones.in_scene(state, card)
    granted = zones.granted_cards(state, item)
    linked = [c for c in item.loaded if "interligar" in zones.defn(state, c).keywords]
    cards = [card, *granted, *(c for c in linked if c not in granted)]
    names = [a.name for c in cards for a in zones.defn(state, c).actions]
    return list(dict.fromkeys(names))


@HANDLERS.on(LendActions)
def _lend_actions(run: BSRun, state: State, proc: LendActions) -> State:
    """That character may use this support's action until the end of the turn (Veículo de
    Combate S.H.I.E.L.D. V2): the targets may use the actions printed on the effect's card
    until the end of the turn (4.6.2 A, 5.7 A.2.1) while it stays in the scene."""
    effect, step = run.ctx, proc.record
    events = []
    for target in targets_of(state, effect, step):
        state = replace(state, turn_lent=(*state.turn_lent, (target, effect.source)))
        params = {"card": zones.title(state, target), "source": zones.title(state, effect.source)}
        events.append(Event("battlescenes.event.lent_actions", params, rule="4.6.2"))
    return resolved(run, state, events)


@HANDLERS.on(ForbidSearchThisTurn)
def _forbid_search_this_turn(run: BSRun, state: State, proc: ForbidSearchThisTurn) -> State:
    """No player may search the decks until the end of the turn (Planos
    Frustrados V1 leaving, 5.7 A.2.1): a prohibition that wins over permissions (8.B)."""
    event = Event("battlescenes.event.search_forbidden_turn", {}, rule="5.7")
    return resolved(run, replace(state, no_search_this_turn=True), [event])


@HANDLERS.on(Trait)
def _trait(run: BSRun, state: State, proc: Trait) -> State:
    """The targets gain or lose a power, affiliation or action type until the end of the
    turn (5.7 A.2.1); a loss wins over any gain (8.B.1/B.2)."""
    effect, step = run.ctx, proc.record
    kind, _sep, values = step.trait.partition(":")
    events = []
    for target in targets_of(state, effect, step):
        # "ganha as afiliações A e B" (Posto de Monitoramento V1): each value of "A|B"
        for value in values.split("|"):
            change = Characteristic("gain" if proc.gain else "lose", kind, value)
            state = replace(state, turn_traits=(*state.turn_traits, TurnTrait(target, change)))
            events.append(
                Event(
                    f"battlescenes.event.trait_{change.change}",
                    {"card": zones.title(state, target), "trait": _trait_words(kind, value)},
                    rule="8.B.2",
                )
            )
    return resolved(run, state, events)


def _trait_words(kind: str, value: str) -> Any:
    """A gained or lost characteristic as the reader says it: powers, alignments and
    action types through the catalog (a label), names and affiliations as printed."""
    if kind == "power" and value in KNOWN_POWERS:
        return {"key": f"battlescenes.power.{value}", "params": {}}
    if kind == "alignment" and value in ("heroi", "vilao"):
        return {"key": f"battlescenes.alignment.{value}", "params": {}}
    if kind == "action_kind":
        return {"key": f"battlescenes.lookup.kind.{value}", "params": {}}
    return value


@HANDLERS.on(ChooseAffiliation)
def _choose_affiliation(run: BSRun, state: State, proc: ChooseAffiliation) -> State:
    """ "Escolha uma afiliação" (União Inabalável V1): its controller names one of the
    affiliations of the match's cards; a later ``generate`` step of the effect keeps it."""
    effect = run.ctx
    if not effect.answers:
        options = sorted({a for d in state.defs.values() for a in d.affiliations})
        prompt = "battlescenes.choice.affiliation"
        return asks(run, ask(state, effect, effect.controller, prompt, options, False))
    chosen = effect.answers[0]
    state = tree.put(state, replace(effect, affiliation=chosen))
    params = {"player": state.players[effect.controller].name, "affiliation": chosen}
    return resolved(run, state, [Event("battlescenes.event.affiliation_chosen", params)])


@HANDLERS.on(Generate)
def _generate(run: BSRun, state: State, proc: Generate) -> State:
    """5.7 B "[Efeito Gerado]": the text of this card named ``step.text`` works until the end
    of the turn (5.7 A.2.1: validated, it stays even if the card later loses its texts or
    leaves), about the action's target — Gamora V1's (each time the target uses an action
    this turn …), Colleen Wing V1's (+1 on this action's target)."""
    effect, step = run.ctx, proc.record
    if not any(t.generated == step.text for t in zones.defn(state, effect.source).texts):
        return state
    # no target: the card an earlier step of the action chose or put there (Arcade V1)
    target = effect.targets[0] if effect.targets else effect.chosen
    made = Generated(
        effect.source,
        step.text,
        effect.controller,
        target,
        effect.this,
        effect.action_kind,
        effect.affiliation,
        state.step.rstrip("!") if state.step else state.phase.value,
    )
    state = replace(state, turn_generated=(*state.turn_generated, made))
    params = {"card": zones.title(state, effect.source), "effect": step.text}
    return resolved(run, state, [Event("battlescenes.event.generated", params, rule="5.7")])


@HANDLERS.on(Mark)
def _mark(run: BSRun, state: State, proc: Mark) -> State:
    """Remember the card this text chose ("o personagem escolhido"), while it stays."""
    effect, step = run.ctx, proc.record
    events = []
    for target in targets_of(state, effect, step):
        # identity: by name and alter ego, even once it left (Korath V1's FAQ)
        kind = "mark_identity" if step.identity else "mark"
        mark = Continuous(source=effect.source, target=target, kind=kind)
        state = replace(state, continuous=(*state.continuous, mark))
        events.append(
            Event(
                "battlescenes.event.marked",
                {"card": zones.title(state, target), "source": zones.title(state, effect.source)},
            )
        )
    return resolved(run, state, events)


@HANDLERS.on(LoseTexts)
def _lose_texts(run: BSRun, state: State, proc: LoseTexts) -> State:
    """5.8: the chosen card has no permanent texts while the source stays in the scene."""
    effect, step = run.ctx, proc.record
    if step.to == "named":
        return _lose_texts_named(run, state, proc)
    events = []
    for target in targets_of(state, effect, step):
        lost = Continuous(source=effect.source, target=target, kind="lose_texts")
        state = replace(state, continuous=(*state.continuous, lost))
        events.append(
            Event(
                "battlescenes.event.texts_lost",
                {"card": zones.title(state, target), "source": zones.title(state, effect.source)},
                rule="5.8",
            )
        )
    return resolved(run, state, events)


def _lose_texts_named(run: BSRun, state: State, proc: LoseTexts) -> State:
    """A support card name is named; the permanent texts of supports with that name have
    no effect (Gerador de P.E.M. V1): its controller names one of the names of the
    match's cards of ``filter_type``; while the source stays in the scene with its texts
    (5.8), every such card with that name has no permanent texts."""
    effect, step = run.ctx, proc.record
    if not zones.in_play(state, effect.source):
        return state
    if not effect.answers:
        names = sorted({d.name for d in state.defs.values() if d.type.value == step.filter_type})
        if not names:
            return state
        prompt = "battlescenes.choice.name_support"
        return asks(run, ask(state, effect, effect.controller, prompt, names, False))
    name = effect.answers[0]
    kind = f"{zones.LOSE_TEXTS_NAMED}{step.filter_type}:{name}"
    lost = Continuous(source=effect.source, target=effect.source, kind=kind)
    state = replace(state, continuous=(*state.continuous, lost))
    params = {
        "player": state.players[effect.controller].name,
        "name": name,
        "source": zones.title(state, effect.source),
    }
    return resolved(run, state, [Event("battlescenes.event.texts_lost_named", params, rule="5.8")])


@HANDLERS.on(ExtraActionGranted)
def _extra_action(run: BSRun, state: State, proc: ExtraActionGranted) -> State:
    """Each target may use one more action of that name and/or power this turn (beyond C.4's
    one), maybe with no incapacitation cost; ``last``: once it did, no more actions this turn
    (Super Soco V2)."""
    effect, step = run.ctx, proc.record
    extra = ExtraAction(
        step.text,
        step.filter_power,
        step.free,
        step.last,
        fresh_target=step.fresh_target,
        new_name=step.new_name,
        damage=step.only_damage,
    )
    events = []
    for card in targets_of(state, effect, step):
        item = zones.in_scene(state, card)
        state = zones.set_in_scene(state, replace(item, extra_actions=(*item.extra_actions, extra)))
        params = {"card": zones.title(state, card), "action": step.text or "-"}
        events.append(Event("battlescenes.event.extra_action", params, rule="4.6.2 C.4"))
    return resolved(run, state, events)


@HANDLERS.on(Retarget)
def _retarget(run: BSRun, state: State, proc: Retarget) -> State:
    """Proteger os Inocentes: the
    action being used (the root of the tree, 4.6.2 I) has the chosen card as its target in
    place of this effect's target; nothing when that action is no longer pending."""
    effect, step = run.ctx, proc.record
    chosen = targets_of(state, effect, step)
    root = next((p for p in state.tree if p.level == 0 and p.is_action), None)
    if not chosen or not effect.targets or root is None:
        return state
    old, new = effect.targets[0], chosen[0]
    targets = tuple(new if t == old else t for t in root.targets)
    state = tree.put(state, replace(root, targets=targets))
    params = {"action": root.label, "old": zones.title(state, old), "card": zones.title(state, new)}
    return resolved(run, state, [Event("battlescenes.event.retargeted", params, rule="4.6.2 F")])


@HANDLERS.on(CostThisTurn)
def _cost_this_turn(run: BSRun, state: State, proc: CostThisTurn) -> State:
    """That character's next ◆ action this turn costs {1} less (Potência Incomparável
    V1): a cost change (E.1, never below 0) for each target's actions
    of that power while it has used none of them this turn — a scenario enters in the
    Preparation phase, before any action, so that is its next one. Validated for the turn
    (5.7 A.2.1)."""
    effect, step = run.ctx, proc.record
    events = []
    for target in targets_of(state, effect, step):
        rule = ActionRule(
            effect="cost",
            whose="any",
            value=step.amount,
            cost_op="add",
            if_power=step.filter_power,
            if_no_power_used=True,
        )
        entry = TurnRule(rule, effect.source, effect.controller, user=target)
        state = replace(state, turn_rules=(*state.turn_rules, entry))
        params = {"card": zones.title(state, target), "change": f"{step.amount:+d}"}
        events.append(Event("battlescenes.event.cost_this_turn", params, rule="4.6.2 E.1"))
    return resolved(run, state, events)
