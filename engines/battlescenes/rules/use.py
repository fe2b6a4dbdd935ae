"""Using actions (4.6.2 A–I)."""

from __future__ import annotations

from collections.abc import Sequence

from engines.battlescenes.content.schema import (
    ActionDef,
    ActionKind,
    CardType,
    Op,
    Step,
    Text,
    Trigger,
)
from engines.battlescenes.effects import interpreter, other_zones, replacements, tree, triggers
from engines.battlescenes.rules import load_order, restrictions
from engines.battlescenes.rules.state import ExtraAction, InScene, Pending, Phase, State
from engines.battlescenes.table import leaving, zones
from engines.core import Dice, Event, IllegalActionError
from engines.core.model import replace


def _refuse(message: str, key: str, rule: str, **params: object) -> IllegalActionError:
    return IllegalActionError(message, key=f"battlescenes.error.{key}", params=params, rule=rule)


def available(state: State, item: InScene) -> list[tuple[int, ActionDef]]:
    """Actions printed where C.3 allows: the base card, loaded abilities, same alter ego."""
    found = [(item.card, a) for a in zones.defn(state, item.card).actions]
    granted = zones.granted_cards(state, item)
    for card in granted:
        found.extend((card, a) for a in zones.defn(state, card).actions)
    for card in item.loaded:  # 7.2 Interligar: the carried card's action becomes usable
        if card not in granted and "interligar" in zones.defn(state, card).keywords:
            found.extend((card, a) for a in zones.defn(state, card).actions)
    for base, card in state.turn_lent:  # lent this turn by a card still in the scene
        if base == item.card and zones.find(state, card) is not None:
            found.extend((card, a) for a in zones.defn(state, card).actions)
    for mark in state.continuous:  # the chosen character may use its action (Veículo V3)
        if mark.kind == "mark" and mark.target == item.card and _lends(state, mark.source):
            found.extend((mark.source, a) for a in zones.defn(state, mark.source).actions)
    return found


def _lends(state: State, card: int) -> bool:
    """Whether ``card``, in the scene, has a working ``lends_to_marked`` text."""
    index = zones.find(state, card)
    return index is not None and any(
        t.lends_to_marked and c == card for c, t in zones.texts(state, state.scene[index])
    )


def extra_for(item: InScene, action: ActionDef) -> ExtraAction | None:
    """The extra action granted this turn (``extra_action``) that ``action`` may use."""
    return next(
        (
            e
            for e in item.extra_actions
            if (not e.name or e.name.lower() == action.name.lower())
            and (not e.power or e.power == action.power)
            and not (e.new_name and action.name in item.used_names)
            and not (e.damage and not _deals_damage(action))
        ),
        None,
    )


def _deals_damage(action: ActionDef) -> bool:
    """Whether an action's own effect deals damage (any of its options: 4.6.2 B)."""
    steps = (*action.steps, *(s for m in action.modes for s in m.steps))
    return any(s.op is Op.DAMAGE for s in steps)


def _granted(state: State, item: InScene, action: ActionDef) -> ExtraAction | None:
    """The granted extra action this use spends: none for the turn's first action, nor
    for a second one a text of the character allows (``two_actions_power``)."""
    if item.actions_used < 1 or _second(state, item, action):
        return None
    return extra_for(item, action)


def _free(state: State, item: InScene, action: ActionDef) -> bool:
    """Used as a granted extra action with no incapacitation cost ("sem pagar o custo")."""
    extra = _granted(state, item, action)
    return extra is not None and extra.free


def _spend(extras: tuple[ExtraAction, ...], used: ExtraAction | None) -> tuple[ExtraAction, ...]:
    """The extra actions left once ``used`` (one of them) was."""
    if used is None:
        return extras
    index = extras.index(used)
    return extras[:index] + extras[index + 1 :]


def kind_allowed(state: State, seat: int, kind: ActionKind) -> bool:
    """C.5: may an action of this type be used now by ``seat``?"""
    anticipate = kind in (ActionKind.ANTICIPATE, ActionKind.UNFORESEEN_ANTICIPATE)
    unforeseen = kind in (ActionKind.UNFORESEEN, ActionKind.UNFORESEEN_ANTICIPATE)
    if seat == state.active:
        return state.phase is Phase.ATTACK or (state.phase is Phase.PREPARATION and unforeseen)
    return state.phase is Phase.ANTICIPATION and anticipate


