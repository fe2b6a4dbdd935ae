"""Moving cards between the zones of chapter 3 and the scene, and reading the scene.

Every function returns a new :class:`State` (states are immutable). Cards
always go back to their *owner's* zones (8.D).
"""

from __future__ import annotations

from collections.abc import Iterable

from engines.battlescenes.cards import CardDef, CardType, Text
from engines.battlescenes.state import InScene, PlayerState, ShieldEntry, State, StaticShield
from engines.core import Event
from engines.core.model import replace

VICTORY_POINTS = 15  # 4.9.1


def defn(state: State, card: int) -> CardDef:
    """The printed definition of a card instance."""
    return state.defs[state.cards[card].key]


def owner(state: State, card: int) -> int:
    """Who owns a card (8.D: never changes)."""
    return state.cards[card].owner


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
    """Replace the scene entry of ``item.card``."""
    index = find(state, item.card)
    assert index is not None
    scene = list(state.scene)
    scene[index] = item
    return replace(state, scene=tuple(scene))


def characters(state: State, seat: int | None = None) -> list[InScene]:
    """Characters in the scene, optionally only those ``seat`` controls."""
    return [
        s
        for s in state.scene
        if defn(state, s.card).type is CardType.CHARACTER and seat in (None, s.controller)
    ]


def draw(state: State, seat: int, count: int) -> tuple[State, list[Event]]:
    """Draw ``count`` cards; an empty deck when a draw is owed loses the game (4.9.2)."""
    player = state.players[seat]
    events: list[Event] = []
    take = player.deck[:count]
    player = replace(player, deck=player.deck[len(take) :], hand=player.hand + take)
    state = set_player(state, seat, player)
    if take:
        events.append(
            Event(
                "battlescenes.event.drew",
                {
                    "player": player.name,
                    "count": len(take),
                    "cards": ", ".join(title(state, c) for c in take),
                },
                redact=True,
                audience=(seat,),
                public_params=("player", "count"),
            )
        )
    if len(take) < count:
        state, lost = decked_out(state, seat)
        events.extend(lost)
    return state, events


def decked_out(state: State, seat: int) -> tuple[State, list[Event]]:
    """4.9.2: a player who must draw from an empty deck loses."""
    from engines.battlescenes.state import Phase

    winner = 1 - seat
    name = state.players[seat].name
    state = replace(state, phase=Phase.OVER, winner=winner, tree=(), choice=None)
    return state, [Event("battlescenes.event.deck_out", {"player": name}, rule="4.9.2")]


def mill(state: State, seat: int, count: int) -> State:
    """Top of the deck to the resources, as many as there are (8.C)."""
    player = state.players[seat]
    take = player.deck[:count]
    player = replace(player, deck=player.deck[len(take) :], resources=player.resources + take)
    return set_player(state, seat, player)


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
    return to_resources(set_in_scene(state, item), cards)


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

    Ability cards on characters; for characters, one copy per version of
    loaded characters with the same alter ego (or name) but another version;
    for supports, loaded supports of the same name and another version.
    """
    base = defn(state, item.card)
    result: list[int] = []
    seen: set[str] = set()
    for card in item.loaded:
        d = defn(state, card)
        if base.type is CardType.CHARACTER and d.type is CardType.ABILITY:
            result.append(card)
        elif (
            d.type is base.type
            and d.type in (CardType.CHARACTER, CardType.SUPPORT)
            and (d.identity if d.type is CardType.CHARACTER else d.name)
            == (base.identity if base.type is CardType.CHARACTER else base.name)
            and d.version != base.version
            and d.key not in seen  # A.1.2a: two copies grant once
        ):
            seen.add(d.key)
            result.append(card)
    return result


def in_play(state: State, card: int) -> bool:
    """Whether a card is in the scene: a card base or the scenario."""
    return card == state.scenario or find(state, card) is not None


def texts_lost(state: State, card: int) -> bool:
    """5.8: a working effect says this card's permanent texts have no effect."""
    return any(
        c.kind == "lose_texts" and c.target == card and in_play(state, c.source)
        for c in state.continuous
    )


def keywords(state: State, card: int) -> tuple[str, ...]:
    """A card's keywords, unless it lost its texts (5.8: keywords go too)."""
    return () if texts_lost(state, card) else defn(state, card).keywords


def scenario_texts(state: State) -> list[Text]:
    """The permanent texts of the scenario in the scene, if it has any working."""
    if state.scenario is None or texts_lost(state, state.scenario):
        return []
    return list(defn(state, state.scenario).texts)


def texts(state: State, item: InScene) -> list[tuple[int, Text]]:
    """Permanent texts working on a card base: its own and the granted ones (none if lost)."""
    if texts_lost(state, item.card):  # 5.8, also what it carries (example 3)
        return []
    own = [(item.card, t) for t in defn(state, item.card).texts]
    for card in granted_cards(state, item):
        own.extend((card, t) for t in defn(state, card).texts)
    return own


def powers(state: State, item: InScene) -> tuple[str, ...]:
    """Powers of a character, including those granted by same-alter-ego cards (A.1.2a)."""
    result = list(defn(state, item.card).powers)
    for card in granted_cards(state, item):
        d = defn(state, card)
        if d.type is not CardType.ABILITY:
            result.extend(p for p in d.powers if p not in result)
    return tuple(result)


