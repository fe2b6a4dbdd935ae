"""Invariants over random legal play: cards conserved, shields ≥ 0, tree empty between turns;
every menu option a decision offers is accepted. The villains' deck swaps four cards for the
scripted 4.8.5 cards (Cassandra Nova V1, Experimentos Sabotados, Garras Imoladoras, Quebrar
com Tudo), so random play reaches their vocabulary too."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from engines.battlescenes import ENGINE
from engines.battlescenes import actions as a
from engines.battlescenes.content.schema import Pack
from engines.battlescenes.rules import use
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import shields, zones
from engines.core import Action, Decision, EngineError, Seat, SeededDice
from engines.core.model import replace
from tests.engines.battlescenes.helpers import pack, starter

SWAPS = {
    "maximus_v1": "cassandra_nova_v1",
    "planos_de_infiltracao": "experimentos_sabotados",
    "cidade_fantasma": "garras_imoladoras",
    "a_essencia_do_medo": "quebrar_com_tudo",
}


def play_pack() -> Pack:
    """The starter pack with the villains' deck swapping four cards (see the docstring)."""
    base = pack()
    villains = base.decks["viloes"]
    cards = tuple((SWAPS.get(key, key), count) for key, count in villains.cards)
    return replace(base, decks={**base.decks, "viloes": replace(villains, cards=cards)})


def locations(state: State) -> Counter[int]:
    seen: Counter[int] = Counter()
    for p in state.players:
        for zone in (p.deck, p.hand, p.resources, p.prizes, p.set_aside):
            seen.update(zone)
    for item in state.scene:
        seen[item.card] += 1
        seen.update(item.loaded)
    if state.scenario is not None:
        seen[state.scenario] += 1
    return seen


def candidates(state: State, seat: int, kinds: tuple[str, ...], rng: random.Random) -> list[Action]:
    player = state.players[seat]
    hand = list(player.hand)
    mine = [s.card for s in zones.characters(state, seat)]
    found: list[Action] = []
    if "choose" in kinds and state.choice is not None:
        found += [a.Choose(o) for o in state.choice.options]
    if "choose_first" in kinds:
        found.append(a.ChooseFirst(rng.choice((1, 2))))
    if "keep" in kinds:
        found += [a.KeepHand(), a.Mulligan("smaller"), a.Mulligan("reveal")]
    if "initial_resources" in kinds:
        picks = rng.sample(hand, k=rng.randint(0, len(hand)))
        found.append(a.InitialResources(" ".join(map(str, picks))))
    if "play" in kinds:
        found += [a.PlayCard(c) for c in hand] * 3
        found += [a.Capacitate(c, rng.choice(hand)) for c in mine if hand]
        found += [a.Discard(c) for c in hand[:1]] + [a.Yield(c) for c in mine[:1]]
    if "activate" in kinds:
        from engines.battlescenes.rules import activated

        found += [a.Activate(c, i) for c, i, _t in activated.activatable(state, seat)]
    if "keyword" in kinds:
        found += [a.Keyword("item_magico", r, c) for r in player.resources[-3:] for c in mine[:2]]
    if "adjust" in kinds:
        found.append(a.Adjust(""))
    if "use" in kinds:
        for item, action in use.usable(state, seat):
            pool = [s.card for s in state.scene]
            targets = rng.sample(pool, k=min(action.targets, len(pool)))
            found += [a.UseAction(item.card, action.name, " ".join(map(str, targets)), 1)] * 4
    if "pass" in kinds:
        found.append(a.Pass())
    return found


def menu_actions(decision: Decision, rng: random.Random) -> list[Action]:
    """One action per menu of ``decision``, with random values among its options."""
    found: list[Action] = []
    for selection in decision.selections:
        values = [o.value for o in selection.options]
        count = rng.randint(max(selection.min_values, 1), max(selection.max_values, 1))
        chosen = rng.sample(values, k=min(count, len(values))) if selection.many else values[:1]
        if not selection.many:
            chosen = [rng.choice(values)]
        found.append(ENGINE.parse_action(selection.action(chosen)))
    return found


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**31))
def test_random_play_keeps_the_invariants(seed: int) -> None:
    _play(seed, play_pack())


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**31))
@example(3314)  # a character returned to the hand by an effect that its leaving ended
def test_random_play_of_the_starter_decks_as_printed_keeps_the_invariants(seed: int) -> None:
    _play(seed, starter())


def _play(seed: int, content: Pack) -> None:
    """Random legal play from the set-up, checking the invariants after every move."""
    rng = random.Random(seed)
    seats = [Seat(0, "Ana"), Seat(1, "Bruno")]
    state = ENGINE.new_match({}, seats, content, SeededDice(seed.to_bytes(8, "big"), 0))
    total = len(state.cards)
    catalog = ENGINE.catalog()
    for n in range(1, 160):
        decisions = ENGINE.pending(state)
        if not decisions:
            assert ENGINE.result(state) is not None
            break
        decision = decisions[0]
        assert catalog.has(decision.prompt.key), decision.prompt.key
        # The tree is empty whenever the decision is not a choice inside its resolution.
        if "choose" not in decision.kinds:
            assert state.tree == () and state.choice is None
        dice = SeededDice(seed.to_bytes(8, "big"), n)
        menus = menu_actions(decision, rng)
        for action in menus:  # what a menu offers, the engine accepts
            ENGINE.apply(state, decision.seat, action, dice)
        options = candidates(state, decision.seat, decision.kinds, rng) + menus * 2
        rng.shuffle(options)
        for action in options:
            try:
                outcome = ENGINE.apply(state, decision.seat, action, dice)
            except EngineError as exc:  # every refusal has words for the player
                assert catalog.has(exc.key), exc.key
                continue
            for event in outcome.events:
                assert catalog.has(event.for_seat(None).key), event.key
                assert catalog.has(event.key), event.key
            state = outcome.state
            break
        else:
            raise AssertionError(f"no legal action among {options} for {decision}")
        seen = locations(state)
        assert sorted(seen) == list(range(total)) and set(seen.values()) == {1}
        for item in state.scene:
            assert shields.shield(state, item) >= 0 and 0 <= item.stage <= 2
            assert item.controller == state.cards[item.card].owner  # 8.D
        if state.phase is Phase.OVER:
            break
