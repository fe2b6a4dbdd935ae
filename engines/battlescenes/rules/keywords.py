"""Activated keyword effects of the Preparation phase (7.2): Item Mágico, Aprimoramento.

Both load a card from the resources into a character and then unload one card
from it; activated effects need an empty Effect Tree (5.1), which the
Preparation decision guarantees.
"""

from __future__ import annotations

from engines.battlescenes.content.schema import CardType, Trigger
from engines.battlescenes.effects import interpreter, triggers
from engines.battlescenes.rules import play
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import leaving, zones
from engines.core import Dice, Event, IllegalActionError
from engines.core.model import replace

ACTIVATED = ("item_magico", "aprimoramento", "metamorfo")


def _refuse(message: str, key: str, rule: str) -> IllegalActionError:
    return IllegalActionError(message, key=f"battlescenes.error.{key}", rule=rule)


def activate(
    state: State, seat: int, keyword: str, card: int, character: int, unload: int, dice: Dice
) -> tuple[State, list[Event]]:
    """Use ``keyword``: load ``card`` from the resources on ``character``, unload one card."""
    if keyword not in ACTIVATED:
        raise _refuse("Unknown activated keyword.", "keyword_unknown", "7.2")
    if state.phase is not Phase.PREPARATION or seat != state.active:
        raise _refuse("Only in your Preparation phase.", "keyword_phase", "7.2")
    index = zones.find(state, character)
    if index is None or state.scene[index].controller != seat:
        raise _refuse("Choose a character you control.", "not_your_character", "7.2")
    item = state.scene[index]
    base = zones.defn(state, character)
    if base.type is not CardType.CHARACTER:
        raise _refuse("Choose a character you control.", "not_your_character", "7.2")
    if keyword == "metamorfo":
        return _metamorph(state, seat, character, card, dice)
    player = state.players[seat]
    if card not in player.resources:
        raise _refuse("That card is not in your resources.", "keyword_card", "7.2")
    d = zones.defn(state, card)
    if keyword == "item_magico" and "item_magico" not in d.keywords:
        raise _refuse("That card has no Item Mágico.", "keyword_card", "7.2")
    if keyword == "aprimoramento":
        if "aprimoramento" not in zones.keywords(state, character) or (
            "aprimoramento" in item.keywords_used
        ):
            raise _refuse(
                "No Aprimoramento left this turn for that character.", "keyword_once", "7.2"
            )
        if d.type is not CardType.CHARACTER or d.identity not in zones.identities(state, character):
            raise _refuse(
                "Aprimoramento loads a character with the same alter ego.", "keyword_card", "7.2"
            )
    if unload != -1 and unload not in item.loaded:
        raise _refuse("Unload a card that character carries.", "keyword_card", "7.2")
    player = replace(player, resources=tuple(c for c in player.resources if c != card))
    state = zones.set_player(state, seat, player)
    item = replace(item, loaded=(*item.loaded, card), keywords_used=(*item.keywords_used, keyword))
    state = zones.set_in_scene(state, item)
    state = triggers.fire(state, Trigger.LOADED_FROM_RESOURCES, 1, card=card, base=character)
    state = triggers.fire(state, Trigger.LOADED_ONTO_THIS, 1, card=card, base=character)
    gone = unload if unload != -1 else item.loaded[0]
    state = zones.unload(state, character, [gone])
    state = triggers.fire(state, Trigger.UNLOADED, 1, base=character)  # 5.2
    events = [
        Event(
            "battlescenes.event.keyword",
            {
                "player": player.name,
                "keyword": {"key": f"battlescenes.keyword.{keyword}", "params": {}},
                "card": d.title,
                "base": base.title,
                "unloaded": zones.title(state, gone),
            },
            rule="7.2",
        )
    ]
    state, more = interpreter.run(state, dice)
    return state, events + more


def _metamorph(
    state: State, seat: int, character: int, card: int, dice: Dice
) -> tuple[State, list[Event]]:
    """7.2 Metamorfo: a character controlled since the start of the turn is unloaded and put
    into the resources; then a character card of the hand with the name or alter ego of an
    opposing character may enter the scene (with the usual requirements, 4.4.2)."""
    item = zones.in_scene(state, character)
    if "metamorfo" not in zones.keywords(state, character) or item.entered_turn >= state.turn:
        raise _refuse(
            "Metamorfo needs a character with it, in scene since the start of the turn.",
            "keyword_card",
            "7.2",
        )
    if card != -1:
        d = zones.defn(state, card)
        opposing = zones.characters(state, 1 - seat)
        names = {n for s in opposing for n in zones.names(state, s.card)}  # 8.B.2 too
        egos = {e for s in opposing for e in zones.alter_egos(state, s.card)}
        if (
            card not in state.players[seat].hand
            or d.type is not CardType.CHARACTER
            or not (d.name in names or (d.alter_ego and d.alter_ego in egos))
        ):
            raise _refuse(
                "Choose a character card of your hand named like an opposing character.",
                "keyword_card",
                "7.2",
            )
    # Not knocked out (4.7 ATENÇÃO); Hela V1 may replace where it goes (5.5).
    state, moved = leaving.leave_to_resources(state, character)
    events = [
        Event(
            "battlescenes.event.metamorph",
            {"player": state.players[seat].name, "card": zones.title(state, character)},
            rule="7.2",
        ),
        *moved,
    ]
    if state.phase is Phase.OVER:
        return state, events
    if card == -1:  # its "sair de cena" effects (if any) resolve now
        state, more = interpreter.run(state, dice)
        return state, events + more
    state, more = play.play(state, seat, card, (), -1, dice)
    return state, events + more
