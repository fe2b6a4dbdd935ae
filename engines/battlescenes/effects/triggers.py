"""Triggered effects (5.2) becoming pending in the Effect Tree (9.1.2)."""

from __future__ import annotations

from engines.battlescenes.content.schema import CardType, Step, Text, Trigger
from engines.battlescenes.effects import other_zones, tree
from engines.battlescenes.rules.state import InScene, Pending, Phase, State
from engines.battlescenes.table import zones
from engines.core.model import replace


def fire(
    state: State,
    trigger: Trigger,
    level: int,
    *,
    card: int = -1,
    base: int = -1,
    searcher: int = -1,
    player: int = -1,
    by: int = -1,
    amount: int = 1,
) -> State:
    """Make every effect with ``trigger`` that this event meets pending at ``level``
    (``by``: the uid of the effect whose procedure loaded ``card``, for
    ``resources_loaded_onto_this``)."""
    found: list[Pending] = []

    def proto(
        source: int, controller: int, this: int, label: str, steps: tuple[Step, ...]
    ) -> Pending:
        return Pending(
            uid=0,
            level=level,
            controller=controller,
            source=source,
            label=label,
            steps=steps,
            this=this,
        )

    if trigger is Trigger.ENTERS_SCENE:
        item = zones.in_scene(state, card)
        for text in zones.defn(state, card).texts:
            if text.trigger is trigger and not text.generated:
                found.append(
                    proto(card, item.controller, card, zones.title(state, card), text.steps)
                )
        found.extend(_character_enters(state, item, level))
    elif trigger is Trigger.PLAYER_SEARCHES_DECK:  # any player's own search (Heimdall V1)
        for item in state.scene:
            for source, text in zones.texts(state, item):
                if text.trigger is trigger:
                    made = proto(
                        source, item.controller, item.card, zones.title(state, source), text.steps
                    )
                    found.append(replace(made, player=searcher, x=amount))
    elif trigger is Trigger.RESOURCES_LOADED_ONTO_THIS:
        state, more = _resources_loaded(state, base, by, level)
        found.extend(more)
    elif trigger in (Trigger.LOADED_FROM_RESOURCES, Trigger.LOADED_FROM_HAND):
        item = zones.in_scene(state, base)
        if zones.defn(state, base).type is CardType.CHARACTER:
            for text in zones.defn(state, card).texts:
                if (
                    text.trigger is trigger
                    and not text.generated
                    and (not text.if_power or text.if_power in zones.powers(state, item))
                    and (  # "em um personagem vilão" (Suborno V1)
                        not text.if_holder_alignment
                        or zones.has_alignment(state, base, text.if_holder_alignment)
                    )
                ):
                    found.append(
                        proto(card, item.controller, base, zones.title(state, card), text.steps)
                    )
    elif trigger in (Trigger.UNLOADED_IN_ADJUSTMENT, Trigger.UNLOADED):
        item = zones.in_scene(state, base)
        if trigger is Trigger.UNLOADED:
            state, more = _this_unloaded(state, item, level)
            found.extend(more)
        for source, text in zones.texts(state, item):
            if text.trigger is trigger:
                found.append(
                    proto(source, item.controller, base, zones.title(state, source), text.steps)
                )
    elif trigger in (Trigger.DISCARDED_IN_ADJUSTMENT, Trigger.DISCARDED):
        for item in state.scene:
            if item.controller != player:
                continue
            for source, text in zones.texts(state, item):
                if text.trigger is trigger:
                    found.append(
                        proto(source, player, item.card, zones.title(state, source), text.steps)
                    )
    elif trigger is Trigger.LOADED_ONTO_THIS:
        item = zones.in_scene(state, base)
        combat = state.phase in (Phase.ANTICIPATION, Phase.ATTACK)
        for source, text in zones.texts(state, item):
            if text.trigger is trigger and (combat or not text.if_combat):
                found.append(
                    proto(source, item.controller, base, zones.title(state, source), text.steps)
                )
    elif trigger is Trigger.INCAPACITATED:
        # ``base`` was incapacitated by an effect ``player`` controls: texts of the card base
        # itself (``this``) or of any card base of its controller (``own_characters``).
        item = zones.in_scene(state, base)
        for holder in state.scene:
            if holder.controller != item.controller:
                continue
            for source, text in zones.texts(state, holder):
                if (
                    text.trigger is trigger
                    and (text.trigger_for == "own_characters" or holder.card == base)
                    and (
                        not text.trigger_if_affiliation
                        or text.trigger_if_affiliation in zones.affiliations(state, item)
                    )
                    and (text.trigger_by == "any" or player not in (-1, item.controller))
                ):
                    found.append(
                        proto(source, item.controller, base, zones.title(state, source), text.steps)
                    )
    elif trigger is Trigger.OPPONENT_SEARCHES_DECK:
        for item in state.scene:
            if item.controller == searcher:
                continue
            for source, text in zones.texts(state, item):
                if text.trigger is trigger:
                    found.append(
                        proto(
                            source,
                            item.controller,
                            item.card,
                            zones.title(state, source),
                            text.steps,
                        )
                    )
    if not found:
        return state
    return tree.add(state, found, level)