def problems(state: State, seat: int, item: InScene, action: ActionDef) -> str | None:
    """The first requirement (C.1–C.5, 7.1) the action fails, as an error key, or ``None``."""
    ready = (
        item.ready
        or any(action in zones.defn(state, c).actions for c in item.ready_cards if c in item.loaded)
        or "prontidao" in zones.keywords(state, item.card)
        or any(
            _ready_for(t.ready_for, action, zones.action_kind(state, item, action).value)
            for _c, t in zones.texts(state, item)
        )
    )
    if item.entered_turn >= state.turn and not ready:
        return "not_ready"  # C.1
    if action.power and action.power not in zones.powers(state, item):
        return "no_power"  # C.2 (an action printed with no power needs none: Odin V1's)
    second = item.actions_used >= 1 and not _second(state, item, action)
    if item.no_more_actions or (second and extra_for(item, action) is None):
        return "one_action"  # C.4 (or one more granted this turn: ``extra_action``)
    if not kind_allowed(state, seat, zones.action_kind(state, item, action)):  # 8.B.1
        return "wrong_step"  # C.5
    if "acao_unica" in action.keywords and action.name in item.used_names:
        return "unique_action"
    if "singularidade" in action.keywords and state.players[seat].singularity_used:
        return "singularity"
    if action.cosmic > len(state.players[seat].resources):
        # E.2.1, or the same cost printed without the keyword (Explorar Possibilidades V1)
        return "cosmic" if "energia_cosmica" in action.keywords else "pay_cost"
    if action.discard_cost > len(payable_hand(state, seat, action)):
        return "pay_cost"  # E.2: additional costs must all be paid
    if action.unload_cost > len(item.loaded) and not any(
        len(zones.in_scene(state, b).loaded) >= unload_count(action)
        for b in unload_payers(state, seat, item)
    ):
        return "pay_cost"
    if action.load_cost > len(_loadable(state, seat, action)):
        return "pay_cost"  # E.2: a load from the resources that cannot be made
    fixed = action.cost is not None and action.cost != -1 and not _free(state, item, action)
    if fixed and item.stage < restrictions.cost(state, seat, item, action, action.cost or 0):
        return "cannot_pay"  # E.1: a fixed cost is paid in full
    if not _targets_exist(state, seat, action, item.card):
        return "no_targets"  # F: an option's targets must all be chosen
    if _shares_identity(state, item):
        return "forbidden"  # D (Singularidade Temporal V1)
    return restrictions.problem(state, seat, item, action)  # D, F.2.3, F.2.4


def _other_side_of_power(state: State, user: InScene, target: InScene) -> bool:
    """Characters with ◆ cannot be targeted by actions of characters without ◆, and the
    other way round (Batalha nos Céus V1): a character target and its user differ in
    having that power."""
    if zones.defn(state, target.card).type is not CardType.CHARACTER:
        return False
    powers = {t.targets_same_power for t in _working_texts(state) if t.targets_same_power}
    theirs, mine = zones.powers(state, target), zones.powers(state, user)
    return any((p in theirs) != (p in mine) for p in powers)


def _shield_cuts_as_damage(
    state: State, action: ActionDef, steps: tuple[Step, ...]
) -> tuple[Step, ...]:
    """◆ actions whose effects would lower Escudo deal that much damage instead (Flores e
    Espinhos V1): each shield-lowering step of such an action
    becomes a damage step of that amount, on the same targets — the action's damage, so its
    bonuses apply (the record's FAQ); it is not a damage action for the rules checked
    before (its FAQ), so only its effect changes."""
    powers = {t.shield_cut_to_damage for t in _working_texts(state) if t.shield_cut_to_damage}
    if not action.power or action.power not in powers:
        return steps
    return tuple(
        replace(s, op=Op.DAMAGE, amount=-s.amount, plus="x" if s.plus == "-x" else s.plus)
        if s.op is Op.SHIELD and (s.amount < 0 or s.plus == "-x")
        else s
        for s in steps
    )


def _working_texts(state: State) -> list[Text]:
    """The permanent texts working now: the card bases' and the scenario's."""
    found = [t for s in state.scene for _c, t in zones.texts(state, s)]
    if state.scenario is not None:
        found.extend(zones.scenario_texts(state))
    return found


def _shares_identity(state: State, item: InScene) -> bool:
    """No character in the scene sharing its alter ego (or, without one, its name) with
    another character in the scene can use actions (Singularidade Temporal V1): whether
    such a text works and ``item`` shares its identity with another character in the
    scene (anyone's)."""
    if not any(t.forbid_shared_identity for t in _working_texts(state)):
        return False
    mine = set(zones.identities(state, item.card))
    others = [c for c in zones.characters(state, None) if c.card != item.card]
    return any(mine & set(zones.identities(state, c.card)) for c in others)


def _second(state: State, item: InScene, action: ActionDef) -> bool:
    """C.4 as a text of the character changes it: a second action this turn, when it and
    the first are of the text's power and have different names (Espiral V1)."""
    if item.actions_used != 1 or action.name in item.used_names:
        return False
    powers = {t.two_actions_power for _c, t in zones.texts(state, item) if t.two_actions_power}
    first = [a for _c, a in available(state, item) if a.name in item.used_names]
    return action.power in powers and bool(first) and first[0].power == action.power


def _targets_exist(state: State, seat: int, action: ActionDef, user: int) -> bool:
    """Whether some option of the action can have all its targets (F.1, F.2.2)."""
    if action.modes and not action.distribute:  # each option with its own kind of target
        return any(
            m.targets <= _legal(state, seat, targeting(action, m.target_type), user)
            for m in action.modes
        )
    legal = _legal(state, seat, action, user)
    counts = [m.targets for m in action.modes] if action.modes else [action.targets]
    if action.up_to_targets:  # "até N alvos": one is enough
        return legal > 0
    if action.distribute:
        return any(c == 0 or legal > 0 for c in counts)
    if action.targets_x:  # X = 0 needs none; one target may be listed twice
        return True
    return any(c <= legal for c in counts)


def _legal(state: State, seat: int, action: ActionDef, user: int) -> int:
    """How many card bases ``action`` used by ``user`` could target now."""
    return sum(1 for s in state.scene if target_problem(state, seat, action, s.card, user) is None)


def targeting(action: ActionDef, target_type: str) -> ActionDef:
    """The action as an option printed with its own kind of target sees its targets
    (F.1.1: "personagem alvo" in one option, "suporte alvo" in another)."""
    return replace(action, target_type=target_type) if target_type else action


