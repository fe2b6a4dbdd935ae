"""Heroes as data: the shipped pack, provenance and the loader's errors."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engines.core import ContentError, RiggedDice, SetupError
from engines.dicethrone import ENGINE
from engines.dicethrone.content import Content
from engines.dicethrone.content.loader import load_hero, load_pack
from tests.engines.dicethrone.helpers import GOOD, SEATS, write_hero_file

BARBARIAN = ENGINE.load_content(None).heroes["barbarian"]


def test_shipped_pack_loads_the_four_heroes_of_the_rulebook() -> None:
    content = ENGINE.load_content(None)
    assert {"barbarian", "paladin", "gunslinger", "cursed_pirate"} <= set(content.heroes)
    for hero in content.heroes.values():
        assert len(hero.faces) == 6
        if not hero.selectable:  # kept for its recorded facts only (issue 22)
            continue
        assert hero.abilities and hero.defenses and hero.cards
        # One Ultimate Ability per board (reconstructed where the rulebook has none).
        assert sum(1 for a in hero.abilities if a.ultimate) == 1


def test_every_entry_says_where_it_comes_from() -> None:
    for hero in ENGINE.load_content(None).heroes.values():
        entries = [hero, *hero.abilities, *hero.defenses, *hero.statuses, *hero.cards]
        entries += [*hero.passives]
        if hero.flip_side is not None:  # the other side of a double-sided board
            side = hero.flip_side
            entries += [side, *side.abilities, *side.defenses, *side.passives]
        for entry in entries:
            assert entry.source.strip(), entry
            assert isinstance(entry.verified, bool)
            # Verified = checked against a public record, which the source names
            # (S1-S5: docs/content.md, "Dice Throne: provenance").
            if entry.verified:
                assert re.search(r"\bS[1-5]\b", entry.source), entry
    # The printed heroes rebuilt from their public records (issue 22).
    for hero_id in ("barbarian", "gunslinger"):
        hero = ENGINE.load_content(None).heroes[hero_id]
        assert all(
            e.verified for e in (hero, *hero.abilities, *hero.defenses, *hero.statuses, *hero.cards)
        ), hero_id


def test_a_minimal_hero_loads(tmp_path: Path) -> None:
    hero = load_hero(write_hero_file(tmp_path, GOOD))
    assert hero.ability("hit") is not None and hero.symbol(6) == "c"


@pytest.mark.parametrize(
    ("change", "line", "field"),
    [
        (("damage: 3", "damag: 3"), 13, "abilities[0].levels.1[0].effect[0].damag"),
        (("dice: 2,", "dice: 9,"), 15, "defenses[0].dice"),
        (("symbols: {a: 3}", "symbols: {z: 3}"), 1, ""),
        (("complexity: 1", "complexity: 1\ncolour: red"), 4, "colour"),
    ],
)
def test_errors_name_file_line_and_field(
    tmp_path: Path, change: tuple[str, str], line: int, field: str
) -> None:
    with pytest.raises(ContentError) as info:
        load_hero(write_hero_file(tmp_path, GOOD.replace(*change)))
    err = info.value
    assert err.key == "dicethrone.error.content"
    assert err.params["file"] == "tiny.yaml"
    assert err.params["line"] == line
    assert err.params["field"] == field


def test_missing_provenance_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="missing field 'verified'"):
        load_hero(
            write_hero_file(
                tmp_path, GOOD.replace("source: test\nverified: false\ndice", "source: test\ndice")
            )
        )


def test_unknown_pack(tmp_path: Path) -> None:
    with pytest.raises(ContentError) as info:
        load_pack("nope", root=tmp_path)
    assert info.value.key == "dicethrone.error.no_pack"


@pytest.mark.parametrize(
    ("effect", "message"),
    [
        ("[{or: [[{damage: 3}]]}]", "at least two options"),
        ("[{opposed: {ties: maybe, win: [{damage: 3}]}}]", "ties is 'win' or 'lose'"),
        (
            "[{with: {do: [{damage: 3}]}}]",
            "needs symbols, numbers, sum_at_least, sum_at_most or of_a_kind",
        ),
        ("[{damage: {kind: fire, amount: 2}}]", "not one of normal"),
        ("[then, {gain: nothing}]", "unknown status 'nothing'"),
    ],
)
def test_script_errors_are_explained(tmp_path: Path, effect: str, message: str) -> None:
    text = GOOD.replace("effect: [{damage: 3}]", f"effect: {effect}")
    with pytest.raises(ContentError, match=message):
        load_hero(write_hero_file(tmp_path, text))


def test_setup_may_not_stop_for_a_player(tmp_path: Path) -> None:
    text = GOOD.replace("cards: []", "cards: []\nsetup: [{manual: Do something}]")
    with pytest.raises(ContentError, match="setup scripts cannot stop"):
        load_hero(write_hero_file(tmp_path, text))
    passive = "{id: p, name: P, text: T, source: s, verified: false, income: [{manual: X}]}"
    text = GOOD.replace("cards: []", f"cards: []\npassives: [{passive}]")
    with pytest.raises(ContentError, match="income scripts cannot stop"):
        load_hero(write_hero_file(tmp_path, text))


FLIP = """
flip:
  name: Dark
  source: test
  verified: false
  abilities:
    - {id: hit, name: Dark Hit, source: test, verified: false,
       levels: {1: [{requirement: {symbols: {SYMBOL: 3}}, effect: [{damage: 5}]}]}}
  defenses:
    - {id: block, name: Block, dice: 2, source: test, verified: false, levels: {1: [flip]}}
