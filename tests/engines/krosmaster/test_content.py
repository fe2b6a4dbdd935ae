"""The content schema and its validating loader (errors name file, line and field)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engines.core import ContentError
from engines.krosmaster.content.loader import load_dir, load_file
from engines.krosmaster.content.schema import ContentPack, EffectKind, Limit, RangeKind
from engines.krosmaster.rules.setup import resolve_team, validate_team
from tests.engines.krosmaster.helpers import examples


def test_the_built_in_pack_loads_and_every_entry_says_where_it_came_from() -> None:
    pack = load_dir()
    assert len(pack.arenas) >= 2
    for fig in pack.figures.values():  # every figure's facts come from a public record
        assert fig.source and fig.verified is True, fig.id
    for arena in pack.arenas.values():
        assert arena.source and len(arena.starts[0]) >= 8 and len(arena.starts[1]) >= 8


def test_tristepan_has_the_stats_of_rule_2_4_6() -> None:
    t = load_dir().figures["tristepan"]
    assert (t.level, t.initiative, t.mp, t.hp, t.ap) == (3, 2, 3, 10, 6)


def test_rulebook_spell_facts_are_encoded() -> None:
    # The rules' spell facts, on the test figures that play the rulebook's examples.
    figs = examples().figures
    engano = next(s for s in figs["vigg-arysta"].spells if s.id == "engano")
    assert (engano.range_kind, engano.range_min, engano.range_max, engano.variable) == (
        RangeKind.RANGED,
        2,
        3,
        True,
    )  # 4.15.3, 4.15.7
    assert engano.effects[0].kind is EffectKind.ARMOUR_PIERCING  # 7.2.6
    assalto = figs["ana-tomya"].spells[0]
    assert assalto.range_kind is RangeKind.LINE and not assalto.variable  # 4.15.4, 4.15.7
    gultar = {s.id: s for s in figs["gultar"].spells}
    assert gultar["vapor-negro"].limit is Limit.PER_TURN  # 4.8.3
    assert gultar["nuvem-sombria"].limit is Limit.PER_GAME
    assert gultar["vapor-negro"].wounds == 2  # 7.1.4.c


def test_every_preset_team_is_legal_and_made_of_playable_figures() -> None:
    pack = load_dir()
    assert pack.teams, "a duel and a multiplayer match need presets"
    for team in pack.teams.values():
        figures = resolve_team(pack, team.id)
        assert all(f.playable for f in figures), team.id
        duo = len(figures) == 2  # chapter 9's duos (9.1.2)
        validate_team(figures, team.format or "constructed", multiplayer=duo)
        if not duo:
            assert sum(f.level for f in figures) == 12  # 1.1.1.b / 1.1.2.b: 12 if possible


def _load(tmp_path: Path, text: str) -> ContentPack:
    path = tmp_path / "pack.yaml"
    path.write_text(text, encoding="utf-8")
    pack = ContentPack()
    load_file(path, pack)
    return pack


FIG = """\
figures:
  - id: x
    name: X
    colour: gold
    level: 1
    initiative: 1
    mp: 3
    hp: 5
    ap: 6
    source: test
    verified: false
"""


def test_a_minimal_figure_loads(tmp_path: Path) -> None:
    assert _load(tmp_path, FIG).figures["x"].hp == 5


def test_an_unknown_field_is_reported_with_file_line_and_field(tmp_path: Path) -> None:
    with pytest.raises(ContentError) as err:
        _load(tmp_path, FIG + "    spels: []\n")
    assert err.value.params["file"] == "pack.yaml"
    assert err.value.params["line"] == 12
    assert err.value.params["field"] == "figures[0].spels"
    assert "unknown field" in str(err.value)


def test_missing_source_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="missing field"):
        _load(tmp_path, FIG.replace("    source: test\n", ""))


def test_ranged_spells_need_bounds_and_melee_has_none(tmp_path: Path) -> None:
    spell = FIG + "    spells:\n      - {id: s, name: S, kind: attack, range: {kind: %s}}\n"
    with pytest.raises(ContentError, match="needs min and max") as err:
        _load(tmp_path, spell % "ranged")
    assert err.value.params["field"] == "figures[0].spells[0].range"
    with pytest.raises(ContentError, match="has no min/max"):
        _load(tmp_path, spell % "melee, min: 1, max: 2")


def test_bad_enum_values_list_the_choices(tmp_path: Path) -> None:
    text = FIG.replace("colour: gold", "colour: silver")
    with pytest.raises(ContentError, match="gold, white, black"):
        _load(tmp_path, text)


def test_effects_need_their_amount_and_bonus_damage_an_element(tmp_path: Path) -> None:
    spell = "{id: s, name: S, kind: attack, range: {kind: melee}, effects: [%s]}"
    base = FIG + "    spells:\n      - " + spell + "\n"
    assert _load(tmp_path, base % "{push: 2}").figures["x"].spells[0].effects[0].amount == 2
    with pytest.raises(ContentError, match="needs an amount"):
        _load(tmp_path, base % "push")
    with pytest.raises(ContentError, match="needs an element"):
        _load(tmp_path, base % "{bonus_damage: 1}")


ARENA = """\
arenas:
  - id: a
    name: A
    source: test
    verified: false
    map: |
      1 1 1
      . T .
      2 2 2
    kamas: {%s: 2}
"""


def test_arena_map_and_kamas(tmp_path: Path) -> None:
    arena = _load(tmp_path, ARENA % "A2").arenas["a"]
    assert (arena.width, arena.height, arena.trees) == (3, 3, ((1, 1),))
    assert arena.kamas == (((0, 1), 2),)
    assert arena.starts[1] == ((0, 2), (1, 2), (2, 2))


def test_kamas_on_a_tree_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="tree or bush") as err:
        _load(tmp_path, ARENA % "B2")
    assert err.value.params["line"] == 10


def test_ragged_maps_and_unknown_characters_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="row 2 has 2 squares"):
        _load(tmp_path, ARENA.replace(". T .", ". T") % "A2")
    with pytest.raises(ContentError, match="unknown map character"):
        _load(tmp_path, ARENA.replace(". T .", ". Q .") % "A2")


def test_invalid_yaml_is_a_content_error(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="invalid YAML"):
        _load(tmp_path, "figures: [\n")