def _ready_for(spec: str, action: ActionDef, kind_now: str) -> bool:
    """7.2 "Prontidão – característica": the action has the named characteristic."""
    kind, _sep, value = spec.partition(":")
    return {
        "all": True,
        "power": action.power == value,
        "kind": kind_now == value,
        "action": action.name.lower() == value.lower(),
    }.get(kind, False)


def usable(state: State, seat: int) -> list[tuple[InScene, ActionDef]]:
    """Every (character, action) ``seat`` could start using now."""
    result = []
    for item in zones.characters(state, seat):
        for _card, action in available(state, item):
            if problems(state, seat, item, action) is None:
                result.append((item, action))
    return result


def _check_targets(
    state: State, seat: int, action: ActionDef, targets: Sequence[int], count: int, user: int
) -> None:
    if action.distribute:  # 4.8.4.2: one entry per point, a target may repeat
        if len(targets) != count:
            raise _refuse(
                f"Distribute exactly {count} point(s) among the targets.",
                "distribute_count",
                "4.8.4.2",
                count=count,
            )
    elif (
        # "até N alvos" (up_to_targets): one to N; X targets (targets_x) may repeat one
        len(targets) != count and not (action.up_to_targets and 1 <= len(targets) <= count)
    ) or (len(set(targets)) != len(targets) and (not action.targets_x or action.distinct_targets)):
        raise _refuse(
            f"This action needs {action.targets} different target(s).",
            "target_count",
            "4.6.2",
            count=count,
        )
    for t in dict.fromkeys(targets):
        problem = target_problem(state, seat, action, t, user)
        if problem == "untargetable":  # F.2.2 (Garota-Aranha V1)
            raise _refuse(
                "That card cannot be the target of the first targeted action of an "
                "opponent this turn.",
                "untargetable",
                "4.6.2 F.2.2",
            )
        if problem is not None:
            raise _refuse("That is not a valid target for this action.", "bad_target", "4.6.2")


def target_problem(
    state: State, seat: int, action: ActionDef, card: int, user: int = -1
) -> str | None:
    """F.1/F.2.2: why ``card`` cannot be a target of ``action`` used by ``seat``'s ``user``
    (or ``None``); with its ``user``, also an extra action's own limits on its targets."""
    index = zones.find(state, card)
    if index is None:
        return "bad_target"
    target = state.scene[index]
    if action.target_shares_affiliation and not _shares_affiliation(state, user, target):
        return "bad_target"  # F.1.1 another character sharing an affiliation
    user_index = zones.find(state, user) if user >= 0 else None
    extra = _granted(state, state.scene[user_index], action) if user_index is not None else None
    if (
        extra is not None
        and extra.fresh_target
        and (action.name.lower(), card) in state.turn_targets
    ):
        return "bad_target"  # not a card an action of that name already targeted this turn
    wanted = {
        "character": (CardType.CHARACTER,),
        "support": (CardType.SUPPORT,),
        "any": (CardType.CHARACTER, CardType.SUPPORT),
    }[action.target_type]
    ok_controller = action.target_controller == "any" or (action.target_controller == "self") == (
        target.controller == seat
    )
    if zones.defn(state, card).type not in wanted or not ok_controller:
        return "bad_target"
    if _carries_shielded_name(state, target):
        return "bad_target"  # that character is no target of actions
    if action.power and any(
        t.untargetable_by_power == action.power for _c, t in zones.texts(state, target)
    ):
        return "bad_target"  # this character is no target of ◆ actions
    if _untargetable(state, target):
        return "bad_target"  # no target of actions (this turn)
    user_item = state.scene[user_index] if user_index is not None else None
    if restrictions.shielded(state, seat, user_item, action, target):
        return "bad_target"  # an untargetable rule protects it (Fogo Cruzado V1, Golias V1)
    if user_index is not None and _other_side_of_power(state, state.scene[user_index], target):
        return "bad_target"  # Batalha nos Céus V1
    first = state.players[seat].targeted_actions == 0
    if (
        first
        and target.controller != seat
        and any(t.untargetable_first for _c, t in zones.texts(state, target))
    ):  # F.2.2: no target of the first targeted action of an opponent each turn
        return "untargetable"
    return None


def _shares_affiliation(state: State, user: int, target: InScene) -> bool:
    """``target`` is another character than ``user`` with an affiliation in common now."""
    index = zones.find(state, user) if user >= 0 else None
    if index is None or target.card == user:
        return False
    mine = set(zones.affiliations(state, state.scene[index]))
    return bool(mine & set(zones.affiliations(state, target)))


def _untargetable(state: State, target: InScene) -> bool:
    """Whether a working text of ``target`` — or one an action of it generated this turn
    about its user (5.7 B: Kitty Pryde V1) — says it is no target of actions."""
    if any(t.untargetable for _c, t in zones.texts(state, target)):
        return True
    if _marked_untargetable(state, target.card):  # Esconderijo Secreto V1
        return True
    return any(
        t.untargetable and made.this == target.card for _n, made, t in zones.generated_texts(state)
    )


def _marked_untargetable(state: State, card: int) -> bool:
    """The chosen character is no target of actions (Esconderijo Secreto V1): a card
    base in the scene whose working text says so marked ``card``."""
    marks = [c.source for c in state.continuous if c.kind == "mark" and c.target == card]
    for source in marks:
        index = zones.find(state, source)
        if index is not None and any(
            t.untargetable_marked for c, t in zones.texts(state, state.scene[index]) if c == source
        ):
            return True
    return False


