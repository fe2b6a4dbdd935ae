"""Autocomplete of Dice Throne's slash commands: only what the seat may choose now."""

from __future__ import annotations

from engines.core import Choice, Message
from engines.dicethrone.content import Text
from engines.dicethrone.rules import board_actions
from engines.dicethrone.rules.aiming import needs_target, target_options
from engines.dicethrone.rules.cards import spendable
from engines.dicethrone.rules.state import State
from engines.dicethrone.rules.statuses import tokens_in_play
from engines.dicethrone.rules.targeting import choosers
from engines.dicethrone.rules.turn import Flow
from engines.dicethrone.view.build import option_label


def _matching(found: list[tuple[str, Message]], typed: str) -> list[Choice]:
    """Targets whose value holds what the player typed (all when nothing is)."""
    return [Choice(label, value) for value, label in found if typed in value.lower()][:25]


def suggestions(
    flow: Flow,
    state: State,
    seat: int,
    command: str,
    option: str,
    current: str,
    playable: list[str],
    card: str = "",
) -> list[Choice]:
    """Autocomplete: only what the seat may choose now (``card``: the card being played)."""
    hero = flow.hero(state, seat)
    typed = current.strip().lower()
    pairs: list[tuple[str, Text]] = []
    if option == "card":
        pairs = [(cid, c.name) for cid in playable if (c := hero.card(cid)) is not None]
        if command == "sell":
            pairs += [
                (cid, c.name)
                for cid in dict.fromkeys(state.players[seat].hand)
                if cid not in playable and (c := hero.card(cid)) is not None
            ]
    elif option == "ability" and seat == state.active:
        pairs = [
            (ab.id, ab.name)
            for ab in hero.abilities
            if state.roll.attempts and flow.met(state, seat, ab)
        ]
    elif option == "defense":
        pairs = [(d.id, d.name) for d in hero.defenses]
    elif option == "target" and command == "aim":
        # The announced card's target (or next die): what the aim menu offers.
        aiming = state.aiming
        if aiming is None or aiming.seat != seat:
            return []
        found = target_options(flow, state, seat, aiming.card, aiming.partial)
        return _matching(found, typed)
    elif option == "target" and (c := hero.card(card)) is not None and needs_target(state, seat, c):
        # The targets the card accepts now: the opponent it aims at (3–4 players), a
        # player ("um jogador escolhido"), a token ("Tchau-Tchau") or a die change.
        return _matching(target_options(flow, state, seat, card), typed)
    elif option == "target":
        # Tokens in play for a card that picks one ("Tchau-Tchau"): "2:evasive".
        return [
            Choice(
                Message(
                    "dicethrone.choice.token",
                    {"player": state.seats[i].name, "status": dict(flow.content.status(s).name)},
                ),
                f"{i + 1}:{s}",
            )
            for i, s in tokens_in_play(flow.content, state, hero.id)
        ][:25]
    elif option == "status":
        pairs = [(s, flow.content.status(s).name) for s in spendable(flow, state, seat)]
    elif option == "action":
        return [
            Choice(board_actions.label(x), x.id) for x in board_actions.usable(flow, state, seat)
        ][:25]
    elif option == "player" and seat in choosers(state):
        # The targeting phase: the opponents the Defender may be chosen from (on a
        # 2 v 2 die of 5 either opponent may answer for the team).
        return [
            Choice(Message("dicethrone.choice.named", {"name": state.seats[i].name}), i + 1)
            for i in state.opponents(state.active)
        ]
    ch = state.choice
    if option == "option" and ch is not None and ch.picker == seat and ch.options and not ch.manual:
        return [
            Choice(Message("dicethrone.choice.option", {"n": i, "text": dict(label)}), i)
            for i, label in enumerate(map(option_label, ch.options), start=1)
        ]
    out = []
    for value, name in pairs:
        # What the player typed may match the id or the name in any locale.
        labels = " ".join(name.values()).lower()
        if typed and typed not in value and typed not in labels:
            continue
        out.append(Choice(Message("dicethrone.choice.named", {"name": dict(name)}), value))
    return out[:25]
