"""Invariants under random legal play: bounds, card conservation, stack limits."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.core import Action, EngineError, Seat, SeededDice
from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone.content import Content
from engines.dicethrone.rules.aiming import target_options
from engines.dicethrone.rules.cards import spendable
from engines.dicethrone.rules.state import CP_CAP, HEAL_ABOVE_START, START_HEALTH, State
from engines.dicethrone.rules.statuses import tokens_in_play
from tests.engines.dicethrone.helpers import MINI, SEATS

CONTENT = ENGINE.load_content(None)


def _candidates(
    state: State, seat: int, kinds: tuple[str, ...], rng: random.Random
) -> list[Action]:
    flow = ENGINE.flow(state, SeededDice(b"-", 0))
    player = state.players[seat]
    hero = flow.hero(state, seat)
    out: list[Action] = []
    for kind in kinds:
        if kind == "roll":
            out.append(a.RollDice())
        elif kind == "keep":
            out.append(a.Keep(" ".join(str(i) for i in range(1, 6) if rng.random() < 0.5)))
        elif kind == "announce":
            out += [a.Announce(ab.id) for ab in hero.abilities if flow.met(state, seat, ab)]
        elif kind == "no_ability":
            out.append(a.NoAbility())
        elif kind == "defend":
            out.append(a.Defend())
        elif kind == "pass":
            out.append(a.Pass())
        elif kind == "play":
            picks = [f"{i + 1}:{s}" for i, s in tokens_in_play(flow.content, state, hero.id)]
            die = rng.randint(1, 5)
            picks += [f"{die}={rng.randint(1, 6)}", f"{die} {6 - die}", ""]
            picks.append(str(rng.randint(1, len(state.players))))  # a chosen player
            out += [a.PlayCard(c, rng.choice(picks)) for c in ENGINE.playable(flow, state, seat)]
        elif kind == "aim" and state.aiming is not None:
            # An announced card's target: the offered ones, "done", and a wrong one.
            found = target_options(flow, state, seat, state.aiming.card, state.aiming.partial)
            out += [a.Aim(value) for value, _ in found]
            out += [a.Aim("done"), a.Aim(f"{rng.randint(1, 5)}={rng.randint(1, 6)}")]
        elif kind == "sell":
            out += [a.Sell(c) for c in player.hand]
        elif kind == "spend":
            out += [a.Spend(s) for s in spendable(flow, state, seat)]
        elif kind == "end_phase":
            out.append(a.EndPhase())
        elif kind == "choose" and state.choice is not None:
            out += [a.Choose(i) for i in range(1, len(state.choice.options) + 1)]
        elif kind == "target":
            out += [a.Target(o + 1) for o in state.opponents(state.active)]
        elif kind == "adjust":
            other = rng.randint(1, len(state.players))  # a 1-based seat number
            out.append(a.Adjust(seat=other, health=rng.randint(-8, 8), cp=rng.randint(-3, 3)))
        elif kind == "resolved":
            out.append(a.Resolved())
    return out


def _check(state: State, decks: list[Counter[str]], content: Content) -> None:
    for seat, player in enumerate(state.players):
        assert 0 <= player.health <= START_HEALTH + HEAL_ABOVE_START
        # 2 v 2: teammates share one health disc.
        assert all(state.players[m].health == player.health for m in state.teammates(seat))
        assert 0 <= player.cp <= CP_CAP
        cards = Counter(player.hand + player.deck + player.discard + player.board)
        assert cards == decks[seat]
        for status, count in player.statuses.items():
            limit = content.status(status).limit(player.hero) + player.stack_bonus.get(status, 0)
            assert 0 < count <= limit


def _random_match(content: Content, heroes: list[str], seed: int) -> None:
    rng = random.Random(seed)
    key = seed.to_bytes(8, "big")
    options: dict[str, object] = {f"hero{i + 1}": hero for i, hero in enumerate(heroes)}
    options["income_window"] = rng.random() < 0.5  # the opt-in window after Income
    options["upkeep_window"] = rng.random() < 0.5  # the opt-in window after Upkeep
    seats = [*SEATS, Seat(2, "Carla"), Seat(3, "Davi")][: len(heroes)]
    state = ENGINE.new_match(options, seats, content, SeededDice(key, 0))
    decks = [
        Counter(c.id for c in content.heroes[p.hero].cards for _ in range(c.copies))
        for p in state.players
    ]
    _check(state, decks, content)
    for n in range(1, 250):
        if ENGINE.result(state) is not None:
            break
        decisions = ENGINE.pending(state)
        owed = [d for d in decisions if not d.optional]
        assert len(owed) == 1 and decisions[0] is owed[0]  # optional ones come last
        # Sometimes a seat that owes nothing acts at any time (instants, tokens).
        extra = [d for d in decisions if d.optional and rng.random() < 0.3]
        for decision in extra:
            for action in _candidates(state, decision.seat, decision.kinds, rng):
                try:
                    state = ENGINE.apply(state, decision.seat, action, SeededDice(key, n)).state
                    break
                except EngineError:
                    continue
            _check(state, decks, content)
        if extra:
            continue
        decision = owed[0]
        options_ = _candidates(state, decision.seat, decision.kinds, rng)
        rng.shuffle(options_)
        for action in [*options_, decision.default]:
            assert action is not None
            try:
                state = ENGINE.apply(state, decision.seat, action, SeededDice(key, n)).state
                break
            except EngineError:
                continue
        else:
            raise AssertionError(f"no legal action among {decision.kinds}")
        _check(state, decks, content)


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    heroes=st.lists(
        st.sampled_from(["barbarian", "paladin", "gunslinger"]), min_size=2, max_size=2
    ),
)
def test_random_legal_play_keeps_the_invariants(seed: int, heroes: list[str]) -> None:
    _random_match(CONTENT, heroes, seed)


@settings(max_examples=15, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    heroes=st.lists(st.sampled_from(sorted(MINI.heroes)), min_size=2, max_size=2),
)
def test_random_play_with_choices_and_manual_steps(seed: int, heroes: list[str]) -> None:
    _random_match(MINI, heroes, seed)


@settings(max_examples=15, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    heroes=st.lists(
        st.sampled_from(["barbarian", "paladin", "gunslinger"]), min_size=3, max_size=4
    ),
)
def test_random_play_in_king_of_the_hill_and_2v2(seed: int, heroes: list[str]) -> None:
    _random_match(CONTENT, heroes, seed)