def _carries_shielded_name(state: State, target: InScene) -> bool:
    """Whether a working text says a character carrying a card with a name ``target``
    carries cannot be the target of actions (Invocar o Relâmpago V1)."""
    working = [t for s in state.scene for _c, t in zones.texts(state, s)]
    working += zones.scenario_texts(state)
    names = {t.untargetable_carrying for t in working if t.untargetable_carrying}
    if not names or zones.defn(state, target.card).type is not CardType.CHARACTER:
        return False
    return any(
        zones.defn(state, c).type is CardType.ABILITY and zones.defn(state, c).name in names
        for c in target.loaded
    )


def modes_allowed(state: State, seat: int, action: ActionDef) -> int:
    """B: how many options of ``action`` ``seat`` may choose together now — every one while
    it controls a character with ``all_modes_if_controls_power`` (Tentáculos Alados V1)."""
    wanted = action.all_modes_if_controls_power
    if wanted and any(wanted in zones.powers(state, c) for c in zones.characters(state, seat)):
        return max(action.max_modes, len(action.modes))
    return action.max_modes


def _options(action: ActionDef, mode: str, most: int) -> tuple[tuple[Step, ...], int]:
    """B: the option(s) chosen — their procedures in printed order; chosen together, they
    share "o alvo", so the action has as many targets as the option that has most."""
    if not action.modes:
        return action.steps, action.targets
    names = [n.strip().lower() for n in mode.split(",") if n.strip()]
    picked = [m for m in action.modes if m.name.lower() in names]
    if not names or len(picked) != len(set(names)):
        raise _refuse(
            "Choose one of the action's options.",
            "bad_mode",
            "4.6.2",
            modes=", ".join(m.name for m in action.modes),
        )
    if len(picked) > most:
        raise _refuse("Too many options.", "too_many_modes", "4.6.2", count=most)
    return tuple(s for m in picked for s in m.steps), max(m.targets for m in picked)


def _to_deck_bottom(state: State, character: int, card: int) -> tuple[State, list[Event]]:
    """E.2, this card to the bottom of its owner's deck: the card leaves the character
    carrying it (not an unload: it does not go to the resources) for its owner's deck bottom."""
    item = zones.in_scene(state, character)
    if card not in item.loaded:
        return state, []
    item = replace(item, loaded=tuple(c for c in item.loaded if c != card))
    state = zones.set_in_scene(state, item)
    owner = zones.owner(state, card)
    player = state.players[owner]
    state = zones.set_player(state, owner, replace(player, deck=(*player.deck, card)))
    state = zones.bottomed(state, owner, 1)
    params = {"player": player.name, "card": zones.title(state, card)}
    return state, [Event("battlescenes.event.bottomed", params, rule="4.6.2 E.2")]


def load_choices(state: State, seat: int, action: ActionDef) -> tuple[int, ...]:
    """The cards the player picks from to pay a ``load_cost_from`` cost (none otherwise)."""
    return _loadable(state, seat, action) if action.load_cost_from else ()


def _to_hand(state: State, character: int, card: int) -> tuple[State, list[Event]]:
    """E.2, this card to its owner's hand: it leaves the character carrying it (not an
    unload: it does not go to the resources) for its owner's hand (Batedor Alado V1)."""
    item = zones.in_scene(state, character)
    if card not in item.loaded:
        return state, []
    state = zones.set_in_scene(
        state, replace(item, loaded=tuple(c for c in item.loaded if c != card))
    )
    owner = zones.owner(state, card)
    player = state.players[owner]
    state = zones.set_player(state, owner, replace(player, hand=(*player.hand, card)))
    params = {"player": player.name, "card": zones.title(state, card)}
    return state, [Event("battlescenes.event.to_hand_cost", params, rule="4.6.2 E.2")]


def _loadable(state: State, seat: int, action: ActionDef) -> tuple[int, ...]:
    """The resources an action's ``load_cost`` may load: any, or only cards of its
    ``load_cost_power`` ("um card de ◆": an ability card of it, any other printed with it);
    with ``load_cost_from``, the cards of those zones (Batedor Alado V1: hand or resources)."""
    player = state.players[seat]
    if action.load_cost_from:
        wanted_zones = action.load_cost_from.split("|")
        return (
            *(player.hand if "hand" in wanted_zones else ()),
            *(player.resources if "resources" in wanted_zones else ()),
        )
    resources = player.resources
    wanted = action.load_cost_power
    return tuple(c for c in resources if not wanted or wanted in _printed_powers(state, c))


def _printed_powers(state: State, card: int) -> tuple[str, ...]:
    """A card's powers out of the scene: an ability card's are its own or its action's."""
    d = zones.defn(state, card)
    if d.type is CardType.ABILITY:
        return d.powers or tuple(a.power for a in d.actions if a.power)
    return d.powers


def _load_cost(
    state: State, seat: int, character: int, action: ActionDef, picked: tuple[int, ...] = ()
) -> tuple[State, list[Event]]:
    """E.2: ``load_cost`` cards of the resources (of ``load_cost_power`` when it names one),
    in the player's loading order (4.4.2.2 A.3), loaded onto the user — or those the player
    ``picked`` (``load_cost_from``: of the hand or the resources); their "carregado" texts
    pending at level 1 (9.1.2 d)."""
    player = state.players[seat]
    pool = _loadable(state, seat, action)
    chosen = picked or tuple(load_order.ordered(state, seat, pool, character)[: action.load_cost])
    from_resources = {c for c in chosen if c in player.resources}
    player = replace(
        player,
        resources=tuple(c for c in player.resources if c not in chosen),
        hand=tuple(c for c in player.hand if c not in chosen),
    )
    state = zones.set_player(state, seat, player)
    item = zones.in_scene(state, character)
    state = zones.set_in_scene(state, replace(item, loaded=(*item.loaded, *chosen)))
    events = []
    for card in chosen:
        if card in from_resources:
            state = triggers.fire(
                state, Trigger.LOADED_FROM_RESOURCES, 1, card=card, base=character
            )
        state = triggers.fire(state, Trigger.LOADED_ONTO_THIS, 1, card=card, base=character)
        params = {"card": zones.title(state, card), "base": zones.title(state, character)}
        events.append(Event("battlescenes.event.loaded", params, rule="4.6.2 E.2"))
    return state, events