def affiliations(state: State, item: InScene) -> tuple[str, ...]:
    """Affiliations of a card base, including granted ones (A.1.2a, A.2b)."""
    result = list(defn(state, item.card).affiliations)
    for card in granted_cards(state, item):
        d = defn(state, card)
        if d.type is not CardType.ABILITY:
            result.extend(a for a in d.affiliations if a not in result)
    return tuple(result)


def _shield_texts(state: State, item: InScene) -> list[tuple[str, str, int]]:
    """(key, set|bonus, value) of the static shield texts working on a card base now."""
    found = []
    count = len(item.loaded)
    for card, text in texts(state, item):
        if text.if_loaded_at_most >= 0 and count > text.if_loaded_at_most:
            continue
        if text.if_loaded_at_least >= 0 and count < text.if_loaded_at_least:
            continue
        if text.if_power and text.if_power not in powers(state, item):
            continue
        key = f"{card}:{defn(state, card).texts.index(text)}"
        if text.shield_set >= 0:
            found.append((key, "set", text.shield_set))
        bonus = text.shield_bonus + (count if text.shield_per_loaded else 0)
        if bonus:
            found.append((key, "bonus", bonus))
    return found


def current_statics(state: State, item: InScene) -> list[StaticShield]:
    """The working static shield texts, with the clock they started at (new ones: now)."""
    known = {(s.key, s.kind, s.value): s.since for s in item.statics}
    return [
        StaticShield(key, kind, value, known.get((key, kind, value), state.clock))
        for key, kind, value in _shield_texts(state, item)
    ]


def refresh_shields(state: State) -> State:
    """Record when static shield texts start and stop working (4.8.6: a stopped setting
    text is an ended effect; a changed value is a new effect)."""
    scene = []
    for item in state.scene:
        now = current_statics(state, item)
        if tuple(now) != item.statics:
            ended = tuple(
                ShieldEntry("set", s.value, s.since, state.clock)
                for s in item.statics
                if s.kind == "set" and s not in now
            )
            item = replace(item, statics=tuple(now), shield_log=item.shield_log + ended)
        scene.append(item)
    return replace(state, scene=tuple(scene))


def shield_parts(state: State, item: InScene) -> tuple[int, int, int]:
    """4.8.6 A–C: (base, total bonus, penalties) as they count now.

    The base is the printed shield, or the latest working setting effect; bonuses and
    penalties that started before it, or during a setting effect that has ended, do not
    count.
    """
    statics = current_statics(state, item)
    sets = [(e.start, e.value) for e in item.shield_log if e.kind == "set" and e.end < 0]
    sets += [(s.since, s.value) for s in statics if s.kind == "set"]
    since, base = max(sets) if sets else (-1, defn(state, item.card).shield)
    ended = [(e.start, e.end) for e in item.shield_log if e.kind == "set" and e.end >= 0]

    def counts(start: int) -> bool:
        return start >= since and not any(a <= start < b for a, b in ended)

    bonus = sum(s.value for s in statics if s.kind == "bonus" and counts(s.since))
    bonus += sum(e.value for e in item.shield_log if e.kind == "bonus" and counts(e.start))
    penalty = sum(e.value for e in item.shield_log if e.kind == "penalty" and counts(e.start))
    return base, bonus, penalty


def full_shield(state: State, item: InScene) -> int:
    """Base plus total bonus, before penalties (4.8.6 A–B)."""
    base, bonus, _penalty = shield_parts(state, item)
    return max(0, base + bonus)


def shield(state: State, item: InScene) -> int:
    """Current shield: penalties after base and bonuses, never negative (4.8.1, 4.8.6 C)."""
    base, bonus, penalty = shield_parts(state, item)
    return max(0, base + bonus - penalty)


def prize_points(state: State, seat: int) -> int:
    """Points ``seat`` has scored: initial energies in the *opponent's* prizes (4.9.1)."""
    other = state.players[1 - seat]
    return sum(
        defn(state, c).energy for c in other.prizes if defn(state, c).type is CardType.CHARACTER
    )


def knock_outs(state: State) -> tuple[State, list[Event]]:
    """4.7: characters carrying nothing are knocked out, supports destroyed; then 4.9.1."""
    events: list[Event] = []
    for item in list(state.scene):
        if item.loaded:
            continue
        d = defn(state, item.card)
        scene = tuple(s for s in state.scene if s.card != item.card)
        state = replace(state, scene=scene)
        seat = owner(state, item.card)
        player = state.players[seat]
        if d.type is CardType.CHARACTER:
            state = set_player(state, seat, replace(player, prizes=(*player.prizes, item.card)))
            events.append(
                Event(
                    "battlescenes.event.knocked_out",
                    {"card": d.title, "player": player.name},
                    rule="4.7",
                )
            )
        else:
            state = to_resources(state, [item.card])
            events.append(Event("battlescenes.event.destroyed", {"card": d.title}, rule="4.7"))
    return check_victory(state, events)


def check_victory(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """4.9.1: 15 or more prize points wins at any moment."""
    from engines.battlescenes.state import Phase

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
