"""Cards played without their target: announced, then the target is asked for.

A card that names dice ("Duas vezes Selvagem"), a token ("Tchau-Tchau"), a
player ("um jogador escolhido") or, with several opponents, the opponent it
aims at, may be played with ``/dicethrone play card`` alone (or from the play
menu). When exactly one target is legal it is used at once; with several the
card is announced and its player owes an ``aim`` decision (a public menu of the
legal targets: tokens, seats and dice are on the table) before it is played
exactly as if the target had been given — timing, cost, "Conflitos de Timing"
and all. Nothing is paid and the card stays in hand until the target is named
(a non-active player's Instant Action then still waits for the active player,
and may fizzle with nothing paid). The rules offer no way to take back a card
once played, so there is no cancelling.

A card changing several dice asks one die at a time ("1=6", then "3=6" or
``done``), up to as many as it may change.
"""

from __future__ import annotations

from engines.core import IllegalActionError, Message
from engines.core.model import replace
from engines.dicethrone.content import CardDef
from engines.dicethrone.rules.cards import check_card, names_foe, picks, picks_player
from engines.dicethrone.rules.dice_cards import current_dice, dice_step, parse
from engines.dicethrone.rules.state import Aiming, State
from engines.dicethrone.rules.statuses import tokens_in_play
from engines.dicethrone.rules.turn import Flow

#: The answer ending a dice card's changes before it has named all it may.
DONE = "done"


def needs_target(state: State, seat: int, card: CardDef) -> bool:
    """Whether the card must name dice, a token or a player when played now."""
    return (
        dice_step(card) is not None
        or picks(card)
        or picks_player(card)
        or names_foe(state, seat, card)
    )


def combined(partial: str, value: str) -> str:
    """The card's whole target once ``value`` is added to the dice already named."""
    if not partial:
        return value
    return partial if value == DONE else f"{partial} {value}"


def _candidates(
    flow: Flow, state: State, seat: int, card: CardDef, partial: str
) -> list[tuple[str, Message]]:
    """Every target of the card's kind (legal or not), with its label."""
    changer = dice_step(card)
    if changer is not None:
        dice = current_dice(state)
        used = (parse(changer, dice, partial) or {}) if partial else {}
        out: list[tuple[str, Message]] = []
        if partial:
            out.append((DONE, Message("dicethrone.choice.dice_done", {"dice": partial})))
        for i, value in enumerate(dice):
            if not value or i in used:
                continue
            if changer.op == "reroll_dice":
                label = Message("dicethrone.choice.die_reroll", {"n": i + 1, "value": value})
                out.append((str(i + 1), label))
                continue
            nudge = changer.op == "nudge_dice"
            faces = (value - 1, value + 1) if nudge else range(1, 7)
            for face in faces:
                if 1 <= face <= 6 and face != value and parse(changer, dice, f"{i + 1}={face}"):
                    label = Message(
                        "dicethrone.choice.die_to", {"n": i + 1, "value": value, "face": face}
                    )
                    out.append((f"{i + 1}={face}", label))
        return out
    if picks(card):
        return [
            (
                f"{i + 1}:{status}",
                Message(
                    "dicethrone.choice.token",
                    {
                        "player": state.seats[i].name,
                        "status": dict(flow.content.status(status).name),
                    },
                ),
            )
            for i, status in tokens_in_play(flow.content, state, flow.hero(state, seat).id)
        ]
    return [
        (str(i + 1), Message("dicethrone.choice.named", {"name": state.seats[i].name}))
        for i in range(len(state.players))
        if state.alive(i)
    ]


def target_options(
    flow: Flow, state: State, seat: int, card_id: str, partial: str = ""
) -> list[tuple[str, Message]]:
    """The targets the card accepts now (after the dice ``partial`` already names):
    exactly what ``play card target`` (or ``aim``) would accept."""
    card = flow.hero(state, seat).card(card_id)
    if card is None:
        return []
    out = []
    for value, label in _candidates(flow, state, seat, card, partial):
        try:
            check_card(flow, state, seat, card_id, combined(partial, value))
        except IllegalActionError:
            continue
        out.append((value, label))
    return out


def _complete(card: CardDef, state: State, target: str) -> bool:
    """Whether a dice card names as many dice as it may change."""
    changer = dice_step(card)
    if changer is None:
        return True
    changes = parse(changer, current_dice(state), target)
    return changes is None or len(changes) >= changer.amount


def _next(
    flow: Flow, state: State, seat: int, card: CardDef, partial: str, finished: bool
) -> tuple[State, str | None]:
    """The whole target when known (the card is then played), else the state waiting
    for the next answer; a single legal answer is taken at once."""
    while True:
        if partial and (finished or _complete(card, state, partial)):
            return replace(state, aiming=None), partial
        options = target_options(flow, state, seat, card.id, partial)
        if len(options) != 1:
            return replace(state, aiming=Aiming(seat, card.id, partial)), None
        value = options[0][0]
        partial, finished = combined(partial, value), value == DONE


def start(flow: Flow, state: State, seat: int, card_id: str) -> tuple[State, str | None]:
    """``play card`` without a target for a card that needs one: the target to play
    it with when only one is legal, else the card announced and waiting for ``aim``."""
    card = check_card(flow, state, seat, card_id)  # timing, cost, any target at all
    if not target_options(flow, state, seat, card_id):
        check_card(flow, state, seat, card_id, "")  # the card's own "name a target" error
    state, target = _next(flow, state, seat, card, "", False)
    if target is None:
        flow.emit(
            "card_announced", "Cartas de Herói", player=flow.name(state, seat), card=dict(card.name)
        )
    return state, target


def aim(flow: Flow, state: State, seat: int, value: str) -> tuple[State, str | None]:
    """The announced card's target (or its next die): the whole target once known."""
    aiming = state.aiming
    if aiming is None or aiming.seat != seat:
        raise IllegalActionError(
            "No card of yours waits for its target.",
            key="dicethrone.error.aim_when",
            rule="Cartas de Herói",
        )
    value = value.strip()
    target = combined(aiming.partial, value)
    card = check_card(flow, state, seat, aiming.card, target)  # the card's own error if wrong
    return _next(flow, state, seat, card, target, value == DONE)
