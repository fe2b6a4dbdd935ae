"""Content loader: the steps (procedures) of effects and the modes of actions (9.1, 4.6.2 B).

Split from ``content.py``; every failure raises a ContentError naming file, line and field.
"""

from __future__ import annotations

import re

from engines.battlescenes.content.node import PackNode
from engines.battlescenes.content.schema import KEYWORDS, PACK_OPS, STEP_TO, Mode, Op, Step
from engines.battlescenes.content.statics import check_trait

STEP_FIELDS = {
    "op",
    "amount",
    "to",
    "penetrating",
    "optional",
    "if_done",
    "filter_type",
    "filter_power",
    "filter_alignment",
    "filter_affiliation",
    "from_power_of",
    "plus",
    "text",
    "trait",
    "if_damaged",
    "other",
    "source",
    "up_to",
    "filter_lacks_power",
    "filter_lacks_affiliation",
    "each_base",
    "any_pair",
    "choose_amount",
    "penetrating_if_affiliation",
    "if_all_affiliation",
    "if_other_affiliation",
    "exactly",
    "filter_since_start_of_turn",
    "every",
    "filter_alter_ego",
    "if_target_type",
    "if_target_affiliation",
    "if_other_shares_affiliation",
    "if_target_power",
    "filter_name_contains",
    "filter_name",
    "also_resources",
    "filter_card_power",
    "ready_swapped",
    "if_x_at_least",
    "free",
    "last",
    "filter_not_name",
    "swap_this_card",
    "swap_with_name",
    "if_replaced_name",
    "other_than_chosen",
    "ready",
    "filter_not_type",
    "if_controls_power",
    "if_x",
    "in_zones",
    "at_bottom",
    "identity",
    "fresh_target",
    "load_carried",
    "filter_loaded_at_least",
    "filter_loaded_exactly_since_turn_start",
    "either_card",
    "filter_keyword",
    "if_opponent_no_character",
    "alter_ego_of_chosen",
    "gains",
    "if_not_done",
    "new_name",
    "only_damage",
    "carrier_type",
    "action_kind",
    "penetrating_in_own_attack",
    "other_than_target",
    "to_hand_if",
    "same_identity",
    "cost_is_stage",
    "by_opponent",
    "carried_to_hand",
}


def parse_mode(node: PackNode) -> Mode:
    """Validate one mode of a modal action (4.6.2 B)."""
    node.check_keys({"name", "targets", "steps", "target_type"}, {"name", "steps"})
    mode = Mode(
        name=node.read("name", str),
        steps=tuple(parse_step(n) for n in node.children("steps")),
        targets=node.read("targets", int, 0),
        target_type=node.read("target_type", str, ""),
    )
    check_choice(node, "target_type", mode.target_type, {"", "character", "support", "any"})
    if any(s.to == "target" for s in mode.steps) and mode.targets < 1:
        raise node.fail_at("targets", "steps refer to the target but the mode has no targets")
    return mode


