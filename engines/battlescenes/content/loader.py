"""Loading and validating Battle Scenes content packs (YAML).

A pack is a directory under ``assets/content/battlescenes/<pack>/`` holding
``*.yaml`` files with ``cards:`` and/or ``decks:`` lists. Every problem raises
:class:`ContentError` naming the file, the line and the field, so a community
author can fix their pack without reading Python. The format is documented in
docs/battlescenes.md.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import yaml

from engines.battlescenes.content.database import database
from engines.battlescenes.content.node import PackNode
from engines.battlescenes.content.powers import MAX_POWERS, PACK_ALIASES, POWERS
from engines.battlescenes.content.schema import (
    KEYWORDS,
    ActionDef,
    ActionKind,
    CardDef,
    CardType,
    DeckList,
    Op,
    Pack,
)
from engines.battlescenes.content.steps import check_choice, parse_mode, parse_step
from engines.battlescenes.content.texts import check_told, parse_text, read_words
from engines.core import ContentError, serde
from engines.core.packs import (
    PackError,
    PackFileError,
    compose_yaml,
    pack_files,
    read_manifest,
    read_yaml,
    unknown_base,
    valid_pack_name,
)

CONTENT_ROOT = Path(__file__).resolve().parents[3] / "assets" / "content" / "battlescenes"
#: The built-in packs a community pack may extend (``extends: starter`` in its pack.yaml).
BUILTIN_PACKS = ("starter",)


@cache
def builtin_pack(name: str) -> Pack:
    """A built-in pack, read once per process: parsing the starter's card files took
    a third of a second of the bot's event loop at every match start (docs/performance.md).
    Nothing changes a loaded pack, so matches may share it, and states read back
    from the database share its card definitions too (``serde.share``)."""
    pack = load_pack(name, CONTENT_ROOT)
    serde.share(pack.cards.values(), "key")
    return pack


def load_pack(name: str, root: Path = CONTENT_ROOT) -> Pack:
    """Load and validate the pack ``name`` (a directory of YAML files)."""
    directory = root / name
    if not valid_pack_name(name) or not directory.is_dir():
        raise ContentError(
            f"No content pack {name!r}.", key="core.error.content", params={"detail": name}
        )
    cards: dict[str, CardDef] = {}
    decks: dict[str, DeckList] = {}
    try:
        manifest = read_manifest(directory)
        if manifest.extends is not None and (
            manifest.extends not in BUILTIN_PACKS or root.resolve() == CONTENT_ROOT.resolve()
        ):
            raise unknown_base(manifest.extends, BUILTIN_PACKS)
    except PackFileError as exc:
        raise _file_error("pack.yaml", exc.line, exc.problem) from None
    try:
        paths = pack_files(directory, root)
    except PackError as exc:
        raise _file_error(exc.path, 0, exc.problem) from None
    for path in paths:
        _load_file(path, cards, decks)
    if manifest.extends is not None:
        # An entry of the pack replaces the built-in one with its key (a correction).
        base = builtin_pack(manifest.extends)
        cards, decks = {**base.cards, **cards}, {**base.decks, **decks}
    for deck in decks.values():
        for key, _count in deck.cards:
            # A printed card the pack lacks may be listed by its code: known, and refused
            # at set-up while the bot does not play it (database.py).
            if key not in cards and database().find(key) is None:
                detail = f"deck {deck.key}: unknown card {key!r}"
                raise ContentError(detail, key="core.error.content", params={"detail": detail})
    return Pack(name, cards, decks)


def load_text(text: str, file: str = "<text>") -> Pack:
    """Validate one YAML document (used by tests and by pack authors' tooling)."""
    cards: dict[str, CardDef] = {}
    decks: dict[str, DeckList] = {}
    try:
        root = compose_yaml(text)
    except PackFileError as exc:
        raise _file_error(file, exc.line, exc.problem) from None
    _parse(root, file, cards, decks)
    return Pack(file, cards, decks)


def _file_error(file: str, line: int, problem: str) -> ContentError:
    """A file that cannot be read (size, UTF-8, YAML, links), worded like any content error."""
    detail = f"{file}:{line}: {problem}"
    return ContentError(detail, key="core.error.content", params={"detail": detail})


def _load_file(path: Path, cards: dict[str, CardDef], decks: dict[str, DeckList]) -> None:
    try:
        root = read_yaml(path)
    except PackFileError as exc:
        raise _file_error(path.name, exc.line, exc.problem) from None
    _parse(root, path.name, cards, decks)


def _parse(
    root: yaml.Node | None, file: str, cards: dict[str, CardDef], decks: dict[str, DeckList]
) -> None:
    if root is None:
        return
    top = PackNode(root, file, "$")
    top.check_keys({"cards", "decks"}, set())
    for node in top.children("cards"):
        card = _card(node)
        if card.key in cards:
            raise node.fail_at("key", f"duplicate card key {card.key!r}")
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
    "alignment",  # a pack written before ``alignments``: one alignment
    "alignments",
    "codes",
    "keyword_numbers",
    "incomplete",
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


def _card(node: PackNode) -> CardDef:
    node.check_keys(_CARD_FIELDS, {"key", "type", "name", "source", "verified"})
    ctype = node.enum("type", CardType)
    keywords = node.strings("keywords")
    for kw in keywords:
        if kw not in KEYWORDS:
            raise node.fail_at("keywords", f"unknown keyword {kw!r}")
    powers = _powers(node, "powers", node.strings("powers"))
    if len(powers) > MAX_POWERS:
        raise node.fail_at("powers", f"a card prints at most {MAX_POWERS} powers (2.1)")
    if ctype in (CardType.CHARACTER, CardType.SUPPORT) and node.raw("energy") is None:
        raise node.fail_at("energy", "characters and supports need an initial energy (4.3)")
    card = CardDef(
        key=node.read("key", str),
        type=ctype,
        name=node.read("name", str),
        version=node.read("version", str, ""),
        alter_ego=node.read("alter_ego", str, ""),
        alignments=_alignments(node),
        affiliations=node.strings("affiliations"),
        powers=powers,
        energy=node.read("energy", int, 0),
        shield=node.read("shield", int, 0),
        ev_requirement=node.read("ev_requirement", str, ""),
        accretion=node.read("accretion", int, 0),
        keywords=keywords,
        texts=tuple(parse_text(n) for n in node.children("texts")),
        actions=tuple(_action(n) for n in node.children("actions")),
        source=node.read("source", str),
        verified=node.read("verified", bool),
        codes=node.strings("codes"),
        keyword_numbers=_keyword_numbers(node, keywords),
        incomplete=node.read("incomplete", str, ""),
    )
    if card.energy < 0 or card.shield < 0:
        raise node.fail_at("energy", "energy and shield cannot be negative")
    # A support may print an action that a character it names uses (Veículo de Combate
    # S.H.I.E.L.D. V3); only characters ever use actions (use.usable).
    if card.actions and card.type is CardType.SCENARIO:
        raise node.fail_at("actions", "scenarios have no actions (4.6)")
    names = {t.generated for t in card.texts if t.generated}
    for action in card.actions:
        steps = [*action.steps, *(s for m in action.modes for s in m.steps)]
        for step in steps:
            if step.op == Op.GENERATE and step.text not in names:
                raise node.fail_at("actions", f"no text with generated: {step.text!r} (5.7 B)")
    return card


def _powers(node: PackNode, field: str, powers: tuple[str, ...]) -> tuple[str, ...]:
    """Powers are the thirteen of rule 2.4, by id (``super_forca`` for Super Força); a pack
    written before may still use the four legacy ids that name one of them."""
    found = tuple(PACK_ALIASES.get(p, p) for p in powers)
    for power in found:
        if power not in POWERS:
            allowed = ", ".join(POWERS)
            raise node.fail_at(field, f"unknown power {power!r} (the 13 of 2.4: {allowed})")
    return found


def _alignments(node: PackNode) -> tuple[str, ...]:
    """``alignments: [heroi, vilao]`` (herói, vilão, both or none); a pack written before
    may still say ``alignment: heroi``."""
    if node.raw("alignment") is not None:
        if node.raw("alignments") is not None:
            raise node.fail_at("alignment", "write either alignment or alignments")
        one = node.read("alignment", str)
        return (one,) if one else ()
    return node.strings("alignments")


def _action_power(node: PackNode) -> str:
    """An action's power; none on a neutral ability card (N/A, 2.4)."""
    if node.raw("power") is None:
        return ""
    return _powers(node, "power", (node.read("power", str),))[0]


def _optional_power(node: PackNode, field: str) -> str:
    """A power named by a field, or "" when the field is absent."""
    if node.raw(field) is None:
        return ""
    return _powers(node, field, (node.read(field, str),))[0]


def _keyword_numbers(node: PackNode, keywords: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """``keyword_numbers: {liderar: 1}``: the number printed with a keyword it lists."""
    raw = node.raw("keyword_numbers")
    if raw is None:
        return ()
    value = yaml.safe_load(yaml.serialize(raw))
    if not isinstance(value, dict):
        raise node.fail_at("keyword_numbers", "expected a mapping keyword: number", raw)
    numbers: list[tuple[str, int]] = []
    for keyword, number in value.items():
        if keyword not in keywords:
            raise node.fail_at("keyword_numbers", f"{keyword!r} is not in keywords", raw)
        if isinstance(number, bool) or not isinstance(number, int) or number < 0:
            raise node.fail_at("keyword_numbers", f"{keyword}: expected a number", raw)
        numbers.append((str(keyword), number))
    return tuple(numbers)


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
    "targets_x",
    "distinct_targets",
    "modes",
    "max_modes",
    "all_modes_if_controls_power",
    "discard_cost",
    "unload_cost",
    "discard_type",
    "discard_affiliation",
    "unload_self",
    "up_to_targets",
    "bottom_self",
    "points_loaded",
    "load_cost",
    "load_cost_power",
    "load_cost_from",
    "hand_self",
    "unload_not_type",
    "target_shares_affiliation",
    "shuffle_user_cost",
    "prizes_user_cost",
    "manual",
    "words",
}


def _action(node: PackNode) -> ActionDef:
    node.check_keys(_ACTION_FIELDS, {"name", "kind"})
    cost_node = node.raw("cost")
    cost: int | None = None
    if cost_node is not None:
        raw = yaml.safe_load(yaml.serialize(cost_node))
        if raw == "X":
            cost = -1
        elif isinstance(raw, int) and not isinstance(raw, bool) and 0 <= raw <= 2:
            cost = raw
        else:
            raise node.fail_at("cost", f"cost must be 0, 1, 2 or X (4.6.2 E.1), got {raw!r}")
    action = ActionDef(
        name=node.read("name", str),
        power=_action_power(node),
        kind=node.enum("kind", ActionKind),
        cost=cost,
        text=node.read("text", str, ""),
        targets=node.read("targets", int, 0),
        # F.1.2: "alvo" with no characteristic: a character or a support, anyone's.
        target_type=node.read("target_type", str, "any"),
        target_controller=node.read("target_controller", str, "any"),
        steps=tuple(parse_step(n) for n in node.children("steps")),
        cosmic=node.read("cosmic", int, 0),
        keywords=node.strings("keywords"),
        distribute=node.read("distribute", bool, False),
        targets_x=node.read("targets_x", bool, False),
        distinct_targets=node.read("distinct_targets", bool, False),
        modes=tuple(parse_mode(n) for n in node.children("modes")),
        max_modes=node.read("max_modes", int, 1),
        all_modes_if_controls_power=node.read("all_modes_if_controls_power", str, ""),
        discard_cost=node.read("discard_cost", int, 0),
        unload_cost=node.read("unload_cost", int, 0),
        unload_not_type=node.read("unload_not_type", str, ""),
        discard_type=node.read("discard_type", str, ""),
        discard_affiliation=node.read("discard_affiliation", str, ""),
        unload_self=node.read("unload_self", bool, False),
        up_to_targets=node.read("up_to_targets", bool, False),
        bottom_self=node.read("bottom_self", bool, False),
        points_loaded=node.read("points_loaded", bool, False),
        load_cost=node.read("load_cost", int, 0),
        load_cost_power=_optional_power(node, "load_cost_power"),
        load_cost_from=node.read("load_cost_from", str, ""),
        hand_self=node.read("hand_self", bool, False),
        target_shares_affiliation=node.read("target_shares_affiliation", bool, False),
        shuffle_user_cost=node.read("shuffle_user_cost", bool, False),
        prizes_user_cost=node.read("prizes_user_cost", bool, False),
        manual=node.read("manual", bool, False),
        words=read_words(node),
    )
    check_told(node, action.manual, action.text, action.words)
    check_choice(node, "target_type", action.target_type, {"character", "support", "any"})
    check_choice(node, "target_controller", action.target_controller, {"opponent", "self", "any"})
    if not action.steps and not action.modes and not action.manual:
        raise node.fail_at("manual", "an action with no steps or modes must say manual: true")
    if action.steps and action.modes:
        raise node.fail_at("modes", "an action has either steps or modes (4.6.2 B)")
    if action.up_to_targets and (action.targets < 1 or action.modes or action.distribute):
        raise node.fail_at("up_to_targets", "up to N different targets: N >= 1, no modes")
    if action.load_cost_power and (not action.load_cost or action.unload_self):
        raise node.fail_at("load_cost_power", "load_cost_power is for a load_cost alone")
    zones_from = set(action.load_cost_from.split("|")) - {""}
    if action.load_cost_from and (
        not zones_from <= {"hand", "resources"}
        or not action.load_cost
        or action.load_cost_power
        or action.discard_cost
        or action.cosmic
    ):
        raise node.fail_at(
            "load_cost_from", "hand and/or resources, with a load_cost and no other card cost"
        )
    if action.points_loaded and not action.distribute:
        raise node.fail_at("points_loaded", "points_loaded is for an action that distributes")
    if (
        any(s.to == "target" for s in action.steps)
        and action.targets < 1
        and not (action.points_loaded)
    ):
        raise node.fail_at("targets", "steps refer to the target but the action has no targets")
    return action


def _deck(node: PackNode) -> DeckList:
    node.check_keys({"key", "name", "cards", "source", "verified"}, {"key", "name", "cards"})
    entries: list[tuple[str, int]] = []
    for child in node.children("cards"):
        child.check_keys({"card", "count"}, {"card", "count"})
        entries.append((child.read("card", str), child.read("count", int)))
    return DeckList(
        key=node.read("key", str),
        name=node.read("name", str),
        cards=tuple(entries),
        source=node.read("source", str, ""),
        verified=node.read("verified", bool, False),
    )
