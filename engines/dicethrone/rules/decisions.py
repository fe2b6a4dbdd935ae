"""Who must (or may) decide what now: the engine's ``pending`` ("Subdivisões do Turno").

Owed decisions follow the turn: the active player's Main and Discard phases
and offensive roll, the defender's Defensive Ability, reaction windows (one
seat at a time, the active player first: "Conflitos de Timing"), paused
scripts ("Ou", "Então", manual steps) and a non-active player's waiting
instant action. Besides these, a seat that owes nothing may act at any time
while nothing is being resolved ("Cartas de Ação Instantânea", "Efeitos de
Status Gastáveis": an *optional* decision, never awaited): play an Instant
Action card or spend a token, and during the opponent's offensive roll play
Roll-Phase cards between roll attempts ("Cartas de Ação da Fase de Rolagem").

Windows carry the standing preference ``dicethrone.autopass``: a player who
turned it on passes at once when they hold nothing to play or spend.
"""

from __future__ import annotations

from engines.core import Action, Decision, IllegalActionError, Message
from engines.core.model import replace
from engines.dicethrone import actions as a
from engines.dicethrone.content import Timing
from engines.dicethrone.rules import board_actions, stun
from engines.dicethrone.rules.aiming import target_options
from engines.dicethrone.rules.cards import check_card, spendable
from engines.dicethrone.rules.state import Phase, State, Step
from engines.dicethrone.rules.targeting import choosers
from engines.dicethrone.rules.turn import Flow

AUTOPASS = "dicethrone.autopass"


def pending(flow: Flow, state: State) -> list[Decision]:
    """Owed decisions first (the first is who the match waits for), then optional ones
    (without their menus: :mod:`engines.dicethrone.menus` adds those)."""
    if state.phase is Phase.OVER:
        return []
    owed = [_in_exchange(state, d) for d in _owed(flow, state)]
    owing = {d.seat for d in owed if not d.optional}
    return [*owed, *_any_time(flow, state, owing)]


def _in_exchange(state: State, decision: Decision) -> Decision:
    """Mark an owed decision of an Attack: from the announcement to the last window
    ("Subdivisões do Turno" 4.2–6.6) every decision belongs to the active player's
    attack of this turn, which may ask every player still in the match. Read from
    the phase and step alone (public), never from what anyone holds."""
    attacking = state.phase in (Phase.OFFENSIVE, Phase.DEFENSIVE) and state.step is not Step.ROLLING
    if decision.optional or not attacking:
        return decision
    seats = (state.active, *(s for s in state.order_from(state.active) if s != state.active))
    key = f"attack:{state.turn}:{state.active}"
    return replace(decision, exchange=key, exchange_seats=seats)


def _any_time(flow: Flow, state: State, owing: set[int]) -> list[Decision]:
    """Instant actions of seats that owe nothing, while nothing is being resolved
    or while a window waits for someone else.

    The kinds do not depend on the hand, so pending decisions reveal no card;
    playing checks the timing and costs like any other play. In an open window
    a seat that is not being waited on may only use an Instant Action (an
    instant card or a token), which waits for the active player's answer
    ("Conflitos de Timing").
    """
    if state.stack or state.queued is not None or state.aiming is not None:
        return []  # a script resolves, an instant action or a card's target waits
    quiet = state.phase in (Phase.MAIN1, Phase.MAIN2, Phase.DISCARD) or state.step in (
        Step.ROLLING,
        Step.DEFENSE,
    )
    if not quiet and flow.window_seat(state) is None:
        return []
    # In a window only its seats may act (an activated Ultimate locks its opponents out).
    seats = range(len(state.players)) if quiet else flow.window_order(state)
    prompt = Message("dicethrone.prompt.any_time")
    return [
        Decision(seat, ("play", "spend", "use"), prompt, optional=True)
        for seat in sorted(seats)
        if seat not in owing
        and state.alive(seat)
        and not stun.locked_out(flow.content, state, seat)  # the Pyromancer's Stun
    ]