def parse_step(node: PackNode) -> Step:
    """Validate one step (procedure) of an effect (9.1)."""
    node.check_keys(STEP_FIELDS, {"op"})
    op = node.read("op", str)
    step = Step(
        amount=node.read("amount", int, 0),
        to=node.read("to", str, "target"),
        penetrating=node.read("penetrating", bool, False),
        optional=node.read("optional", bool, False),
        if_done=node.read("if_done", bool, False),
        filter_type=node.read("filter_type", str, ""),
        filter_power=node.read("filter_power", str, ""),
        filter_alignment=node.read("filter_alignment", str, ""),
        filter_affiliation=node.read("filter_affiliation", str, ""),
        from_power_of=node.read("from_power_of", str, ""),
        plus=node.read("plus", str, ""),
        text=node.read("text", str, ""),
        trait=node.read("trait", str, ""),
        if_damaged=node.read("if_damaged", bool, False),
        other=node.read("other", bool, False),
        source=node.read("source", str, ""),
        up_to=node.read("up_to", int, 0),
        filter_lacks_power=node.read("filter_lacks_power", str, ""),
        filter_lacks_affiliation=node.read("filter_lacks_affiliation", str, ""),
        each_base=node.read("each_base", bool, False),
        any_pair=node.read("any_pair", bool, False),
        choose_amount=node.read("choose_amount", bool, False),
        penetrating_if_affiliation=node.read("penetrating_if_affiliation", str, ""),
        if_all_affiliation=node.read("if_all_affiliation", str, ""),
        if_other_affiliation=node.read("if_other_affiliation", str, ""),
        exactly=node.read("exactly", bool, False),
        filter_since_start_of_turn=node.read("filter_since_start_of_turn", bool, False),
        every=node.read("every", bool, False),
        filter_alter_ego=node.read("filter_alter_ego", str, ""),
        if_target_type=node.read("if_target_type", str, ""),
        if_target_affiliation=node.read("if_target_affiliation", str, ""),
        if_other_shares_affiliation=node.read("if_other_shares_affiliation", bool, False),
        if_target_power=node.read("if_target_power", str, ""),
        filter_name_contains=node.read("filter_name_contains", str, ""),
        filter_name=node.read("filter_name", str, ""),
        also_resources=node.read("also_resources", bool, False),
        filter_card_power=node.read("filter_card_power", str, ""),
        ready_swapped=node.read("ready_swapped", bool, False),
        if_x_at_least=node.read("if_x_at_least", int, 0),
        free=node.read("free", bool, False),
        last=node.read("last", bool, False),
        filter_not_name=node.read("filter_not_name", str, ""),
        swap_this_card=node.read("swap_this_card", bool, False),
        swap_with_name=node.read("swap_with_name", str, ""),
        if_replaced_name=node.read("if_replaced_name", str, ""),
        other_than_chosen=node.read("other_than_chosen", bool, False),
        ready=node.read("ready", bool, False),
        filter_not_type=node.read("filter_not_type", str, ""),
        if_controls_power=node.read("if_controls_power", str, ""),
        if_x=node.read("if_x", int, -1),
        in_zones=node.read("in_zones", str, ""),
        at_bottom=node.read("at_bottom", bool, False),
        identity=node.read("identity", bool, False),
        fresh_target=node.read("fresh_target", bool, False),
        load_carried=node.read("load_carried", bool, False),
        filter_loaded_at_least=node.read("filter_loaded_at_least", int, 0),
        filter_loaded_exactly_since_turn_start=node.read(
            "filter_loaded_exactly_since_turn_start", int, -1
        ),
        either_card=node.read("either_card", bool, False),
        filter_keyword=node.read("filter_keyword", str, ""),
        if_opponent_no_character=node.read("if_opponent_no_character", bool, False),
        alter_ego_of_chosen=node.read("alter_ego_of_chosen", bool, False),
        gains=node.read("gains", bool, False),
        if_not_done=node.read("if_not_done", bool, False),
        new_name=node.read("new_name", bool, False),
        only_damage=node.read("only_damage", bool, False),
        carrier_type=node.read("carrier_type", str, ""),
        action_kind=node.read("action_kind", str, ""),
        penetrating_in_own_attack=node.read("penetrating_in_own_attack", bool, False),
        other_than_target=node.read("other_than_target", bool, False),
        to_hand_if=node.read("to_hand_if", str, ""),
        same_identity=node.read("same_identity", bool, False),
        cost_is_stage=node.read("cost_is_stage", bool, False),
        by_opponent=node.read("by_opponent", bool, False),
        carried_to_hand=node.read("carried_to_hand", bool, False),
        op=_pack_op(node, op),  # checked after every other field is read, as before
    )
    check_trait(node, step)
    check_choice(node, "to", step.to, set(STEP_TO))
    if step.to == "distributed" and (step.op != Op.DAMAGE or step.amount < 1 or step.optional):
        raise node.fail_at(
            "to", "distributed is for a damage step (not optional) of at least 1 point (4.8.4.2)"
        )
    if step.plus and not (
        step.plus
        in (
            "x",
            "-x",
            "loaded",
            "damage_taken",
            "countdown",
            "-target_stage",
            "-used_before",
            "target_loaded",
            "moved",
            "searched",
        )
        or step.plus.startswith(
            (
                "opponent_prizes:",
                "own_characters:",
                "own_power:",
                "others_power:",
                "controls_power:",
                "other_used_power:",
                "controls_name:",
                "shares_chosen:",
            )
        )
        or re.fullmatch(r"(first_action|own_turn|target_chosen_power):\d+|x\*\d+", step.plus)
        or re.fullmatch(r"carried_abilities:\w+(/\d+)?", step.plus)
        or re.fullmatch(r"user_alignment:(heroi|vilao)|used_before:\d+", step.plus)
        or step.plus == "own_sharing_affiliation"
        or step.plus.startswith("target_affiliation:")
        or re.fullmatch(r"target_hit_by:\w+(\*\d+)?", step.plus)
        or step.plus
        in (
            "prizes_characters",
            "-loaded",
            "user_stage",
            "user_powers",
            "user_carries_support",
            "user_damaged",
            "user_energy",
        )
        or re.fullmatch(r"controls_alignment:(heroi|vilao)", step.plus)
        or re.fullmatch(r"own_named_others:[^*@]+", step.plus)
        or re.fullmatch(r"user_carries_named:[^*@]+(\*\d+)?", step.plus)
        or re.fullmatch(r"carried_named:[^*@]+@\w+", step.plus)
        or re.fullmatch(r"target_hit_by_affiliation:[^*]+(\*\d+)?", step.plus)
    ):
        raise node.fail_at(
            "plus",
            "plus is x, -x, x*<n>, loaded, damage_taken, countdown, -target_stage,"
            " -used_before, target_loaded, moved, searched,"
            " opponent_prizes:<affiliation>, own_characters:<affiliation>,"
            " own_power:<power>, others_power:<power>, controls_power:<power>,"
            " other_used_power:<affiliation>/<power>, controls_name:<name>,"
            " carried_abilities:<power>[/<n>],"
            " own_turn:<n>, first_action:<n>, user_alignment:<alignment>, used_before:<n>,"
            " own_sharing_affiliation, target_affiliation:<A|B>[*<n>], target_hit_by:<power>[*<n>],"
            " target_chosen_power:<n>, shares_chosen:<alignment>, prizes_characters, -loaded,"
            " user_stage, user_powers, user_carries_support, user_damaged, user_energy,"
            " controls_alignment:<alignment>,"
            " own_named_others:<name>, user_carries_named:<name>[*<n>] or"
            " carried_named:<name>@<power>, target_hit_by_affiliation:<affiliation>[*<n>]",
        )
    check_choice(node, "source", step.source, {"", "target", "chosen", "marked", "this"})
    check_choice(node, "if_target_type", step.if_target_type, {"", "character", "support"})
    check_choice(node, "filter_keyword", step.filter_keyword, {"", *KEYWORDS})
    if step.to == "action_user" and step.op != Op.FORBID_ACTION_THIS_TURN:
        raise node.fail_at("to", "action_user is for a forbid_action_this_turn step")
    if step.to == "chosen_player" and step.op != Op.MILL:
        raise node.fail_at("to", "chosen_player is for a mill step")
    if step.only_damage and step.op != Op.EXTRA_ACTION:
        raise node.fail_at("only_damage", "only_damage is for an extra_action step")
    check_choice(node, "carrier_type", step.carrier_type, {"", "character"})
    if step.carrier_type and step.op != Op.CARRIED_TO_DECK_BOTTOM:
        raise node.fail_at("carrier_type", "carrier_type is for a carried_to_deck_bottom step")
    check_choice(node, "action_kind", step.action_kind, {"", "anticipate"})
    if step.to == "named" and (step.op != Op.LOSE_TEXTS or step.filter_type != "support"):
        raise node.fail_at("to", "named is for a lose_texts step with filter_type: support")
    if step.op == Op.GENERATE and not step.text:
        raise node.fail_at("text", "a generate step names its generated text (5.7 B)")
    if step.op == Op.MANUAL and not step.text:
        raise node.fail_at("text", "a manual step needs the text to resolve")
    return step


def _pack_op(node: PackNode, value: str) -> Op:
    """The procedure a pack's step names (one of :data:`PACK_OPS`)."""
    check_choice(node, "op", value, set(PACK_OPS))
    return Op(value)


def check_choice(node: PackNode, field: str, value: str, allowed: set[str]) -> None:
    """Fail on ``field`` unless ``value`` is one of ``allowed``."""
    if value not in allowed:
        raise node.fail_at(field, f"{value!r} is not one of: {', '.join(sorted(allowed))}")