def _resources_loaded(state: State, base: int, by: int, level: int) -> tuple[State, list[Pending]]:
    """When an effect loads cards of its controller's resources onto this character in the
    Combat phase, once per card so loaded (Carnificina V2): the
    texts of the card base loaded; ``once_per_turn`` ones answer only the effect ``by`` that
    first triggered them this turn."""
    if zones.find(state, base) is None:
        return state, []
    item = zones.in_scene(state, base)
    combat = state.phase in (Phase.ANTICIPATION, Phase.ATTACK)
    found = []
    for source, text in zones.texts(state, item):
        if text.trigger is not Trigger.RESOURCES_LOADED_ONTO_THIS or (
            text.if_combat and not combat
        ):
            continue
        if text.once_per_turn:
            key = f"{source}:{zones.defn(state, source).texts.index(text)}:"
            earlier = [k for k in state.once_triggered if k.startswith(key)]
            if earlier and earlier[0] != f"{key}{by}":
                continue
            if not earlier:
                state = replace(state, once_triggered=(*state.once_triggered, f"{key}{by}"))
        found.append(_text_effect(state, source, text, item.controller, base, level))
    return state, found


def _this_unloaded(state: State, item: InScene, level: int) -> tuple[State, list[Pending]]:
    """5.2 this card unloaded from a character its controller controls (``this_unloaded``,
    Atacar e Espionar): the texts of the cards just unloaded from ``item`` (read once)."""
    gone = [c for b, c in state.unloaded_cards if b == item.card]
    state = replace(
        state, unloaded_cards=tuple(p for p in state.unloaded_cards if p[0] != item.card)
    )
    powers = zones.powers(state, item)
    found = [
        _text_effect(state, card, text, item.controller, item.card, level)
        for card in gone
        for text in zones.defn(state, card).texts
        if text.trigger is Trigger.THIS_UNLOADED and (not text.if_power or text.if_power in powers)
    ]
    return state, found


def _holders(state: State, seat: int) -> list[tuple[int, int, Text]]:
    """(holder, card, text) of every working text of ``seat``'s card bases and scenario."""
    found = [
        (holder.card, card, text)
        for holder in state.scene
        if holder.controller == seat
        for card, text in zones.texts(state, holder)
    ]
    scenario = state.scenario
    if scenario is not None and zones.scenario_controller(state) == seat:
        found.extend((scenario, scenario, t) for t in zones.scenario_texts(state))
    return found


def _character_enters(state: State, item: InScene, level: int) -> list[Pending]:
    """5.2 "quando um personagem com ◆ entrar em cena sob seu controle" (Quebrar com Tudo,
    ``character_enters`` with ``if_power``): texts of the card bases and the scenario of the
    entering character's controller — or of any player, with ``any_controller`` ("quando um
    personagem entrar em cena": Mina Explosiva V1); the effect's target is that character."""
    if zones.defn(state, item.card).type is not CardType.CHARACTER:
        return []
    powers, affiliations = zones.powers(state, item), zones.affiliations(state, item)
    holders = [
        (seat, holder, card, text)
        for seat in range(len(state.players))
        for holder, card, text in _holders(state, seat)
        if seat == item.controller or text.any_controller
    ]
    return [
        # "aquele jogador pode …" (Entrega Especial V1): the entering character's controller's
        _text_effect(
            state,
            card,
            text,
            item.controller if text.by_entering_player else seat,
            holder,
            level,
            (item.card,),
        )
        for seat, holder, card, text in holders
        if text.trigger is Trigger.CHARACTER_ENTERS
        and (not text.if_power or text.if_power in powers)
        and _holder_ready(state, text, holder, item.card)
        and not (text.if_other_entering and holder == item.card)  # Homem-Aranha V1
        # each time its controller puts an X-Men character into the scene (Mansão Xavier V1)
        and (not text.trigger_if_affiliation or text.trigger_if_affiliation in affiliations)
        # only while its controller is in their own Preparation (Experiência Acumulada V1)
        and (not text.if_preparation or (state.phase is Phase.PREPARATION and state.active == seat))
    ]


