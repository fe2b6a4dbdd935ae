"""Steps added for Black Widow (issue 22, from public records): steps that count the
owner's Ability Upgrades in play, tokens that count down (advanced by a step or in
their holder's Upkeep), and the hidden-information steps on decks and hands: a hand
shown to one player, the top of a deck looked at, a deck or hand searched for an
Ability Upgrade.

Each step is generic (no hero is named here): the hero YAML says which tokens count
down and how many cards are looked at. What a step shows to one player only is an
event with that player as its sole audience (``Event.redact``); a search's "Or" is a
``secret`` one: its options are named only in the picker's own menus.
``DECODERS`` joins the vocabulary's table (``steps.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from engines.core import Event
from engines.core.i18n import LOCALES
from engines.dicethrone.content import CardDef, Script, Step
from engines.dicethrone.effects.context import Ctx, may_wait, put, seat_name
from engines.dicethrone.effects.env import DTHandlers, DTRun
from engines.dicethrone.effects.upgrades_played import upgrade_played
from engines.dicethrone.rules.state import State

HANDLERS: DTHandlers = DTHandlers()

#: The topic of an "Or" whose options name hidden cards: only the picker sees them.
SECRET = "secret"
#: Where a search looks and where the found card goes (``fetch_upgrade``).
SOURCES = ("deck", "hand")
DESTINATIONS = ("play", "hand")


@dataclass(frozen=True)
class IfUpgrades:
    """The nested steps when the owner has at least ``at_least`` Ability Upgrades in
    play, else the ``otherwise`` steps."""

    at_least: int
    steps: Script
    otherwise: Script


@dataclass(frozen=True)
class ForEachUpgrade:
    """The nested steps once per Ability Upgrade the owner has in play."""

    steps: Script


@dataclass(frozen=True)
class AdvanceTokens:
    """Every token of these statuses, whoever holds it, advances once: its status's
    ``advance`` script runs for its holder (counted before any of them runs)."""

    statuses: tuple[str, ...]


@dataclass(frozen=True)
class RevealHand:
    """The target's hand is shown to the owner alone."""

    target: str


@dataclass(frozen=True)
class FetchUpgrade:
    """The owner picks ``count`` Ability Upgrades, one at a time, from her deck (then
    shuffled) or hand, into play (no CP paid) or into her hand."""

    count: int
    source: str
    destination: str


@dataclass(frozen=True)
class FetchPick:
    """Bookkeeping: the card a search picked moves (``fetch_upgrade``'s option)."""

    card: str
    source: str
    destination: str


@dataclass(frozen=True)
class LookAtTop:
    """The owner looks at the top ``count`` cards of her deck (she alone sees them).
    With ``take_upgrades`` the Ability Upgrades among them are revealed and go to her
    hand; ``if_none`` resolves when none of them is one. The rest stay in order."""

    count: int
    take_upgrades: bool
    if_none: Script


def _places(topic: str) -> tuple[str, str]:
    """``"deck>play"``: where a search looks and where its card goes (the default)."""
    source, _, destination = topic.partition(">")
    return source or "deck", destination or "play"


def _search(s: Step) -> FetchUpgrade:
    return FetchUpgrade(s.amount, *_places(s.topic))


def _pick(s: Step) -> FetchPick:
    return FetchPick(s.status or "", *_places(s.topic))


#: Record ``op`` -> typed step, for the steps of this module.
DECODERS: Mapping[str, Callable[[Step], object]] = {
    "if_upgrades": lambda s: IfUpgrades(s.amount, s.steps, s.otherwise),
    "for_each_upgrade": lambda s: ForEachUpgrade(s.steps),
    "advance_tokens": lambda s: AdvanceTokens(s.statuses),
    "reveal_hand": lambda s: RevealHand(s.target),
    "fetch_upgrade": _search,
    "fetch_pick": _pick,
    "look_at_top": lambda s: LookAtTop(s.amount, s.topic == "take_upgrades", s.otherwise),
}


def upgrades_in_play(state: State, seat: int) -> int:
    """How many Ability Upgrades the seat has in play (one per upgraded slot)."""
    return len(state.players[seat].upgrades)


@HANDLERS.on(IfUpgrades)
def if_upgrades(run: DTRun, state: State, step: IfUpgrades) -> State:
    """Counted when the step resolves (an upgrade put into play just before counts)."""
    enough = upgrades_in_play(state, run.ctx.owner) >= step.at_least
    run.push(step.steps if enough else step.otherwise)
    return state


@HANDLERS.on(ForEachUpgrade)
def for_each_upgrade(run: DTRun, state: State, step: ForEachUpgrade) -> State:
    """ "N per Ability Upgrade you have in play"."""
    run.push(step.steps * upgrades_in_play(state, run.ctx.owner))
    return state


@HANDLERS.on(AdvanceTokens)
def advance_tokens(run: DTRun, state: State, step: AdvanceTokens) -> State:
    """Each holder's tokens are counted first, so a token turned to its next side by
    this very step does not advance twice; each advance runs as its holder's own
    script (it cannot stop for a player), aimed back at the owner."""
    env = run.env
    owner = run.ctx.owner
    for seat in (owner, *state.order_from(owner)):
        if not state.alive(seat):
            continue
        counts = {s: state.players[seat].statuses.get(s, 0) for s in step.statuses}
        hero = env.content.heroes[state.players[seat].hero]
        for status in step.statuses:
            script = env.content.status(status).advance
            for _ in range(counts[status]):
                if state.players[seat].statuses.get(status):
                    foe = owner if owner != seat else None
                    state = env.run(state, script, Ctx(seat, hero, foe=foe))
    return state


