"""Who resolves a script (:class:`Ctx`), and the small state changes shared by the
effect handlers and the rules modules: player updates, status removal and drawing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engines.core import Dice, Event
from engines.core.model import Message, replace
from engines.dicethrone.content import Content, DamageKind, Hero
from engines.dicethrone.rules.damage import Incoming
from engines.dicethrone.rules.state import Player, Resume, State


@dataclass(frozen=True)
class Ctx:
    """Who resolves a script and with which dice.

    ``attack`` marks the damage as an Attack's (the active player's offensive
    ability against the opponent); ``ultimate`` turns it into ultimate damage.
    """

    owner: int
    hero: Hero
    dice: tuple[int, ...] = ()
    attack: bool = False
    ultimate: bool = False
    #: What the turn does once the script has ended; ``NONE``: a trigger script.
    resume: Resume = Resume.NONE
    #: The token a card picks (``"<seat>:<status>"``, seat from 1), e.g. for Bye-Bye.
    pick: str = ""
    #: The opponent a card named (3–4 players); None: the default opponent.
    foe: int | None = None
    #: The status whose token is being spent ("": none), for its rolls
    #: (``Roll.effect_spent``: Elude! reads an Agility die).
    spent: str = ""


#: Scripts that may stop only to ask which opponent they aim at (3–4 players): a
#: hero's set-up and, without the ``income_window`` option, Income passives. No
#: window opens there, so no other pause ("Or" offers, "Então", dice pauses).
FOE_ONLY = frozenset({Resume.SETUP, Resume.INCOME_QUIET})


def may_wait(ctx: Ctx) -> bool:
    """Whether the script may pause for a window or an offer (not only for a foe)."""
    return ctx.resume is not Resume.NONE and ctx.resume not in FOE_ONLY


def chosen_player(state: State, pick: str) -> int | None:
    """The seat a card names by its 1-based number ("3"), if it is still in the match."""
    text = pick.strip()
    if not text.isdecimal() or not 1 <= int(text) <= len(state.players):
        return None
    seat = int(text) - 1
    return seat if state.alive(seat) else None


def paused(before: State, after: State) -> bool:
    """Whether running a script left a new paused script on the stack."""
    return len(after.stack) > len(before.stack)


def find(ledger: list[Incoming], pred: Any) -> int | None:
    return next((i for i, inc in enumerate(ledger) if pred(inc)), None)


def put(state: State, seat: int, **changes: Any) -> State:
    """The state with one player's fields changed."""
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=tuple(players))


def seat_name(state: State, seat: int) -> str:
    return state.seats[seat].name


def dice_message(hero: Hero, values: tuple[int, ...]) -> Message | str:
    """Dice as "2 (Cutelo), 5 (Caveira)": each value with its symbol's name in the
    reader's language (the hero's ``symbol_names``, as the menus show them)."""
    if not values:
        return "-"
    first, *rest = values
    die = Message("dicethrone.dice.die", {"value": first, "symbol": dict(hero.symbol_text(first))})
    if not rest:
        return die
    return Message("dicethrone.dice.list", {"first": die, "rest": dice_message(hero, tuple(rest))})


def damage_kind(kind: DamageKind, amount: int) -> Message:
    """A damage type ("indefensável", "puri") in the reader's language, agreeing with
    ``amount``."""
    return Message(f"dicethrone.damage_kind.{kind.value}", {"count": amount})


def remove_status(
    state: State, seat: int, status: str, count: int, content: Content, events: list[Event]
) -> State:
    """Remove up to ``count`` tokens of a status ("Removendo Efeitos de Status")."""
    player = state.players[seat]
    have = player.statuses.get(status, 0)
    gone = min(have, count)
    if not gone:
        return state
    statuses: dict[str, int] = {k: v for k, v in player.statuses.items() if k != status}
    if have - gone:
        statuses[status] = have - gone
    events.append(
        Event(
            "dicethrone.event.status_removed",
            {
                "player": seat_name(state, seat),
                "status": dict(content.status(status).name),
                "count": gone,
            },
        )
    )
    return put(state, seat, statuses=statuses)


def draw_card(state: State, seat: int, dice: Dice, events: list[Event], content: Content) -> State:
    """Draw the top card, first shuffling the discard pile into an empty deck."""
    player: Player = state.players[seat]
    deck, discard = player.deck, player.discard
    if not deck and discard:
        # "Cartas de Herói": an empty deck is rebuilt from the shuffled discard pile.
        deck, discard = tuple(dice.shuffle(discard, "reshuffle")), ()
        events.append(Event("dicethrone.event.reshuffled", {"player": seat_name(state, seat)}))
    if not deck:
        return state
    card = deck[0]
    definition = content.heroes[player.hero].card(card)
    name: object = dict(definition.name) if definition else card
    events.append(
        Event(
            "dicethrone.event.drew",
            {"player": seat_name(state, seat), "card": name},
            redact=True,
            audience=(seat,),
            public_params=("player",),
        )
    )
    return put(state, seat, deck=deck[1:], discard=discard, hand=(*player.hand, card))