def _holder_ready(state: State, text: Text, holder: int, entering: int) -> bool:
    """Incursão Estonteante V1: the holder has ``if_holder_power`` and, with
    ``if_holder_entered_this_turn``, entered the scene this turn — and the entering character
    is another one."""
    if not (text.if_holder_power or text.if_holder_entered_this_turn):
        return True
    index = zones.find(state, holder)
    if index is None or holder == entering:
        return False
    item = state.scene[index]
    if text.if_holder_power and text.if_holder_power not in zones.powers(state, item):
        return False
    return not text.if_holder_entered_this_turn or item.entered_turn == state.turn


def drew(state: State, effect: Pending, level: int) -> State:
    """5.2 each time the effect of a ☺ action of one of your characters makes you draw one
    or more cards in the Combat phase (Experimentos
    Sabotados, ``drew_by_action``): ``effect`` (an action's) just made its controller draw.
    ``action_power`` filters the action's power, ``if_power`` the holder's ("enquanto este
    personagem tiver ☺"), ``if_combat`` the phase."""
    combat = state.phase in (Phase.ANTICIPATION, Phase.ATTACK)
    found = [
        _text_effect(state, card, text, effect.controller, holder, level)
        for holder, card, text in _holders(state, effect.controller)
        if text.trigger is Trigger.DREW_BY_ACTION
        and (combat or not text.if_combat)
        and (not text.action_power or text.action_power == effect.action_power)
        and (not text.if_power or _has_power(state, holder, text.if_power))
    ]
    return tree.add(state, found, level) if found else state


def action_resolved(state: State, effect: Pending) -> State:
    """5.2 each time a player uses a ◆ action, once its effect is done, that player may do
    something (Invasão Cósmica V1, ``action_resolved``): the action ``effect`` just
    finished; the texts of every card base and the scenario answer it, pending at its level
    (after it, 9.1.2), carried out by the player who used the action. ``action_power``
    filters the action's power; ``whose_turn`` (own / opponent / any) whose action it was."""
    # 5.2.1: texts working from the hand, resources or prizes are their owner's to decide
    # (while this card is in its owner's resources, they may …: Boneco Vodu V1)
    outside = [
        (seat, card, card, text)
        for seat, card, texts in other_zones.holders(state)
        for _card, text in texts
    ]
    candidates = [
        (seat, holder, card, text)
        for seat in range(len(state.players))
        for holder, card, text in _holders(state, seat)
    ]
    preparation = state.phase is Phase.PREPARATION and state.active == effect.controller
    found = [
        replace(
            _text_effect(state, card, text, seat, holder, effect.level),
            steps=other_zones.steps_of(text),
        )
        if text.from_zone
        else _text_effect(state, card, text, effect.controller, holder, effect.level)
        for seat, holder, card, text in [*candidates, *outside]
        if text.trigger is Trigger.ACTION_RESOLVED
        and (not text.action_power or text.action_power == effect.action_power)
        and _whose(text.whose_turn, seat == effect.controller)
        and (  # the first action a character of affiliation A uses (Abutre V1)
            not text.if_first_of_affiliation
            or text.if_first_of_affiliation in effect.first_affiliations
        )
        and (not text.if_preparation or preparation)  # "durante a Fase de Preparação …"
    ]
    return tree.add(state, found, effect.level) if found else state


def damage_incoming(state: State, target: int, level: int) -> list[Pending]:
    """When a character would take damage not from an action, while this card is in its
    owner's hand … (União Inabalável V1): the texts working from another zone that
    answer damage about to reach the character ``target``, each decided by its owner."""
    return [
        replace(
            _text_effect(state, card, text, seat, card, level, (target,)),
            steps=other_zones.steps_of(text),
        )
        for seat, card, texts in other_zones.holders(state)
        for _card, text in texts
        if text.trigger is Trigger.DAMAGE_INCOMING
    ]


def _whose(whose: str, mine: bool) -> bool:
    """Whether a text about "whose" action (own / opponent / any) is met."""
    return whose == "any" or (whose == "own") == mine


def _has_power(state: State, card: int, power: str) -> bool:
    index = zones.find(state, card)
    return index is not None and power in zones.powers(state, state.scene[index])