def aimed_at(action: ActionDef, mode: str) -> ActionDef:
    """The action as the option(s) ``mode`` names sees its targets (F.1.1)."""
    return targeting(action, _option_target_type(action, mode))


def _option_target_type(action: ActionDef, mode: str) -> str:
    """The kind of target the chosen option prints ("" when it prints none of its own)."""
    names = {n.strip().lower() for n in mode.split(",") if n.strip()}
    picked = [m.target_type for m in action.modes if m.name.lower() in names and m.target_type]
    return picked[0] if picked else ""


def payable_hand(state: State, seat: int, action: ActionDef) -> tuple[int, ...]:
    """E.2: the hand cards that may pay the action's discard cost (of the printed type and
    affiliation, when it names them)."""
    hand = state.players[seat].hand
    return tuple(
        c
        for c in hand
        if (not action.discard_type or zones.defn(state, c).type.value == action.discard_type)
        and (
            not action.discard_affiliation
            or action.discard_affiliation in zones.defn(state, c).affiliations
        )
    )


def unload_payers(state: State, seat: int, item: InScene) -> tuple[int, ...]:
    """E.2: the other card bases ``seat`` controls whose ``pays_unload_cost`` text names an
    affiliation of the user: their cards may be unloaded in place of the user's (Arsenal
    H.I.D.R.A. V1)."""
    wanted = set(zones.affiliations(state, item))
    return tuple(
        s.card
        for s in state.scene
        if s.controller == seat
        and s.card != item.card
        and any(t.pays_unload_cost in wanted for _c, t in zones.texts(state, s))
    )


def unloadable(state: State, action: ActionDef, cards: Sequence[int]) -> tuple[int, ...]:
    """E.2: the carried cards that may pay the action's unload cost ("um card que não seja
    de habilidade": not of ``unload_not_type``, Mulher-Hulk V2)."""
    wanted = action.unload_not_type
    return tuple(c for c in cards if not wanted or zones.defn(state, c).type.value != wanted)


def unload_count(action: ActionDef) -> int:
    """How many of the user's cards the action's additional costs unload (E.2)."""
    return action.unload_cost + (1 if action.unload_self else 0)


def _additional(
    state: State, seat: int, item: InScene, action: ActionDef, pay: Sequence[int]
) -> tuple[tuple[int, ...], tuple[int, ...], int, tuple[int, ...]]:
    """E.2: the hand cards discarded and the cards unloaded as additional costs, exactly as
    many as printed ("o jogador deve pagar todos eles"), the card base unloaded — the user,
    or another card base whose ``pays_unload_cost`` pays them all instead (then as many cards
    as the user would unload, an ``unload_self`` card included) — and the resources chosen
    for Energia Cósmica or the same cost in words (E.2.1: "escolher e colocar X cards", in
    the order given; none named: the oldest)."""
    hand = tuple(c for c in dict.fromkeys(pay) if c in payable_hand(state, seat, action))
    loaded = tuple(c for c in dict.fromkeys(pay) if c in item.loaded)
    base, wanted = item.card, action.unload_cost
    for payer in unload_payers(state, seat, item) if unload_count(action) else ():
        instead = tuple(c for c in dict.fromkeys(pay) if c in zones.in_scene(state, payer).loaded)
        if instead and not loaded:
            base, loaded, wanted = payer, instead, unload_count(action)
            break
    pool = state.players[seat].resources if action.cosmic else ()
    cosmic = tuple(c for c in dict.fromkeys(pay) if c in pool and c not in hand + loaded)
    if (
        len(hand) != action.discard_cost
        or len(loaded) != wanted
        or any(c not in unloadable(state, action, loaded) for c in loaded)
        or (cosmic and len(cosmic) != action.cosmic)
        or len(hand) + len(loaded) + len(cosmic) != len(pay)
    ):
        raise _refuse(
            "Pay the action's additional cost.",
            "pay_cost",
            "4.6.2 E.2",
            discard=action.discard_cost,
            unload=action.unload_cost,
        )
    return hand, loaded, base, cosmic


def _check_forced(
    state: State,
    seat: int,
    item: InScene,
    action: ActionDef,
    steps: Sequence[Step],
    targets: Sequence[int],
    count: int,
) -> None:
    """F.2.1: a card that must be a target is one whenever the action could target it
    (F.2.2 prevails: a card that cannot be targeted is not forced); F.2.3: no action at all
    without that target."""
    for effect, holder in restrictions.forced_targets(state, seat, item, action, steps, targets):
        if holder in targets:
            continue
        name = zones.title(state, holder)
        if effect == "only_targeting":
            raise _refuse("Target that card.", "must_target", "4.6.2 F.2.3", card=name)
        if count and target_problem(state, seat, action, holder, item.card) is None:
            raise _refuse("Target that card.", "must_target", "4.6.2 F.2.1", card=name)


