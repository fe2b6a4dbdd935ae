"""Deck rules and the start of the game (6.1): draw, hands, mulligans, initial resources."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from engines.battlescenes.content.database import database, played
from engines.battlescenes.content.loader import BUILTIN_PACKS
from engines.battlescenes.content.schema import CardType, DeckList, Pack
from engines.battlescenes.rules.state import CardRef, Phase, PlayerState, State
from engines.battlescenes.table import drawing, zones
from engines.core import Dice, Event, IllegalActionError, Seat, SetupError, serde
from engines.core.model import replace

HAND_SIZE = 10  # 6.1 (3)
MAX_COPIES = 3


def check_deck(pack: Pack, deck: DeckList, size: int, min_characters: int) -> None:
    """Deck construction: ≤ 3 copies, Item Único ≤ 1, the format's size and characters."""
    counts: Counter[str] = Counter()
    for key, count in deck.cards:
        counts[key] += count
    for key, count in counts.items():
        card = pack.cards.get(key)
        if card is None:  # a printed card the pack does not play (loader: a known code)
            printed = database().find(key)
            raise not_automated(deck.name, printed.title if printed else key, key)
        if card.incomplete or (pack.name in BUILTIN_PACKS and not played(card)):
            # a built-in card the bot does not play as printed (a text left to the players,
            # or one it lacks) is never dealt: the deck is refused, naming it
            raise not_automated(deck.name, card.title, card.code or key)
        limit = 1 if "item_unico" in card.keywords else MAX_COPIES
        if count > limit:
            raise SetupError(
                f"Deck {deck.name}: {count} copies of {card.title} (at most {limit}).",
                key="battlescenes.error.deck_copies",
                params={"deck": deck.name, "card": card.title, "count": count, "limit": limit},
                rule="7.2" if limit == 1 else "1",
            )
    total = sum(counts.values())
    if total != size:
        raise SetupError(
            f"Deck {deck.name} has {total} cards, the format needs {size}.",
            key="battlescenes.error.deck_size",
            params={"deck": deck.name, "count": total, "size": size},
        )
    chars = sum(n for k, n in counts.items() if pack.cards[k].type is CardType.CHARACTER)
    if chars < min_characters:
        raise SetupError(
            f"Deck {deck.name} has {chars} characters, the format needs {min_characters}.",
            key="battlescenes.error.deck_characters",
            params={"deck": deck.name, "count": chars, "min": min_characters},
        )


def not_automated(deck: str, card: str, code: str) -> SetupError:
    """A deck holding a card the engine does not play is refused, naming the card: the
    bot never leaves a printed text to be applied by hand."""
    return SetupError(
        f"Deck {deck}: {card} ({code}) is not played by the bot yet.",
        key="battlescenes.error.not_automated",
        params={"deck": deck, "card": card, "code": code},
    )


@dataclass(frozen=True)
class Dealt:
    """A deck to deal and the format it is checked against: the match's options for a
    player's own deck, the product's own size for an official preconstructed deck."""

    deck: DeckList
    size: int
    min_characters: int


def new_state(
    pack: Pack,
    decks: Sequence[Dealt],
    seats: Sequence[Seat],
    size: int,
    min_chars: int,
    dice: Dice,
) -> State:
    """Build the decks, shuffle them (6.1 (2)) and draw who chooses the first player."""
    cards: list[CardRef] = []
    players: list[PlayerState] = []
    used: dict[str, object] = {}
    for seat, dealt in zip(seats, decks, strict=True):
        check_deck(pack, dealt.deck, dealt.size, dealt.min_characters)
        ids: list[int] = []
        for key, count in dealt.deck.cards:
            used[key] = pack.cards[key]
            for _ in range(count):
                ids.append(len(cards))
                cards.append(serde.intern(CardRef(seat.index, key)))
        shuffled = tuple(dice.shuffle(ids, f"deck {seat.index}"))
        players.append(PlayerState(name=seat.name, deck=shuffled))
    winner = 0 if dice.coin("who chooses the first player") else 1
    return State(
        seats=tuple(seats),
        defs={k: pack.cards[k] for k in used},
        cards=tuple(cards),
        players=tuple(players),
        phase=Phase.CHOOSE_FIRST,
        draw_winner=winner,
        pack=pack.name,
        deck_size=size,
        min_characters=min_chars,
    )


