"""Moving cards between the zones of chapter 3 and the scene, and reading the scene.

Every function returns a new :class:`State` (states are immutable). Cards
always go back to their *owner's* zones (8.D).
"""

from __future__ import annotations

from collections.abc import Iterable

from engines.battlescenes.content.schema import (
    ActionDef,
    ActionKind,
    CardDef,
    CardType,
    Characteristic,
    Text,
    Trigger,
)
from engines.battlescenes.rules.state import Generated, InScene, Phase, PlayerState, State
from engines.core import Event
from engines.core.model import replace

VICTORY_POINTS = 15  # 4.9.1


def defn(state: State, card: int) -> CardDef:
    """The printed definition of a card instance."""
    return state.defs[state.cards[card].key]


def owner(state: State, card: int) -> int:
    """Who owns a card (8.D: never changes)."""
    return state.cards[card].owner


def scenario_controller(state: State) -> int:
    """Who controls the scenario in the scene: its owner, unless an effect put it there under
    another player (``State.scenario_by``). -1 when there is none."""
    if state.scenario is None:
        return -1
    if len(state.scenario_by) == 2 and state.scenario_by[0] == state.scenario:
        return state.scenario_by[1]
    return owner(state, state.scenario)


def title(state: State, card: int) -> str:
    """``Name V1`` of a card instance, for events."""
    return defn(state, card).title


def set_player(state: State, seat: int, player: PlayerState) -> State:
    """Replace one player's zones."""
    players = list(state.players)
    players[seat] = player
    return replace(state, players=tuple(players))


def find(state: State, card: int) -> int | None:
    """Index in the scene of a card base, or ``None``."""
    for i, item in enumerate(state.scene):
        if item.card == card:
            return i
    return None


def in_scene(state: State, card: int) -> InScene:
    """The scene entry of a card base (it must be there)."""
    index = find(state, card)
    if index is None:
        raise KeyError(card)
    return state.scene[index]


def set_in_scene(state: State, item: InScene) -> State:
    """Replace the scene entry of ``item.card`` (noting the turn if what it carries changed)."""
    index = find(state, item.card)
    assert index is not None
    scene = list(state.scene)
    if scene[index].loaded != item.loaded:
        item = replace(item, loaded_changed_turn=state.turn)
    scene[index] = item
    return replace(state, scene=tuple(scene))


def characters(state: State, seat: int | None = None) -> list[InScene]:
    """Characters in the scene, optionally only those ``seat`` controls."""
    return [
        s
        for s in state.scene
        if defn(state, s.card).type is CardType.CHARACTER and seat in (None, s.controller)
    ]


def decked_out(state: State, seat: int) -> tuple[State, list[Event]]:
    """4.9.2: a player who must draw from an empty deck loses."""
    winner = 1 - seat
    name = state.players[seat].name
    state = replace(state, phase=Phase.OVER, winner=winner, tree=(), choice=None)
    return state, [Event("battlescenes.event.deck_out", {"player": name}, rule="4.9.2")]


def mill(state: State, seat: int, count: int) -> State:
    """Top of the deck to the resources, as many as there are (8.C)."""
    player = state.players[seat]
    take = player.deck[:count]
    player = replace(player, deck=player.deck[len(take) :], resources=player.resources + take)
    return arrived(set_player(state, seat, player), take, "deck")


def bottomed(state: State, seat: int, count: int) -> State:
    """Note that ``count`` cards were just put on the bottom of ``seat``'s deck (Deflagrar o
    Caos V1's ``to_deck_bottom_any``); the interpreter makes the texts waiting for it
    pending."""
    return replace(state, bottomed=(*state.bottomed, *([seat] * count))) if count > 0 else state


def arrived(state: State, cards: Iterable[int], origin: str) -> State:
    """Note the cards that just arrived in the resources from ``origin`` (hand, deck,
    unloaded) whose texts wait for that (5.2.1 ``arrives_in_resources``: Resgate Enroscado
    V1); the interpreter makes their effects pending."""
    noted = tuple(
        (c, origin)
        for c in cards
        if any(t.trigger is Trigger.ARRIVES_IN_RESOURCES for t in defn(state, c).texts)
    )
    return replace(state, arrivals=(*state.arrivals, *noted)) if noted else state


