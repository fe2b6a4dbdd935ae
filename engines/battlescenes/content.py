"""Loading and validating Battle Scenes content packs (YAML).

A pack is a directory under ``assets/content/battlescenes/<pack>/`` holding
``*.yaml`` files with ``cards:`` and/or ``decks:`` lists. Every problem raises
:class:`ContentError` naming the file, the line and the field, so a community
author can fix their pack without reading Python. The format is documented in
docs/battlescenes.md.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from engines.battlescenes.cards import (
    KEYWORDS,
    STEP_OPS,
    STEP_TO,
    ActionDef,
    ActionKind,
    CardDef,
    CardType,
    DeckList,
    Mode,
    Pack,
    Step,
    Text,
    Trigger,
)
from engines.battlescenes.content_rules import (
    action_rule,
    characteristic,
    check_replacements,
    check_trait,
    modifier,
)
from engines.battlescenes.yamlnode import Node
from engines.core import ContentError

CONTENT_ROOT = Path(__file__).resolve().parents[2] / "assets" / "content" / "battlescenes"


def load_pack(name: str, root: Path = CONTENT_ROOT) -> Pack:
    """Load and validate the pack ``name`` (a directory of YAML files)."""
    directory = root / name
    if not directory.is_dir():
        raise ContentError(
            f"No content pack {name!r}.", key="core.error.content", params={"detail": name}
        )
    cards: dict[str, CardDef] = {}
    decks: dict[str, DeckList] = {}
    for path in sorted(directory.glob("*.yaml")):
        _load_file(path, cards, decks)
    for deck in decks.values():
        for key, _count in deck.cards:
            if key not in cards:
                detail = f"deck {deck.key}: unknown card {key!r}"
                raise ContentError(detail, key="core.error.content", params={"detail": detail})
    return Pack(name, cards, decks)


def load_text(text: str, file: str = "<text>") -> Pack:
    """Validate one YAML document (used by tests and by pack authors' tooling)."""
    cards: dict[str, CardDef] = {}
    decks: dict[str, DeckList] = {}
    _parse(text, file, cards, decks)
    return Pack(file, cards, decks)


def _load_file(path: Path, cards: dict[str, CardDef], decks: dict[str, DeckList]) -> None:
    _parse(path.read_text(encoding="utf-8"), path.name, cards, decks)


def _parse(text: str, file: str, cards: dict[str, CardDef], decks: dict[str, DeckList]) -> None:
    try:
        root = yaml.compose(text)
    except yaml.YAMLError as exc:
        detail = f"{file}: invalid YAML: {exc}"
        raise ContentError(detail, key="core.error.content", params={"detail": detail}) from None
    if root is None:
        return
    top = Node(file, root, "$")
    top.check_keys({"cards", "decks"}, set())
    for node in top.children("cards"):
        card = _card(node)
        if card.key in cards:
            raise node.fail("key", f"duplicate card key {card.key!r}")
        cards[card.key] = card
    for node in top.children("decks"):
        deck = _deck(node)
        decks[deck.key] = deck


_CARD_FIELDS = {
    "key",
    "type",
    "name",
    "version",
    "alter_ego",
    "alignment",
    "affiliations",
    "powers",
    "energy",
    "shield",
    "ev_requirement",
    "accretion",
    "keywords",
    "texts",
    "actions",
    "source",
    "verified",
}


def _card(node: Node) -> CardDef:
    node.check_keys(_CARD_FIELDS, {"key", "type", "name", "source", "verified"})
    ctype = node.enum("type", CardType)
    keywords = node.strings("keywords")
    for kw in keywords:
        if kw not in KEYWORDS:
            raise node.fail("keywords", f"unknown keyword {kw!r}")
    if ctype in (CardType.CHARACTER, CardType.SUPPORT) and node.raw("energy") is None:
        raise node.fail("energy", "characters and supports need an initial energy (4.3)")
    card = CardDef(
        key=node.scalar("key", str),
        type=ctype,
        name=node.scalar("name", str),
        version=node.scalar("version", str, ""),
        alter_ego=node.scalar("alter_ego", str, ""),
        alignment=node.scalar("alignment", str, ""),
        affiliations=node.strings("affiliations"),
        powers=node.strings("powers"),
        energy=node.scalar("energy", int, 0),
        shield=node.scalar("shield", int, 0),
        ev_requirement=node.scalar("ev_requirement", str, ""),
        accretion=node.scalar("accretion", int, 0),
        keywords=keywords,
        texts=tuple(_text(n) for n in node.children("texts")),
        actions=tuple(_action(n) for n in node.children("actions")),
        source=node.scalar("source", str),
        verified=node.scalar("verified", bool),
    )
    if card.energy < 0 or card.shield < 0:
        raise node.fail("energy", "energy and shield cannot be negative")
    if card.actions and card.type not in (CardType.CHARACTER, CardType.ABILITY):
        raise node.fail("actions", "only characters and ability cards have actions (4.6)")
    return card


def _text(node: Node) -> Text:
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
            "replace_draw",
            "replace_discard",
            "replace_player",
            "whose_turn",
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
        steps=tuple(_step(n) for n in node.children("steps")),
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
        replace_draw=node.scalar("replace_draw", str, ""),
        replace_discard=node.scalar("replace_discard", str, ""),
        replace_player=node.scalar("replace_player", str, "self"),
        whose_turn=node.scalar("whose_turn", str, "own"),
        from_zone=node.scalar("from_zone", str, ""),
        untargetable_first=node.scalar("untargetable_first", bool, False),
        action_rules=tuple(action_rule(n) for n in node.children("action_rules")),
        characteristics=tuple(characteristic(n) for n in node.children("characteristics")),
        manual=node.scalar("manual", bool, False),
    )
    _check(node, "whose_turn", text.whose_turn, {"own", "opponent", "any"})
    _check(node, "from_zone", text.from_zone, {"", "hand", "resources", "prizes"})
    if text.from_zone and (text.trigger is None or not text.steps):
        raise node.fail("from_zone", "a text working from another zone is a trigger (5.2.1)")
    _check(node, "activated_in", text.activated_in, {"preparation", "attack"})
    _check(node, "shield_to", text.shield_to, {"", "own_characters"})
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


