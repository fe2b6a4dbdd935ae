"""Every built-in hero against the facts recorded from its public record (issue 22).

``printed/<hero_id>.yaml`` holds a hero's facts in the catalogue's shape (docs/content.md,
"Dice Throne: the catalogue"), recorded from the record its header names; this module
checks each of them against ``python -m bot content list dicethrone --json``, so no later
edit of the content drifts from the printed hero silently. A hero offered in ``/match
new`` needs such a file. ``printed/_generic.yaml`` holds the 18 generic cards.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from bot.__main__ import main
from engines.core.registry import load_games
from engines.dicethrone import ENGINE
from engines.dicethrone.catalogue import catalogue
from engines.dicethrone.content import text_for

PRINTED = Path(__file__).parent / "printed"
CONTENT = ENGINE.load_content(None)
#: The facts a printed file may pin (any it leaves out are not checked).
FACTS = ("id", "name", "dice", "health", "abilities", "defense", "tokens", "cards")


def _recorded(path: Path) -> dict[str, Any]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict), path.name
    return data


HERO_FILES = sorted(p for p in PRINTED.glob("*.yaml") if not p.name.startswith("_"))


def test_the_cli_prints_the_catalogue(capsys: pytest.CaptureFixture[str]) -> None:
    load_games([])
    assert main(["content", "list", "dicethrone", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert listed == json.loads(json.dumps(catalogue(CONTENT)))
    assert all(next(iter(entry)) == "id" for entry in listed)


@pytest.mark.parametrize("path", HERO_FILES, ids=lambda p: p.stem)
def test_each_hero_matches_its_public_record(path: Path) -> None:
    recorded = _recorded(path)
    assert recorded.get("id") == path.stem, "the file is named after the hero's id"
    entry = next((e for e in catalogue(CONTENT) if e["id"] == path.stem), None)
    assert entry is not None, f"{path.stem}: no such hero in the pack"
    unknown = set(recorded) - set(FACTS)
    assert not unknown, f"{path.name}: not catalogue facts: {sorted(unknown)}"
    # A hero rebuilt as printed (verified) pins every fact; one not yet rebuilt pins
    # only those its content already matches (its file says which differ).
    if CONTENT.heroes[path.stem].verified:
        assert set(recorded) == set(FACTS), f"{path.name}: a verified hero pins every fact"
    for fact in FACTS:
        if fact in recorded:
            assert entry[fact] == recorded[fact], f"{path.stem}.{fact}"


def test_every_selectable_hero_has_a_printed_record() -> None:
    recorded = {p.stem for p in HERO_FILES}
    selectable = {h.id for h in CONTENT.heroes.values() if h.selectable}
    assert selectable <= recorded, f"no printed/<id>.yaml for {sorted(selectable - recorded)}"


def test_the_generic_cards_match_their_public_record() -> None:
    recorded = _recorded(PRINTED / "_generic.yaml")["cards"]
    ours = [
        {"name": text_for(c.name, "en-US"), "cost": c.cost, "timing": c.timing.value}
        for c in CONTENT.generic
    ]
    assert ours == recorded
    # Every hero's deck: its own cards plus each generic card once (33 for the printed).
    for hero in CONTENT.heroes.values():
        ids = [c.id for c in hero.cards]
        assert all(ids.count(c.id) == 1 for c in CONTENT.generic), hero.id
    for hero_id in ("barbarian", "gunslinger"):
        assert sum(c.copies for c in CONTENT.heroes[hero_id].cards) == 33
