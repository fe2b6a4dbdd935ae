"""The heroes added for issue 22: each matches the facts recorded from its public
record (``printed/<id>.yaml``), and plays whole seeded matches to their end in
1 v 1, King of the Hill and 2 v 2 with its deck, tokens and alternate abilities."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from engines.core import ContentError, EngineError, Seat, SeededDice
from engines.dicethrone import ENGINE
from engines.dicethrone.content import Ability, DamageKind, Hero, Script, Variant, text_for
from engines.dicethrone.content.loader import load_hero
from engines.dicethrone.rules.state import START_HEALTH, State
from tests.engines.dicethrone.helpers import GOOD, SEATS, write_hero_file
from tests.engines.dicethrone.test_properties import _candidates, _check

CONTENT = ENGINE.load_content(None)
PRINTED = Path(__file__).parent / "printed"
#: The 18 generic cards every deck holds (pinned by test_printed_heroes.py).
GENERIC = {c.id for c in CONTENT.generic}
#: The heroes this branch adds (the first four are checked by their own module).
NEW_HEROES = ("ninja",)


def _printed(hero_id: str) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((PRINTED / f"{hero_id}.yaml").read_text("utf-8"))
    return data


def _requirement(hero: Hero, row: Variant) -> str:
    req = row.requirement
    if req.straight:
        return "small straight" if req.straight == 4 else "large straight"
    if req.of_a_kind:
        return f"{req.of_a_kind} of a kind"
    return " + ".join(f"{n} {sym}" for sym, n in req.symbols.items())


def _fixed_damage(effect: Script) -> int:
    return sum(s.amount for s in effect if s.op == "damage" and not s.roll_sum and not s.per)


def _undefendable(effect: Script) -> bool:
    return any(s.op == "damage" and s.kind is DamageKind.UNDEFENDABLE for s in effect)


def _board(hero: Hero) -> list[tuple[Ability, Variant]]:
    """The board's rows at level I (alternate abilities have none there)."""
    return [(ab, row) for ab in hero.abilities for row in ab.levels[1]]


@pytest.mark.parametrize("hero_id", NEW_HEROES)
def test_the_hero_matches_its_public_record(hero_id: str) -> None:
    printed, hero = _printed(hero_id), CONTENT.heroes[hero_id]
    assert printed["id"] == hero.id and printed["name"] == text_for(hero.name, "en-US")
    assert printed["dice"] == list(hero.faces) and printed["health"] == START_HEALTH
    rows = _board(hero)
    assert len(rows) == len(printed["abilities"])
    for (ability, row), fact in zip(rows, printed["abilities"], strict=True):
        where = (fact["name"], fact["requirement"])
        assert text_for(ability.name, "en-US") == fact["name"], where
        assert _requirement(hero, row) == fact["requirement"], where
        assert ability.ultimate == fact["ultimate"], where
        # An Ultimate's damage is never defended ("Tipos de Dano").
        assert (ability.ultimate or _undefendable(row.effect)) == fact["undefendable"], where
        if fact["damage"] is not None:
            assert _fixed_damage(row.effect) == fact["damage"], where
        else:  # damage that depends on dice: the row rolls them
            assert any(s.op == "roll" for s in row.effect), where
    defenses = [{"name": text_for(d.name, "en-US"), "dice": d.dice} for d in hero.defenses]
    assert printed["defense"] == defenses
    tokens = [{"name": text_for(s.name, "en-US"), "stack": s.stack_limit} for s in hero.statuses]
    assert tokens == printed["tokens"]
    cards = [
        {"name": text_for(c.name, "en-US"), "cost": c.cost, "timing": c.timing.value}
        for c in hero.cards
        if c.id not in GENERIC
    ]
    assert cards == printed["cards"]
    assert all(c.copies == 1 for c in hero.cards)  # one of each record (S1)
    header = (PRINTED / f"{hero_id}.yaml").read_text("utf-8")
    assert "d68df0b" in header and "d68df0b" in hero.source


def ended_matches(heroes: list[str], seeds: range) -> Counter[str]:
    """What seeded whole matches of ``heroes`` used (each played to its end, checked)."""
    used: Counter[str] = Counter()
    for seed in seeds:
        state, seen = _play_to_end(heroes, seed)
        assert ENGINE.result(state) is not None
        used += seen
    return used


