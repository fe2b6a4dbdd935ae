"""Cards leaving the scene (4.7) and the replacement effects that change where they go
(5.5): Hela V1 ("nos prêmios dos oponentes" instead of the resources) and texts replacing a
knock-out ("se um personagem … fosse nocauteado, ao invés disso …"). A replaced move does not
happen, so nothing that move would trigger triggers (no prize points, no Espionar). A card
base leaving the scene — wherever it goes — makes its "quando … sair de cena" effects
(``trigger: leaves_scene``) pending, if its texts still work as it leaves (5.2, 5.8)."""

from __future__ import annotations

from engines.battlescenes import replacing, tree
from engines.battlescenes.cards import CardType, Text, Trigger
from engines.battlescenes.state import InScene, Pending, State
from engines.battlescenes.zones import (
    check_victory,
    defn,
    in_scene,
    owner,
    scenario_texts,
    set_player,
    texts,
    title,
    to_resources,
    unload,
)
from engines.core import Event
from engines.core.model import replace


def _replacing(state: State, item: InScene, leaving: list[tuple[int, Text]]) -> list[Text]:
    """Texts that may replace ``item`` leaving: its own (they still work as it leaves — they
    replace that very move), those of its controller's other cards for ``own_characters``,
    and the scenario's."""
    found = [t for _c, t in leaving if t.replace_for == "this"]
    for other in state.scene:
        if other.controller == item.controller and other.card != item.card:
            found.extend(t for _c, t in texts(state, other) if t.replace_for == "own_characters")
    found.extend(t for t in scenario_texts(state) if t.replace_for == "own_characters")
    found.extend(t for _c, t in leaving if t.replace_for == "own_characters")
    return found


def _leaves(state: State, item: InScene, own: list[tuple[int, Text]]) -> list[Pending]:
    """The ``leaves_scene`` effects of a card base leaving, from the texts working on it just
    before it left (its own and those of what it carried; none if it had lost them, 5.8)."""
    return [
        Pending(
            uid=0,
            level=1,
            controller=item.controller,
            source=source,
            label=title(state, source),
            steps=t.steps,
            this=item.card,
        )
        for source, t in own
        if t.trigger is Trigger.LEAVES_SCENE
    ]


def _put(state: State, card: int, zone: str) -> State:
    """Put a card in one of its owner's zones (8.D): resources, hand or the deck's bottom."""
    if zone == "resources":
        return to_resources(state, [card])
    seat = owner(state, card)
    player = state.players[seat]
    if zone == "hand":
        return set_player(state, seat, replace(player, hand=(*player.hand, card)))
    return set_player(state, seat, replace(player, deck=(*player.deck, card)))


def knock_outs(state: State, level: int = 1) -> tuple[State, list[Event]]:
    """4.7: characters carrying nothing are knocked out, supports destroyed; then 4.9.1. A
    knock-out replacement (5.5, ``replace_knock_out``) sends the character elsewhere; two
    different ones wait for the active player's choice (``replacing.defer``). Their
    ``leaves_scene`` effects become pending at ``level`` (the caller runs the tree)."""
    events: list[Event] = []
    left: list[Pending] = []
    for item in list(state.scene):
        if item.loaded:
            continue
        d = defn(state, item.card)
        own = texts(state, item)
        left.extend(_leaves(state, item, own))
        scene = tuple(s for s in state.scene if s.card != item.card)
        seat = owner(state, item.card)
        player = state.players[seat]
        if d.type is CardType.CHARACTER:
            instead = list(
                dict.fromkeys(
                    t.replace_knock_out for t in _replacing(state, item, own) if t.replace_knock_out
                )
            )
            state = replace(state, scene=scene)
            if len(instead) > 1:  # 5.5: the active player chooses; held set aside meanwhile
                held = replace(player, set_aside=(*player.set_aside, item.card))
                state = set_player(state, seat, held)
                state = replacing.defer(state, "knock_out", item.card, 1, instead, level)
                continue
            if instead:  # 5.5: not knocked out; goes where the replacement says
                state = _put(state, item.card, instead[0])
                key = f"battlescenes.event.replaced_ko_{instead[0]}"
                events.append(Event(key, {"card": d.title}, rule="5.5"))
                continue
            state = set_player(state, seat, replace(player, prizes=(*player.prizes, item.card)))
            events.append(
                Event(
                    "battlescenes.event.knocked_out",
                    {"card": d.title, "player": player.name},
                    rule="4.7",
                )
            )
        else:
            state = to_resources(replace(state, scene=scene), [item.card])
            events.append(Event("battlescenes.event.destroyed", {"card": d.title}, rule="4.7"))
    if left:
        state = tree.add(state, left, level)
    return check_victory(state, events)


def put_replaced(state: State, card: int, zone: str) -> tuple[State, list[Event]]:
    """A knock-out replaced by the active player's choice (5.5): the held card goes to
    ``zone`` instead of the prizes."""
    seat = owner(state, card)
    player = state.players[seat]
    held = replace(player, set_aside=tuple(c for c in player.set_aside if c != card))
    state = _put(set_player(state, seat, held), card, zone)
    key = f"battlescenes.event.replaced_ko_{zone}"
    return state, [Event(key, {"card": title(state, card)}, rule="5.5")]


def leave_to_resources(state: State, card: int) -> tuple[State, list[Event]]:
    """A character its controller's own effect takes out of the scene into the resources
    (7.2 Metamorfo) — unless a replacement effect (5.5, Hela V1) puts it "nos prêmios dos
    oponentes daquele jogador" instead: its owner's prizes area, worth points to the
    opponent (4.9), without being knocked out."""
    item = in_scene(state, card)
    left = _leaves(state, item, texts(state, item))
    if left:  # pending at level 1: the caller runs the tree
        state = tree.add(state, left, 1)
    state = unload(state, card, item.loaded)
    state = replace(state, scene=tuple(s for s in state.scene if s.card != card))
    hela = any(t.replace_leave_with_prizes for s in state.scene for _c, t in texts(state, s))
    hela = (
        hela
        or any(t.replace_leave_with_prizes for t in scenario_texts(state))
        or any(t.replace_leave_with_prizes for _c, t in texts(state, item))
    )  # Hela herself leaving: her text still works as she leaves (it replaces that move)
    if not hela or defn(state, card).type is not CardType.CHARACTER:
        return to_resources(state, [card]), []
    seat = owner(state, card)
    player = state.players[seat]
    state = set_player(state, seat, replace(player, prizes=(*player.prizes, card)))
    event = Event("battlescenes.event.replaced_to_prizes", {"card": title(state, card)}, rule="5.5")
    return check_victory(state, [event])