def to_resources(state: State, cards: Iterable[int]) -> State:
    """Put cards in their owners' resources (8.D)."""
    for card in cards:
        seat = owner(state, card)
        player = state.players[seat]
        state = set_player(state, seat, replace(player, resources=(*player.resources, card)))
    return state


def unload(state: State, base: int, cards: Iterable[int]) -> State:
    """Unload cards from a card base to their owners' resources (7.3 Descarregar)."""
    cards = list(cards)
    item = in_scene(state, base)
    item = replace(item, loaded=tuple(c for c in item.loaded if c not in cards))
    gone = tuple((base, c) for c in cards if c in in_scene(state, base).loaded)
    state = replace(state, unloaded_cards=(*state.unloaded_cards, *gone))  # 5.2 (this_unloaded)
    state = to_resources(set_in_scene(state, item), cards)
    # An unloaded card loaded again is a new card: its "uma vez por turno" texts may be
    # activated again (Treinamento Intenso V1's FAQ).
    unloaded = {str(c) for c in cards}
    used = tuple(k for k in state.activated_used if k.split(":")[0] not in unloaded)
    if used != state.activated_used:
        state = replace(state, activated_used=used)
    if defn(state, base).type is CardType.CHARACTER:  # unloaded from a character
        state = arrived(state, cards, "unloaded")
    return state


def unload_to_hand(state: State, base: int, cards: Iterable[int]) -> State:
    """Unload cards from a card base (7.3 Descarregar) into their owners' hands instead of
    the resources (Ultron-1 V1, Microdepósito V1): no arrival in the resources."""
    cards = [c for c in cards if c in in_scene(state, base).loaded]
    item = in_scene(state, base)
    item = replace(item, loaded=tuple(c for c in item.loaded if c not in cards))
    gone = tuple((base, c) for c in cards)
    state = replace(set_in_scene(state, item), unloaded_cards=(*state.unloaded_cards, *gone))
    for card in cards:
        seat = owner(state, card)
        player = state.players[seat]
        state = set_player(state, seat, replace(player, hand=(*player.hand, card)))
    return state


def capacitate(state: State, card: int, amount: int) -> State:
    """Raise the stage by ``amount`` as far as possible (4.5.1: never above 2)."""
    item = in_scene(state, card)
    return set_in_scene(state, replace(item, stage=min(2, item.stage + amount)))


def incapacitate(state: State, card: int, amount: int) -> State:
    """Lower the stage by ``amount`` as far as possible (4.5.1: never below 0)."""
    item = in_scene(state, card)
    return set_in_scene(state, replace(item, stage=max(0, item.stage - amount)))


def granted_cards(state: State, item: InScene) -> list[int]:
    """Loaded cards whose texts work for this base (4.4.2.3).

    Ability cards on characters; for characters, one copy per version of loaded characters
    with the same alter ego (or name, A.1.2b) but another version; for supports, loaded
    supports of the same name and another version (A.2b).

    The base's alter egos / names are its *current* ones (8.B.2), read without the texts
    these very cards grant (:func:`_plain_identities`): whether a card grants its texts
    cannot depend on what those texts would change, so a loaded card's own "ganha o alter
    ego …" does not make it grant itself, and this reading never loops.
    """
    base = defn(state, item.card)
    result: list[int] = []
    seen: set[str] = set()
    current: tuple[tuple[str, ...], tuple[str, ...]] | None = None
    for card in item.loaded:
        d = defn(state, card)
        if base.type is CardType.CHARACTER and d.type is CardType.ABILITY:
            result.append(card)
        elif (
            d.type is base.type
            and d.type in (CardType.CHARACTER, CardType.SUPPORT)
            and d.version != base.version
            and d.key not in seen  # A.1.2a: two copies grant once
        ):
            if current is None:
                current = _plain_identities(state, item)
            egos, names = current
            if (d.alter_ego in egos) if egos else (d.name in names):
                seen.add(d.key)
                result.append(card)
    return result


