"""Content loader: a card's texts (ability texts, triggers, static and replacement effects, 5).

Split from ``content.py``; every failure raises a ContentError naming file, line and field.
"""

from __future__ import annotations

import yaml

from engines.battlescenes.content.node import PackNode
from engines.battlescenes.content.schema import Text, Trigger
from engines.battlescenes.content.statics import (
    action_rule,
    characteristic,
    check_replacements,
    modifier,
)
from engines.battlescenes.content.steps import check_choice, parse_step
from engines.core.i18n import LOCALES


def read_words(node: PackNode) -> tuple[tuple[str, str], ...]:
    """``words``: our own short description of a manual text or action, per locale
    (``{en-US: …, pt-BR: …, it: …}``), every locale given."""
    raw = node.raw("words")
    if raw is None:
        return ()
    value = yaml.safe_load(yaml.serialize(raw))
    if not isinstance(value, dict) or set(value) != set(LOCALES):
        raise node.fail_at("words", f"expected a text for each of {', '.join(LOCALES)}", raw)
    if not all(isinstance(v, str) and v.strip() for v in value.values()):
        raise node.fail_at("words", "every locale's words must be a non-empty text", raw)
    return tuple((loc, str(value[loc])) for loc in LOCALES)


def check_told(node: PackNode, manual: bool, text: str, words: tuple[object, ...]) -> None:
    """A manual text or action says what it does: its pack's own ``text`` or our
    ``words`` per locale (the rest is described from its fields)."""
    if manual and not text and not words:
        raise node.fail_at("words", "a manual text or action needs its words (or a text)")