def out_of_turn(flow: Flow, state: State, seat: int, kind: str, what: str) -> None:
    """In an open window only the seat waited on plays freely; others may use an
    Instant Action (instant card or token), never a Roll-Phase card."""
    waiting = flow.window_seat(state)
    if waiting is None or waiting == seat or state.stack or state.queued is not None:
        return
    windows = (
        Step.UPKEEP_END,
        Step.INCOME_END,
        Step.RESPONSE,
        Step.TARGET_ROLLED,
        Step.FIRST_ROLLED,
        Step.DEFENSE_ROLLED,
        Step.FINAL,
    )
    if state.step not in windows:
        return
    if kind in ("spend", "use"):
        return
    card = flow.hero(state, seat).card(what)
    if card is not None and card.timing is not Timing.INSTANT:
        raise IllegalActionError(
            "Wait for your turn in this window (only Instant Actions answer now).",
            key="dicethrone.error.wait_window",
            rule="Conflitos de Timing",
        )


def _owed(flow: Flow, state: State) -> list[Decision]:
    if state.aiming is not None:
        # A card announced without its target: its player names one (by default
        # the first legal one, never applied automatically).
        return [_aim(flow, state)]
    ch = state.choice
    if ch is not None and ch.manual:
        prompt = Message("dicethrone.prompt.manual", {"text": dict(ch.manual)})
        return [Decision(ch.seat, ("adjust", "resolved"), prompt, a.Resolved())]
    if state.queued is not None:
        # "Conflitos de Timing": the active player may answer an instant action first.
        return [_window(flow, state, state.active, "dicethrone.prompt.priority")]
    if ch is not None and ch.pause:
        # "Então": anyone may play instant/roll cards or spend tokens, then pass.
        waiting = flow.window_seat(state)
        assert waiting is not None
        key = "effect_rolled" if ch.rolled else "then"
        return [_window(flow, state, waiting, f"dicethrone.prompt.{key}")]
    if ch is not None:
        # "Ou": the script waits for its owner's pick; the first option by default.
        key = f"choose_{ch.topic}" if ch.topic else "choose"
        prompt = Message(f"dicethrone.prompt.{key}", {"count": len(ch.options)})
        return [Decision(ch.picker, ("choose",), prompt, a.Choose(1), True)]
    seat = state.active
    if state.phase in (Phase.MAIN1, Phase.MAIN2):
        kinds = ("sell", "end_phase", *extras(flow, state, seat, own=True))
        return [Decision(seat, kinds, _prompt(state), a.EndPhase(), True, hidden_options=True)]
    if state.phase is Phase.DISCARD:
        hand = state.players[seat].hand
        default: Action = a.Sell(hand[-1]) if len(hand) > 6 else a.EndPhase()
        kinds = ("sell", "end_phase", *extras(flow, state, seat, own=True))  # instants: any time
        return [Decision(seat, kinds, _prompt(state), default, True, hidden_options=True)]
    if state.step is Step.ROLLING:
        return [_rolling(flow, state)]
    if state.step is Step.TARGET:
        # "Fase de Rolagem de Alvo": the chooser names the Defender (default: the
        # first opponent in turn order, i.e. on the active player's left).
        chooser = state.roll.target_chooser
        assert chooser is not None
        default = a.Target(state.opponents(seat)[0] + 1)
        key = "target_team" if chooser != seat else "target"
        prompt = Message(f"dicethrone.prompt.{key}")
        # On a 5 the teammate may answer for the team too, without being awaited.
        others = [Decision(s, ("target",), prompt, optional=True) for s in choosers(state)[1:]]
        return [Decision(chooser, ("target",), prompt, default), *others]
    if state.step is Step.DEFENSE:
        defender = state.opponent(seat)
        kinds = ("defend", *extras(flow, state, defender, own=True))
        # 6.2: with several Defensive Abilities the default names the first.
        defenses = flow.hero(state, defender).defenses
        default = a.Defend(defenses[0].id if len(defenses) > 1 else "")
        return [Decision(defender, kinds, _prompt(state), default, True, hidden_options=True)]
    waiting = flow.window_seat(state)
    if waiting is None:
        return []
    if state.step is Step.RESPONSE and waiting == seat:
        # 4.3: the active player may re-announce after changed dice, so is always asked.
        kinds = ("pass", *extras(flow, state, seat), "announce", "no_ability")
        return [Decision(waiting, kinds, _prompt(state), a.Pass(), True, hidden_options=True)]
    return [_window(flow, state, waiting, f"dicethrone.prompt.{_key(state)}")]