def _plain_texts(state: State, item: InScene) -> list[tuple[int, Text]]:
    """The texts working on a card base that do not depend on A.1.2a/A.2b: its own and, for
    a character, those of the ability cards it carries (A.1.1)."""
    if texts_lost(state, item.card):
        return []
    own = [(item.card, t) for t in defn(state, item.card).texts if _permanent(t)]
    if defn(state, item.card).type is CardType.CHARACTER:
        for card in item.loaded:
            if defn(state, card).type is CardType.ABILITY and not texts_lost(state, card):
                own.extend((card, t) for t in defn(state, card).texts if _permanent(t))
    return own


def _identity_changes(state: State) -> bool:
    """Whether anything in play could change a name or an alter ego (8.B.2)."""
    kinds = ("alter_ego", "name")
    if any(t.change.kind in kinds for t in state.turn_traits):
        return True
    return any(
        c.kind in kinds
        for s in state.scene
        for card in (s.card, *s.loaded)
        for t in defn(state, card).texts
        for c in t.characteristics
    )


def _plain_identities(state: State, item: InScene) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """What A.1.2a/A.1.2b/A.2b compare: a character's current alter egos — with none, its
    names (A.1.2b) —, a support's names. Printed, plus gained, minus lost (8.B.2) by every
    working text except those granted by same-identity cards, and by the turn's changes."""
    base = defn(state, item.card)
    if not _identity_changes(state):  # the common case, without walking every text
        return ((base.alter_ego,) if base.alter_ego else ()), (base.name,)
    egos: tuple[str, ...] = ()
    if base.type is CardType.CHARACTER:
        egos = _changed(state, item, "alter_ego", [base.alter_ego] if base.alter_ego else [], True)
    return egos, _changed(state, item, "name", [base.name], True)


def generated_texts(state: State) -> list[tuple[int, Generated, Text]]:
    """(index, generated effect, its text) of the effects generated this turn (5.7 B)."""
    return [
        (n, g, t)
        for n, g in enumerate(state.turn_generated)
        for t in defn(state, g.source).texts
        if t.generated == g.name
    ]


def _permanent(text: Text) -> bool:
    """A text working in the scene: not one working from another zone (5.2.1), not a
    generated effect (5.7 B: it works only once an action generated it), not one written
    for a support carrying its ability card (4.4.2.3 A.2a)."""
    return not (text.from_zone or text.generated or text.on_support)


def in_play(state: State, card: int) -> bool:
    """Whether a card is in the scene: a card base or the scenario."""
    return card == state.scenario or find(state, card) is not None


#: The kind of the continuous effect blanking every card of a type with a named name
#: ("lose_texts_named:<type>:<name>": Gerador de P.E.M. V1).
LOSE_TEXTS_NAMED = "lose_texts_named:"


def _loses_by(state: State, kind: str, target: int, card: int) -> bool:
    """Whether a continuous effect of ``kind`` (about ``target``) blanks ``card`` (5.8)."""
    if kind == "lose_texts":
        return target == card
    if not kind.startswith(LOSE_TEXTS_NAMED):
        return False
    wanted_type, _sep, name = kind.removeprefix(LOSE_TEXTS_NAMED).partition(":")
    found = defn(state, card)
    return found.type.value == wanted_type and found.name == name


def texts_lost(state: State, card: int, seen: frozenset[int] = frozenset()) -> bool:
    """5.8: a working effect says this card's permanent texts have no effect. Such an effect
    works only while its own card keeps its texts (5.8: "Todos os Efeitos Contínuos com
    Duração Indefinida dos cards afetados vão parar de funcionar", example 5)."""
    return any(
        _loses_by(state, c.kind, c.target, card)
        and in_play(state, c.source)
        and c.source not in seen
        and not texts_lost(state, c.source, seen | {card})
        for c in state.continuous
    )


def source_lost(state: State, card: int) -> bool:
    """5.8: the permanent texts of ``card`` have no effect — its own, or those of the card
    base carrying it (example 3: what a base carries loses its texts with it)."""
    if texts_lost(state, card):
        return True
    return any(card in item.loaded and texts_lost(state, item.card) for item in state.scene)


