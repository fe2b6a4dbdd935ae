"""Using actions (4.6.2 A–I)."""

from __future__ import annotations

from collections.abc import Sequence

from engines.battlescenes import effects, tree, zones
from engines.battlescenes.cards import ActionDef, ActionKind, CardType, Step, Trigger
from engines.battlescenes.state import InScene, Pending, Phase, State
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
    return found


def kind_allowed(state: State, seat: int, kind: ActionKind) -> bool:
    """C.5: may an action of this type be used now by ``seat``?"""
    anticipate = kind in (ActionKind.ANTICIPATE, ActionKind.UNFORESEEN_ANTICIPATE)
    unforeseen = kind in (ActionKind.UNFORESEEN, ActionKind.UNFORESEEN_ANTICIPATE)
    if seat == state.active:
        return state.phase is Phase.ATTACK or (state.phase is Phase.PREPARATION and unforeseen)
    return state.phase is Phase.ANTICIPATION and anticipate


def problems(state: State, seat: int, item: InScene, action: ActionDef) -> str | None:
    """The first requirement (C.1–C.5, 7.1) the action fails, as an error key, or ``None``."""
    ready = item.ready or "prontidao" in zones.keywords(state, item.card)
    if item.entered_turn >= state.turn and not ready:
        return "not_ready"  # C.1
    if action.power not in zones.powers(state, item):
        return "no_power"  # C.2
    if item.actions_used >= 1:
        return "one_action"  # C.4
    if not kind_allowed(state, seat, action.kind):
        return "wrong_step"  # C.5
    if "acao_unica" in action.keywords and action.name in item.used_names:
        return "unique_action"
    if "singularidade" in action.keywords and state.players[seat].singularity_used:
        return "singularity"
    if action.cosmic > len(state.players[seat].resources):
        return "cosmic"
    return None


def usable(state: State, seat: int) -> list[tuple[InScene, ActionDef]]:
    """Every (character, action) ``seat`` could start using now."""
    result = []
    for item in zones.characters(state, seat):
        for _card, action in available(state, item):
            if problems(state, seat, item, action) is None:
                result.append((item, action))
    return result


def _check_targets(
    state: State, seat: int, action: ActionDef, targets: Sequence[int], count: int
) -> None:
    if action.distribute:  # 4.8.4.2: one entry per point, a target may repeat
        if len(targets) != action.targets:
            raise _refuse(
                f"Distribute exactly {action.targets} point(s) among the targets.",
                "distribute_count",
                "4.8.4.2",
                count=action.targets,
            )
    elif len(targets) != count or len(set(targets)) != len(targets):
        raise _refuse(
            f"This action needs {action.targets} different target(s).",
            "target_count",
            "4.6.2",
            count=count,
        )
    for t in dict.fromkeys(targets):
        index = zones.find(state, t)
        if index is None:
            raise _refuse("Targets must be in the scene.", "bad_target", "4.6.2")
        target = state.scene[index]
        ttype = zones.defn(state, t).type
        wanted = {
            "character": (CardType.CHARACTER,),
            "support": (CardType.SUPPORT,),
            "any": (CardType.CHARACTER, CardType.SUPPORT),
        }[action.target_type]
        ok_controller = action.target_controller == "any" or (
            action.target_controller == "self"
        ) == (target.controller == seat)
        if ttype not in wanted or not ok_controller:
            raise _refuse("That is not a valid target for this action.", "bad_target", "4.6.2")
        first = state.players[seat].targeted_actions == 0
        if (
            first
            and target.controller != seat
            and any(t.untargetable_first for _c, t in zones.texts(state, target))
        ):  # F.2.2 (Garota-Aranha V1): "não pode ser alvo da primeira ação com alvo"
            raise _refuse(
                "That card cannot be the target of the first targeted action of an "
                "opponent this turn.",
                "untargetable",
                "4.6.2 F.2.2",
            )


def _action_used(state: State, seat: int, character: int) -> State:
    """4.6.2 H: effects triggered by the use of the action, pending at level 1; "that
    character" (the user) is their target."""
    found: list[Pending] = []
    for item in state.scene:
        for source, text in zones.texts(state, item):
            if text.trigger is not Trigger.ACTION_USED:
                continue
            mine = item.controller == seat
            if (text.whose_turn == "own" and not mine) or (text.whose_turn == "opponent" and mine):
                continue
            found.append(
                Pending(
                    uid=0,
                    level=1,
                    controller=item.controller,
                    source=source,
                    label=zones.title(state, source),
                    steps=text.steps,
                    targets=(character,),
                    this=item.card,
                )
            )
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
        raise _refuse("That action cannot be used now.", problem, "4.6.2")
    cost = x if action.cost == -1 else (action.cost or 0)
    if action.cost == -1 and not 0 <= x <= 2:
        raise _refuse("X must be 0, 1 or 2.", "bad_x", "4.6.2")
    if item.stage < cost:  # E.1: a cost must be paid in full
        raise _refuse(
            "The character cannot be incapacitated enough to pay the cost.",
            "cannot_pay",
            "4.6.2",
            cost=cost,
        )
    steps, count = action.steps, action.targets
    if action.modes:  # B: the player picks one of the options
        picked = [m for m in action.modes if m.name.lower() == mode.lower()]
        if not picked:
            raise _refuse(
                "Choose one of the action's options.",
                "bad_mode",
                "4.6.2",
                modes=", ".join(m.name for m in action.modes),
            )
        steps, count = picked[0].steps, picked[0].targets
    _check_targets(state, seat, action, targets, count)  # F
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
    if action.cosmic:  # E.2.1: resources to the bottom of the deck
        moved = player.resources[: action.cosmic]
        player = replace(
            player, resources=player.resources[action.cosmic :], deck=player.deck + moved
        )
    if "singularidade" in action.keywords:
        player = replace(player, singularity_used=True)
    if targets:
        player = replace(player, targeted_actions=player.targeted_actions + 1)
    state = zones.set_player(state, seat, player)
    item = zones.in_scene(state, character)
    state = zones.set_in_scene(
        state,
        replace(
            item, actions_used=item.actions_used + 1, used_names=(*item.used_names, action.name)
        ),
    )
    if action.manual:
        steps = (Step(op="manual", text=action.text),)
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
        action_kind=action.kind.value,
        preference=tuple(unload),
        x=x,
    )
    state = tree.add(state, [root], 0)  # I: the action's effect, root of the tree
    state = _action_used(state, seat, character)  # H: they resolve before the effect (rule d)
    state, more = effects.run(state, dice)
    return state, events + more