def _private(state: State, key: str, viewer: int, **params: Any) -> Event:
    """An event only ``viewer`` reads whole; the others read ``<key>.hidden`` with
    the players' names only."""
    return Event(
        f"dicethrone.event.{key}",
        {"player": seat_name(state, viewer), **params},
        redact=True,
        audience=(viewer,),
        public_params=("player", "holder") if "holder" in params else ("player",),
    )


def _names(run: DTRun, state: State, seat: int, cards: tuple[str, ...]) -> dict[str, str]:
    """The cards' names joined in one text per locale ("—" for none)."""
    hero = run.env.content.heroes[state.players[seat].hero]
    names = []
    for card in cards:
        definition = hero.card(card)
        names.append(dict(definition.name) if definition else {"en-US": card})
    return {
        loc: ", ".join(n.get(loc) or n.get("en-US") or next(iter(n.values())) for n in names) or "—"
        for loc in LOCALES
    }


@HANDLERS.on(RevealHand)
def reveal_hand(run: DTRun, state: State, step: RevealHand) -> State:
    """ "Reveal your hand to [the owner]": the owner alone reads the cards."""
    owner = run.ctx.owner
    seat = run.env.target(state, step.target, run.ctx)
    if seat == owner:
        return state
    cards = _names(run, state, seat, state.players[seat].hand)
    event = _private(state, "hand_revealed", owner, holder=seat_name(state, seat), cards=cards)
    run.env.events.append(event)
    return state


def _upgrade_card(run: DTRun, card: str) -> CardDef | None:
    definition = run.ctx.hero.card(card)
    return definition if definition is not None and definition.upgrade is not None else None


def _upgrades_in(run: DTRun, state: State, source: str) -> list[str]:
    """The owner's Ability Upgrades in ``source`` whose slot is not already at that
    level or higher, each id once (in the order they lie there)."""
    player = state.players[run.ctx.owner]
    cards = player.deck if source == "deck" else player.hand
    out: list[str] = []
    for card in cards:
        if card not in out and _upgrade_card(run, card) is not None:
            out.append(card)
    return out


@HANDLERS.on(FetchUpgrade)
def fetch_upgrade(run: DTRun, state: State, step: FetchUpgrade) -> State:
    """One pick at a time (a secret "Or" when there is a choice); a deck searched is
    shuffled when the search ends, found or not."""
    found = _upgrades_in(run, state, step.source)
    if step.count == 0 or not found:
        return _shuffle(run, state) if step.source == "deck" else state
    topic = f"{step.source}>{step.destination}"
    rest = Step(op="fetch_upgrade", amount=step.count - 1, topic=topic)
    picks = [
        Step(op="option", steps=(Step(op="fetch_pick", status=card, topic=topic), rest))
        for card in found
    ]
    if len(picks) == 1 or not may_wait(run.ctx):
        run.push(picks[0].steps)
        return state
    hero = run.ctx.hero
    named = []
    for pick, card in zip(picks, found, strict=True):
        definition = hero.card(card)
        label = dict(definition.name) if definition else {"en-US": card}
        named.append(Step(op="option", steps=pick.steps, text=label))
    run.push((Step(op="or", steps=tuple(named), topic=SECRET),))
    return state


def _shuffle(run: DTRun, state: State) -> State:
    owner = run.ctx.owner
    deck = tuple(run.env.dice.shuffle(state.players[owner].deck, "search"))
    run.env.emit("deck_shuffled", player=seat_name(state, owner))
    return put(state, owner, deck=deck)


@HANDLERS.on(FetchPick)
def fetch_pick(run: DTRun, state: State, step: FetchPick) -> State:
    """The picked card leaves the deck or hand: into play (named to all: it is on the
    board) or into the hand (named to its owner alone when it came from the deck)."""
    owner = run.ctx.owner
    player = state.players[owner]
    cards = list(player.deck if step.source == "deck" else player.hand)
    definition = _upgrade_card(run, step.card)
    if step.card not in cards or definition is None or definition.upgrade is None:
        return state
    cards.remove(step.card)
    field = "deck" if step.source == "deck" else "hand"
    state = put(state, owner, **{field: tuple(cards)})
    name = dict(definition.name)
    if step.destination == "play":
        upgrades = {**player.upgrades, definition.upgrade.slot: definition.id}
        board = (*player.board, definition.id)
        state = put(state, owner, upgrades=upgrades, board=board)
        run.env.emit("put_into_play", "Aprimoramentos", player=seat_name(state, owner), card=name)
        # S5's ruling: an upgrade put into play counts as one she played.
        return upgrade_played(run.env, state, owner, definition)
    state = put(state, owner, hand=(*state.players[owner].hand, step.card))
    run.env.events.append(_private(state, "found_card", owner, card=name))
    return state


@HANDLERS.on(LookAtTop)
def look_at_top(run: DTRun, state: State, step: LookAtTop) -> State:
    """The owner alone reads the top cards; the upgrades she takes are revealed to
    all; the others stay on top in the order they were."""
    owner = run.ctx.owner
    deck = state.players[owner].deck
    top = deck[: step.count]
    cards = _names(run, state, owner, top)
    run.env.events.append(_private(state, "looked_at_top", owner, cards=cards, count=len(top)))
    upgrades = tuple(c for c in top if _upgrade_card(run, c) is not None)
    if not upgrades:
        if step.if_none:
            shown = _names(run, state, owner, top)
            run.env.emit("revealed_top", player=seat_name(state, owner), cards=shown)
            run.push(step.if_none)
        return state
    if step.take_upgrades:
        rest = tuple(c for c in top if c not in upgrades) + deck[step.count :]
        hand = (*state.players[owner].hand, *upgrades)
        state = put(state, owner, deck=rest, hand=hand)
        shown = _names(run, state, owner, upgrades)
        run.env.emit("revealed_to_hand", player=seat_name(state, owner), cards=shown)
    return state