def keywords(state: State, card: int) -> tuple[str, ...]:
    """A card's keywords, unless it lost its texts (5.8: keywords go too); a character in the
    scene also has those texts give it and not those they take away (8.B.2: Da Prática à
    Perfeição V1)."""
    if texts_lost(state, card):
        return ()
    printed = defn(state, card).keywords
    index = find(state, card) if defn(state, card).type is CardType.CHARACTER else None
    if index is None:
        return printed
    return _changed(state, state.scene[index], "keyword", list(printed))


def scenario_texts(state: State) -> list[Text]:
    """The permanent texts of the scenario in the scene, if it has any working."""
    if state.scenario is None or texts_lost(state, state.scenario):
        return []
    return [t for t in defn(state, state.scenario).texts if not (t.from_zone or t.generated)]


def texts(state: State, item: InScene) -> list[tuple[int, Text]]:
    """Permanent texts working on a card base: its own and the granted ones (none if lost);
    on a support, also the ability cards' texts written for a support carrying them
    (4.4.2.3 A.2a: "a menos que seus textos digam o contrário")."""
    if texts_lost(state, item.card):  # 5.8, also what it carries (example 3)
        return []
    own = [(item.card, t) for t in defn(state, item.card).texts if _permanent(t)]
    for card in granted_cards(state, item):
        if not texts_lost(state, card):  # a named loaded card loses its own texts (5.8)
            own.extend((card, t) for t in defn(state, card).texts if _permanent(t))
    if defn(state, item.card).type is CardType.SUPPORT:
        for card in item.loaded:
            if defn(state, card).type is CardType.ABILITY and not texts_lost(state, card):
                own.extend((card, t) for t in defn(state, card).texts if t.on_support)
    return own


def changes(state: State, item: InScene, kind: str, plain: bool = False) -> list[Characteristic]:
    """8.B.1/B.2: the working characteristic changes of ``kind`` that reach ``item``
    (``plain``: leaving out the texts granted under A.1.2a/A.2b, see :func:`granted_cards`);
    the scenario's texts too (their controller: its owner)."""
    character = defn(state, item.card).type is CardType.CHARACTER
    holders: list[tuple[int | None, int, list[tuple[int, Text]]]] = []
    for other in state.scene:
        working = _plain_texts(state, other) if plain else texts(state, other)
        working = [
            (c, t)
            for c, t in working
            if loaded_condition_met(t, other)
            and stage_condition_met(t, other)
            and _carrying_alter_ego(state, t, other)
        ]
        holders.append((other.card, other.controller, working))
    if state.scenario is not None:
        scenario = [(state.scenario, t) for t in scenario_texts(state)]
        holders.append((None, owner(state, state.scenario), scenario))
    for seat, player in enumerate(state.players):  # "ou em seus recursos" (Missão S.H.I.E.L.D.)
        kept = [
            (c, t) for c in player.resources for t in defn(state, c).texts if t.also_in_resources
        ]
        if kept:
            holders.append((None, seat, kept))
    found = []
    for holder, controller, working in holders:
        for _card, text in working:
            for change in text.characteristics:
                if change.kind != kind:
                    continue
                reaches = {
                    "this": holder == item.card,
                    "own_characters": character and controller == item.controller,
                    "opponent_characters": character and controller != item.controller,
                    "all_characters": character,
                    "marked": any(  # the card this holder's text chose (a ``mark`` step)
                        c.kind == "mark" and c.source == _card and c.target == item.card
                        for c in state.continuous
                    ),
                }[change.to]
                if reaches and change.if_affiliation and kind == "affiliation":
                    # an affiliation gained by those with another (Torre Stark V1): read from
                    # the printed and granted affiliations, so the reading never loops
                    reaches = change.if_affiliation in _unchanged_affiliations(state, item)
                elif reaches and change.if_affiliation:
                    reaches = change.if_affiliation in affiliations(state, item)
                if reaches and change.if_alignment:  # (never an alignment change)
                    reaches = has_alignment(state, item.card, change.if_alignment)
                if reaches and change.if_character_name:  # (never a name change)
                    reaches = change.if_character_name in names(state, item.card)
                if reaches and change.unless_controls_alter_ego:  # (never an alter ego change)
                    reaches = not any(
                        change.unless_controls_alter_ego in alter_egos(state, s.card)
                        for s in characters(state, controller)
                    )
                if reaches and change.if_controls_name:  # (never a name change)
                    reaches = any(
                        change.if_controls_name in names(state, s.card)
                        for s in characters(state, controller)
                    )
                if reaches:
                    found.append(change)
    found += [
        t.change for t in state.turn_traits if t.target == item.card and t.change.kind == kind
    ]
    if kind == "power":  # gained while the card that gave it stays (5.7 A.2.2: Mandarim V1)
        found += [
            Characteristic("gain", "power", c.kind.split(":", 1)[1])
            for c in state.continuous
            if c.kind.startswith("gain_power:")
            and c.target == item.card
            and in_play(state, c.source)
        ]
    return found


