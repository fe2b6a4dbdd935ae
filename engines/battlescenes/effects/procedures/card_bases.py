"""Procedures on a card base's state: its stage of capacitation (4.5), its shield (4.8.6)
and the cards it carries — loaded from the resources (4.1), unloaded (4.8.2.1), swapped (4.2)."""

from __future__ import annotations

from engines.battlescenes.content.schema import CardType, Op, Step, Trigger
from engines.battlescenes.effects import replacements, tree, triggers
from engines.battlescenes.effects.operands import (
    AMOUNT,
    DONE,
    ability_of,
    ask,
    matches,
    plus,
    shuffle,
    targets_of,
)
from engines.battlescenes.effects.procedures.damage import knock_outs
from engines.battlescenes.effects.steps import (
    BSHandlers,
    BSRun,
    Capacitation,
    CarriedToDeckBottom,
    EachChosenDeals,
    LoadFromResources,
    LoadResources,
    Permute,
    Shield,
    ShuffleIntoDeck,
    Unload,
    UnloadChosen,
    asks,
    resolved,
)
from engines.battlescenes.effects.triggers import fire
from engines.battlescenes.rules import load_order
from engines.battlescenes.rules.state import InScene, Pending, ShieldEntry, State
from engines.battlescenes.table import leaving, shields, zones
from engines.core import Event
from engines.core.model import replace

HANDLERS: BSHandlers = BSHandlers()


@HANDLERS.on(Capacitation)
def _stage(run: BSRun, state: State, proc: Capacitation) -> State:
    effect, step = run.ctx, proc.record
    events = []
    targets = [
        t
        for t in targets_of(state, effect, step)
        if zones.defn(state, t).type is CardType.CHARACTER
    ]
    amount = step.amount
    if step.choose_amount and targets:  # "em {1} ou {2}": its controller says how much
        picked = [a for a in effect.answers if a.startswith(AMOUNT)]
        if not picked:
            most = step.amount
            if step.exactly and not proc.up:  # "incapacitar em X": what it can take in full
                most = min([most, *(zones.in_scene(state, t).stage for t in targets)])
            if most < 1:  # at stage 0: it cannot be done (what depends on it is skipped)
                return tree.put(state, replace(tree.get(state, effect.uid), declined=True))
            options = [f"{AMOUNT}{n}" for n in range(1, most + 1)]
            prompt = "battlescenes.choice.amount"
            return asks(run, ask(state, effect, effect.controller, prompt, options, False))
        amount = int(picked[-1].removeprefix(AMOUNT))
        if step.exactly:  # "compre X cards": the X chosen (Pesquisa Solitária V1)
            state = tree.put(state, replace(tree.get(state, effect.uid), moved=amount))
    for target in targets:
        if proc.up:
            state = zones.capacitate(state, target, amount)
        else:
            before = zones.in_scene(state, target).stage
            state = zones.incapacitate(state, target, amount)
            if zones.in_scene(state, target).stage < before:  # 5.2 (Cristalys V1)
                level = effect.level + 1
                state = triggers.fire(
                    state, Trigger.INCAPACITATED, level, base=target, player=effect.controller
                )
        events.append(
            Event(
                "battlescenes.event.capacitate" if proc.up else "battlescenes.event.incapacitate",
                {"card": zones.title(state, target), "amount": amount},
                rule="4.5.1",
            )
        )
    return resolved(run, state, events)


def _entry(state: State, proc: Shield, item: InScene, amount: int) -> ShieldEntry:
    """A timed shield effect of ``amount`` until the end of the turn (4.8.6)."""
    if proc.setting:
        return ShieldEntry("set", amount, state.clock)
    if amount >= 0:
        return ShieldEntry("bonus", amount, state.clock)
    # 4.8.6: a penalty applies only down to 0; what it could not take is lost for good.
    return ShieldEntry("penalty", min(-amount, shields.shield(state, item)), state.clock)