def parse_text(node: PackNode) -> Text:
    """Validate one card text: trigger, steps, static or replacement effect (5)."""
    node.check_keys(
        {
            "text",
            "trigger",
            "steps",
            "shield_bonus",
            "shield_per_loaded",
            "shield_per_loaded_type",
            "shield_set",
            "if_loaded_at_most",
            "if_loaded_at_least",
            "if_carrying_alter_ego",
            "if_stage_at_least",
            "if_stage_at_most",
            "if_user_entered_this_turn",
            "by_turn_player",
            "if_fewest_characters",
            "if_this_targeted",
            "if_targets_this",
            "dodge_preparation",
            "same_identity_as_rules",
            "copy_entry",
            "if_power",
            "shield_to",
            "shield_if_affiliation",
            "shield_if_alignment",
            "if_combat",
            "modifiers",
            "redirect",
            "redirect_marked",
            "redirect_affiliation",
            "redirect_name",
            "redirect_if_action",
            "redirect_mandatory",
            "redirect_sharing",
            "lends_to_marked",
            "powers_of_carried",
            "next_only",
            "if_action_cost",
            "if_no_action",
            "if_action_kind",
            "if_action_name",
            "if_first_of_affiliation",
            "if_preparation",
            "shield_per_alignment",
            "shields_zero",
            "untargetable_carrying",
            "untargetable_by_power",
            "untargetable",
            "counts_as_name",
            "deck_alter_ego",
            "untargetable_marked",
            "shield_cut_to_damage",
            "activated_by_any",
            "or_if_controls_affiliation",
            "enters_with_fewer",
            "forbid_shared_identity",
            "targets_same_power",
            "any_number",
            "two_actions_power",
            "clarividencia_bonus",
            "any_number_named",
            "activated",
            "activated_in",
            "ready_for",
            "once_per_turn",
            "once_per_character",
            "if_all_affiliation",
            "if_controls_character",
            "extra_draw",
            "extra_draw_optional",
            "if_controls_carrying_exactly",
            "if_since_start_of_turn",
            "replace_search_with_draw",
            "forbid_search",
            "replace_leave_with_prizes",
            "replace_knock_out",
            "replace_for",
            "replace_damage",
            "replace_load",
            "replace_draw",
            "replace_discard",
            "replace_player",
            "replace_if_name",
            "if_controls_name",
            "if_carrying_power",
            "also_in_resources",
            "if_carrying_support",
            "if_from_carried_character",
            "if_destroyed",
            "replace_then_to_resources",
            "destroyed_to_prizes",
            "whose_turn",
            "action_power",
            "generated",
            "if_replaced",
            "if_knocked_out_by_action",
            "trigger_for",
            "trigger_if_affiliation",
            "trigger_if_lacks_affiliation",
            "trigger_by",
            "victim_without_affiliation",
            "trigger_if_no_alignment",
            "from_zone",
            "untargetable_first",
            "unload_unless_name",
            "if_holder_name",
            "if_own_attack_step",
            "if_holder_alignment",
            "if_holder_power",
            "if_holder_entered_this_turn",
            "if_other_entering",
            "if_holder_lacks_name",
            "acts_as_name",
            "pays_unload_cost",
            "on_support",
            "arrived_from",
            "any_controller",
            "by_entering_player",
            "action_rules",
            "characteristics",
            "manual",
            "words",
        },
        set(),
    )
    trigger = node.enum("trigger", Trigger) if node.raw("trigger") is not None else None
    text = Text(
        text=node.read("text", str, ""),
        trigger=trigger,
        steps=tuple(parse_step(n) for n in node.children("steps")),
        shield_bonus=node.read("shield_bonus", int, 0),
        shield_per_loaded=node.read("shield_per_loaded", bool, False),
        shield_per_loaded_type=node.read("shield_per_loaded_type", bool, False),
        shield_set=node.read("shield_set", int, -1),
        if_loaded_at_most=node.read("if_loaded_at_most", int, -1),
        if_loaded_at_least=node.read("if_loaded_at_least", int, -1),
        if_carrying_alter_ego=node.read("if_carrying_alter_ego", str, ""),
        if_stage_at_least=node.read("if_stage_at_least", int, -1),
        if_stage_at_most=node.read("if_stage_at_most", int, -1),
        if_user_entered_this_turn=node.read("if_user_entered_this_turn", bool, False),
        by_turn_player=node.read("by_turn_player", bool, False),
        if_fewest_characters=node.read("if_fewest_characters", bool, False),
        if_this_targeted=node.read("if_this_targeted", bool, False),
        if_targets_this=node.read("if_targets_this", bool, False),
        dodge_preparation=node.read("dodge_preparation", int, 0),
        same_identity_as_rules=node.read("same_identity_as_rules", bool, False),
        copy_entry=node.read("copy_entry", str, ""),
        if_power=node.read("if_power", str, ""),
        shield_to=node.read("shield_to", str, ""),
        shield_if_affiliation=node.read("shield_if_affiliation", str, ""),
        shield_if_alignment=node.read("shield_if_alignment", str, ""),
        if_combat=node.read("if_combat", bool, False),
        modifiers=tuple(modifier(n) for n in node.children("modifiers")),
        redirect=node.read("redirect", bool, False),
        redirect_marked=node.read("redirect_marked", bool, False),
        redirect_affiliation=node.read("redirect_affiliation", str, ""),
        redirect_name=node.read("redirect_name", str, ""),
        redirect_if_action=node.read("redirect_if_action", bool, False),
        redirect_mandatory=node.read("redirect_mandatory", bool, False),
        redirect_sharing=node.read("redirect_sharing", bool, False),
        lends_to_marked=node.read("lends_to_marked", bool, False),
        powers_of_carried=node.read("powers_of_carried", bool, False),
        next_only=node.read("next_only", bool, False),
        if_action_cost=node.read("if_action_cost", int, -1),
        if_no_action=node.read("if_no_action", bool, False),
        if_action_kind=node.read("if_action_kind", str, ""),
        if_action_name=node.read("if_action_name", str, ""),
        if_first_of_affiliation=node.read("if_first_of_affiliation", str, ""),
        if_preparation=node.read("if_preparation", bool, False),
        shield_per_alignment=node.read("shield_per_alignment", str, ""),
        shields_zero=node.read("shields_zero", bool, False),
        untargetable_carrying=node.read("untargetable_carrying", str, ""),
        untargetable_by_power=node.read("untargetable_by_power", str, ""),
        untargetable=node.read("untargetable", bool, False),
        counts_as_name=node.read("counts_as_name", str, ""),
        deck_alter_ego=node.read("deck_alter_ego", str, ""),
        untargetable_marked=node.read("untargetable_marked", bool, False),
        shield_cut_to_damage=node.read("shield_cut_to_damage", str, ""),
        activated_by_any=node.read("activated_by_any", bool, False),
        or_if_controls_affiliation=node.read("or_if_controls_affiliation", str, ""),
        enters_with_fewer=node.read("enters_with_fewer", bool, False),
        forbid_shared_identity=node.read("forbid_shared_identity", bool, False),
        targets_same_power=node.read("targets_same_power", str, ""),
        any_number=node.read("any_number", bool, False),
        two_actions_power=node.read("two_actions_power", str, ""),
        clarividencia_bonus=node.read("clarividencia_bonus", int, 0),
        any_number_named=node.read("any_number_named", str, ""),
        activated=node.read("activated", bool, False),
        activated_in=node.read("activated_in", str, "preparation"),
        ready_for=node.read("ready_for", str, ""),
        once_per_turn=node.read("once_per_turn", bool, False),
        once_per_character=node.read("once_per_character", bool, False),
        if_all_affiliation=node.read("if_all_affiliation", str, ""),
        if_controls_character=node.read("if_controls_character", bool, False),
        extra_draw=node.read("extra_draw", int, 0),
        extra_draw_optional=node.read("extra_draw_optional", bool, False),
        if_controls_carrying_exactly=node.read("if_controls_carrying_exactly", int, -1),
        if_since_start_of_turn=node.read("if_since_start_of_turn", bool, False),
        replace_search_with_draw=node.read("replace_search_with_draw", bool, False),
        forbid_search=node.read("forbid_search", bool, False),
        replace_leave_with_prizes=node.read("replace_leave_with_prizes", bool, False),
        replace_knock_out=node.read("replace_knock_out", str, ""),
        replace_for=node.read("replace_for", str, "this"),
        replace_damage=node.read("replace_damage", str, ""),
        replace_load=node.read("replace_load", str, ""),
        replace_draw=node.read("replace_draw", str, ""),
        replace_discard=node.read("replace_discard", str, ""),
        replace_player=node.read("replace_player", str, "self"),
        replace_if_name=node.read("replace_if_name", str, ""),
        if_controls_name=node.read("if_controls_name", str, ""),
        if_carrying_power=node.read("if_carrying_power", str, ""),
        also_in_resources=node.read("also_in_resources", bool, False),
        if_carrying_support=node.read("if_carrying_support", bool, False),
        if_from_carried_character=node.read("if_from_carried_character", bool, False),
        if_destroyed=node.read("if_destroyed", bool, False),
        replace_then_to_resources=node.read("replace_then_to_resources", bool, False),
        destroyed_to_prizes=node.read("destroyed_to_prizes", bool, False),
        whose_turn=node.read("whose_turn", str, "own"),
        action_power=node.read("action_power", str, ""),
        generated=node.read("generated", str, ""),
        if_replaced=node.read("if_replaced", bool, False),
        if_knocked_out_by_action=node.read("if_knocked_out_by_action", bool, False),
        trigger_for=node.read("trigger_for", str, "this"),
        trigger_if_affiliation=node.read("trigger_if_affiliation", str, ""),
        trigger_if_lacks_affiliation=node.read("trigger_if_lacks_affiliation", str, ""),
        trigger_by=node.read("trigger_by", str, "any"),
        victim_without_affiliation=node.read("victim_without_affiliation", str, ""),
        trigger_if_no_alignment=node.read("trigger_if_no_alignment", bool, False),
        from_zone=node.read("from_zone", str, ""),
        untargetable_first=node.read("untargetable_first", bool, False),
        unload_unless_name=node.read("unload_unless_name", str, ""),
        if_holder_name=node.read("if_holder_name", str, ""),
        if_own_attack_step=node.read("if_own_attack_step", bool, False),
        if_holder_alignment=node.read("if_holder_alignment", str, ""),
        if_holder_power=node.read("if_holder_power", str, ""),
        if_holder_entered_this_turn=node.read("if_holder_entered_this_turn", bool, False),
        if_other_entering=node.read("if_other_entering", bool, False),
        if_holder_lacks_name=node.read("if_holder_lacks_name", str, ""),
        acts_as_name=node.read("acts_as_name", str, ""),
        pays_unload_cost=node.read("pays_unload_cost", str, ""),
        on_support=node.read("on_support", bool, False),
        arrived_from=node.read("arrived_from", str, ""),
        any_controller=node.read("any_controller", bool, False),
        by_entering_player=node.read("by_entering_player", bool, False),
        action_rules=tuple(action_rule(n) for n in node.children("action_rules")),
        characteristics=tuple(characteristic(n) for n in node.children("characteristics")),
        manual=node.read("manual", bool, False),
        words=read_words(node),
    )
    check_choice(node, "whose_turn", text.whose_turn, {"own", "opponent", "any", "marked"})
    check_choice(
        node,
        "trigger_for",
        text.trigger_for,
        {
            "this",
            "own_characters",
            "opponent_characters",
            "marked",
            "any_character",
            "targeting_target",
        },
    )
    if text.trigger_for == "marked" and text.trigger not in (Trigger.TARGETED, Trigger.DAMAGED):
        raise node.fail_at("trigger_for", "marked is for a targeted or damaged trigger")
    check_choice(node, "trigger_by", text.trigger_by, {"any", "opponent"})
    check_choice(node, "from_zone", text.from_zone, {"", "hand", "resources", "prizes"})
    origins = set(text.arrived_from.split("|")) - {""}
    if not origins <= {"hand", "deck", "unloaded"}:
        raise node.fail_at("arrived_from", "arrived_from is hand, deck and/or unloaded (a|b)")
    if text.trigger is Trigger.ARRIVES_IN_RESOURCES and text.from_zone != "resources":
        raise node.fail_at("from_zone", "arrives_in_resources works from the resources (5.2.1)")
    if text.from_zone and (not text.steps or (text.trigger is None and not text.activated)):
        raise node.fail_at(
            "from_zone", "a text working from another zone is a trigger (5.2.1) or activated (5.1)"
        )
    if text.activated and text.from_zone not in ("", "resources", "hand"):
        raise node.fail_at(
            "from_zone", "an activated text works in the scene, the resources or the hand"
        )
    check_choice(node, "activated_in", text.activated_in, {"preparation", "attack", "any"})
    check_choice(
        node, "shield_to", text.shield_to, {"", "own_characters", "own_bases", "all_characters"}
    )
    check_replacements(node, text)
    if text.if_carrying_alter_ego and (not text.characteristics or text.steps):
        raise node.fail_at("if_carrying_alter_ego", "it is for a text of characteristics")
    if text.if_user_entered_this_turn and text.trigger is not Trigger.ACTION_USED:
        raise node.fail_at("if_user_entered_this_turn", "it is for an action_used trigger")
    turn_points = {"turn_start", "countdown_start", "countdown_end", "draw_start", "draw_end"}
    turn_points |= {"adjustment_start", "adjustment_end", "combat_start", "attack_start"}
    turn_points |= {"anticipation_start", "anticipation_end", "attack_end", "combat_end"}
    turn_points |= {"turn_end"}
    at_point = text.trigger is not None and text.trigger.value in turn_points
    if (text.by_turn_player or text.if_fewest_characters) and not at_point:
        raise node.fail_at("by_turn_player", "it is for a start/end point of the turn (6.2)")
    if text.if_targets_this and text.trigger is not Trigger.ACTION_USED:
        raise node.fail_at("if_targets_this", "it is for an action_used trigger")
    if text.if_this_targeted and not (text.generated and text.trigger is Trigger.ACTION_RESOLVED):
        raise node.fail_at("if_this_targeted", "it is for a generated action_resolved text")
    staged = text.if_stage_at_least >= 0 or text.if_stage_at_most >= 0
    if staged and (
        text.steps
        or text.modifiers
        or text.action_rules
        or not (text.characteristics or text.shield_bonus or text.shield_set >= 0)
    ):
        raise node.fail_at("if_stage_at_least", "it is for characteristics and shield texts")
    if text.if_knocked_out_by_action and text.trigger is not Trigger.LEAVES_SCENE:
        raise node.fail_at("if_knocked_out_by_action", "it is for a leaves_scene text")
    if text.if_replaced and text.trigger is not Trigger.LEAVES_SCENE:
        raise node.fail_at("if_replaced", "if_replaced is for a leaves_scene text (4.4.1 C)")
    if text.copy_entry not in ("", "scene", "resources"):
        raise node.fail_at("copy_entry", "copy_entry is scene or resources")
    kind = text.ready_for.partition(":")[0]
    if text.ready_for and kind not in ("all", "power", "kind", "action"):
        raise node.fail_at("ready_for", "ready_for is all, power:X, kind:K or action:Name (7.2)")
    if text.extra_draw_optional and text.extra_draw < 1:
        raise node.fail_at("extra_draw_optional", "it is for a text with extra_draw")
    scripted = (
        text.steps
        or text.dodge_preparation
        or text.same_identity_as_rules
        or text.copy_entry
        or text.extra_draw
        or text.shield_set >= 0
        or text.shield_bonus
        or text.shield_per_loaded
        or text.shield_per_loaded_type
        or text.shield_per_alignment
        or text.shields_zero
        or text.untargetable_carrying
        or text.untargetable_by_power
        or text.untargetable
        or text.counts_as_name
        or text.deck_alter_ego
        or text.powers_of_carried
        or text.untargetable_marked
        or text.shield_cut_to_damage
        or text.enters_with_fewer
        or text.forbid_shared_identity
        or text.targets_same_power
        or text.any_number
        or text.two_actions_power
        or text.clarividencia_bonus
        or text.any_number_named
        or text.modifiers
        or text.redirect
        or text.redirect_marked
        or text.redirect_sharing
        or text.lends_to_marked
        or text.powers_of_carried
        or text.ready_for
        or text.replace_search_with_draw
        or text.forbid_search
        or text.replace_leave_with_prizes
        or text.replace_knock_out
        or text.replace_damage
        or text.replace_load
        or text.replace_draw
        or text.replace_discard
        or text.untargetable_first
        or text.destroyed_to_prizes
        or text.acts_as_name
        or text.pays_unload_cost
        or text.unload_unless_name
        or text.action_rules
        or text.characteristics
        or text.any_number
    )
    check_told(node, text.manual, text.text, text.words)
    if not scripted and not text.manual:
        raise node.fail_at(
            "manual", "a text with no steps, bonus or modifiers must say manual: true"
        )
    if text.steps and text.trigger is None and not text.activated:
        raise node.fail_at("trigger", "a text with steps needs a trigger or activated: true")
    if text.activated and (text.trigger is not None or not text.steps):
        raise node.fail_at("activated", "an activated text has steps and no trigger (5.1)")
    return text
