"""The effect vocabulary as typed steps, one frozen dataclass per procedure (9.1.1).

Card texts store their procedures as :class:`~engines.battlescenes.content.schema.Step`
records: packs write them and pending effects keep them in saved states, so their shape is
the stored format and never changes. :func:`decode` turns a record into the typed step whose
handler (``effects/procedures/``) the kernel's interpreter runs; it is the one place that
reads a record's ``op``. A typed step keeps its record: the targets, filters and amounts
the operands read (``effects/operands.py``) are the record's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from engines.battlescenes.content.schema import Op, Step
from engines.battlescenes.rules.state import Pending, State
from engines.core import Dice, Event
from engines.core.effects import Handlers, Run


@dataclass
class Env:
    """What a procedure's handler uses besides the state: the dice and the events it logs."""

    dice: Dice
    events: list[Event]


#: A handler's cursor: the context is the pending effect resolving (whose, its answers and
#: targets); frames carry no data.
BSRun = Run[State, Step, Pending, None, Env]
BSHandlers = Handlers[State, Step, Pending, None, Env]


def resolved(run: BSRun, state: State, events: Sequence[Event] = ()) -> State:
    """The procedure is done: its events are logged, the state goes on."""
    run.env.events.extend(events)
    return state


def asks(run: BSRun, state: State, events: Sequence[Event] = ()) -> State:
    """The procedure waits for the choice it opened in ``state``; it resolves again with
    the answer (the Effect Tree keeps where it stopped, 9.1.2)."""
    run.suspend()
    return resolved(run, state, events)


@dataclass(frozen=True)
class Procedure:
    """A stored step record, typed by what it does (the kernel dispatches on the type)."""

    record: Step


@dataclass(frozen=True)
class Damage(Procedure):
    """4.8: damage to the targets (or chosen, or distributed point by point, 4.8.4.2)."""


@dataclass(frozen=True)
class Draw(Procedure):
    """Its controller draws cards (4.9.2: only an obliged draw from an empty deck loses)."""


@dataclass(frozen=True)
class Unload(Procedure):
    """Unload cards from the targets (4.8.2.1: not damage); 4.7 follows."""


@dataclass(frozen=True)
class LoadResources(Procedure):
    """Load cards from the resources onto this card base, in the loading order."""


@dataclass(frozen=True)
class SetAsideTop(Procedure):
    """7.1 Clarividência: the top cards of the deck set aside."""


@dataclass(frozen=True)
class ReturnSetAside(Procedure):
    """The set-aside cards back on top of the deck, as they were."""


@dataclass(frozen=True)
class LoadFromResources(Procedure):
    """Load a card of the resources onto a character, both picked by the controller."""


@dataclass(frozen=True)
class SearchDeck(Procedure):
    """A search of the deck begins (9.1.2: "quando … procurar"); forbidden or replaced first."""


@dataclass(frozen=True)
class TakeFromResources(Procedure):
    """A card of the resources that passes the filters, revealed into the hand."""


@dataclass(frozen=True)
class TakeFromDeck(Procedure):
    """A card of the deck that passes the filters, revealed into the hand; the deck shuffled."""


@dataclass(frozen=True)
class LoseTexts(Procedure):
    """5.8: the chosen card has no permanent texts while the source stays."""


@dataclass(frozen=True)
class Mark(Procedure):
    """The card this text chose is remembered ("o personagem escolhido") while it stays."""


@dataclass(frozen=True)
class PutIntoScene(Procedure):
    """The effect's own card enters the scene from the hand or the resources (5.2.1)."""


@dataclass(frozen=True)
class CancelAction(Procedure):
    """ "A ação não tem efeito": the action's effect never resolves (4.6.2 H)."""


@dataclass(frozen=True)
class ForbidActionThisTurn(Procedure):
    """The opponents cannot use the used action's name until the end of the turn."""


@dataclass(frozen=True)
class ForbidSearchThisTurn(Procedure):
    """Nobody may search a deck until the end of the turn."""


@dataclass(frozen=True)
class Empower(Procedure):
    """7.2 Potencializar: +N to another character's next damaging action this turn."""


@dataclass(frozen=True)
class DiscardFromHand(Procedure):
    """Discard a card of the hand that passes the filters (5.1)."""


@dataclass(frozen=True)
class KeepSetAside(Procedure):
    """Any number of the set-aside cards into the resources, one pick at a time."""


@dataclass(frozen=True)
class ReturnInOrder(Procedure):
    """The set-aside cards back on top of the deck in the order the player picks."""


@dataclass(frozen=True)
class RevealSetAside(Procedure):
    """7.1 Clarividência: any number of the set-aside cards revealed."""


@dataclass(frozen=True)
class HandToDeckTop(Procedure):
    """Cards of the hand put on top of the deck (5.7 B, Enviar Para o Futuro V1)."""


@dataclass(frozen=True)
class Permute(Procedure):
    """4.2: a carried card swapped with one carried by the other card base."""


