"""The rulebook's "Exemplo de Bárbaro vs Paladino" ("Dano Final Total")."""

from __future__ import annotations

from engines.dicethrone import actions as a
from engines.dicethrone.content import DamageKind
from engines.dicethrone.rules.damage import Incoming, half_up, resolve
from engines.dicethrone.rules.state import Phase, Step
from tests.engines.dicethrone.helpers import act, defend, keys, start, with_player


def test_procedure_alone_gives_zero_taken_and_nine_back() -> None:
    # 18 incoming; -3 (Divine Defense III), +5 (Get Some!), -3 (Absolution) = 17;
    # Protect twice and Retribution once, each from the same subtotal 17.
    inc = Incoming(
        1, 0, 18, DamageKind.NORMAL, attack=True, added=5, prevented=6, halves=2, reflects=1
    )
    res = resolve(inc)
    assert (res.subtotal, res.total, res.reflected) == (17, 0, 9)


def test_divisions_round_up() -> None:
    assert [half_up(n) for n in (0, 1, 2, 17, 18)] == [0, 1, 1, 9, 9]


def test_damage_type_attributes() -> None:
    # "Tabela de Tipo de Dano": pure and collateral cannot be enhanced,
    # ultimate cannot be reduced or prevented.
    pure = resolve(Incoming(1, 0, 5, DamageKind.PURE, added=3))
    assert pure.total == 5
    ultimate = resolve(Incoming(1, 0, 10, DamageKind.ULTIMATE, added=2, prevented=4, halves=1))
    assert ultimate.total == 12
    assert not DamageKind.UNDEFENDABLE.defendable and DamageKind.UNDEFENDABLE.enhanceable
    assert DamageKind.COLLATERAL.avoidable and not DamageKind.COLLATERAL.enhanceable


def test_barbarian_vs_paladin_through_the_engine() -> None:
    state = start()  # Alice (Barbarian) starts
    state = with_player(state, 0, hand=("grab_someone",), cp=5)
    state = with_player(
        state,
        1,
        hand=("absolution",),
        cp=5,
        statuses={"retribution": 1, "protect": 1},
        board=("holy_defense_3",),
        upgrades={"holy_defense": "holy_defense_3"},
    )
    state, _ = act(state, 0, a.EndPhase())
    state, _ = act(state, 0, a.RollDice(), 1, 2, 3, 6, 6)
    state, _ = act(state, 0, a.Announce("suppress"))  # Subjugar
    assert state.step is Step.RESPONSE
    # 1. Suppress rolls 3 dice: 6+6+6 = 18 incoming damage.
    state, events = act(state, 1, a.Pass(), 6, 6, 6)
    assert "activated" in keys(events)
    assert state.phase is Phase.DEFENSIVE and state.step is Step.DEFENSE
    assert state.ledger[0].amount == 18
    # Spending a token is an Instant Action: the Barbarian (active) may answer
    # first ("Conflitos de Timing"); he passes each time.
    state, _ = act(state, 1, a.Spend("retribution"))  # 2.
    state, _ = act(state, 0, a.Pass())
    state, _ = act(state, 1, a.Spend("protect"))  # 3.
    state, _ = act(state, 0, a.Pass())
    # 4. Divine Defense III rolls 4 dice (S3): helm, helm, helm, pray: prevent 3, gain
    # Protect (2 helms + 1 pray) and 1 CP.
    state, _ = defend(state, 1, 3, 4, 3, 6)
    # Overpower's roll of 18 (14 or more) already inflicted Concussion (printed board).
    assert state.players[1].statuses == {"protect": 1, "concussion": 1}
    assert state.step is Step.FINAL
    # 5. Get Some! ("Pegar Alguém"): 5 dice, 5 swords: +5, Concussion.
    state, _ = act(state, 0, a.PlayCard("grab_someone"), 1, 1, 1, 1, 1)
    assert state.players[1].statuses["concussion"] == 1
    state, _ = act(state, 0, a.Pass())
    # 6. Absolution! is an Instant Action (S3): it waits for the active player's answer,
    # then rolls its die: a helm, prevent 3.
    state, _ = act(state, 1, a.PlayCard("absolution"))
    state, _ = act(state, 0, a.Pass(), 3)
    state, _ = act(state, 1, a.Spend("protect"))  # 7.
    state, _ = act(state, 0, a.Pass())
    state, _ = act(state, 1, a.Pass())
    assert state.phase is Phase.DEFENSIVE  # the Barbarian may still answer
    state, events = act(state, 0, a.Pass())
    assert state.players[1].health == 50  # the Paladin takes 0
    assert state.players[0].health == 41  # the Barbarian takes 9 back
    report = next(r for r in state.reports if r.target == 1)
    assert (report.incoming, report.subtotal, report.total) == (18, 17, 0)
    assert state.phase is Phase.MAIN2
