"""Activated effects (5.1): texts a player activates when the Effect Tree is empty.

Most texts name their moment: the owner's Preparation phase, or (7.2 Potencializar) the
Attack step. A text that names none (``activated_in: any``, Mística V2) may be activated at
any moment the tree is empty, in either player's turn: in a match played by post those are
the moments the game waits on a player's decision (the Preparation phase, the Adjustment,
the Anticipation and the Attack steps) with nothing pending and nothing half-chosen; the
automatic steps between them have no moment to wait in. Their conditions are checked on
activation, and their procedures then run as the root of a new tree, like an action's effect.
"""

from __future__ import annotations

from engines.battlescenes.content.schema import Text
from engines.battlescenes.effects import interpreter, tree
from engines.battlescenes.effects.operands import carried_unchanged
from engines.battlescenes.rules.state import Pending, Phase, State
from engines.battlescenes.table import zones
from engines.core import Dice, Event, IllegalActionError
from engines.core.model import replace


def _refuse(message: str, key: str) -> IllegalActionError:
    return IllegalActionError(message, key=f"battlescenes.error.{key}", rule="5.1")


def activatable(state: State, seat: int) -> list[tuple[int, int, Text]]:
    """(card, index, text) of every activated text ``seat`` controls (scene and scenario)."""
    found: list[tuple[int, int, Text]] = []
    sources: list[tuple[int, int]] = []  # (card, the card base it works on)
    for item in state.scene:
        if item.controller == seat:
            sources.extend((c, item.card) for c, _t in zones.texts(state, item))
    scenario = state.scenario
    working = zones.scenario_texts(state)
    mine = scenario is not None and zones.scenario_controller(state) == seat
    if scenario is not None and working and mine:
        sources.append((scenario, scenario))
    for card, _base in dict.fromkeys(sources):
        for index, text in enumerate(zones.defn(state, card).texts):
            if text.activated and not text.from_zone and not text.on_support:
                found.append((card, index, text))
    if scenario is not None and working and not mine:  # Movimentos Característicos V1
        for index, text in enumerate(zones.defn(state, scenario).texts):
            if text.activated and text.activated_by_any and not text.from_zone:
                found.append((scenario, index, text))
    player = state.players[seat]
    for zone, cards in (("resources", player.resources), ("hand", player.hand)):
        for card in cards:  # texts working while the card is in that zone
            for index, text in enumerate(zones.defn(state, card).texts):
                if text.activated and text.from_zone == zone:
                    found.append((card, index, text))
    return found


def _per_character(state: State, card: int, index: int) -> str:
    """The key of a once-per-character text (Falcão V1's FAQ): the card base holding the
    card, the card's name and version and the text (never a card id alone, so unloading a
    copy does not clear it)."""
    base = next((s.card for s in state.scene if card == s.card or card in s.loaded), card)
    d = zones.defn(state, card)
    return f"base{base}/{d.name} {d.version}:{index}"


def _problem(state: State, seat: int, card: int, index: int, text: Text) -> str | None:
    if text.once_per_turn and f"{card}:{index}" in state.activated_used:
        return "activated_once"
    if text.once_per_character and _per_character(state, card, index) in state.activated_used:
        return "activated_once"  # another copy of the card used it (Falcão V1's FAQ)
    mine = zones.characters(state, seat)
    holder = next((s for s in state.scene if card == s.card or card in s.loaded), None)
    either = text.or_if_controls_affiliation  # "ou se você controlar …" (Microdepósito V1)
    if (
        text.if_since_start_of_turn
        and (holder is None or holder.entered_turn >= state.turn)
        and not (either and any(either in zones.affiliations(state, c) for c in mine))
    ):
        return "activated_condition"
    if text.if_controls_character and not mine:
        return "activated_condition"
    exactly = text.if_controls_carrying_exactly
    if exactly >= 0 and not any(carried_unchanged(state, c.card, exactly) for c in mine):
        return "activated_condition"
    if text.if_all_affiliation and not all(
        text.if_all_affiliation in zones.affiliations(state, c) for c in mine
    ):
        return "activated_condition"
    return None


#: 5.1: where the game waits on a decision, so a text naming no moment can be activated.
_WAITING = (Phase.PREPARATION, Phase.ADJUSTMENT, Phase.ANTICIPATION, Phase.ATTACK)


def _phase(text: Text) -> Phase:
    """5.1: activated in the Preparation phase; 7.2 Potencializar: in the Attack step."""
    return Phase.ATTACK if text.activated_in == "attack" else Phase.PREPARATION


def _moment(state: State, seat: int, text: Text) -> bool:
    """Whether now is a moment ``seat`` may activate ``text`` (5.1): the Effect Tree is empty,
    nobody is answering a choice, and the text's own moment, if it names one, has come."""
    if state.tree or state.choice is not None or state.phase not in _WAITING:
        return False
    if text.activated_in == "any":
        # not in the middle of another play (5.1): the active player's use or capacitation
        # being chosen step by step
        return seat == state.active or (state.using == -1 and state.capacitating == -1)
    return seat == state.active and state.phase is _phase(text)


def activatable_now(state: State, seat: int) -> list[tuple[int, int, Text]]:
    """The activated texts ``seat`` could activate at this moment (phase, turn, conditions)."""
    return [
        (c, i, t)
        for c, i, t in activatable(state, seat)
        if _moment(state, seat, t) and _problem(state, seat, c, i, t) is None
    ]


def activate(
    state: State, seat: int, card: int, index: int, dice: Dice
) -> tuple[State, list[Event]]:
    """Activate the ``index``-th text of ``card`` (5.1); ``index`` -1 (the menu's): the one
    text of that card that can be activated now."""
    if index == -1:
        now = [i for c, i, _t in activatable_now(state, seat) if c == card]
        if len(now) > 1:
            raise _refuse("That card has several activated texts: say which.", "activated_which")
        index = now[0] if now else 0
    match = [(c, i, t) for c, i, t in activatable(state, seat) if (c, i) == (card, index)]
    if not match:
        raise _refuse("You control no such activated effect.", "activated_none")
    _c, _i, text = match[0]
    if not _moment(state, seat, text):
        raise _refuse("That effect is not activated now.", "activated_phase")
    problem = _problem(state, seat, card, index, text)
    if problem is not None:
        raise _refuse("Its conditions are not met now.", problem)
    this = card
    for item in state.scene:
        if card == item.card or card in item.loaded:
            this = item.card
    state = replace(state, activated_used=(*state.activated_used, f"{card}:{index}"))
    if text.once_per_character:  # Falcão V1's FAQ
        used = (*state.activated_used, _per_character(state, card, index))
        state = replace(state, activated_used=used)
    root = Pending(
        uid=0,
        level=0,
        controller=seat,
        source=card,
        label=zones.title(state, card),
        steps=text.steps,
        this=this,
    )
    event = Event(
        "battlescenes.event.activated",
        {"player": state.players[seat].name, "card": zones.title(state, card)},
        rule="5.1",
    )
    state, more = interpreter.run(tree.add(state, [root], 0), dice)
    return state, [event, *more]