@HANDLERS.on(Shield)
def _shield(run: BSRun, state: State, proc: Shield) -> State:
    effect, step = run.ctx, proc.record
    # ``plus``: "Escudo -X" (Prensa Pênsil V1: ``-x``, minus the action's X)
    amount = step.amount + plus(state, effect, step)
    events = []
    for target in targets_of(state, effect, step):
        item = zones.in_scene(state, target)
        entry = _entry(state, proc, item, amount)
        state = zones.set_in_scene(state, replace(item, shield_log=(*item.shield_log, entry)))
        events.append(
            Event(
                "battlescenes.event.shield_set"
                if proc.setting
                else "battlescenes.event.shield_change",
                {"card": zones.title(state, target), "amount": amount},
                rule="4.8.6",
            )
        )
    return resolved(run, state, events)


@HANDLERS.on(Unload)
def _unload(run: BSRun, state: State, proc: Unload) -> State:
    effect, step = run.ctx, proc.record
    if step.to == "this_card":  # "descarregue este card"
        return _unload_source(run, state)
    events = []
    for target in targets_of(state, effect, step):
        item = zones.in_scene(state, target)
        cards = list(reversed(item.loaded))[: step.amount]
        if step.every:  # "descarregue todos os cards de personagens" (Hela V1's action)
            cards = [c for c in reversed(item.loaded) if matches(state, c, step)]
        state = zones.unload(state, target, cards)
        if cards:  # 5.2 "quando cards forem descarregados deste personagem"
            state = triggers.fire(state, Trigger.UNLOADED, effect.level + 1, base=target)
        events.append(
            Event(
                "battlescenes.event.unloaded",
                {"card": zones.title(state, target), "count": len(cards)},
                rule="4.8.2.1",
            )
        )
    state, more = knock_outs(state, effect.level + 1, effect.controller)
    return resolved(run, state, events + more)


def _unload_source(run: BSRun, state: State) -> State:
    """ "Descarregue <este card>" (Sequência de Golpes V1): the card the effect is printed
    on, from the card base carrying it; not carried any more, it is not done ("Se o fizer"
    steps are skipped)."""
    effect = run.ctx
    holder = next((s.card for s in state.scene if effect.source in s.loaded), None)
    if holder is None:
        return tree.put(state, replace(effect, declined=True))
    state = zones.unload(state, holder, [effect.source])
    state = triggers.fire(state, Trigger.UNLOADED, effect.level + 1, base=holder)
    params = {"card": zones.title(state, holder), "count": 1}
    events = [Event("battlescenes.event.unloaded", params, rule="4.8.2.1")]
    state, more = knock_outs(state, effect.level + 1, effect.controller)
    return resolved(run, state, events + more)


def _other_sharing(state: State, this: int, other: InScene) -> bool:
    """``other`` is another character than ``this`` sharing an affiliation with it now."""
    index = zones.find(state, this)
    if index is None or other.card == this:
        return False
    mine = set(zones.affiliations(state, state.scene[index]))
    return bool(mine & set(zones.affiliations(state, other)))


@HANDLERS.on(LoadFromResources)
def _load_from_resources(run: BSRun, state: State, proc: LoadFromResources) -> State:
    effect, step = run.ctx, proc.record
    seat = effect.controller
    if not effect.answers:
        cards = [c for c in state.players[seat].resources if matches(state, c, step)]
        bases = [
            s.card
            for s in zones.characters(state, seat)
            if (
                not step.filter_alignment
                or zones.has_alignment(state, s.card, step.filter_alignment)
            )
            and (step.to != "this" or s.card == effect.this)
            # another character sharing an affiliation with this one (Investida Estratégica)
            and (step.to != "other_sharing" or _other_sharing(state, effect.this, s))
        ]
        if bases:  # listed in the player's loading order (7.2 Predador, 4.4.2.2 A.3)
            cards = load_order.ordered(state, seat, cards, bases[0])
        options = [
            f"{c}>{b}"
            for c in cards
            for b in bases
            # sharing the alter ego (or, without one, the name) (Movimentos Característicos V1)
            if not step.same_identity
            or set(zones.identities(state, c)) & set(zones.identities(state, b))
        ]
        if not options:
            return state
        return asks(
            run, ask(state, effect, seat, "battlescenes.choice.load", options, step.optional)
        )
    card, base = (int(x) for x in effect.answers[-1].split(">"))
    player = state.players[seat]
    state = zones.set_player(
        state, seat, replace(player, resources=tuple(c for c in player.resources if c != card))
    )
    instead = replacements.load(state, card, base, effect.level + 1)
    if instead is not None:  # 5.5: not loaded, so no "carregado" trigger
        state, events = instead
        return resolved(run, state, events)
    item = zones.in_scene(state, base)
    state = zones.set_in_scene(state, replace(item, loaded=(*item.loaded, card)))
    if step.to == "other_sharing":  # "daquele personagem" next (Investida Estratégica V1)
        state = tree.put(state, replace(tree.get(state, effect.uid), chosen=base))
    event = Event(
        "battlescenes.event.loaded",
        {"card": zones.title(state, card), "base": zones.title(state, base)},
        rule="4.1",
    )
    state = fire(state, Trigger.LOADED_FROM_RESOURCES, effect.level + 1, card=card, base=base)
    state = fire(
        state, Trigger.RESOURCES_LOADED_ONTO_THIS, effect.level + 1, base=base, by=effect.uid
    )
    state = fire(state, Trigger.LOADED_ONTO_THIS, effect.level + 1, card=card, base=base)
    return resolved(run, state, [event])


