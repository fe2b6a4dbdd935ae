"""Static texts about using actions (4.6.2): D prohibitions, E.1 cost changes (the highest
wins) and free use, F.2.1/F.2.3/F.2.4 target obligations. See :class:`cards.ActionRule`."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from engines.battlescenes.content.schema import ActionDef, ActionRule, CardType, Op, Step
from engines.battlescenes.rules.state import InScene, State
from engines.battlescenes.table import zones


@dataclass(frozen=True)
class Working:
    """An action rule in force: the card base holding it (``None``: the scenario)."""

    rule: ActionRule
    holder: int | None
    source: int
    controller: int
    user: int = -1  # a rule an effect validated about one card base only (-1: any)


def working(state: State) -> Iterator[Working]:
    """Every action rule of the scene's permanent texts, of the scenario, and of the
    effects validated for the rest of the turn."""
    for item in state.scene:
        for source, text in zones.texts(state, item):
            for rule in text.action_rules:
                yield Working(rule, item.card, source, item.controller)
    if state.scenario is not None:
        for text in zones.scenario_texts(state):
            for rule in text.action_rules:
                yield Working(rule, None, state.scenario, zones.scenario_controller(state))
    for turn_rule in state.turn_rules:  # validated effects: no text needed any more (5.8)
        yield Working(turn_rule.rule, None, turn_rule.source, turn_rule.controller, turn_rule.user)
    for _n, made, text in zones.generated_texts(state):  # 5.7 B: held by the action's user
        if zones.find(state, made.this) is not None:
            for rule in text.action_rules:
                yield Working(rule, made.this, made.source, made.controller)


def _marked(state: State, w: Working, card: int) -> bool:
    return any(
        c.kind == "mark" and c.source in (w.holder, w.source) and c.target == card
        for c in state.continuous
    )


def concerns(
    state: State, w: Working, seat: int, user: InScene, action: ActionDef, steps: Sequence[Step]
) -> bool:
    """Whether ``w`` applies to ``user`` (controlled by ``seat``) using ``action`` with
    ``steps`` (the chosen option's: "se ela é uma ação que causa dano, de acordo com o modo
    escolhido", D)."""
    r = w.rule
    whose = {
        "own": seat == w.controller,
        "opponent": seat != w.controller,
        "any": True,
        "this": user.card == w.holder,
        "marked": _marked(state, w, user.card),
    }[r.whose]
    return (
        whose
        and w.user in (-1, user.card)
        and (not r.if_user_alignment or zones.has_alignment(state, user.card, r.if_user_alignment))
        and (not r.unless_name or action.name.lower() != r.unless_name.lower())
        and (not r.if_power or action.power == r.if_power)
        and (not r.if_kind or zones.action_kind(state, user, action).value == r.if_kind)
        and (not r.if_damage or any(s.op == Op.DAMAGE for s in steps))
        and (not r.if_name or action.name.lower() == r.if_name.lower())
        and (r.if_stage_at_most < 0 or user.stage <= r.if_stage_at_most)
        and (r.if_stage_at_least < 0 or user.stage >= r.if_stage_at_least)
        and (not r.if_user_lacks_name or r.if_user_lacks_name not in _acting_names(state, user))
        and not (r.if_unused_this_turn and action.name in user.used_names)
        and not (r.if_no_power_used and _used_power(state, user, r.if_power))
        and not (r.if_opponent_unlike and not _opponent_unlike(state, seat, user))
        and (not r.if_cost_is_source_stage or action.cost == source_stage(state, w))
    )


def _opponent_unlike(state: State, seat: int, user: InScene) -> bool:
    """Whether an opponent of ``seat`` controls a character with no power in common with
    ``user`` (Arma Com Silenciador V1)."""
    mine = set(zones.powers(state, user))
    return any(not mine & set(zones.powers(state, c)) for c in zones.characters(state, 1 - seat))


def source_stage(state: State, w: Working) -> int:
    """The stage of capacitation the rule's source is in now (Rocha Lunar V1); -2 when it is
    not in the scene (no cost matches it)."""
    index = zones.find(state, w.source)
    return state.scene[index].stage if index is not None else -2


def x_forbidden(
    state: State, seat: int, user: InScene, action: ActionDef, steps: Sequence[Step], x: int
) -> bool:
    """An X-cost action with that X chosen is forbidden by a rule about actions whose cost
    equals its source's stage (Rocha Lunar V1's FAQ: a cost {x} counts as 1 when X is 1)."""
    if action.cost != -1:
        return False
    plain = replace(action, cost=x)
    for w in working(state):
        if w.rule.effect != "forbid" or not w.rule.if_cost_is_source_stage:
            continue
        if concerns(state, w, seat, user, plain, steps) and x == source_stage(state, w):
            return True
    return False


def _used_power(state: State, user: InScene, power: str) -> bool:
    """Whether ``user`` used an action of ``power`` this turn (its own or a carried card's,
    by name: Potência Incomparável V1's "next action")."""
    return any(
        a.power == power and a.name in user.used_names
        for card in (user.card, *user.loaded)
        for a in zones.defn(state, card).actions
    )


def _acting_names(state: State, user: InScene) -> set[str]:
    """The names a card base uses actions under: its own, and those a text lets it act as
    (Soldado Invernal V1)."""
    extra = {t.acts_as_name for _c, t in zones.texts(state, user) if t.acts_as_name}
    return set(zones.names(state, user.card)) | extra


def _options(action: ActionDef) -> list[tuple[tuple[Step, ...], int]]:
    if action.modes:
        return [(m.steps, m.targets) for m in action.modes]
    return [(action.steps, action.targets)]


def option_problem(
    state: State,
    seat: int,
    user: InScene,
    action: ActionDef,
    steps: Sequence[Step],
    targets: int,
) -> str | None:
    """D, F.2.3 and F.2.4 for one option of the action: an error key, or ``None``."""
    for w in working(state):
        if not concerns(state, w, seat, user, action, steps):
            continue
        if w.rule.effect == "forbid":
            return "forbidden"  # D
        if w.rule.effect == "unique" and action.name in user.used_names:
            return "unique_action"  # 7.2 Ação Única given by a text (Câmara Neutralizadora)
        if w.rule.effect == "forbid_untargeted" and targets == 0:
            return "untargeted"  # F.2.4
        if w.rule.effect == "only_targeting" and (w.holder is None or targets == 0):
            return "only_targeting"  # F.2.3: not even actions without targets
    return None


def problem(state: State, seat: int, user: InScene, action: ActionDef) -> str | None:
    """The action cannot be used at all when every one of its options is prevented."""
    found = [option_problem(state, seat, user, action, s, t) for s, t in _options(action)]
    return None if None in found else found[0]


def cost(state: State, seat: int, user: InScene, action: ActionDef, printed: int) -> int:
    """E.1: the incapacitation cost to pay. Cost changes each give a value and "o custo de
    incapacitação final será sempre o valor mais alto"; a free use pays nothing."""
    steps = action.steps or tuple(s for m in action.modes for s in m.steps)
    rules = [w.rule for w in working(state) if concerns(state, w, seat, user, action, steps)]
    if any(r.effect == "free" for r in rules):
        return 0
    opponent_actions = state.players[1 - seat].actions_this_turn  # per_opponent_action
    changed = [
        r.value
        if r.cost_op == "set"
        else printed + r.value * (opponent_actions if r.per_opponent_action else 1)
        for r in rules
        if r.effect == "cost"
    ]
    return max(0, max(changed)) if changed else printed


def forced_targets(
    state: State,
    seat: int,
    user: InScene,
    action: ActionDef,
    steps: Sequence[Step],
    targets: Sequence[int] = (),
) -> list[tuple[str, int]]:
    """F.2.1 / F.2.3: the cards that must be among the targets, with the rule that says so
    (``if_other_target_affiliation``: only once another character of that affiliation the
    rule's controller controls is among ``targets``, Blob V2)."""
    found = []
    for w in working(state):
        if w.holder is None or not concerns(state, w, seat, user, action, steps):
            continue
        wanted = w.rule.if_other_target_affiliation
        if wanted and not any(
            t != w.holder and _ally_of(state, t, w.controller, wanted) for t in targets
        ):
            continue
        if w.rule.effect in ("must_target", "only_targeting"):
            found.append((w.rule.effect, w.holder))
    return found


def _ally_of(state: State, card: int, controller: int, affiliation: str) -> bool:
    """Whether ``card`` is a character ``controller`` controls with ``affiliation`` now."""
    index = zones.find(state, card)
    if index is None or zones.defn(state, card).type is not CardType.CHARACTER:
        return False
    item = state.scene[index]
    return item.controller == controller and affiliation in zones.affiliations(state, item)


def shielded(
    state: State, seat: int, user: InScene | None, action: ActionDef, target: InScene
) -> bool:
    """F.1: an ``untargetable`` rule keeps ``target`` from being a target of ``action`` used
    by ``seat``'s ``user``: the rule's holder itself, or — from a scenario — each character
    with its ``if_target_power`` (Fogo Cruzado V1); its ``if_kind`` matched by type (an
    Imprevista-Antecipar action is both), the holder's stage and ``if_penetrating`` checked."""
    steps = action.steps or tuple(s for m in action.modes for s in m.steps)
    kind = zones.action_kind(state, user, action) if user is not None else action.kind
    for w in working(state):
        r = w.rule
        if r.effect != "untargetable" or (w.holder is not None and w.holder != target.card):
            continue
        if r.if_target_power and (
            zones.defn(state, target.card).type is not CardType.CHARACTER
            or r.if_target_power not in zones.powers(state, target)
        ):
            continue
        if not _holder_stage_met(r, target):
            continue
        if r.if_kind and r.if_kind not in kind.value.split("_"):
            continue
        if r.if_penetrating and not any(s.op == Op.DAMAGE and s.penetrating for s in steps):
            continue
        plain = replace(w, rule=replace(r, if_kind=""))
        if user is None or concerns(state, plain, seat, user, action, steps):
            return True
    return False


def _holder_stage_met(rule: ActionRule, target: InScene) -> bool:
    """The stage conditions of an ``untargetable`` rule, on the card it protects."""
    if rule.if_holder_stage_at_most >= 0 and target.stage > rule.if_holder_stage_at_most:
        return False
    return not (rule.if_holder_stage_at_least >= 0 and target.stage < rule.if_holder_stage_at_least)