def _marked_targeted(state: State, card: int) -> list[Pending]:
    """The chosen character is a target of an action (``targeted`` with ``trigger_for:
    marked``, Passado Sombrio V1): the texts of any card base or the scenario whose card
    marked ``card``; carried out by their controller."""
    holders = [(s.card, s.controller, c, t) for s in state.scene for c, t in zones.texts(state, s)]
    if state.scenario is not None:
        controller = zones.scenario_controller(state)
        holders.extend(
            (state.scenario, controller, state.scenario, t) for t in zones.scenario_texts(state)
        )
    return [
        Pending(
            uid=0,
            level=1,
            controller=controller,
            source=source,
            label=zones.title(state, source),
            steps=text.steps,
            targets=(card,),
            this=holder,
        )
        for holder, controller, source, text in holders
        if text.trigger is Trigger.TARGETED
        and text.trigger_for == "marked"
        and zones.marked_by(state, source, card)
    ]


def _targeted(state: State, targets: Sequence[int]) -> State:
    """5.2 a character is a target of an action (``targeted``: Proteger os Inocentes): the
    texts of its controller's card bases and scenario, pending at level 1 with the action's
    H effects (before its effect, 9.1.2 d); their target is that character."""
    found: list[Pending] = []
    for card in dict.fromkeys(targets):
        index = zones.find(state, card)
        if index is None or zones.defn(state, card).type is not CardType.CHARACTER:
            continue
        item = state.scene[index]
        holders = [
            (s.card, c, t)
            for s in state.scene
            if s.controller == item.controller
            for c, t in zones.texts(state, s)
        ]
        if state.scenario is not None and zones.scenario_controller(state) == item.controller:
            holders.extend((state.scenario, state.scenario, t) for t in zones.scenario_texts(state))
        for holder, source, text in holders:
            if text.trigger is not Trigger.TARGETED or text.trigger_for == "marked":
                continue
            if text.trigger_if_no_alignment and zones.alignments(state, card):
                continue
            found.append(
                Pending(
                    uid=0,
                    level=1,
                    controller=item.controller,
                    source=source,
                    label=zones.title(state, source),
                    steps=text.steps,
                    targets=(card,),
                    this=holder,
                )
            )
        found.extend(_marked_targeted(state, card))
    return tree.add(state, found, 1) if found else state


def _carried_character(state: State, character: int, card: int) -> bool:
    """Whether ``card`` (an action's) is a character card ``character`` carries."""
    index = zones.find(state, character)
    return (
        index is not None
        and card in state.scene[index].loaded
        and zones.defn(state, card).type is CardType.CHARACTER
    )


def _action_used(
    state: State,
    seat: int,
    character: int,
    cost: int | None,
    kind: str = "",
    name: str = "",
    printed_on: int = -1,
    targets: tuple[int, ...] = (),
) -> State:
    """4.6.2 H: effects triggered by the use of the action, pending at level 1; "that
    character" (the user) is their target. ``cost``: the action's printed cost (X as
    chosen), for texts about actions of one cost; ``name``: the action's, for texts about
    their own card base using the action of that name; ``targets``: the action's."""
    found: list[Pending] = []
    holders = [(s.controller, s.card, zones.texts(state, s)) for s in state.scene]
    if state.scenario is not None:  # "toda vez que um personagem usar …" (Extrapolar os Limites)
        scenario = [(state.scenario, t) for t in zones.scenario_texts(state)]
        holders.append((zones.scenario_controller(state), state.scenario, scenario))
    holders.extend(other_zones.holders(state))  # 5.2.1: e.g. from the hand
    for controller, base, texts in holders:
        for source, text in texts:
            if text.trigger is not Trigger.ACTION_USED:
                continue
            mine = controller == seat
            if (text.whose_turn == "own" and not mine) or (text.whose_turn == "opponent" and mine):
                continue
            if text.if_action_cost >= 0 and cost != text.if_action_cost:
                continue
            if text.if_action_kind and not set(text.if_action_kind.split("|")) & set(
                kind.split("_")
            ):  # either of two types (Partículas Pym V1)
                continue
            if text.if_targets_this and base not in targets:  # its card base is no target
                continue
            if text.if_action_name and (name != text.if_action_name or base != character):
                continue
            if text.if_preparation and not (  # only in the Preparation phase of that turn
                state.phase is Phase.PREPARATION and state.active == seat
            ):
                continue
            if text.if_power and not (  # the card base holding the text has that power
                zones.find(state, base) is not None
                and text.if_power in zones.powers(state, zones.in_scene(state, base))
            ):
                continue
            if text.if_from_carried_character and not _carried_character(
                state, character, printed_on
            ):
                continue
            index = zones.find(state, character)  # (gone: it paid with itself, E.2)
            if text.if_user_entered_this_turn and (
                index is None or state.scene[index].entered_turn != state.turn
            ):  # only the turn the user entered the scene (Jaqueta Amarela V1)
                continue
            if text.trigger_if_affiliation and (
                index is None
                or text.trigger_if_affiliation not in zones.affiliations(state, state.scene[index])
            ):
                continue
            if text.if_own_attack_step and not (  # Torre Stark V1
                state.phase is Phase.ATTACK and state.active == controller
            ):
                continue
            lacking = text.trigger_if_lacks_affiliation  # Homem Radioativo V1
            if lacking and (
                index is None or lacking in zones.affiliations(state, state.scene[index])
            ):
                continue
            found.append(
                Pending(
                    uid=0,
                    level=1,
                    controller=controller,
                    source=source,
                    label=zones.title(state, source),
                    steps=other_zones.steps_of(text),
                    targets=(character,),
                    this=base,
                )
            )
    spent: list[int] = []  # ``next_only`` generated effects that just worked (Heimdall V1)
    for n, made, text in zones.generated_texts(state):
        if text.trigger is Trigger.ACTION_USED and text.trigger_for == "targeting_target":
            # the next action this turn, by a character of the text's affiliation, that has
            # the marked character among its targets deals it the text's damage, as part of
            # that action's own damage, once (Manto Rubro V1)
            index = zones.find(state, character)
            wanted = text.trigger_if_affiliation
            if (
                made.target in targets
                and index is not None
                and (not wanted or wanted in zones.affiliations(state, state.scene[index]))
                and n not in spent
            ):
                spent.append(n)
                found.append(
                    Pending(
                        uid=0,
                        level=1,
                        controller=seat,
                        source=made.source,
                        label=zones.title(state, made.source),
                        steps=text.steps,
                        targets=(made.target,),
                        this=character,
                        is_action=True,
                        action_kind=kind,
                    )
                )
            continue
        # 5.7 B: each time the target uses an action this turn — the generated effect's
        # target used an action. The action's own effect (its source: the action and the
        # character that used it, 4.8.5), validated for the turn (no 5.8 interruption).
        # each time a character of the targeted opponent uses an action (Blob V2)
        if text.trigger_for == "opponent_characters":
            index = zones.find(state, character)
            about = index is not None and state.scene[index].controller != made.controller
        elif text.trigger_for == "any_character":  # "o próximo personagem" (Heimdall V1)
            about = True
        else:
            about = made.target == character
        if text.trigger is Trigger.ACTION_USED and about:
            if text.next_only:
                spent.append(n)
            found.append(
                Pending(
                    uid=0,
                    level=1,
                    controller=made.controller,
                    source=made.source,
                    label=zones.title(state, made.source),
                    steps=text.steps,
                    targets=(character,),
                    this=made.this,
                    is_action=True,
                    action_kind=made.action_kind,
                )
            )
    if spent:  # they worked once: over (5.7 B)
        kept = tuple(g for n, g in enumerate(state.turn_generated) if n not in spent)
        state = replace(state, turn_generated=kept)
    return tree.add(state, found, 1) if found else state