@HANDLERS.on(LoadResources)
def _load_resources(run: BSRun, state: State, proc: LoadResources) -> State:
    """Load up to ``amount`` cards from the resources (in the controller's loading order,
    newest first by default) on this card base;
    each loaded card triggers "loaded on this" effects separately (4.8.4.3)."""
    effect, step = run.ctx, proc.record
    seat = effect.controller
    if zones.find(state, effect.this) is None:
        return state
    player = state.players[seat]
    pool = [
        c for c in player.resources if matches(state, c, step)
    ]  # the step's filters (Cura Rápida)
    taken = load_order.ordered(state, seat, tuple(pool), effect.this)[: step.amount]
    player = replace(player, resources=tuple(c for c in player.resources if c not in taken))
    state = zones.set_player(state, seat, player)
    cards: list[int] = []
    events: list[Event] = []
    for card in taken:  # 5.5: each card's loading may be replaced
        instead = replacements.load(state, card, effect.this, effect.level + 1)
        if instead is None:
            cards.append(card)
        else:
            state, more = instead
            events.extend(more)
    item = zones.in_scene(state, effect.this)
    state = zones.set_in_scene(state, replace(item, loaded=(*item.loaded, *cards)))
    for card in cards:
        state = fire(
            state, Trigger.LOADED_FROM_RESOURCES, effect.level + 1, card=card, base=effect.this
        )
        level = effect.level + 1
        state = fire(
            state, Trigger.RESOURCES_LOADED_ONTO_THIS, level, base=effect.this, by=effect.uid
        )
        state = fire(state, Trigger.LOADED_ONTO_THIS, effect.level + 1, card=card, base=effect.this)
    event = Event(
        "battlescenes.event.loaded_many",
        {"base": zones.title(state, effect.this), "count": len(cards)},
        rule="4.1",
    )
    return resolved(run, state, [event, *events])