def dealt(state: State, source: int, destination: int, level: int) -> State:
    """5.2 when one of your characters [of affiliation X] deals damage to a character or
    support [lacking affiliation Y] (``dealt_damage``): the texts of the
    card bases and the scenario of the dealer's controller (``trigger_for: own_characters``)
    or of the dealer itself (``this``). Only a *character* deals it (4.8.5: an action's
    damage is its user's; a scenario's or an ability's is not a character's); the effect's
    target is the damaged card, ``this`` the card whose text it is."""
    index = zones.find(state, source)
    victim = zones.find(state, destination)
    if index is None or victim is None:
        return state
    dealer = state.scene[index]
    if zones.defn(state, source).type is not CardType.CHARACTER:
        return state
    holders = [
        (holder.card, card, text)
        for holder in state.scene
        if holder.controller == dealer.controller
        for card, text in zones.texts(state, holder)
    ]
    scenario = state.scenario
    if scenario is not None and zones.scenario_controller(state) == dealer.controller:
        holders.extend((scenario, scenario, t) for t in zones.scenario_texts(state))
    affiliations = zones.affiliations(state, dealer)
    damaged = zones.affiliations(state, state.scene[victim])
    found = [
        _text_effect(state, card, text, dealer.controller, holder, level, (destination,))
        for holder, card, text in holders
        if text.trigger is Trigger.DEALT_DAMAGE
        and (text.trigger_for == "own_characters" or holder == source)
        and (not text.trigger_if_affiliation or text.trigger_if_affiliation in affiliations)
        and (not text.victim_without_affiliation or text.victim_without_affiliation not in damaged)
    ]
    return tree.add(state, found, level) if found else state


def hand_empty(state: State) -> State:
    """5.2 with no card in its controller's hand (``hand_empty``): a condition, not
    an event — looked at each time effects are about to resolve. A text of a player whose hand
    is empty becomes pending (one level above the deepest pending effect, 9.1.2.1) unless its
    effect is already pending; its effect should change that state (Convocar Reforços V1
    leaves the scene first), or it would come back."""
    if state.phase is Phase.OVER:
        return state
    found = [
        _text_effect(state, card, text, seat, holder, 0)
        for seat, player in enumerate(state.players)
        if not player.hand
        for holder, card, text in _holders(state, seat)
        if text.trigger is Trigger.HAND_EMPTY
        and not any(p.source == card and p.steps == text.steps for p in state.tree)
    ]
    if not found:
        return state
    return tree.add(state, found, max((p.level for p in state.tree), default=0) + 1)


def arrivals(state: State, level: int = 0) -> State:
    """5.2.1 this card just put into its owner's resources from a given zone
    (``arrives_in_resources``, Resgate Enroscado V1): each noted card still in its owner's
    resources makes its texts waiting for that origin pending — at ``level``, or one level
    above the deepest pending effect — controlled by its owner. The resources are public:
    no reveal first."""
    if not state.arrivals:
        return state
    found = []
    for card, origin in state.arrivals:
        seat = zones.owner(state, card)
        if card not in state.players[seat].resources:
            continue
        for text in zones.defn(state, card).texts:
            wanted = set(text.arrived_from.split("|")) - {""}
            if text.trigger is Trigger.ARRIVES_IN_RESOURCES and (not wanted or origin in wanted):
                found.append(_text_effect(state, card, text, seat, card, 0))
    state = replace(state, arrivals=())
    if not found:
        return state
    return tree.add(state, found, level or max((p.level for p in state.tree), default=0) + 1)


def bottomed(state: State, level: int = 0) -> State:
    """5.2 each time a card goes to the bottom of a player's deck, that player does
    something (Deflagrar o Caos V1, ``card_to_deck_bottom``): for each card just put there (noted
    in ``State.bottomed``), the texts of every card base and the scenario waiting for it
    become pending — at ``level``, or one level above the deepest pending effect —, carried
    out by the player whose deck it is."""
    if not state.bottomed:
        return state
    waiting = [
        (holder, card, text)
        for seat in range(len(state.players))
        for holder, card, text in _holders(state, seat)
        if text.trigger is Trigger.CARD_TO_DECK_BOTTOM
    ]
    found = [
        _text_effect(state, card, text, player, holder, 0)
        for player in state.bottomed
        for holder, card, text in waiting
    ]
    state = replace(state, bottomed=())
    if not found:
        return state
    return tree.add(state, found, level or max((p.level for p in state.tree), default=0) + 1)


def _text_effect(
    state: State,
    card: int,
    text: Text,
    controller: int,
    this: int,
    level: int,
    targets: tuple[int, ...] = (),
) -> Pending:
    """The effect a triggered text of ``card`` makes pending (5.2): controlled by
    ``controller``, about the card base ``this`` (its holder), labelled by the card."""
    return Pending(
        uid=0,
        level=level,
        controller=controller,
        source=card,
        label=zones.title(state, card),
        steps=text.steps,
        targets=targets,
        this=this,
    )