@dataclass(frozen=True)
class UnloadChosen(Procedure):
    """Up to N carried cards anywhere in the scene, picked and unloaded."""


@dataclass(frozen=True)
class Generate(Procedure):
    """5.7 B: a text of this card works until the end of the turn ("[Efeito Gerado]")."""


@dataclass(frozen=True)
class ReturnToHand(Procedure):
    """4.7 ATENÇÃO: a card base goes back to its owner's hand, not knocked out."""


@dataclass(frozen=True)
class ChooseAffiliation(Procedure):
    """ "Escolha uma afiliação": its controller names an affiliation for later steps."""


@dataclass(frozen=True)
class ToResources(Procedure):
    """This card leaves the scene for its owner's resources (4.8.5)."""


@dataclass(frozen=True)
class Mill(Procedure):
    """The top cards of the controller's deck into the resources."""


@dataclass(frozen=True)
class Reveal(Procedure):
    """5.2.1: a card that works from a hidden zone is revealed (or kept hidden, ending it)."""


@dataclass(frozen=True)
class SurpriseReveal(Procedure):
    """7.2: the surprise cards of the hand picked, then revealed together."""


@dataclass(frozen=True)
class SurpriseLoad(Procedure):
    """7.2: a revealed surprise card loaded on a character, which unloads one card."""


@dataclass(frozen=True)
class OnlyActionThisTurn(Procedure):
    """An action of the target chosen: it can use no other until the end of the turn."""


@dataclass(frozen=True)
class EachChosenDeals(Procedure):
    """Any number of one's characters incapacitated by 1; each then deals damage."""


@dataclass(frozen=True)
class NoActionsThisTurn(Procedure):
    """The targets cannot use actions (of one type) until the end of the turn."""


@dataclass(frozen=True)
class LookOpponentHand(Procedure):
    """The opponent's hand looked at; a card of it (filters) may go to its owner's resources."""


@dataclass(frozen=True)
class FetchIntoScene(Procedure):
    """A card (filters) from the deck, hand or resources put into the scene, loaded."""


@dataclass(frozen=True)
class LendActions(Procedure):
    """The chosen character may use this card's actions until the end of the turn."""


@dataclass(frozen=True)
class Manual(Procedure):
    """A printed text the effect language cannot express, resolved by hand (8.A)."""


@dataclass(frozen=True)
class ShuffleIntoDeck(Procedure):
    """The targets leave the scene, unloaded, shuffled into their owners' decks (4.7)."""


@dataclass(frozen=True)
class LoadChosenResources(Procedure):
    """Cards of the target's owner's resources, picked, loaded onto the target."""


@dataclass(frozen=True)
class CostThisTurn(Procedure):
    """The targets' next action of a power this turn costs more or less (a turn rule)."""


@dataclass(frozen=True)
class ForbidPowerThisTurn(Procedure):
    """A power is named; the targets cannot use actions of it until the end of the turn."""


@dataclass(frozen=True)
class CarriedToDeckBottom(Procedure):
    """A carried card passing the filters goes to the bottom of its owner's deck."""


@dataclass(frozen=True)
class ChoosePower(Procedure):
    """A power is named and remembered while the effect's card stays in the scene."""


@dataclass(frozen=True)
class PutFromHand(Procedure):
    """A card of the hand passing the filters enters the scene, its Energia Inicial loaded."""


@dataclass(frozen=True)
class LoadFound(Procedure):
    """A card found in the hand, deck, resources or on one's card bases, loaded on this one."""


@dataclass(frozen=True)
class TakeFound(Procedure):
    """A card found in the named zones (as ``LoadFound``), revealed into the hand."""


@dataclass(frozen=True)
class LoadThis(Procedure):
    """The effect's own card, from its owner's resources, loaded on the chosen card base."""


@dataclass(frozen=True)
class ChooseReplacement(Procedure):
    """5.5: the active player picks which of two replacement effects applies."""


@dataclass(frozen=True)
class ResourcesToPrizes(Procedure):
    """An opponent picks a card of the controller's resources; it goes to the prizes."""


@dataclass(frozen=True)
class ScenarioFromResources(Procedure):
    """A scenario card of the resources put into the scene by its controller (4.4.1)."""


@dataclass(frozen=True)
class ToDeckBottom(Procedure):
    """The targets still in the scene go to the bottom of their owners' decks (4.7)."""


@dataclass(frozen=True)
class ToDeckTop(Procedure):
    """The target card bases still in the scene go, unloaded, on top of their owners' decks."""


@dataclass(frozen=True)
class DiscardCards(Procedure):
    """N cards of the hand discarded, picked one by one; the effect counts them."""


@dataclass(frozen=True)
class ResourcesToDeckBottom(Procedure):
    """N cards of the resources to the deck bottom, picked one by one; the effect counts them."""


@dataclass(frozen=True)
class ExtraActionGranted(Procedure):
    """The targets may use one more action this turn (C.4), maybe free, maybe the last."""


