"""Loads and validates Krosmaster content YAML (assets/content/krosmaster/).

Errors are :class:`ContentError`s naming the file, the line and the field, so
a community editing a pack sees exactly what to fix. The format is the public
interface documented in docs/krosmaster.md.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import cache
from pathlib import Path

import yaml

from engines.core import ContentError, serde
from engines.core.packs import (
    PackError,
    PackFileError,
    pack_files,
    read_manifest,
    read_yaml,
    unknown_base,
)
from engines.krosmaster.content.conditions import parse_condition, parse_static
from engines.krosmaster.content.node import Fields, Node
from engines.krosmaster.content.rewards import parse_reward
from engines.krosmaster.content.roster import load_roster
from engines.krosmaster.content.schema import (
    UNGAINABLE,
    ArenaDef,
    ContentPack,
    EffectKind,
    FigureDef,
    NameColour,
    Power,
    PowerDef,
    Team,
)
from engines.krosmaster.content.spells import parse_spell
from engines.krosmaster.geometry import Square

CONTENT_DIR = Path(__file__).resolve().parents[3] / "assets" / "content" / "krosmaster"
#: The name a pack's manifest gives the built-in content it extends (``extends: default``).
BUILTIN_PACK = "default"

#: Map characters of an arena (docs/krosmaster.md).
MAP_LEGEND = {
    ".": "free",
    "T": "tree",
    "b": "bush",
    "x": "box",
    "D": "demonic",
    "1": "start0",
    "2": "start1",
    "3": "start2",  # 9.2.4: four-sided arenas number their sides 1-4 clockwise
    "4": "start3",
}


def _aura(f: Fields[Node], power: Power) -> PowerDef:
    """A keyword the units adjacent to the bearer have while they stand there (4.18.4.e)."""
    to = f["aura"].text()
    if to not in ("allies", "enemies", "all"):
        raise f["aura"].fail("aura is one of: allies, enemies, all")
    if power in UNGAINABLE or set(f.children) - {"while"} != {"power", "aura"}:
        raise f["power"].fail("an aura gives one keyword power, without Retribuição/Revanche")
    return PowerDef(power, aura=to)


def _power(node: Node) -> PowerDef:
    if isinstance(node.node, yaml.ScalarNode):
        power = node.choice(Power)
        if power in (Power.MANUAL, Power.LOOT):
            raise node.fail("write {manual: Name, text: ...} or {loot: X}")
        return PowerDef(power)
    if isinstance(node.node, yaml.MappingNode) and any(
        k.value == "power" for k, _ in node.node.value
    ):
        # {power: armour, retribution: 2}: a keyword after Retribuição/Revanche X;
        # {power: armour, while: {adjacent: Tofu}}: only while the condition holds (4.18.4.e).
        f = node.fields({"power", "retribution", "revenge", "aura", "while"}, {"power"})
        power = f["power"].choice(Power)
        condition = parse_condition(f["while"]) if "while" in f else None
        if "aura" in f:  # 4.18.4.e: {power: resist_all, aura: allies}
            return replace(_aura(f, power), condition=condition)
        gates = [g for g in ("retribution", "revenge") if g in f]
        if power in (Power.MANUAL, Power.LOOT) or len(gates) > 1:
            raise node.fail("write {power: keyword, retribution: X} or {..., revenge: X}")
        if not gates:
            if condition is None:
                raise node.fail("write {power: keyword, while: {...}} or {..., retribution: X}")
            return PowerDef(power, condition=condition)
        gate, count = gates[0], f[gates[0]].integer(1, 9)
        return PowerDef(power, gate=gate, gate_count=count, condition=condition)
    if isinstance(node.node, yaml.MappingNode) and any(
        k.value == "static" for k, _ in node.node.value
    ):
        return parse_static(node)  # 4.18.4.a/e: {static: 1, stat: mp, while: {...}}
    if isinstance(node.node, yaml.MappingNode) and any(
        k.value == "loot" for k, _ in node.node.value
    ):
        loot = node.mapping({"loot"}, {"loot"})
        return PowerDef(Power.LOOT, amount=loot["loot"].integer(1, 20))  # 4.9.29 Saque X
    f = node.fields({"manual", "text", "when", "leaves"}, {"manual", "text"})
    when = f.get("when", Node.text, "")
    if when not in ("", "start_of_fight"):
        raise f["when"].fail("when is: start_of_fight (1.3.10)")
    if "when" in f and "leaves" in f:
        raise f["leaves"].fail("leaves is a knock-out power, not a start-of-fight one")
    return PowerDef(
        Power.MANUAL,
        name=f["manual"].text(),
        text=f["text"].text(),
        start_of_fight=when == "start_of_fight",
        leaves=f.get("leaves", Node.text, ""),
    )


def _figure(node: Node, summon: bool) -> FigureDef:
    base = {"id", "name", "hp", "mp", "ap", "source", "verified", "types", "spells", "powers"}
    hero = {"version", "colour", "level", "initiative", "playable"}
    f = node.fields(base | (set() if summon else hero), {"id", "name", "hp", "source", "verified"})
    if not summon:
        for key in ("level", "initiative", "mp", "ap", "colour"):
            if key not in f:
                raise node.fail(f"missing field: {key}")

    unknown = tuple(
        k for k in ("level", "initiative", "hp", "mp", "ap") if k in f and _unknown(f[k])
    )
    playable = f.get("playable", Node.boolean, True)
    if unknown and playable:
        raise f[unknown[0]].fail("'?' (not known) only on a figure with playable: false")

    def dash(n: Node) -> int | None:
        # 4.3.4.b / 4.11.1: a dash (written "-" or null) means no such characteristic.
        return None if n.scalar() in ("-", None, "?") else n.integer(0, 20)

    def number(low: int, high: int) -> Callable[[Node], int]:
        return lambda n: 0 if _unknown(n) else n.integer(low, high)

    spells = tuple(parse_spell(s) for s in f["spells"].items()) if "spells" in f else ()
    ids = [s.id for s in spells]
    if len(set(ids)) != len(ids) or "punch" in ids:
        raise f["spells"].fail("spell ids must be unique and not 'punch' (4.8.5 is built in)")
    name, names = f["name"].name()
    return FigureDef(
        id=f["id"].text(),
        name=name,
        names=names,
        hp=number(0 if summon else 1, 99)(f["hp"]),  # 4.19.7: traps have no HP
        mp=f.get("mp", dash, None),
        ap=f.get("ap", dash, None),
        source=f["source"].text(),
        verified=f["verified"].boolean(),
        version=f.get("version", lambda n: str(n.scalar() or ""), ""),
        colour=f.get("colour", lambda n: n.choice(NameColour), NameColour.BLACK),
        types=tuple(t.text() for t in f["types"].items()) if "types" in f else (),
        level=f.get("level", number(0, 12), 0),
        initiative=f.get("initiative", number(0, 30), 0),
        summon=summon,
        spells=spells,
        powers=tuple(_power(p) for p in f["powers"].items()) if "powers" in f else (),
        playable=playable,
        unknown=unknown,
    )


def _unknown(node: Node) -> bool:
    """A characteristic written ``?``: no public record gives it."""
    return isinstance(node.node, yaml.ScalarNode) and node.node.value == "?"


def _arena(node: Node) -> ArenaDef:
    f = node.mapping({"id", "name", "source", "verified", "map", "kamas"}, {"id", "name", "map"})
    rows = [r.split() for r in f["map"].text().splitlines() if r.strip()]
    width = len(rows[0])
    cells: dict[str, list[Square]] = {v: [] for v in MAP_LEGEND.values()}
    for y, row in enumerate(rows):
        if len(row) != width:
            raise f["map"].fail(f"row {y + 1} has {len(row)} squares, expected {width}")
        for x, ch in enumerate(row):
            if ch not in MAP_LEGEND:
                raise f["map"].fail(f"unknown map character {ch!r} at {x + 1},{y + 1}")
            cells[MAP_LEGEND[ch]].append((x, y))
    kamas: list[tuple[Square, int]] = []
    if "kamas" in f:
        for key_node, value in (
            f["kamas"].node.value if isinstance(f["kamas"].node, yaml.MappingNode) else []
        ):
            where = f["kamas"].child(key_node, f["kamas"].below(str(key_node.value)))
            sq = where.square()
            if sq in cells["tree"] or sq in cells["bush"]:
                raise where.fail("kamas cannot lie on a tree or bush")
            kamas.append((sq, where.child(value, where.path).integer(1, 9)))
    if not cells["start0"] or not cells["start1"]:
        raise f["map"].fail("the map needs starting squares 1 and 2 (1.3.9)")
    if bool(cells["start2"]) != bool(cells["start3"]):
        raise f["map"].fail("a four-sided map needs starting squares 1, 2, 3 and 4 (9.2.4)")
    sides = ("start0", "start1", "start2", "start3") if cells["start2"] else ("start0", "start1")
    name, names = f["name"].name()
    return ArenaDef(
        id=f["id"].text(),
        name=name,
        names=names,
        width=width,
        height=len(rows),
        source=f["source"].text(),
        verified=f["verified"].boolean(),
        trees=tuple(cells["tree"]),
        bushes=tuple(cells["bush"]),
        boxes=tuple(cells["box"]),
        demonic=tuple(cells["demonic"]),
        kamas=tuple(kamas),
        starts=tuple(tuple(cells[side]) for side in sides),
    )


def _file_error(shown: str, line: int, problem: str) -> ContentError:
    """A file that cannot be read (size, UTF-8, YAML, links), worded like any content error."""
    return ContentError(
        f"{shown}, line {line}: {problem}",
        key="krosmaster.error.content",
        params={"file": shown, "line": line, "field": "-", "problem": problem},
    )


def load_file(path: Path, pack: ContentPack, name: str | None = None) -> None:
    """Validate one YAML file and add its entries to ``pack``."""
    shown = name or path.name
    try:
        root = read_yaml(path)
    except PackFileError as exc:
        raise _file_error(shown, exc.line, exc.problem) from None
    if root is None:
        return
    top = Node(root, shown).mapping({"figures", "summons", "arenas", "teams", "rewards"})
    for key, summon in (("figures", False), ("summons", True)):
        for item in top[key].items() if key in top else []:
            fig = _figure(item, summon)
            if fig.id in pack.figures:
                raise item.fail(f"duplicate id {fig.id!r}")
            pack.figures[fig.id] = fig
    for item in top["arenas"].items() if "arenas" in top else []:
        arena = _arena(item)
        if arena.id in pack.arenas:
            raise item.fail(f"duplicate arena id {arena.id!r}")
        pack.arenas[arena.id] = arena
    for item in top["rewards"].items() if "rewards" in top else []:
        reward = parse_reward(item)
        if reward.id in pack.rewards:
            raise item.fail(f"duplicate reward id {reward.id!r}")
        pack.rewards[reward.id] = reward
    for item in top["teams"].items() if "teams" in top else []:
        t = item.mapping({"id", "name", "figures", "format"}, {"id", "name", "figures"})
        name, names = t["name"].name()
        figures = tuple(x.text() for x in t["figures"].items())
        fmt = t["format"].text() if "format" in t else ""
        if fmt not in ("", "constructed", "limited"):
            raise t["format"].fail("format is constructed or limited (1.1.1, 1.1.2)")
        team = Team(t["id"].text(), name, figures, names, format=fmt)
        pack.teams[team.id] = team


def load_dir(directory: Path = CONTENT_DIR, root: Path | None = None) -> ContentPack:
    """Load every ``*.yaml`` under ``directory`` (sorted) and cross-check references;
    ``root`` is the content directory it was found in (``engines.core.packs``)."""
    pack = ContentPack()
    try:
        manifest = read_manifest(directory)
        if manifest.extends is not None and manifest.extends != BUILTIN_PACK:
            raise unknown_base(manifest.extends, [BUILTIN_PACK])
    except PackFileError as exc:
        raise _file_error("pack.yaml", exc.line, exc.problem) from None
    try:
        paths = pack_files(directory, root or directory, recursive=True)
    except PackError as exc:
        raise _file_error(exc.path, 0, exc.problem) from None
    for path in paths:
        load_file(path, pack, str(path.relative_to(directory)))
    if manifest.extends is not None:
        # An entry of the pack replaces the built-in one with its id (a correction).
        base = builtin_pack()
        pack = ContentPack(
            {**base.figures, **pack.figures},
            {**base.arenas, **pack.arenas},
            {**base.teams, **pack.teams},
            {**base.rewards, **pack.rewards},
        )
    for fig in pack.figures.values():
        for spell in fig.spells:
            for e in spell.effects:
                wanted = pack.figures.get(e.figure or "")
                if e.kind is EffectKind.SUMMON and (wanted is None or not wanted.summon):
                    raise ContentError(
                        f"{fig.id}.{spell.id}: unknown summon {e.figure!r}",
                        key="krosmaster.error.content",
                        params={
                            "file": "-",
                            "line": 0,
                            "field": f"{fig.id}.{spell.id}",
                            "problem": f"unknown summon {e.figure!r}",
                        },
                    )
    for fig in pack.figures.values():
        for power in fig.powers:
            left = pack.figures.get(power.leaves)
            if power.leaves and (left is None or not left.summon):
                raise ContentError(
                    f"{fig.id}: unknown token {power.leaves!r} left on a knock-out",
                    key="krosmaster.error.content",
                    params={
                        "file": "-",
                        "line": 0,
                        "field": f"{fig.id}.powers",
                        "problem": f"unknown summon {power.leaves!r}",
                    },
                )
    for team in pack.teams.values():
        for fid in team.figures:
            if fid not in pack.figures or pack.figures[fid].summon:
                raise ContentError(
                    f"team {team.id}: unknown Krosmaster {fid!r}",
                    key="krosmaster.error.content",
                    params={"file": "-", "line": 0, "field": f"teams.{team.id}", "problem": fid},
                )
    return pack


#: Every other printed Krosmaster, by its stat line only (``content/roster.py``).
ROSTER = CONTENT_DIR / "roster.csv"


@cache
def builtin_pack() -> ContentPack:
    """The built-in content (read once): the pack files, then the printed roster for the
    figures they do not define; states read back from the database share its figures,
    arenas and rewards (``serde.share``) instead of holding copies."""
    pack = load_dir()
    roster = {k: f for k, f in load_roster(ROSTER).items() if k not in pack.figures}
    pack.figures.update(roster)
    for defs in (pack.figures, pack.arenas, pack.rewards):
        serde.share(defs.values(), "id")
    return pack