def _carrying_alter_ego(state: State, text: Text, item: InScene) -> bool:
    """A text's "while this card base carries a card with alter ego …" holds for ``item``
    (Hulk Vermelho V1)."""
    wanted = text.if_carrying_alter_ego
    return not wanted or any(defn(state, c).alter_ego == wanted for c in item.loaded)


def stage_condition_met(text: Text, item: InScene) -> bool:
    """A text's "while this character is at stage …" holds for ``item`` (Vespa V1)."""
    if text.if_stage_at_least >= 0 and item.stage < text.if_stage_at_least:
        return False
    return not (text.if_stage_at_most >= 0 and item.stage > text.if_stage_at_most)


def loaded_condition_met(text: Text, item: InScene) -> bool:
    """A text's "while this card base carries at most / at least N cards" holds for ``item``
    (Hulk V1: with energy 1 its shield is 0 and it has no powers)."""
    count = len(item.loaded)
    if text.if_loaded_at_most >= 0 and count > text.if_loaded_at_most:
        return False
    return not (text.if_loaded_at_least >= 0 and count < text.if_loaded_at_least)


def _changed(
    state: State, item: InScene, kind: str, have: list[str], plain: bool = False
) -> tuple[str, ...]:
    """Gains added, then every loss removed: losing always wins (8.B.2)."""
    found = changes(state, item, kind, plain)
    have += [c.value for c in found if c.change == "gain" and c.value not in have]
    lost = {c.value for c in found if c.change == "lose"}
    return () if "*" in lost else tuple(v for v in have if v not in lost)


def powers(state: State, item: InScene) -> tuple[str, ...]:
    """Powers of a character, including those granted by same-alter-ego cards (A.1.2a) and
    by texts, minus those texts take away (8.B.2)."""
    result = list(defn(state, item.card).powers)
    for card in granted_cards(state, item):
        d = defn(state, card)
        if d.type is not CardType.ABILITY:
            result.extend(p for p in d.powers if p not in result)
    if any(t.powers_of_carried for _c, t in texts(state, item)):  # Cubo Cósmico V1
        for card in item.loaded:
            d = defn(state, card)
            if d.type is CardType.ABILITY:
                carried = (*d.powers, *(a.power for a in d.actions if a.power))
                result.extend(p for p in dict.fromkeys(carried) if p not in result)
    return _changed(state, item, "power", result)


def _unchanged_affiliations(state: State, item: InScene) -> tuple[str, ...]:
    """A card base's printed affiliations and those its same-identity cards grant (A.1.2a,
    A.2b), before any text changes them (8.B.2)."""
    result = list(defn(state, item.card).affiliations)
    for card in granted_cards(state, item):
        d = defn(state, card)
        if d.type is not CardType.ABILITY:
            result.extend(a for a in d.affiliations if a not in result)
    return tuple(result)


