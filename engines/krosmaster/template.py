"""A ready single-file pack completing a not-yet-playable Krosmaster from one's own card
(``/content template`` in Discord, ``python -m bot content template krosmaster FIGURE``;
docs/krosmaster.md, "Completing a figure"): the printed stats filled in, the powers and
spells left for the card's owner."""

from __future__ import annotations

import yaml

from engines.core.i18n import fold
from engines.krosmaster.content.schema import ContentPack, FigureDef

HEADER = """\
# Completes {name} ({id}) from your own card. Upload this file as it is, once filled in:
#   /content upload file:{id}.yaml game:krosmaster name:<your pack>
# It replaces the built-in stat line with the same id for your server only. Its stats
# come from the public record ({record}): check them against your card.
# 1. Write the card's powers and spells (docs/content.md, "Krosmaster Arena: a figure
#    with spells and powers"; every field in docs/krosmaster.md).
# 2. Replace every "?" with the number printed on your card.
# 3. Delete the line "playable: false": the figure can then join a team.
# The upload checks it and names any wrong line (the bot's operators can check it first
# with: python -m bot content check DIR/krosmaster/<your pack>).
"""

EXAMPLE = """\
  # powers: [lock]                       # 4.9 keywords, or {manual: Name, text: ...}
  # spells:
  #   - id: my-spell                      # a plain id, unique on the card
  #     name: Spell name as printed
  #     kind: attack                      # attack | heal | special
  #     element: fire                     # attack: earth | fire | water | air | neutral
  #     range: {kind: ranged, min: 1, max: 3}   # melee | ranged | line | personal
  #     cost: {ap: 3}
  #     amount: 2                         # damage or heal
  #     effects: [{push: 1}]              # additional effects, in card order
"""


def find(pack: ContentPack, query: str) -> FigureDef | None:
    """A Krosmaster by id or by a name in any locale (case and accents ignored)."""
    wanted = fold(query.strip())
    for fig in pack.figures.values():
        names = [fig.id, fig.name, *(n for _, n in fig.names)]
        if not fig.summon and wanted in (fold(n) for n in names):
            return fig
    return None


def template(pack: ContentPack, query: str) -> str | None:
    """The YAML text of the pack for ``query``'s figure; ``None`` for no such Krosmaster."""
    fig = find(pack, query)
    if fig is None:
        return None
    entry: dict[str, object] = {"id": fig.id}
    entry["name"] = dict(fig.names) if fig.names else fig.name
    if fig.version:
        entry["version"] = fig.version
    entry["colour"] = fig.colour.value
    if fig.types:
        entry["types"] = list(fig.types)
    values = {"level": fig.level, "initiative": fig.initiative, "mp": fig.mp, "hp": fig.hp}
    values["ap"] = fig.ap
    for stat, value in values.items():
        entry[stat] = "?" if stat in fig.unknown else ("-" if value is None else value)
    if not fig.playable:
        entry["playable"] = False
    record = fig.source.split(":")[0]
    entry["source"] = f"Completed from our own card; the printed stats as in {record}"
    entry["verified"] = True
    body = yaml.safe_dump({"figures": [entry]}, allow_unicode=True, sort_keys=False, width=100)
    return HEADER.format(name=fig.name, id=fig.id, record=record) + body + EXAMPLE