"""


def test_a_double_sided_board_loads_and_its_side_is_checked(tmp_path: Path) -> None:
    hero = load_hero(write_hero_file(tmp_path, GOOD + FLIP.replace("SYMBOL", "a")))
    assert hero.flip_side is not None and hero.flip_side.name == {"en-US": "Dark"}
    dark = hero.on_side(True)
    assert dark.ability("hit") is not None and dark.ability("hit").name["en-US"] == "Dark Hit"  # type: ignore[union-attr]
    assert hero.on_side(False) is hero
    with pytest.raises(ContentError, match="unknown dice symbol 'z'"):
        load_hero(write_hero_file(tmp_path, GOOD + FLIP.replace("SYMBOL", "z")))


def test_when_full_may_not_stop_for_a_player(tmp_path: Path) -> None:
    status = (
        "statuses:\n  - {id: coin, name: Coin, text: T, positive: true, stack_limit: 2,"
        " source: s, verified: false, when_full: [{or: [[flip], [{gain_cp: 1}]]}]}\n"
    )
    with pytest.raises(ContentError, match="cannot stop"):
        load_hero(write_hero_file(tmp_path, GOOD + status))


def test_a_hero_marked_unselectable_is_refused_with_its_reason(tmp_path: Path) -> None:
    text = GOOD + 'unselectable: {en-US: "no public record of its board", pt-BR: "sem registro"}\n'
    hero = load_hero(write_hero_file(tmp_path, text))
    assert not hero.selectable
    content = Content(pack="unselectable", heroes={hero.id: hero, "barbarian": BARBARIAN})
    with pytest.raises(SetupError) as info:
        ENGINE.new_match(
            {"hero1": hero.id, "hero2": "barbarian"}, SEATS, content, RiggedDice([6, 1])
        )
    assert info.value.key == "dicethrone.error.unselectable_hero"
    said = ENGINE.catalog().translate(info.value.key, "pt-BR", **info.value.params)
    assert "sem registro" in said and "ainda não pode ser escolhido" in said
    # The shipped heroes can all be chosen but the Cursed Pirate, whose public records
    # give only part of her board (issue 22, point 1), and the Forgemaster, whose deck is
    # only partly on record and whose Ore mechanics are not automated yet, and the
    # Samurai, whose three tokens' printed stack limits are on no public record.
    shipped = ENGINE.load_content(None).heroes.values()
    assert {h.id for h in shipped if not h.selectable} == {
        "cursed_pirate",
        "forgemaster",
        "samurai",
    }