@HANDLERS.on(UnloadChosen)
def _unload_chosen(run: BSRun, state: State, proc: UnloadChosen) -> State:
    """Unload up to N cards carried by characters or supports (Fantasma do Espaço V1,
    Sumiço Fantasma): the controller picks up to ``amount`` carried
    cards anywhere in the scene (``to: this``: on this card base), one at a time, then
    ``done``. Not damage (4.8.2.1). Each
    card base that lost cards fires "quando cards forem descarregados" (5.2); then 4.7."""
    effect, step = run.ctx, proc.record
    seat = effect.controller
    # (an optional one's "yes" first: "você pode descarregar um card dele", Carnificina V2)
    chosen = [int(a) for a in effect.answers if a.isdigit()]
    finished = effect.answers and effect.answers[-1] == DONE
    # ``filter_type``: only from characters ("de um personagem", Cassandra Nova V1); ``to:
    # this``: only this card base's ("um card deste personagem", Fera V2)
    bases = [
        s
        for s in state.scene
        if matches(state, s.card, step) and (step.to != "this" or s.card == effect.this)
    ]
    if step.to == "target":  # "descarregue … do alvo": only the targets' cards
        bases = [s for s in bases if s.card in effect.targets]
    if step.to == "that_chosen":  # "um card daquele personagem" (Planos de Infiltração V1)
        bases = [s for s in bases if s.card == effect.chosen]
    wanted = step.amount + plus(state, effect, step)
    if step.each_base:  # "um card de cada personagem …": the bases still owing cards
        bases = [s for s in bases if sum(c in chosen for c in s.loaded) < step.amount]
    left = [
        str(c)
        for s in bases
        for c in s.loaded
        if c not in chosen and not (step.other and c == effect.source)  # "um outro card"
    ]
    if left and not finished and (step.each_base or len(chosen) < wanted):
        prompt = "battlescenes.choice.unload_chosen"
        # "Descarregue um card" / "de cada": no stopping short
        done = [] if step.exactly or step.each_base else [DONE]
        # an opponent picks which of the cards (Microdepósito V1)
        chooser = 1 - seat if step.by_opponent else seat
        return asks(run, ask(state, effect, chooser, prompt, [*left, *done], False))
    events: list[Event] = []
    for item in list(state.scene):
        cards = [c for c in item.loaded if c in chosen]
        if not cards:
            continue
        handed = [c for c in cards if _to_hand(state, c, step.to_hand_if)]
        if handed:  # that card to the hand instead of the resources (Ultron-1 V1)
            state, more = _unload_to_hand(state, item.card, handed)
            events.extend(more)
            cards = [c for c in cards if c not in handed]
            if not cards:
                state = triggers.fire(state, Trigger.UNLOADED, effect.level + 1, base=item.card)
                continue
        state = zones.unload(state, item.card, cards)
        state = triggers.fire(state, Trigger.UNLOADED, effect.level + 1, base=item.card)
        events.append(
            Event(
                "battlescenes.event.unloaded",
                {"card": zones.title(state, item.card), "count": len(cards)},
                rule="4.8.2.1",
            )
        )
    state, more = knock_outs(state, effect.level + 1, effect.controller)
    return resolved(run, state, events + more)


def _to_hand(state: State, card: int, kinds: str) -> bool:
    """Whether an unloaded card is of a kind ``to_hand_if`` sends to the hand."""
    d = zones.defn(state, card)
    for kind in (k for k in kinds.split("|") if k):
        if kind.startswith("alter_ego:"):
            if d.type is CardType.CHARACTER and d.alter_ego == kind.split(":", 1)[1]:
                return True
        elif d.type.value == kind:
            return True
    return False


def _unload_to_hand(state: State, base: int, cards: list[int]) -> tuple[State, list[Event]]:
    """Unloaded cards (7.3 Descarregar) put into their owner's hand instead of the
    resources: no arrival in the resources."""
    state = zones.unload_to_hand(state, base, cards)
    events = [
        Event(
            "battlescenes.event.unloaded_to_hand",
            {"card": zones.title(state, card), "base": zones.title(state, base)},
            rule="7.3",
        )
        for card in cards
    ]
    return state, events


@HANDLERS.on(CarriedToDeckBottom)
def _carried_to_deck_bottom(run: BSRun, state: State, proc: CarriedToDeckBottom) -> State:
    """An Item Único ability card carried by a character or support goes to the bottom of
    its owner's deck (Colecionador V1): its controller picks one
    carried card passing the filters, anywhere in the scene (``other``: carried by another
    card base than this one, Blink V1); it goes under its owner's deck — not an unload
    ("descarregar" sends a card to the resources), so no unload effects; a card base left
    with no energy is knocked out. None to pick: not done ("se o fizer")."""
    effect, step = run.ctx, proc.record
    if step.to == "this_card":
        return _this_to_deck_bottom(run, state, proc)
    picked = [int(a) for a in effect.answers if a.isdigit()]
    if not picked:
        bases = [
            s
            for s in state.scene
            if not (step.other and s.card == effect.this)
            and not (
                step.carrier_type and zones.defn(state, s.card).type.value != step.carrier_type
            )
        ]
        options = [str(c) for s in bases for c in s.loaded if matches(state, c, step)]
        if not options:
            return tree.put(state, replace(tree.get(state, effect.uid), declined=True))
        prompt = "battlescenes.choice.carried_to_deck_bottom"
        return asks(run, ask(state, effect, effect.controller, prompt, options, step.optional))
    return _carried_to_bottom(run, state, picked[-1])


