"""Content loader: a card's texts (ability texts, triggers, static and replacement effects, 5).

Split from ``content.py``; every failure raises a ContentError naming file, line and field.
"""

from __future__ import annotations

from engines.battlescenes.content.schema import Text, Trigger
from engines.battlescenes.content.statics import (
    action_rule,
    characteristic,
    check_replacements,
    modifier,
)
from engines.battlescenes.content.steps import check_choice, parse_step
from engines.battlescenes.content.yamlnode import Node


def parse_text(node: Node) -> Text:
    """Validate one card text: trigger, steps, static or replacement effect (5)."""
    node.check_keys(
        {
            "text",
            "trigger",
            "steps",
            "shield_bonus",
            "shield_per_loaded",
            "shield_set",
            "if_loaded_at_most",
            "if_loaded_at_least",
            "if_power",
            "shield_to",
            "shield_if_affiliation",
            "if_combat",
            "modifiers",
            "redirect",
            "redirect_marked",
            "activated",
            "activated_in",
            "ready_for",
            "once_per_turn",
            "if_all_affiliation",
            "if_controls_character",
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
            "whose_turn",
            "action_power",
            "generated",
            "trigger_for",
            "trigger_if_affiliation",
            "trigger_by",
            "victim_without_affiliation",
            "from_zone",
            "untargetable_first",
            "action_rules",
            "characteristics",
            "manual",
        },
        {"text"},
    )
    trigger = node.enum("trigger", Trigger) if node.raw("trigger") is not None else None
    text = Text(
        text=node.scalar("text", str),
        trigger=trigger,
        steps=tuple(parse_step(n) for n in node.children("steps")),
        shield_bonus=node.scalar("shield_bonus", int, 0),
        shield_per_loaded=node.scalar("shield_per_loaded", bool, False),
        shield_set=node.scalar("shield_set", int, -1),
        if_loaded_at_most=node.scalar("if_loaded_at_most", int, -1),
        if_loaded_at_least=node.scalar("if_loaded_at_least", int, -1),
        if_power=node.scalar("if_power", str, ""),
        shield_to=node.scalar("shield_to", str, ""),
        shield_if_affiliation=node.scalar("shield_if_affiliation", str, ""),
        if_combat=node.scalar("if_combat", bool, False),
        modifiers=tuple(modifier(n) for n in node.children("modifiers")),
        redirect=node.scalar("redirect", bool, False),
        redirect_marked=node.scalar("redirect_marked", bool, False),
        activated=node.scalar("activated", bool, False),
        activated_in=node.scalar("activated_in", str, "preparation"),
        ready_for=node.scalar("ready_for", str, ""),
        once_per_turn=node.scalar("once_per_turn", bool, False),
        if_all_affiliation=node.scalar("if_all_affiliation", str, ""),
        if_controls_character=node.scalar("if_controls_character", bool, False),
        if_since_start_of_turn=node.scalar("if_since_start_of_turn", bool, False),
        replace_search_with_draw=node.scalar("replace_search_with_draw", bool, False),
        forbid_search=node.scalar("forbid_search", bool, False),
        replace_leave_with_prizes=node.scalar("replace_leave_with_prizes", bool, False),
        replace_knock_out=node.scalar("replace_knock_out", str, ""),
        replace_for=node.scalar("replace_for", str, "this"),
        replace_damage=node.scalar("replace_damage", str, ""),
        replace_load=node.scalar("replace_load", str, ""),
        replace_draw=node.scalar("replace_draw", str, ""),
        replace_discard=node.scalar("replace_discard", str, ""),
        replace_player=node.scalar("replace_player", str, "self"),
        whose_turn=node.scalar("whose_turn", str, "own"),
        action_power=node.scalar("action_power", str, ""),
        generated=node.scalar("generated", str, ""),
        trigger_for=node.scalar("trigger_for", str, "this"),
        trigger_if_affiliation=node.scalar("trigger_if_affiliation", str, ""),
        trigger_by=node.scalar("trigger_by", str, "any"),
        victim_without_affiliation=node.scalar("victim_without_affiliation", str, ""),
        from_zone=node.scalar("from_zone", str, ""),
        untargetable_first=node.scalar("untargetable_first", bool, False),
        action_rules=tuple(action_rule(n) for n in node.children("action_rules")),
        characteristics=tuple(characteristic(n) for n in node.children("characteristics")),
        manual=node.scalar("manual", bool, False),
    )
    check_choice(node, "whose_turn", text.whose_turn, {"own", "opponent", "any", "marked"})
    check_choice(node, "trigger_for", text.trigger_for, {"this", "own_characters"})
    check_choice(node, "trigger_by", text.trigger_by, {"any", "opponent"})
    check_choice(node, "from_zone", text.from_zone, {"", "hand", "resources", "prizes"})
    if text.from_zone and (text.trigger is None or not text.steps):
        raise node.fail("from_zone", "a text working from another zone is a trigger (5.2.1)")
    check_choice(node, "activated_in", text.activated_in, {"preparation", "attack"})
    check_choice(node, "shield_to", text.shield_to, {"", "own_characters"})
    check_replacements(node, text)
    kind = text.ready_for.partition(":")[0]
    if text.ready_for and kind not in ("all", "power", "kind", "action"):
        raise node.fail("ready_for", "ready_for is all, power:X, kind:K or action:Name (7.2)")
    scripted = (
        text.steps
        or text.shield_set >= 0
        or text.shield_bonus
        or text.shield_per_loaded
        or text.modifiers
        or text.redirect
        or text.redirect_marked
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
        or text.action_rules
        or text.characteristics
    )
    if not scripted and not text.manual:
        raise node.fail("manual", "a text with no steps, bonus or modifiers must say manual: true")
    if text.steps and text.trigger is None and not text.activated:
        raise node.fail("trigger", "a text with steps needs a trigger or activated: true")
    if text.activated and (text.trigger is not None or not text.steps):
        raise node.fail("activated", "an activated text has steps and no trigger (5.1)")
    return text