def use(
    state: State,
    seat: int,
    character: int,
    name: str,
    targets: Sequence[int],
    x: int,
    dice: Dice,
    unload: Sequence[int] = (),
    mode: str = "",
    pay: Sequence[int] = (),
) -> tuple[State, list[Event]]:
    """4.6.2: check the requirements, pay the costs, choose targets, then the effect."""
    index = zones.find(state, character)
    if index is None or state.scene[index].controller != seat:
        raise _refuse("Choose a character you control.", "not_your_character", "4.6.2")
    item = state.scene[index]
    matches = [(c, a) for c, a in available(state, item) if a.name.lower() == name.lower()]
    if not matches:  # A / C.3
        raise _refuse("That character has no such action.", "no_such_action", "4.6.2", action=name)
    source, action = matches[0]
    problem = problems(state, seat, item, action)
    if problem is not None:
        params = {"discard": action.discard_cost, "unload": action.unload_cost, "cost": 0}
        if problem == "cannot_pay" and action.cost is not None:
            params["cost"] = restrictions.cost(state, seat, item, action, max(0, action.cost))
        raise _refuse("That action cannot be used now.", problem, "4.6.2", **params)
    if action.cost == -1 and not 0 <= x <= 2:
        raise _refuse("X must be 0, 1 or 2.", "bad_x", "4.6.2")
    steps, count = _options(action, mode, modes_allowed(state, seat, action))  # B
    if action.points_loaded:  # 4.8.4.2: "X pontos … X é … os cards que ele carrega"
        count = len(item.loaded)
    if action.targets_x:  # as many targets as X (Venom V1)
        count = x
    aimed = aimed_at(action, mode)
    problem = restrictions.option_problem(state, seat, item, action, steps, count)
    if problem is None and restrictions.x_forbidden(state, seat, item, action, steps, x):
        problem = "forbidden"  # D: X as chosen equals the stage (Rocha Lunar V1)
    if problem is not None:  # D / F.2.3 / F.2.4 for the option chosen
        raise _refuse("That action cannot be used now.", problem, "4.6.2 D")
    printed = x if action.cost == -1 else action.cost
    cost = 0 if printed is None else restrictions.cost(state, seat, item, action, printed)
    extra = _granted(state, item, action)  # C.4 lifted by an effect: spent below
    if extra is not None and extra.free:  # no incapacitation cost (Super Soco V2)
        cost = 0
    if item.stage < cost:  # E.1: a cost must be paid in full
        raise _refuse(
            "The character cannot be incapacitated enough to pay the cost.",
            "cannot_pay",
            "4.6.2",
            cost=cost,
        )
    picked: tuple[int, ...] = ()
    if action.load_cost_from:  # E.2, a card of the hand or resources loaded: the player's
        pool = _loadable(state, seat, action)
        picked = tuple(c for c in dict.fromkeys(pay) if c in pool)
        if len(picked) != action.load_cost:
            raise _refuse(
                "Pay the action's additional cost.",
                "pay_cost",
                "4.6.2 E.2",
                discard=action.discard_cost,
                unload=action.unload_cost,
            )
        pay = [c for c in pay if c not in picked]
    discards, unloads, unloaded_base, cosmic = _additional(state, seat, item, action, pay)  # E.2
    # F.1, F.2.2 — with the option chosen (B): a protection against actions dealing
    # penetrating damage looks at that option's steps (Vespa V1)
    chosen = replace(aimed, steps=steps, modes=()) if aimed.modes else aimed
    _check_targets(state, seat, chosen, targets, count, character)
    _check_forced(state, seat, item, aimed, steps, targets, count)  # F.2.1, F.2.3
    player = state.players[seat]
    events = [
        Event(
            "battlescenes.event.action_used",
            {
                "player": player.name,
                "card": zones.title(state, character),
                "action": action.name,
                "targets": ", ".join(zones.title(state, t) for t in targets) or "-",
            },
            rule="4.6.2",
        )
    ]
    state = zones.incapacitate(state, character, cost)  # E.1
    if action.cosmic:  # E.2.1 / E.2: resources to the bottom of the deck, those chosen
        moved = cosmic or player.resources[: action.cosmic]
        player = replace(
            player,
            resources=tuple(c for c in player.resources if c not in moved),
            deck=player.deck + moved,
        )
    if "singularidade" in action.keywords:
        player = replace(player, singularity_used=True)
    if targets:
        player = replace(player, targeted_actions=player.targeted_actions + 1)
        named = tuple((action.name.lower(), t) for t in dict.fromkeys(targets))
        state = replace(state, turn_targets=(*state.turn_targets, *named))
    player = replace(player, actions_this_turn=player.actions_this_turn + 1)
    # the user's affiliations (as it uses the action) no earlier action this turn had
    first = tuple(a for a in zones.affiliations(state, item) if a not in player.affiliations_acted)
    player = replace(player, affiliations_acted=(*player.affiliations_acted, *first))
    state = zones.set_player(state, seat, player)
    state = zones.bottomed(state, seat, action.cosmic)  # E.2.1's cards under the deck
    if discards:  # E.2: discarded cards go to the resources (6.2 C.4) unless replaced (5.5)
        state, instead = replacements.discard(state, seat, discards)
        events.extend(instead)
    # E.2 in printed order: "Carregue um card neste personagem, descarregue <este card>:"
    if action.load_cost:  # E.2 "Carregue um card neste personagem" (from the resources)
        state, loaded = _load_cost(state, seat, character, action, picked)
        events.extend(loaded)
    carried = zones.in_scene(state, character).loaded
    paid_instead = unloaded_base != character  # pays_unload_cost: Arsenal H.I.D.R.A. V1
    if action.unload_self and source in carried and not paid_instead:  # E.2 "Descarregue …:"
        unloads = (*unloads, source)
    if action.bottom_self:  # E.2 cost: onto its owner's deck bottom (not an unload)
        state, bottomed = _to_deck_bottom(state, character, source)
        events.extend(bottomed)
    if action.hand_self:  # E.2: this card back to its owner's hand
        state, returned = _to_hand(state, character, source)
        events.extend(returned)
    if unloads:  # E.2: unloading the user's cards (to their owner's resources)
        state = zones.unload(state, unloaded_base, unloads)
        # 5.2: its effects resolve before the action's effect (9.1.2 d), as a discard's do.
        state = triggers.fire(state, Trigger.UNLOADED, 1, base=unloaded_base)
    item = zones.in_scene(state, character)
    # 7.2 Potencializar: the next action that deals damage takes the bonus with it.
    bonus = item.empower if any(s.op == Op.DAMAGE for s in steps) else 0
    state = zones.set_in_scene(
        state,
        replace(
            item,
            actions_used=item.actions_used + 1,
            used_names=(*item.used_names, action.name),
            used_powers=(*item.used_powers, action.power) if action.power else item.used_powers,
            empower=item.empower - bonus,
            extra_actions=_spend(item.extra_actions, extra),
            no_more_actions=item.no_more_actions or (extra is not None and extra.last),
        ),
    )
    kind = zones.action_kind(state, item, action).value  # as it was used
    if action.shuffle_user_cost:  # E.2: the user leaves, shuffled into its owner's deck
        state, left = leaving.leave_to(state, character, "deck", seat)
        owner = zones.owner(state, character)
        if character in state.players[owner].deck:
            deck = tuple(dice.shuffle(state.players[owner].deck, f"shuffle deck {owner}"))
            state = zones.set_player(state, owner, replace(state.players[owner], deck=deck))
        events.extend(left)
    if action.prizes_user_cost:  # E.2: the user leaves for its owner's prizes (4.9.1)
        state, left = leaving.leave_to(state, character, "prizes", seat)
        events.extend(left)
    if action.manual:
        steps = (Step(op=Op.MANUAL, text=action.text),)
    steps = _shield_cuts_as_damage(state, action, steps)
    root = Pending(
        uid=0,
        level=0,
        controller=seat,
        source=source,
        label=action.name,
        steps=steps,
        targets=tuple(targets),
        this=character,
        is_action=True,
        action_kind=kind,
        action_power=action.power,
        preference=tuple(unload),
        x=x,
        bonus=bonus,
        first_affiliations=first,
    )
    state = tree.add(state, [root], 0)  # I: the action's effect, root of the tree
    user_player = state.players[seat]
    if targets and user_player.first_damage_action < 0 and any(s.op == Op.DAMAGE for s in steps):
        marked = replace(user_player, first_damage_action=state.tree[-1].uid)  # Investida Tática
        state = zones.set_player(state, seat, marked)
    # H: they resolve before the effect (rule d)
    state = _action_used(
        state, seat, character, printed, root.action_kind, action.name, source, tuple(targets)
    )
    state = _targeted(state, targets)
    state, more = interpreter.run(state, dice)
    return state, events + more