def _this_to_deck_bottom(run: BSRun, state: State, proc: CarriedToDeckBottom) -> State:
    """This card onto the bottom of its owner's deck inside an effect (Multiplicação de DNA
    V1): the effect's own card, carried, goes under its owner's deck (``optional``:
    its controller decides first); not carried any more, it is not done ("se o fizer")."""
    effect, step = run.ctx, proc.record
    if not any(effect.source in s.loaded for s in state.scene):
        return tree.put(state, replace(tree.get(state, effect.uid), declined=True))
    if step.optional and not effect.answers:
        prompt = "battlescenes.choice.may"
        return asks(run, ask(state, effect, effect.controller, prompt, ["yes"], True))
    return _carried_to_bottom(run, state, effect.source)


def _carried_to_bottom(run: BSRun, state: State, card: int) -> State:
    """A carried card to the bottom of its owner's deck (not an unload); then 4.7."""
    effect = run.ctx
    carrier = next((s for s in state.scene if card in s.loaded), None)
    if carrier is None:
        return state
    loaded = tuple(c for c in carrier.loaded if c != card)
    state = zones.set_in_scene(state, replace(carrier, loaded=loaded))
    owner = zones.owner(state, card)
    player = state.players[owner]
    state = zones.set_player(state, owner, replace(player, deck=(*player.deck, card)))
    state = zones.bottomed(state, owner, 1)
    params = {"card": zones.title(state, card), "base": zones.title(state, carrier.card)}
    event = Event("battlescenes.event.carried_to_deck_bottom", params, rule="8.D")
    state, more = knock_outs(state, effect.level + 1, effect.controller)
    return resolved(run, state, [event, *more])


@HANDLERS.on(Permute)
def _permute(run: BSRun, state: State, proc: Permute) -> State:
    """4.2: swap a card carried by this card base with one carried by the other base; each
    takes the other's place. No load/unload triggers (4.2 ATENÇÃO). Both bases must be of
    one player, whose own cards they carry (8.D)."""
    effect, step = run.ctx, proc.record
    seat = effect.controller
    if step.any_pair:
        return _permute_pair(run, state, proc)
    others = [t for t in targets_of(state, effect, step) if t != effect.this]
    if not others or zones.find(state, effect.this) is None:
        return state
    mine, theirs = zones.in_scene(state, effect.this), zones.in_scene(state, others[0])
    if mine.controller != theirs.controller:
        return state
    picked = [a for a in effect.answers if ">" in a]
    wanted = step.filter_card_power.split("|") if step.filter_card_power else []
    if not picked:
        # "um card de habilidade de ◆ ou ◆ que um outro personagem … estiver carregando";
        # only that name (Soldado Invernal V1); this side's card the effect's own
        # (Bumerangue Teleguiado)
        ours = [effect.source] if step.swap_this_card else list(mine.loaded)
        if step.filter_not_name:  # "um card que não se chame N" on this side (Trabalho em Equipe)
            ours = [c for c in ours if zones.defn(state, c).name != step.filter_not_name]

        def wanted_card(card: int) -> bool:
            return not wanted or any(ability_of(state, card, p) for p in wanted)

        theirs_ok = [
            b
            for b in theirs.loaded
            if (step.either_card or wanted_card(b))
            and (not step.swap_with_name or zones.defn(state, b).name == step.swap_with_name)
        ]
        options = [
            f"{a}>{b}"
            for a in ours
            if a in mine.loaded
            for b in theirs_ok
            # either_card: one of the two is of those powers (Rocket Raccoon V2)
            if not step.either_card or wanted_card(a) or wanted_card(b)
        ]
        if not options:
            return state
        return asks(run, ask(state, effect, seat, "battlescenes.choice.permute", options, False))
    a, b = (int(x) for x in picked[-1].split(">"))
    state = _swap(state, a, b, (mine, theirs))
    if step.ready_swapped:  # "ganha Prontidão – ações do card permutado"
        mine = zones.in_scene(state, effect.this)
        state = zones.set_in_scene(state, replace(mine, ready_cards=(*mine.ready_cards, b)))
    event = Event(
        "battlescenes.event.permuted",
        {"card": zones.title(state, a), "other": zones.title(state, b)},
        rule="4.2",
    )
    return resolved(run, state, [event])


def _swap(state: State, a: int, b: int, bases: tuple[InScene, ...]) -> State:
    """4.2: the cards ``a`` and ``b`` change places between ``bases``."""
    swap = {a: b, b: a}
    for item in bases:
        loaded = tuple(swap.get(c, c) for c in item.loaded)
        state = zones.set_in_scene(state, replace(item, loaded=loaded))
    return state