_ACTION_FIELDS = {
    "name",
    "power",
    "kind",
    "cost",
    "text",
    "targets",
    "target_type",
    "target_controller",
    "steps",
    "cosmic",
    "keywords",
    "distribute",
    "modes",
    "max_modes",
    "discard_cost",
    "unload_cost",
    "manual",
}


def _action(node: Node) -> ActionDef:
    node.check_keys(_ACTION_FIELDS, {"name", "power", "kind", "text"})
    cost_node = node.raw("cost")
    cost: int | None = None
    if cost_node is not None:
        raw = yaml.safe_load(yaml.serialize(cost_node))
        if raw == "X":
            cost = -1
        elif isinstance(raw, int) and not isinstance(raw, bool) and 0 <= raw <= 2:
            cost = raw
        else:
            raise node.fail("cost", f"cost must be 0, 1, 2 or X (4.6.2 E.1), got {raw!r}")
    action = ActionDef(
        name=node.scalar("name", str),
        power=node.scalar("power", str),
        kind=node.enum("kind", ActionKind),
        cost=cost,
        text=node.scalar("text", str),
        targets=node.scalar("targets", int, 0),
        target_type=node.scalar("target_type", str, "character"),
        target_controller=node.scalar("target_controller", str, "opponent"),
        steps=tuple(_step(n) for n in node.children("steps")),
        cosmic=node.scalar("cosmic", int, 0),
        keywords=node.strings("keywords"),
        distribute=node.scalar("distribute", bool, False),
        modes=tuple(_mode(n) for n in node.children("modes")),
        max_modes=node.scalar("max_modes", int, 1),
        discard_cost=node.scalar("discard_cost", int, 0),
        unload_cost=node.scalar("unload_cost", int, 0),
        manual=node.scalar("manual", bool, False),
    )
    _check(node, "target_type", action.target_type, {"character", "support", "any"})
    _check(node, "target_controller", action.target_controller, {"opponent", "self", "any"})
    if not action.steps and not action.modes and not action.manual:
        raise node.fail("manual", "an action with no steps or modes must say manual: true")
    if action.steps and action.modes:
        raise node.fail("modes", "an action has either steps or modes (4.6.2 B)")
    if any(s.to == "target" for s in action.steps) and action.targets < 1:
        raise node.fail("targets", "steps refer to the target but the action has no targets")
    return action


_STEP_FIELDS = {
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
}


def _mode(node: Node) -> Mode:
    node.check_keys({"name", "targets", "steps"}, {"name", "steps"})
    mode = Mode(
        name=node.scalar("name", str),
        steps=tuple(_step(n) for n in node.children("steps")),
        targets=node.scalar("targets", int, 0),
    )
    if any(s.to == "target" for s in mode.steps) and mode.targets < 1:
        raise node.fail("targets", "steps refer to the target but the mode has no targets")
    return mode


def _step(node: Node) -> Step:
    node.check_keys(_STEP_FIELDS, {"op"})
    step = Step(
        op=node.scalar("op", str),
        amount=node.scalar("amount", int, 0),
        to=node.scalar("to", str, "target"),
        penetrating=node.scalar("penetrating", bool, False),
        optional=node.scalar("optional", bool, False),
        if_done=node.scalar("if_done", bool, False),
        filter_type=node.scalar("filter_type", str, ""),
        filter_power=node.scalar("filter_power", str, ""),
        filter_alignment=node.scalar("filter_alignment", str, ""),
        filter_affiliation=node.scalar("filter_affiliation", str, ""),
        from_power_of=node.scalar("from_power_of", str, ""),
        plus=node.scalar("plus", str, ""),
        text=node.scalar("text", str, ""),
        trait=node.scalar("trait", str, ""),
    )
    check_trait(node, step)
    _check(node, "op", step.op, set(STEP_OPS))
    _check(node, "to", step.to, set(STEP_TO))
    if step.plus and not (step.plus in ("x", "loaded") or step.plus.startswith("opponent_prizes:")):
        raise node.fail("plus", "plus is x, loaded or opponent_prizes:<affiliation>")
    if step.op == "manual" and not step.text:
        raise node.fail("text", "a manual step needs the text to resolve")
    return step


def _deck(node: Node) -> DeckList:
    node.check_keys({"key", "name", "cards", "source", "verified"}, {"key", "name", "cards"})
    entries: list[tuple[str, int]] = []
    for child in node.children("cards"):
        child.check_keys({"card", "count"}, {"card", "count"})
        entries.append((child.scalar("card", str), child.scalar("count", int)))
    return DeckList(
        key=node.scalar("key", str),
        name=node.scalar("name", str),
        cards=tuple(entries),
        source=node.scalar("source", str, ""),
        verified=node.scalar("verified", bool, False),
    )


def _check(node: Node, field: str, value: str, allowed: set[str]) -> None:
    if value not in allowed:
        raise node.fail(field, f"{value!r} is not one of: {', '.join(sorted(allowed))}")