def _play_to_end(heroes: list[str], seed: int, limit: int = 4000) -> tuple[State, Counter[str]]:
    """A whole match of random legal moves (the property tests' chooser), checking
    the invariants after each; returns the end and what the new heroes used."""
    rng = random.Random(seed)
    key = seed.to_bytes(8, "big")
    options: dict[str, object] = {f"hero{i + 1}": hero for i, hero in enumerate(heroes)}
    seats = [*SEATS, Seat(2, "Carla"), Seat(3, "Davi")][: len(heroes)]
    state = ENGINE.new_match(options, seats, CONTENT, SeededDice(key, 0))
    decks = [
        Counter(c.id for c in CONTENT.heroes[p.hero].cards for _ in range(c.copies))
        for p in state.players
    ]
    used: Counter[str] = Counter()
    for n in range(1, limit):
        if ENGINE.result(state) is not None:
            return state, used
        decisions = ENGINE.pending(state)
        owed = [d for d in decisions if not d.optional]
        extra = [d for d in decisions if d.optional and rng.random() < 0.3]
        todo = extra or owed
        for decision in todo:
            candidates = _candidates(state, decision.seat, decision.kinds, rng)
            rng.shuffle(candidates)
            fallback = [] if decision.optional else [decision.default]
            for action in [*candidates, *fallback]:
                assert action is not None
                try:
                    out = ENGINE.apply(state, decision.seat, action, SeededDice(key, n))
                except EngineError:
                    continue
                state = out.state
                for event in out.events:
                    used[event.key.removeprefix("dicethrone.event.")] += 1
                    for value in event.params.values():
                        if isinstance(value, dict) and "en-US" in value:
                            used[value["en-US"]] += 1
                break
            else:
                assert decision.optional, f"no legal action among {decision.kinds}"
            _check(state, decks, CONTENT)
    raise AssertionError(f"no end after {limit} moves: {heroes}, seed {seed}")


@pytest.mark.parametrize("hero_id", NEW_HEROES)
@pytest.mark.parametrize(
    ("others", "seeds"),
    [
        (["barbarian"], range(3)),  # 1 v 1
        (["ninja"], range(3, 5)),  # a mirror match
        (["gunslinger", "paladin"], range(5, 7)),  # King of the Hill
        (["ninja", "barbarian", "gunslinger"], range(7, 9)),  # 2 v 2
    ],
)
def test_seeded_matches_with_the_hero_end(hero_id: str, others: list[str], seeds: range) -> None:
    used: Counter[str] = Counter()
    for seed in seeds:
        state, seen = _play_to_end([hero_id, *others], seed)
        assert ENGINE.result(state) is not None
        used += seen
    hero = CONTENT.heroes[hero_id]
    # The hero really played: it activated abilities and its tokens came and went.
    assert used["activated"] and used["status_gained"]
    names = {text_for(s.name, "en-US") for s in hero.statuses}
    assert any(used[name] for name in names), (used.most_common(20), names)


@pytest.mark.parametrize(
    ("ability", "message"),
    [
        # An ability with no row on the printed board must be an alternate one.
        (
            "{id: alt, name: Alt, source: t, verified: false, levels: {2: []}}",
            "level 1 \\(the printed board\\) is required",
        ),
        (
            "{id: alt, name: Alt, unlocked_by: nope, source: t, verified: false, levels: {2: []}}",
            "unlocked_by names no ability 'nope'",
        ),
    ],
)
def test_alternate_abilities_are_checked_when_loaded(
    tmp_path: Path, ability: str, message: str
) -> None:
    text = GOOD.replace("defenses:", f"  - {ability}\ndefenses:")
    with pytest.raises(ContentError, match=message):
        load_hero(write_hero_file(tmp_path, text))


def test_an_end_of_turn_script_may_not_stop_for_a_player(tmp_path: Path) -> None:
    status = (
        "statuses:\n  - {id: s, name: S, text: T, positive: false, stack_limit: 1,"
        " source: t, verified: false, end_of_turn: [{choose_player: {do: [{damage: 1}]}}]}\n"
    )
    with pytest.raises(ContentError, match="cannot stop for a player"):
        load_hero(write_hero_file(tmp_path, GOOD.replace("cards: []", f"cards: []\n{status}")))