def affiliations(state: State, item: InScene) -> tuple[str, ...]:
    """Affiliations of a card base, including granted ones (A.1.2a, A.2b), gained and lost
    ones (8.B.2)."""
    result = list(defn(state, item.card).affiliations)
    for card in granted_cards(state, item):
        d = defn(state, card)
        if d.type is not CardType.ABILITY:
            result.extend(a for a in d.affiliations if a not in result)
    return _changed(state, item, "affiliation", result)


def alignments(state: State, card: int) -> tuple[str, ...]:
    """Alignments of a card: the printed ones (herói, vilão, both or none); for a card base
    in the scene, plus those texts give and minus those they take away (8.B.2: losing
    wins)."""
    printed = list(defn(state, card).alignments)
    index = find(state, card)
    if index is None:
        return tuple(printed)
    return _changed(state, state.scene[index], "alignment", printed)


def _printed_or_changed(state: State, card: int, kind: str, printed: str) -> tuple[str, ...]:
    have = [printed] if printed else []
    index = find(state, card)
    return tuple(have) if index is None else _changed(state, state.scene[index], kind, have)


def names(state: State, card: int) -> tuple[str, ...]:
    """Names of a card: printed; in the scene, plus gained, minus lost ones (8.B.2)."""
    return _printed_or_changed(state, card, "name", defn(state, card).name)


def alter_egos(state: State, card: int) -> tuple[str, ...]:
    """Alter egos of a card: printed; in the scene, plus gained, minus lost (8.B.2)."""
    return _printed_or_changed(state, card, "alter_ego", defn(state, card).alter_ego)


def identities(state: State, card: int) -> tuple[str, ...]:
    """What A.4 compares: the alter egos, or the names when it has none (4.4.2.1)."""
    return alter_egos(state, card) or names(state, card)


def has_alignment(state: State, card: int, alignment: str) -> bool:
    """Whether ``card`` has ``alignment`` now (8.B.2)."""
    return alignment in alignments(state, card)


_KINDS = {
    (False, False): ActionKind.NORMAL,
    (True, False): ActionKind.ANTICIPATE,
    (False, True): ActionKind.UNFORESEEN,
    (True, True): ActionKind.UNFORESEEN_ANTICIPATE,
}


def action_kind(state: State, item: InScene, action: ActionDef) -> ActionKind:
    """The type of ``item``'s action now: printed, plus types gained, minus types lost —
    "se uma ação ganha e perde um tipo, ela irá perder aquele tipo" (8.B.1)."""
    found = [
        c
        for c in changes(state, item, "action_kind")
        if (not c.if_name or c.if_name.lower() == action.name.lower())
        and (not c.if_action_power or c.if_action_power == action.power)
    ]
    printed = action.kind.value
    flags = {
        "anticipate": "anticipate" in printed,
        "unforeseen": "unforeseen" in printed,
    }
    for c in found:
        if c.change == "gain":
            flags[c.value] = True
    for c in found:
        if c.change == "lose":
            flags[c.value] = False
    return _KINDS[(flags["anticipate"], flags["unforeseen"])]


def prize_points(state: State, seat: int) -> int:
    """Points ``seat`` has scored: initial energies in the *opponent's* prizes (4.9.1) — of
    characters, and of supports put there as if they were (Busca e Apreensão's FAQ)."""
    other = state.players[1 - seat]
    scoring = (CardType.CHARACTER, CardType.SUPPORT)
    return sum(defn(state, c).energy for c in other.prizes if defn(state, c).type in scoring)


def check_victory(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """4.9.1: 15 or more prize points wins at any moment."""
    if state.phase is Phase.OVER:
        return state, events
    for seat in range(len(state.players)):
        if prize_points(state, seat) >= VICTORY_POINTS:
            events.append(
                Event(
                    "battlescenes.event.won_points",
                    {"player": state.players[seat].name, "points": prize_points(state, seat)},
                    rule="4.9.1",
                )
            )
            return replace(state, phase=Phase.OVER, winner=seat, tree=(), choice=None), events
    return state, events


def marked_by(state: State, source: int, card: int) -> bool:
    """Whether the card ``source``'s text chose ``card`` with a ``mark`` step (still so)."""
    return any(
        c.kind == "mark" and c.source == source and c.target == card for c in state.continuous
    )
