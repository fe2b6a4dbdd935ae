"""YAML loader of Dice Throne content packs, with errors naming file, line and field.

A pack is a directory under ``assets/content/dicethrone/<pack>/`` holding one
``heroes/<id>.yaml`` per hero. The format is a public interface for community
packs and is documented in ``docs/dicethrone.md``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import yaml

from engines.core import ContentError
from engines.core.packs import (
    PackError,
    PackFileError,
    pack_files,
    read_manifest,
    read_yaml,
    unknown_base,
    valid_pack_name,
)
from engines.core.yamlnode import ErrorStyle, Fields, Node
from engines.dicethrone.content import (
    Ability,
    BoardSide,
    CardDef,
    CompanionDef,
    Content,
    Defense,
    Hero,
    Passive,
    Requirement,
    Script,
    Side,
    StatusDef,
    Step,
    Timing,
    Upgrade,
    Variant,
)
from engines.dicethrone.content.board_actions import board_actions
from engines.dicethrone.content.tracks import dial, piece, track
from engines.dicethrone.content.vocab import counts, enum_value, ident, script, text
from engines.dicethrone.content.words import said

CONTENT_ROOT = Path(__file__).resolve().parents[3] / "assets" / "content" / "dicethrone"
#: The built-in packs a community pack may extend (``extends: base`` in its pack.yaml).
BUILTIN_PACKS = ("base",)
#: Content errors reach players as "Content error in {file}, line {line}, {field}: {detail}".
ERRORS = ErrorStyle("dicethrone.error.content", "detail", located=True)
T = TypeVar("T")


def _requirement(node: Node) -> Requirement:
    f = Fields(node, {"symbols", "small_straight", "large_straight", "of_a_kind"})
    req = Requirement(
        symbols=f.get("symbols", counts, {}),
        straight=4
        if f.get("small_straight", Node.boolean, False)
        else 5
        if f.get("large_straight", Node.boolean, False)
        else 0,
        of_a_kind=f.get("of_a_kind", lambda n: n.integer(2, 5), 0),
    )
    if not req.symbols and not req.straight and not req.of_a_kind:
        raise node.fail("a requirement needs symbols, a straight or of_a_kind")
    return req


def _levels(node: Node, read: Callable[[Node], T], needs_first: bool = True) -> dict[int, T]:
    levels: dict[int, T] = {}
    for key, child in node.mapping().items():
        if key not in ("1", "2", "3"):
            raise child.fail("levels are 1, 2 or 3")
        levels[int(key)] = read(child)
    if needs_first and 1 not in levels:
        raise node.fail("level 1 (the printed board) is required")
    if not needs_first and (1 in levels or not levels):
        raise node.fail("an ability with 'unlocked_by' has rows only at levels 2 and 3")
    return levels


def _variants(node: Node) -> tuple[Variant, ...]:
    out = []
    for item in node.items():
        f = Fields(item, {"requirement", "effect"})
        out.append(Variant(f.need("requirement", _requirement), f.need("effect", script)))
    return tuple(out)


PROVENANCE = {"source", "verified"}
#: Steps that stop for a player (never in set-up, Income or trigger scripts).
WAITING_OPS = frozenset({"or", "manual", "then", "reroll", "choose_player", "discard_for"})
WAITING_OPS |= {"spend_for"}  # the Pyromancer: an "Or" of amounts
WAITING_OPS |= {"discard_token"}  # issue 22, Spider-Man: an offer to pay a token
#: Gaining tokens of the owner's choice stops for her (issue 22: Mythic Brawler).
WAITING_OPS |= {"gain_choice"}
#: A search of several Ability Upgrades stops for her pick (issue 22: Black Widow).
WAITING_OPS |= {"fetch_upgrade"}
#: An incoming status effect prevented, the owner's pick (issue 22: Thick Skin II).
WAITING_OPS |= {"prevent_incoming_status", "remove_own_status", "reroll_if_allowed"}


def _ability(node: Node) -> Ability:
    f = Fields(node, {"id", "name", "ultimate", "levels", "unlocked_by"} | PROVENANCE)
    unlocked_by = f.get("unlocked_by", ident, None)
    # An alternate ability (added by an upgrade) has no row at level 1.
    levels = f.need("levels", lambda n: _levels(n, _variants, needs_first=unlocked_by is None))
    return Ability(
        id=f.need("id", ident),
        name=f.need("name", text),
        levels={1: (), **levels} if unlocked_by else levels,
        source=f.need("source", Node.text),
        verified=f.need("verified", Node.boolean),
        ultimate=f.get("ultimate", Node.boolean, False),
        unlocked_by=unlocked_by,
    )


def _defense(node: Node) -> Defense:
    f = Fields(node, {"id", "name", "dice", "levels", "level_dice", "dice_with"} | PROVENANCE)
    return Defense(
        id=f.need("id", ident),
        name=f.need("name", text),
        dice=f.need("dice", lambda n: n.integer(1, 5)),
        levels=f.need("levels", lambda n: _levels(n, script)),
        source=f.need("source", Node.text),
        verified=f.need("verified", Node.boolean),
        level_dice=f.get(
            "level_dice",
            lambda n: {int(_level_key(k, v)): v.integer(1, 5) for k, v in n.mapping().items()},
            {},
        ),
        dice_with=f.get(
            "dice_with", lambda n: {k: v.integer(1, 5) for k, v in n.mapping().items()}, {}
        ),
    )


def _level_key(key: str, node: Node) -> str:
    if key not in ("2", "3"):
        raise node.fail("level_dice names levels 2 or 3")
    return key


def _passive(node: Node) -> Passive:
    allowed = {"id", "name", "text", "upkeep", "income", "end_of_turn", "dealt_no_damage"}
    allowed |= {"when_attacking"}  # issue 22: Black Widow's Red Room Training
    allowed |= {"upgrades_in_roll_phase", "when_upgrade_played"}  # issue 22: the same
    f = Fields(node, allowed | {"actions"} | PROVENANCE)
    passive_id = f.need("id", ident)
    return Passive(
        id=passive_id,
        name=f.need("name", text),
        text=f.need("text", text),
        source=f.need("source", Node.text),
        verified=f.need("verified", Node.boolean),
        upkeep=f.get("upkeep", script, ()),
        income=f.get("income", script, ()),
        end_of_turn=f.get("end_of_turn", script, ()),
        dealt_no_damage=f.get("dealt_no_damage", script, ()),
        when_attacking=f.get("when_attacking", script, ()),
        actions=f.get("actions", lambda n: board_actions(n, passive_id), ()),
        upgrades_in_roll_phase=f.get("upgrades_in_roll_phase", Node.boolean, False),
        when_upgrade_played=f.get("when_upgrade_played", script, ()),
    )


def _stack_limit(node: Node) -> int | None:
    """A printed stack limit (1-10), or ``unknown`` when no public record gives it."""
    if isinstance(node.node, yaml.ScalarNode) and node.node.value == "unknown":
        return None
    return node.integer(1, 10)


def _status(node: Node) -> StatusDef:
    allowed = {"id", "name", "text", "positive", "stack_limit", "spendable", "persistent"}
    allowed |= {"unique", "spend_side", "spend", "upkeep", "skip_income"} | PROVENANCE
    allowed |= {"stack_limit_others", "upkeep_others_only", "when_attacking", "when_attacked"}
    allowed |= {"overflow", "expires_after_roll", "protected", "decline", "when_full"}
    allowed |= {"fewer_attempts", "skip_offensive_roll", "spend_cost", "end_of_turn"}
    allowed |= {"upkeep_once", "extra_roll_phase"}  # the Pyromancer (issue 22)
    allowed |= {"limit_shared_with", "replaces", "fixed", "marker"}  # the Druid (issue 22)
    allowed |= {"when_inflicted"}  # issue 22: Spider-Man's Webbed
    allowed |= {"defense_dice", "spend_in_main"}  # issue 22 (upkeep_once above)
    allowed |= {"each_option_once_per_turn"}  # issue 22: the Headless Horseman
    allowed |= {"spend_count"}  # issue 22: Thor's Electrokinesis
    allowed |= {"per_extra_attempt", "per_extra_attempt_max", "spend_with_own_dice"}  # Treant
    allowed |= {"blank_faces"}  # issue 22: Raveness's Hex
    allowed |= {"survives"}  # issue 22: the Paladin's Blessing of Divinity
    allowed |= {"advance"}  # issue 22: Black Widow's Time Bomb
    allowed |= {"before_attack"}  # issue 22: the Moon Elf's Blinded
    allowed |= {"spend_once_per_turn"}  # issue 22: Black Widow's Covert Ops
    allowed |= {"usable_options_only"}  # issue 22: Raveness's Feather
    allowed |= {"once_per_turn"}  # issue 22: the Treant's Spirits
    f = Fields(node, allowed)
    status = StatusDef(
        id=f.need("id", ident),
        name=f.need("name", text),
        text=f.need("text", text),
        positive=f.need("positive", Node.boolean),
        stack_limit=f.need("stack_limit", _stack_limit),
        source=f.need("source", Node.text),
        verified=f.need("verified", Node.boolean),
        spendable=f.get("spendable", Node.boolean, False),
        persistent=f.get("persistent", Node.boolean, False),
        unique=f.get("unique", Node.boolean, False),
        spend_side=f.get("spend_side", lambda n: enum_value(n, Side), Side.ANY),
        spend=f.get("spend", script, ()),
        upkeep=f.get("upkeep", script, ()),
        skip_income=f.get("skip_income", Node.boolean, False),
        stack_limit_others=f.get("stack_limit_others", lambda n: n.integer(1, 10), None),
        upkeep_others_only=f.get("upkeep_others_only", Node.boolean, False),
        when_attacking=f.get("when_attacking", script, ()),
        when_attacked=f.get("when_attacked", script, ()),
        overflow=f.get("overflow", script, ()),
        expires_after_roll=f.get("expires_after_roll", Node.boolean, False),
        protected=f.get("protected", Node.boolean, False),
        decline=f.get("decline", text, {}),
        when_full=f.get("when_full", script, ()),
        fewer_attempts=f.get("fewer_attempts", lambda n: n.integer(1, 2), 0),
        skip_offensive_roll=f.get("skip_offensive_roll", Node.boolean, False),
        spend_cost=f.get("spend_cost", lambda n: n.integer(1, 15), 0),
        end_of_turn=f.get("end_of_turn", script, ()),
        upkeep_once=f.get("upkeep_once", Node.boolean, False),
        extra_roll_phase=f.get("extra_roll_phase", Node.boolean, False),
        limit_shared_with=f.get(
            "limit_shared_with", lambda n: tuple(ident(i) for i in n.items()), ()
        ),
        replaces=f.get("replaces", lambda n: tuple(ident(i) for i in n.items()), ()),
        fixed=f.get("fixed", Node.boolean, False),
        marker=f.get("marker", Node.boolean, False),
        when_inflicted=f.get("when_inflicted", script, ()),
        defense_dice=f.get("defense_dice", lambda n: n.integer(1, 3), 0),
        spend_in_main=f.get("spend_in_main", Node.boolean, False),
        each_option_once_per_turn=f.get("each_option_once_per_turn", Node.boolean, False),
        spend_count=f.get("spend_count", lambda n: n.integer(1, 10), 1),
        per_extra_attempt=f.get("per_extra_attempt", script, ()),
        per_extra_attempt_max=f.get("per_extra_attempt_max", lambda n: n.integer(1, 5), 0),
        spend_with_own_dice=f.get("spend_with_own_dice", Node.boolean, False),
        blank_faces=f.get("blank_faces", lambda n: tuple(i.integer(1, 6) for i in n.items()), ()),
        survives=f.get("survives", Node.boolean, False),
        advance=f.get("advance", script, ()),
        before_attack=f.get("before_attack", script, ()),
        spend_once_per_turn=f.get("spend_once_per_turn", Node.boolean, False),
        usable_options_only=f.get("usable_options_only", Node.boolean, False),
        once_per_turn=f.get("once_per_turn", Node.boolean, False),
    )
    if status.each_option_once_per_turn and [s.op for s in status.spend] != ["or"]:
        raise node.fail("each_option_once_per_turn needs a 'spend' that is one 'or'")
    if status.usable_options_only and [s.op for s in status.spend] != ["or"]:
        raise node.fail("usable_options_only needs a 'spend' that is one 'or'")
    # A token bought off with CP (spend_cost) may have nothing else to do when spent.
    if status.spendable != bool(status.spend or status.spend_cost):
        raise node.fail(
            "a spendable status needs a 'spend' script or a 'spend_cost' (and only then)"
        )
    return status


def _card(node: Node) -> CardDef:
    allowed = {"id", "name", "text", "cost", "timing", "copies", "side", "attack_modifier"}
    allowed |= {"effect", "upgrade"} | PROVENANCE
    f = Fields(node, allowed)
    card = CardDef(
        id=f.need("id", ident),
        name=f.need("name", text),
        # Without a written text the card reads as its steps said (content/words.py).
        text=f.get("text", text, {}),
        cost=f.need("cost", lambda n: n.integer(0, 15)),
        timing=f.need("timing", lambda n: enum_value(n, Timing)),
        # The Forgemaster's deck holds 9 Gold Ore: printed decks go up to 9 copies.
        copies=f.get("copies", lambda n: n.integer(1, 9), 1),
        source=f.need("source", Node.text),
        verified=f.need("verified", Node.boolean),
        side=f.get("side", lambda n: enum_value(n, Side), Side.ANY),
        attack_modifier=f.get("attack_modifier", Node.boolean, False),
        effect=f.get("effect", script, ()),
        upgrade=f.get("upgrade", _upgrade, None),
    )
    if (card.timing is Timing.UPGRADE) != (card.upgrade is not None):
        raise node.fail("upgrade cards (and only they) need 'upgrade: {slot, level}'")
    return card


def _companion(node: Node) -> CompanionDef:
    f = Fields(node, {"id", "name", "text", "limit"} | PROVENANCE)
    return CompanionDef(
        id=f.need("id", ident),
        name=f.need("name", text),
        text=f.need("text", text),
        limit=f.get("limit", lambda n: n.integer(1, 10), 1),
        source=f.need("source", Node.text),
        verified=f.need("verified", Node.boolean),
    )


def _side(node: Node) -> BoardSide:
    """The other side of a double-sided hero board (``flip``)."""
    f = Fields(node, {"name", "abilities", "defenses", "passives"} | PROVENANCE)
    return BoardSide(
        name=f.need("name", text),
        abilities=f.need("abilities", lambda n: tuple(_ability(i) for i in n.items())),
        defenses=f.need("defenses", lambda n: tuple(_defense(i) for i in n.items())),
        source=f.need("source", Node.text),
        verified=f.need("verified", Node.boolean),
        passives=f.get("passives", lambda n: tuple(_passive(i) for i in n.items()), ()),
    )


def _upgrade(node: Node) -> Upgrade:
    f = Fields(node, {"slot", "level"})
    return Upgrade(slot=f.need("slot", ident), level=f.need("level", lambda n: n.integer(2, 3)))


def _file_error(name: str, line: int, problem: str) -> ContentError:
    """A file that cannot be read (size, UTF-8, YAML, links), worded like any content error."""
    return ContentError(
        f"{name}, line {line}: {problem}",
        key="dicethrone.error.content",
        params={"file": name, "line": line, "field": "-", "detail": problem},
    )


def _root(path: Path) -> Node:
    """The top node of a pack file, or a content error naming the file and line."""
    try:
        root = read_yaml(path)
    except PackFileError as exc:
        raise _file_error(path.name, exc.line, exc.problem) from None
    if root is None:
        raise _file_error(path.name, 0, "empty file")
    return Node.root(root, path.name, ERRORS)


def load_hero(path: Path) -> Hero:
    """Load and validate one hero file."""
    top = _root(path)
    allowed = {"id", "name", "complexity", "dice", "abilities", "defenses", "passives"}
    allowed |= {"statuses", "cards", "setup", "symbols", "companions", "flip"} | PROVENANCE
    allowed |= {"unselectable", "tracks", "dials", "pieces"}
    f = Fields(top, allowed)
    hero = Hero(
        id=f.need("id", ident),
        name=f.need("name", text),
        # Optional: a hero whose printed complexity no record gives leaves it out (0).
        complexity=f.get("complexity", lambda n: n.integer(1, 6), 0),
        faces=f.need("dice", _faces),
        abilities=f.need("abilities", lambda n: tuple(_ability(i) for i in n.items())),
        defenses=f.need("defenses", lambda n: tuple(_defense(i) for i in n.items())),
        statuses=f.get("statuses", lambda n: tuple(_status(i) for i in n.items()), ()),
        cards=f.need("cards", lambda n: tuple(_card(i) for i in n.items())),
        source=f.need("source", Node.text),
        verified=f.need("verified", Node.boolean),
        passives=f.get("passives", lambda n: tuple(_passive(i) for i in n.items()), ()),
        setup=f.get("setup", script, ()),
        symbol_names=f.get("symbols", lambda n: {k: text(v) for k, v in n.mapping().items()}, {}),
        companions=f.get("companions", lambda n: tuple(_companion(i) for i in n.items()), ()),
        flip_side=f.get("flip", _side, None),
        unselectable=f.get("unselectable", text, {}),
        tracks=f.get("tracks", lambda n: tuple(track(i) for i in n.items()), ()),
        dials=f.get("dials", lambda n: tuple(dial(i) for i in n.items()), ()),
        pieces=f.get("pieces", lambda n: tuple(piece(i) for i in n.items()), ()),
    )
    hero = dataclasses.replace(hero, selectable=not hero.unselectable)
    if hero.selectable and any(s.stack_limit is None for s in hero.statuses):
        # A limit no record gives is not played as if printed.
        raise top.fail("a status with stack_limit: unknown needs the hero `unselectable`")
    _cross_check(hero, top)
    if hero.flip_side is not None:
        # The other side's entries obey the same references (its own abilities'
        # slots for upgrades are checked against either side).
        _cross_check(hero.on_side(True), top)
    # Per-holder limits ("5/3") tell the bringing hero from everyone else.
    statuses = tuple(dataclasses.replace(s, hero=hero.id) for s in hero.statuses)
    return dataclasses.replace(hero, statuses=statuses)


def _faces(node: Node) -> tuple[str, ...]:
    faces = node.mapping()
    if sorted(faces) != ["1", "2", "3", "4", "5", "6"]:
        raise node.fail("dice map each face 1..6 to a symbol")
    return tuple(ident(faces[str(i)]) for i in range(1, 7))


def _cross_check(hero: Hero, top: Node) -> None:
    """References between entries: symbols, statuses and upgrade slots must exist."""
    symbols = set(hero.faces)
    for name in hero.symbol_names:
        if name not in symbols:
            raise top.fail(f"symbols: {name!r} is on no face of the dice")
    slots: dict[str, set[int]] = {}
    sides = [hero] if hero.flip_side is None else [hero, hero.on_side(True)]
    for side in sides:
        for ab in side.abilities:
            slots.setdefault(ab.slot, set()).update(ab.levels)
        for de in side.defenses:
            slots.setdefault(de.id, set()).update(de.levels)
        # A passive's upgrade card (Quick Draw II) raises it to level 2.
        for pa in side.passives:
            slots.setdefault(pa.id, set()).update((1, 2))
    for ab in hero.abilities:
        if ab.unlocked_by and not any(
            a.id == ab.unlocked_by and not a.unlocked_by for a in hero.abilities
        ):
            raise top.fail(f"ability {ab.id}: unlocked_by names no ability {ab.unlocked_by!r}")
    statuses = {s.id for s in hero.statuses}
    # Set-up, Income and trigger scripts run where the turn cannot wait for a player.
    waitless = [("setup", hero.setup), *(("income", p.income) for p in hero.passives)]
    # The Headless Horseman's passives run when the turn or its roll phase ends.
    waitless += [(f"passives.{p.id}", p.end_of_turn + p.dealt_no_damage) for p in hero.passives]
    waitless += [(f"passives.{p.id}", p.when_upgrade_played) for p in hero.passives]
    waitless += [
        (
            f"statuses.{s.id}",
            s.when_attacking
            + s.when_attacked
            + s.overflow
            + s.when_full
            + s.end_of_turn
            + s.when_inflicted
            + s.advance
            + s.before_attack,
        )
        for s in hero.statuses
    ]
    for where, steps in waitless:
        if any(step.op in WAITING_OPS for step in _walk(steps)):
            raise top.fail(f"{where} scripts cannot stop for a player ('or', 'manual')")
    scripts: list[tuple[str, Script]] = [("setup", hero.setup)]
    for a in hero.abilities:
        for level, variants in a.levels.items():
            for v in variants:
                scripts.append((f"abilities.{a.id}.{level}", v.effect))
                for sym in v.requirement.symbols:
                    if sym not in symbols:
                        raise top.fail(f"ability {a.id}: unknown dice symbol {sym!r}")
    scripts += [(f"defenses.{d.id}.{lv}", s) for d in hero.defenses for lv, s in d.levels.items()]
    scripts += [
        (
            f"statuses.{s.id}",
            s.spend
            + s.upkeep
            + s.when_attacking
            + s.when_attacked
            + s.overflow
            + s.when_full
            + s.end_of_turn
            + s.when_inflicted
            + s.advance
            + s.before_attack,
        )
        for s in hero.statuses
    ]
    scripts += [(f"cards.{c.id}", c.effect) for c in hero.cards]
    scripts += [
        (
            f"passives.{p.id}",
            p.upkeep + p.income + p.end_of_turn + p.dealt_no_damage + p.when_upgrade_played,
        )
        for p in hero.passives
    ]
    # The Duelist's Footwork, the Sun Elf's Sun Dial (issue 22): their scripts run
    # where nobody can be waited for (an Upkeep's dial script may: it is a passive's).
    boards = [
        (f"tracks.{t.id}", (*t.attacking.values(), *t.attacked.values())) for t in hero.tracks
    ]
    boards += [(f"dials.{d.id}", (d.overflow, *d.attacking.values())) for d in hero.dials]
    # Thor's Mjölnir (issue 22): what a piece's moves do never waits either.
    boards += [(f"pieces.{p.id}", (p.sent, p.recalled)) for p in hero.pieces]
    for where, bonuses in boards:
        for bonus in bonuses:
            scripts.append((where, bonus))
            if any(step.op in WAITING_OPS for step in _walk(bonus)):
                raise top.fail(f"{where} scripts cannot stop for a player")
    scripts += [(f"dials.{d.id}", s) for d in hero.dials for s in d.upkeep.values()]
    # Board actions (the Paladin's Tithe, Thor's Mjölnir) run like a spent token's script.
    actions = [x.id for x in hero.board_actions]
    if len(set(actions)) != len(actions):
        raise top.fail("board actions: each action needs its own id")
    scripts += [(f"actions.{x.id}", x.effect) for x in hero.board_actions]
    # Raveness's Nevermore: activating it and its holder's Upkeep may ask the owner.
    scripts += [(f"pieces.{p.id}", p.activate + p.holder_upkeep) for p in hero.pieces]
    for card in hero.cards:
        if card.upgrade and card.upgrade.level not in slots.get(card.upgrade.slot, set()):
            raise top.fail(f"card {card.id}: no level {card.upgrade.level} of {card.upgrade.slot}")
    for where, steps in scripts:
        for step in _walk(steps):
            if step.per and step.per not in symbols:
                raise top.fail(f"{where}: unknown dice symbol {step.per!r}")
            for sym in step.symbols:
                if sym not in symbols:
                    raise top.fail(f"{where}: unknown dice symbol {sym!r}")
            if step.status and step.status not in statuses and step.op != "remove":
                raise top.fail(f"{where}: unknown status {step.status!r}")
            for status in step.statuses:
                if status not in statuses:
                    raise top.fail(f"{where}: unknown status {status!r}")
            if step.dial and hero.dial(step.dial) is None:
                raise top.fail(f"{where}: unknown dial {step.dial!r} of this hero")
            if step.track and hero.track(step.track) is None:
                raise top.fail(f"{where}: unknown track {step.track!r} of this hero")
            if step.companion and hero.companion(step.companion) is None:
                raise top.fail(f"{where}: unknown companion {step.companion!r} of this hero")
            if step.piece and hero.piece(step.piece) is None:
                raise top.fail(f"{where}: unknown piece {step.piece!r} of this hero")


def _walk(steps: Script) -> list[Step]:
    out: list[Step] = []
    for step in steps:
        out.append(step)
        out.extend(_walk(step.steps))
        out.extend(_walk(step.otherwise))
    return out


# -- printed heroes (issue 22): the generic cards and the cards' words ---------------

#: The pack file of the cards every hero's deck holds besides its own ("Cartas de Herói").
GENERIC = "generic_cards.yaml"


def load_generic(directory: Path) -> tuple[CardDef, ...]:
    """The pack's generic cards (none without the file): shared by every hero's deck."""
    path = directory / GENERIC
    if not path.is_file():
        return ()
    top = _root(path)
    f = Fields(top, {"cards"} | PROVENANCE)
    f.need("source", Node.text)
    return f.need("cards", lambda n: tuple(_card(i) for i in n.items()))


def _with_generic(hero: Hero, generic: tuple[CardDef, ...]) -> Hero:
    """The hero's deck = its own cards + the generic ones (a hero's own card of the same
    id wins); every card without a written text gets its steps said."""
    own = {c.id for c in hero.cards}
    cards = hero.cards + tuple(c for c in generic if c.id not in own)
    return dataclasses.replace(
        hero, cards=tuple(dataclasses.replace(c, text=said(hero, c)) for c in cards)
    )


# -- end of the issue-22 block --------------------------------------------------------


def load_pack(pack: str = "base", root: Path = CONTENT_ROOT) -> Content:
    """Load every hero of a pack directory."""
    directory = root / pack / "heroes"
    if not valid_pack_name(pack) or not directory.is_dir():
        raise ContentError(
            f"Unknown content pack {pack!r}.",
            key="dicethrone.error.no_pack",
            params={"pack": pack},
        )
    heroes: dict[str, Hero] = {}
    try:
        manifest = read_manifest(root / pack)
        if manifest.extends is not None and (
            manifest.extends not in BUILTIN_PACKS or root.resolve() == CONTENT_ROOT.resolve()
        ):
            raise unknown_base(manifest.extends, BUILTIN_PACKS)
    except PackFileError as exc:
        raise _file_error("pack.yaml", exc.line, exc.problem) from None
    if manifest.extends is not None:
        # An entry of the pack replaces the built-in one with its id (a correction).
        heroes.update(load_pack(manifest.extends, CONTENT_ROOT).heroes)
    own: set[str] = set()
    try:
        paths = pack_files(directory, root)
    except PackError as exc:
        raise _file_error(exc.path, 0, exc.problem) from None
    generic = load_generic(root / pack)
    if not generic and manifest.extends is not None:
        generic = load_generic(CONTENT_ROOT / manifest.extends)
    for path in paths:
        hero = _with_generic(load_hero(path), generic)
        if hero.id in own:
            raise ContentError(
                f"{path.name}: hero {hero.id!r} is defined twice",
                key="dicethrone.error.content",
                params={"file": path.name, "line": 1, "field": "id", "detail": "duplicate hero"},
            )
        heroes[hero.id] = hero
        own.add(hero.id)
    return Content(pack=pack, heroes=heroes, generic=generic)