def _aim(flow: Flow, state: State) -> Decision:
    aiming = state.aiming
    assert aiming is not None
    card = flow.hero(state, aiming.seat).card(aiming.card)
    name = dict(card.name) if card is not None else aiming.card
    options = target_options(flow, state, aiming.seat, aiming.card, aiming.partial)
    default = a.Aim(options[0][0]) if options else None
    prompt = (
        Message("dicethrone.prompt.aim_more", {"card": name, "dice": aiming.partial})
        if aiming.partial
        else Message("dicethrone.prompt.aim", {"card": name})
    )
    return Decision(aiming.seat, ("aim",), prompt, default)


def _window(flow: Flow, state: State, seat: int, prompt: str) -> Decision:
    """Pass, or answer with what the seat may play or spend; auto-pass when nothing."""
    more = extras(flow, state, seat)
    return Decision(
        seat,
        ("pass", *more),
        Message(prompt),
        a.Pass(),
        True,
        preference=None if more else AUTOPASS,
        hidden_options=True,
    )


def _rolling(flow: Flow, state: State) -> Decision:
    attempts = state.roll.attempts
    more = attempts < flow.max_attempts(state, state.active)  # 4.1 (fewer with Knockout)
    kinds: tuple[str, ...] = ("roll",) if more else ()
    if attempts:
        kinds += (("keep",) if more else ()) + ("announce", "no_ability")
    met = [
        ab.id
        for ab in flow.hero(state, state.active).abilities
        if attempts and flow.met(state, state.active, ab)
    ]
    default: Action = (
        a.RollDice() if not attempts else a.Announce(met[-1]) if met else a.NoAbility()
    )
    kinds += extras(flow, state, state.active, own=True)
    return Decision(state.active, kinds, _prompt(state), default, False, hidden_options=True)


def extras(flow: Flow, state: State, seat: int, own: bool = False) -> tuple[str, ...]:
    """``play``, ``spend`` and ``use`` when the seat has a card to play, a token to spend
    or a board action to take now.

    The kinds read the hand, so a decision built with them says ``hidden_options``
    (from the step alone): the public post points to the seat's own view either way.
    ``own``: a decision of the seat's own phase or roll (never auto-passed).
    """
    out: tuple[str, ...] = ()
    if playable(flow, state, seat):
        out += ("play",)
    if spendable(flow, state, seat):
        out += ("spend",)
    # The hero board is public: in her own phases "use" is there whenever it prints an
    # action, so one refused says why (its cost, no dice in play) in her words; in a
    # window only when one is usable (else the window may pass itself).
    actions = board_actions.offered if own else board_actions.usable
    if actions(flow, state, seat):
        out += ("use",)
    return out


def playable(flow: Flow, state: State, seat: int) -> list[str]:
    """Cards in the seat's hand it may play right now."""
    out = []
    for card in dict.fromkeys(state.players[seat].hand):
        try:
            check_card(flow, state, seat, card)
        except IllegalActionError:
            continue
        out.append(card)
    return out


def _key(state: State) -> str:
    return state.step.value if state.step else state.phase.value


def _prompt(state: State) -> Message:
    return Message(f"dicethrone.prompt.{_key(state)}")