def choose_first(state: State, starter: int) -> tuple[State, list[Event]]:
    """6.1 (1)-(3): the winner picks the first player, then both draw ten cards."""
    if starter not in (1, 2):
        raise IllegalActionError(
            "Choose seat 1 or 2.", key="battlescenes.error.bad_starter", rule="6.1"
        )
    first = starter - 1
    state = replace(state, first=first, active=first, phase=Phase.MULLIGAN)
    events = [
        Event(
            "battlescenes.event.first_player",
            {"chooser": state.players[state.draw_winner].name, "player": state.players[first].name},
            rule="6.1",
        )
    ]
    for seat in (first, 1 - first):
        state, drawn = drawing.draw(state, seat, HAND_SIZE)
        events.extend(drawn)
    return state, events


def mulligan_seat(state: State) -> int:
    """Who decides on the mulligan now: the first player, then the second (6.1 (4)-(5))."""
    return state.first if not state.players[state.first].mulligan_done else 1 - state.first


def resources_seat(state: State) -> int:
    """Who chooses initial resources now: the first player, then the second (6.1 (6))."""
    return state.first if not state.players[state.first].resources_done else 1 - state.first


def mulligan(state: State, seat: int, mode: str, dice: Dice) -> tuple[State, list[Event]]:
    """6.1 (4): reveal ≤ 1 character for a same-size hand (once), or take two fewer."""
    player = state.players[seat]
    size = len(player.hand)
    if mode == "reveal":
        chars = [c for c in player.hand if zones.defn(state, c).type is CardType.CHARACTER]
        if player.reveal_mulligan_used or len(chars) > 1:
            raise IllegalActionError(
                "You may reveal and redraw only once, with at most one character in hand.",
                key="battlescenes.error.reveal_mulligan",
                rule="6.1",
            )
        event = Event(
            "battlescenes.event.mulligan_reveal",
            {"player": player.name, "cards": ", ".join(zones.title(state, c) for c in player.hand)},
            rule="6.1",
        )
        new_size = size
        player = replace(player, reveal_mulligan_used=True)
    elif mode == "smaller":
        if not size:
            raise IllegalActionError(
                "Your hand is empty.", key="battlescenes.error.empty_hand", rule="6.1"
            )
        new_size = max(0, size - 2)
        event = Event(
            "battlescenes.event.mulligan_smaller",
            {"player": player.name, "count": new_size},
            rule="6.1",
        )
    else:
        raise IllegalActionError(
            "Mulligan mode is reveal or smaller.",
            key="battlescenes.error.mulligan_mode",
            rule="6.1",
        )
    deck = tuple(dice.shuffle(player.deck + player.hand, f"mulligan {seat}"))
    state = zones.set_player(state, seat, replace(player, deck=deck, hand=()))
    state, drawn = drawing.draw(state, seat, new_size)
    return state, [event, *drawn]


def keep(state: State, seat: int) -> tuple[State, list[Event]]:
    """End one player's mulligans; after both, the initial resources (6.1 (6))."""
    player = replace(state.players[seat], mulligan_done=True)
    state = zones.set_player(state, seat, player)
    event = Event("battlescenes.event.kept", {"player": player.name, "count": len(player.hand)})
    if all(p.mulligan_done for p in state.players):
        state = replace(state, phase=Phase.INITIAL_RESOURCES)
    return state, [event]


def initial_resources(state: State, seat: int, cards: Sequence[int]) -> tuple[State, list[Event]]:
    """6.1 (6): move any cards of the hand to the resources."""
    player = state.players[seat]
    if len(set(cards)) != len(cards) or any(c not in player.hand for c in cards):
        raise IllegalActionError(
            "Those cards are not all in your hand.",
            key="battlescenes.error.not_in_hand",
            rule="6.1",
        )
    player = replace(
        player,
        hand=tuple(c for c in player.hand if c not in cards),
        resources=player.resources + tuple(cards),
        resources_done=True,
    )
    state = zones.set_player(state, seat, player)
    event = Event(
        "battlescenes.event.initial_resources",
        {"player": player.name, "count": len(cards)},
        rule="6.1",
    )
    return state, [event]
