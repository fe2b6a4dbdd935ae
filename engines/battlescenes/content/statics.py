"""Loaders of parts of a text: the static texts about using actions (4.6.2 D, E.1, F.2 —
:class:`engines.battlescenes.content.schema.ActionRule`) and damage modifiers (5.3). See
docs/battlescenes.md."""

from __future__ import annotations

from engines.battlescenes.content.node import PackNode
from engines.battlescenes.content.schema import (
    ACTION_RULE_EFFECTS,
    ACTION_RULE_WHOSE,
    CHARACTERISTIC_KINDS,
    CHARACTERISTIC_TO,
    ActionKind,
    ActionRule,
    Characteristic,
    Modifier,
    Op,
    Step,
    Text,
)

_FIELDS = {
    "effect",
    "whose",
    "value",
    "cost_op",
    "if_power",
    "if_kind",
    "if_damage",
    "if_name",
    "if_stage_at_most",
    "if_stage_at_least",
    "if_user_alignment",
    "unless_name",
    "if_user_lacks_name",
    "if_unused_this_turn",
    "per_opponent_action",
    "if_other_target_affiliation",
    "if_holder_stage_at_most",
    "if_holder_stage_at_least",
    "if_target_power",
    "if_penetrating",
    "if_opponent_unlike",
}


def action_rule(node: PackNode) -> ActionRule:
    """One ``action_rules:`` entry of a text."""
    node.check_keys(_FIELDS, {"effect"})
    rule = ActionRule(
        effect=node.read("effect", str),
        whose=node.read("whose", str, "opponent"),
        value=node.read("value", int, 0),
        cost_op=node.read("cost_op", str, "set"),
        if_power=node.read("if_power", str, ""),
        if_kind=node.read("if_kind", str, ""),
        if_damage=node.read("if_damage", bool, False),
        if_name=node.read("if_name", str, ""),
        if_stage_at_most=node.read("if_stage_at_most", int, -1),
        if_stage_at_least=node.read("if_stage_at_least", int, -1),
        if_user_alignment=node.read("if_user_alignment", str, ""),
        unless_name=node.read("unless_name", str, ""),
        if_user_lacks_name=node.read("if_user_lacks_name", str, ""),
        if_unused_this_turn=node.read("if_unused_this_turn", bool, False),
        per_opponent_action=node.read("per_opponent_action", bool, False),
        if_other_target_affiliation=node.read("if_other_target_affiliation", str, ""),
        if_holder_stage_at_most=node.read("if_holder_stage_at_most", int, -1),
        if_holder_stage_at_least=node.read("if_holder_stage_at_least", int, -1),
        if_target_power=node.read("if_target_power", str, ""),
        if_penetrating=node.read("if_penetrating", bool, False),
        if_opponent_unlike=node.read("if_opponent_unlike", bool, False),
    )
    targeting = (
        rule.if_holder_stage_at_most >= 0
        or rule.if_holder_stage_at_least >= 0
        or rule.if_target_power
        or rule.if_penetrating
    )
    if targeting and rule.effect != "untargetable":
        raise node.fail_at("effect", "these if_holder_/if_target_ fields are for untargetable")
    if rule.effect == "untargetable" and rule.whose != "any":
        raise node.fail_at("whose", "an untargetable rule concerns anyone's actions: any")
    if rule.per_opponent_action and (rule.effect != "cost" or rule.cost_op != "add"):
        raise node.fail_at("per_opponent_action", "per_opponent_action is for a cost added to")
    allowed = {
        "effect": (rule.effect, ACTION_RULE_EFFECTS),
        "whose": (rule.whose, ACTION_RULE_WHOSE),
        "cost_op": (rule.cost_op, frozenset({"set", "add"})),
        "if_kind": (rule.if_kind, frozenset({"", *(k.value for k in ActionKind)})),
    }
    for field, (value, choices) in allowed.items():
        if value not in choices:
            raise node.fail_at(field, f"{value!r} is not one of: {', '.join(sorted(choices))}")
    return rule


def modifier(node: PackNode) -> Modifier:
    """One ``modifiers:`` entry of a text (5.3, applied in 4.8.3 B–D)."""
    node.check_keys(
        {
            "op",
            "value",
            "applies_to",
            "if_source_lacks_affiliation",
            "if_source_alignment",
            "if_action_kind",
            "if_opponent_preparation",
            "if_target_affiliation",
            "if_target_alignment",
            "if_target_alter_ego",
            "if_source_affiliation",
            "if_source_alter_ego",
            "if_action",
            "if_own_source",
            "if_not_action",
            "if_holder_power",
            "if_holder_energy_at_least",
            "if_other_affiliation",
            "if_source_is_holder",
            "if_shares_affiliation",
            "if_penetrating",
            "if_targeted",
            "if_action_power",
            "if_first_action_hit",
            "if_first_damage_action",
            "if_holder_carries_type",
        },
        {"op", "value"},
    )
    mod = Modifier(
        op=node.read("op", str),
        value=node.read("value", int),
        applies_to=node.read("applies_to", str, "this"),
        if_source_lacks_affiliation=node.read("if_source_lacks_affiliation", str, ""),
        if_source_alignment=node.read("if_source_alignment", str, ""),
        if_action_kind=node.read("if_action_kind", str, ""),
        if_opponent_preparation=node.read("if_opponent_preparation", bool, False),
        if_target_affiliation=node.read("if_target_affiliation", str, ""),
        if_target_alignment=node.read("if_target_alignment", str, ""),
        if_target_alter_ego=node.read("if_target_alter_ego", str, ""),
        if_source_affiliation=node.read("if_source_affiliation", str, ""),
        if_source_alter_ego=node.read("if_source_alter_ego", str, ""),
        if_action=node.read("if_action", bool, False),
        if_own_source=node.read("if_own_source", bool, False),
        if_not_action=node.read("if_not_action", bool, False),
        if_holder_power=node.read("if_holder_power", str, ""),
        if_holder_carries_type=node.read("if_holder_carries_type", str, ""),
        if_holder_energy_at_least=node.read("if_holder_energy_at_least", int, -1),
        if_other_affiliation=node.read("if_other_affiliation", str, ""),
        if_source_is_holder=node.read("if_source_is_holder", bool, False),
        if_shares_affiliation=node.read("if_shares_affiliation", bool, False),
        if_penetrating=node.read("if_penetrating", bool, False),
        if_targeted=node.read("if_targeted", bool, False),
        if_action_power=node.read("if_action_power", str, ""),
        if_first_action_hit=node.read("if_first_action_hit", bool, False),
        if_first_damage_action=node.read("if_first_damage_action", bool, False),
    )
    _check(node, "op", mod.op, {"add", "mul", "div", "fixed"})
    _check(
        node,
        "applies_to",
        mod.applies_to,
        {
            "this",
            "any",
            "dealt",
            "friendly",
            "marked",
            "marked_identity",
            "target",
            "chosen_affiliation",
        },
    )
    if mod.if_holder_carries_type:
        kinds = {"character", "support", "ability"}
        _check(node, "if_holder_carries_type", mod.if_holder_carries_type, kinds)
    return mod


