"""``python -m bot content list krosmaster --json``: the facts of every built-in entry
(docs/content.md, "Krosmaster Arena: the catalogue")."""

from __future__ import annotations

from engines.core.serde import JSON
from engines.krosmaster.content.schema import ContentPack, FigureDef
from engines.krosmaster.entry import entry_ids

#: Characteristics a figure's record may not give (written ``?`` in the content).
STATS = ("level", "initiative", "hp", "ap", "mp")


def catalogue(pack: ContentPack) -> list[dict[str, JSON]]:
    """One object per entry, ``id`` first, in :func:`entry_ids` order: a Krosmaster's
    printed facts, a summon's, or the kind of a reward or an arena."""
    out: list[dict[str, JSON]] = []
    for entry_id in entry_ids(pack):
        if entry_id in pack.figures:
            out.append(_figure(pack.figures[entry_id]))
        else:
            out.append({"id": entry_id, "kind": "reward" if entry_id in pack.rewards else "arena"})
    return out


def _figure(fig: FigureDef) -> dict[str, JSON]:
    names = dict(fig.names)
    values: dict[str, int | None] = {
        "level": fig.level,
        "initiative": fig.initiative,
        "hp": fig.hp,
        "ap": fig.ap,
        "mp": fig.mp,
    }
    facts: dict[str, JSON] = {
        "id": fig.id,
        "kind": "summon" if fig.summon else "figure",
        "name": names.get("en-US", fig.name),
        "name_pt": names.get("pt-BR", fig.name),
    }
    for stat in STATS:  # a summon has no level or initiative; an unknown value is null
        if fig.summon and stat in ("level", "initiative"):
            continue
        facts[stat] = None if stat in fig.unknown else values[stat]
    if not fig.summon:
        facts["colour"] = fig.colour.value
        facts["boss"] = fig.boss
    facts["playable"] = fig.playable
    facts["source"] = fig.source
    return facts