def _permute_pair(run: BSRun, state: State, proc: Permute) -> State:
    """4.2 a card carried by one of your X-Men characters or supports is swapped with a
    card another of them carries (Sala de Perigo
    V1, ``any_pair``): its controller picks the two cards, on two different card bases of
    theirs passing the filters."""
    effect, step = run.ctx, proc.record
    seat = effect.controller
    bases = [s for s in state.scene if s.controller == seat and matches(state, s.card, step)]
    picked = [a for a in effect.answers if ">" in a]
    if not picked:
        options = [
            f"{a}>{b}"
            for i, mine in enumerate(bases)
            for theirs in bases[i + 1 :]
            for a in mine.loaded
            for b in theirs.loaded
        ]
        if not options:
            return state
        return asks(run, ask(state, effect, seat, "battlescenes.choice.permute", options, False))
    a, b = (int(x) for x in picked[-1].split(">"))
    holders = tuple(s for s in state.scene if a in s.loaded or b in s.loaded)
    state = _swap(state, a, b, holders)
    event = Event(
        "battlescenes.event.permuted",
        {"card": zones.title(state, a), "other": zones.title(state, b)},
        rule="4.2",
    )
    return resolved(run, state, [event])


@HANDLERS.on(ShuffleIntoDeck)
def _shuffle_into_deck(run: BSRun, state: State, proc: ShuffleIntoDeck) -> State:
    """Unload all its cards and shuffle it into its owner's deck (Blink V1): each
    target leaves the scene, its cards unloaded first — not a knock-out (4.7 ATENÇÃO), its
    "sai de cena" effects pending —, and its owner's deck is shuffled."""
    effect, step = run.ctx, proc.record
    events: list[Event] = []
    for card in targets_of(state, effect, step):
        state, left = leaving.leave_to(state, card, "deck", effect.controller, effect.level + 1)
        owner = zones.owner(state, card)
        if card in state.players[owner].deck:
            state = shuffle(state, owner, run.env.dice)
        events.extend(left)
    return resolved(run, state, events)


@HANDLERS.on(EachChosenDeals)
def _each_chosen_deals(run: BSRun, state: State, proc: EachChosenDeals) -> State:
    """Its controller may incapacitate by {1} any number of their characters with alter ego
    N; if so, each deals 1 penetrating damage to a character or support of their choice
    (A Era de Ultron V1): its controller picks its
    characters passing the filters that can be incapacitated, one at a time, then ``done``;
    each is incapacitated by 1, then each deals the damage as its own (4.8.5; the record's
    FAQ: one source each), one effect per character, its destination chosen then."""
    effect, step = run.ctx, proc.record
    seat = effect.controller
    chosen = [int(a) for a in effect.answers if a.isdigit()]
    finished = bool(effect.answers) and effect.answers[-1] == DONE
    left = [
        str(c.card)
        for c in zones.characters(state, seat)
        if c.card not in chosen and c.stage >= 1 and matches(state, c.card, step)
    ]
    if left and not finished:
        prompt = "battlescenes.choice.each_chosen_deals"
        return asks(run, ask(state, effect, seat, prompt, [*left, DONE], False))
    if not chosen:  # none: not done ("se o fizer")
        return tree.put(state, replace(tree.get(state, effect.uid), declined=True))
    events: list[Event] = []
    hit = Step(op=Op.DAMAGE, amount=step.amount, penetrating=step.penetrating, to="chosen_base")
    hit = replace(hit, source="chosen")
    found: list[Pending] = []
    for card in chosen:
        state = zones.incapacitate(state, card, 1)
        state = triggers.fire(
            state, Trigger.INCAPACITATED, effect.level + 1, base=card, player=seat
        )  # 5.2 (Cristalys V1)
        params = {"card": zones.title(state, card), "amount": 1}
        events.append(Event("battlescenes.event.incapacitate", params, rule="4.5.1"))
        found.append(
            Pending(
                uid=0,
                level=effect.level + 1,
                controller=seat,
                source=effect.source,
                label=zones.title(state, card),
                steps=(hit,),
                this=card,
                chosen=card,
            )
        )
    state = tree.add(state, found, effect.level + 1)
    return resolved(run, state, events)