def _check(node: PackNode, field: str, value: str, allowed: set[str]) -> None:
    if value not in allowed:
        raise node.fail_at(field, f"{value!r} is not one of: {', '.join(sorted(allowed))}")


def check_replacements(node: PackNode, text: Text) -> None:
    """5.5 replacement fields: where a knock-out, a draw or a discard goes instead."""
    for field, value, allowed in (
        ("replace_knock_out", text.replace_knock_out, {"", "resources", "hand", "deck_bottom"}),
        (
            "replace_for",
            text.replace_for,
            {"this", "own_characters", "opponent_characters", "all_characters"},
        ),
        ("replace_damage", text.replace_damage, {"", "prevent", "mill"}),
        ("replace_load", text.replace_load, {"", "hand", "deck_bottom", "resources"}),
        ("replace_draw", text.replace_draw, {"", "resources", "nothing"}),
        ("replace_discard", text.replace_discard, {"", "deck_bottom"}),
        ("replace_player", text.replace_player, {"self", "opponent", "all"}),
    ):
        _check(node, field, value, allowed)


def characteristic(node: PackNode) -> Characteristic:
    """One ``characteristics:`` entry of a text (8.B.1 / 8.B.2)."""
    node.check_keys(
        {
            "change",
            "kind",
            "value",
            "to",
            "if_name",
            "if_affiliation",
            "if_alignment",
            "if_character_name",
            "if_action_power",
            "unless_controls_alter_ego",
            "if_controls_name",
        },
        {"change", "kind", "value"},
    )
    found = Characteristic(
        change=node.read("change", str),
        kind=node.read("kind", str),
        value=node.read("value", str),
        to=node.read("to", str, "this"),
        if_name=node.read("if_name", str, ""),
        if_affiliation=node.read("if_affiliation", str, ""),
        if_alignment=node.read("if_alignment", str, ""),
        if_character_name=node.read("if_character_name", str, ""),
        if_action_power=node.read("if_action_power", str, ""),
        unless_controls_alter_ego=node.read("unless_controls_alter_ego", str, ""),
        if_controls_name=node.read("if_controls_name", str, ""),
    )
    if found.if_controls_name and found.kind == "name":
        raise node.fail_at("if_controls_name", "a name change cannot depend on one")
    if found.unless_controls_alter_ego and found.kind == "alter_ego":
        raise node.fail_at("unless_controls_alter_ego", "an alter ego change cannot depend on one")
    if found.if_action_power and found.kind != "action_kind":
        raise node.fail_at("if_action_power", "only an action type change may depend on it")
    if found.if_character_name and found.kind == "name":
        raise node.fail_at("if_character_name", "a name change cannot depend on one")
    if found.if_alignment and found.kind == "alignment":
        raise node.fail_at("if_alignment", "an alignment change cannot depend on one")
    if found.if_affiliation and found.kind == "affiliation" and found.change != "gain":
        # gaining one for having another is read from the unchanged ones (Torre Stark V1)
        raise node.fail_at("if_affiliation", "an affiliation loss cannot depend on one")
    for field, value, allowed in (
        ("change", found.change, {"gain", "lose"}),
        ("kind", found.kind, CHARACTERISTIC_KINDS),
        ("to", found.to, CHARACTERISTIC_TO),
    ):
        if value not in allowed:
            raise node.fail_at(field, f"{value!r} is not one of: {', '.join(sorted(allowed))}")
    if found.kind == "action_kind" and found.value not in ("anticipate", "unforeseen"):
        raise node.fail_at("value", "an action type is anticipate or unforeseen (8.B.1)")
    if found.value == "*" and found.change != "lose":
        raise node.fail_at("value", "'*' (all of them) only for losing")
    return found


def check_trait(node: PackNode, step: Step) -> None:
    """``gain_trait`` / ``lose_trait`` steps need ``trait: kind:value`` (8.B.2)."""
    if step.op not in (Op.GAIN_TRAIT, Op.LOSE_TRAIT):
        return
    kind, _sep, value = step.trait.partition(":")
    if kind not in CHARACTERISTIC_KINDS or not value:
        raise node.fail_at(
            "trait",
            "trait is <kind>:<value>, kind power, affiliation, alignment, name, alter_ego "
            "or action_kind",
        )
    if value == "*" and step.op == Op.GAIN_TRAIT:
        raise node.fail_at("trait", "'*' (all of them) only for losing")
