"""An Attack's decisions form one exchange (the bot gathers them in one post), read
from the phase alone: what a player holds never changes it."""

from __future__ import annotations

from engines.core import Decision
from engines.dicethrone import ENGINE
from engines.dicethrone import actions as a
from engines.dicethrone.rules.state import Phase, State
from tests.engines.dicethrone.helpers import act, start, with_player

Row = tuple[int, str | None, tuple[int, ...], str]


def _owed(state: State) -> list[Decision]:
    return [d for d in ENGINE.pending(state) if not d.optional]


def _row(d: Decision) -> Row:
    return d.seat, d.exchange, d.exchange_seats, d.prompt.key


def _attack(hand: tuple[str, ...]) -> list[Row]:
    """Alice's Smack against Bruno holding ``hand``: every owed decision's seat,
    exchange, exchange seats and prompt, from Main (1) to Main (2)."""
    state = with_player(start(), 1, hand=hand, cp=5)
    seen: list[Row] = []
    state, _ = act(state, 0, a.EndPhase())
    seen += [_row(d) for d in _owed(state)]
    state, _ = act(state, 0, a.RollDice(), 1, 2, 3, 4, 4)
    state, _ = act(state, 0, a.Announce("slap"))
    while state.phase is not Phase.MAIN2:
        decision = _owed(state)[0]
        seen.append(
            (decision.seat, decision.exchange, decision.exchange_seats, decision.prompt.key)
        )
        if "defend" in decision.kinds:
            state, _ = act(state, 1, a.Defend(), 3, 4, 6)
        else:
            state, _ = act(state, decision.seat, a.Pass())
    seen += [_row(d) for d in _owed(state)]
    return seen


def test_an_attack_is_one_exchange_of_both_players() -> None:
    seen = _attack(())
    # Before the announcement and after the last window: no exchange.
    assert seen[0][1] is None and seen[-1][1] is None
    inside = seen[1:-1]
    assert len(inside) >= 4  # response windows, the defence, its windows
    assert {key for _, key, _, _ in inside} == {"attack:1:0"}
    assert all(seats == (0, 1) for _, _, seats, _ in inside)


def test_the_exchange_does_not_depend_on_the_hand() -> None:
    # Bruno holds a card he could play in the windows (Absolution) or nothing: every
    # owed decision of the attack is the same, so its post and pings are the same.
    assert _attack(("absolution",)) == _attack(())