@dataclass(frozen=True)
class Retarget(Procedure):
    """The action being used targets the chosen card instead of this effect's target."""


@dataclass(frozen=True)
class Capacitation(Procedure):
    """4.5: the targets capacitated (``up``) or incapacitated by ``amount`` stages."""

    up: bool


@dataclass(frozen=True)
class Shield(Procedure):
    """4.8.6: a shield bonus or penalty until the end of the turn, or its base set
    (``setting``)."""

    setting: bool


@dataclass(frozen=True)
class Trait(Procedure):
    """8.B.2: the targets gain (``gain``) or lose a power, affiliation or action type until
    the end of the turn."""

    gain: bool


#: A record's ``op`` → the typed step it decodes to.
DECODERS: Mapping[Op, Callable[[Step], Procedure]] = {
    Op.DAMAGE: Damage,
    Op.DRAW: Draw,
    Op.INCAPACITATE: lambda record: Capacitation(record, False),
    Op.CAPACITATE: lambda record: Capacitation(record, True),
    Op.SHIELD: lambda record: Shield(record, False),
    Op.UNLOAD: Unload,
    Op.SHIELD_SET: lambda record: Shield(record, True),
    Op.LOAD_RESOURCES: LoadResources,
    Op.SET_ASIDE_TOP: SetAsideTop,
    Op.RETURN_SET_ASIDE: ReturnSetAside,
    Op.LOAD_FROM_RESOURCES: LoadFromResources,
    Op.SEARCH_DECK: SearchDeck,
    Op.TAKE_FROM_DECK: TakeFromDeck,
    Op.TAKE_FROM_RESOURCES: TakeFromResources,
    Op.LOSE_TEXTS: LoseTexts,
    Op.MARK: Mark,
    Op.PUT_INTO_SCENE: PutIntoScene,
    Op.CANCEL_ACTION: CancelAction,
    Op.FORBID_ACTION_THIS_TURN: ForbidActionThisTurn,
    Op.FORBID_SEARCH_THIS_TURN: ForbidSearchThisTurn,
    Op.GAIN_TRAIT: lambda record: Trait(record, True),
    Op.LOSE_TRAIT: lambda record: Trait(record, False),
    Op.EMPOWER: Empower,
    Op.DISCARD_FROM_HAND: DiscardFromHand,
    Op.KEEP_SET_ASIDE: KeepSetAside,
    Op.RETURN_IN_ORDER: ReturnInOrder,
    Op.REVEAL_SET_ASIDE: RevealSetAside,
    Op.HAND_TO_DECK_TOP: HandToDeckTop,
    Op.PERMUTE: Permute,
    Op.UNLOAD_CHOSEN: UnloadChosen,
    Op.GENERATE: Generate,
    Op.RETURN_TO_HAND: ReturnToHand,
    Op.CHOOSE_AFFILIATION: ChooseAffiliation,
    Op.TO_RESOURCES: ToResources,
    Op.MILL: Mill,
    Op.REVEAL: Reveal,
    Op.SURPRISE_REVEAL: SurpriseReveal,
    Op.SURPRISE_LOAD: SurpriseLoad,
    Op.MANUAL: Manual,
    Op.ONLY_ACTION_THIS_TURN: OnlyActionThisTurn,
    Op.NO_ACTIONS_THIS_TURN: NoActionsThisTurn,
    Op.EACH_CHOSEN_DEALS: EachChosenDeals,
    Op.LOOK_OPPONENT_HAND: LookOpponentHand,
    Op.FETCH_INTO_SCENE: FetchIntoScene,
    Op.LEND_ACTIONS: LendActions,
    Op.FORBID_POWER_THIS_TURN: ForbidPowerThisTurn,
    Op.COST_THIS_TURN: CostThisTurn,
    Op.LOAD_CHOSEN_RESOURCES: LoadChosenResources,
    Op.SHUFFLE_INTO_DECK: ShuffleIntoDeck,
    Op.CHOOSE_POWER: ChoosePower,
    Op.CARRIED_TO_DECK_BOTTOM: CarriedToDeckBottom,
    Op.PUT_FROM_HAND: PutFromHand,
    Op.LOAD_FOUND: LoadFound,
    Op.TAKE_FOUND: TakeFound,
    Op.LOAD_THIS: LoadThis,
    Op.CHOOSE_REPLACEMENT: ChooseReplacement,
    Op.RESOURCES_TO_PRIZES: ResourcesToPrizes,
    Op.SCENARIO_FROM_RESOURCES: ScenarioFromResources,
    Op.TO_DECK_BOTTOM: ToDeckBottom,
    Op.TO_DECK_TOP: ToDeckTop,
    Op.DISCARD_CARDS: DiscardCards,
    Op.RESOURCES_TO_DECK_BOTTOM: ResourcesToDeckBottom,
    Op.EXTRA_ACTION: ExtraActionGranted,
    Op.RETARGET: Retarget,
}


def decode(record: Step) -> Procedure:
    """The typed step a stored record stands for."""
    return DECODERS[record.op](record)
