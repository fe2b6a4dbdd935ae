"""Cards leaving the scene (4.7) and the replacement effects that change where they go
(5.5): Hela V1 ("nos prêmios dos oponentes" instead of the resources) and texts replacing a
knock-out ("se um personagem … fosse nocauteado, ao invés disso …"). A replaced move does not
happen, so nothing that move would trigger triggers (no prize points, no Espionar). A card
base leaving the scene — wherever it goes — makes its "quando … sair de cena" effects
(``trigger: leaves_scene``) pending, if its texts still work as it leaves (5.2, 5.8)."""

from __future__ import annotations

from engines.battlescenes.content.schema import CardType, Text, Trigger
from engines.battlescenes.effects import replacements, tree, triggers
from engines.battlescenes.rules.state import InScene, Pending, State
from engines.battlescenes.table.zones import (
    bottomed,
    check_victory,
    defn,
    find,
    in_scene,
    owner,
    scenario_controller,
    scenario_texts,
    set_player,
    texts,
    texts_lost,
    title,
    to_resources,
    unload,
)
from engines.core import Event
from engines.core.model import replace


def _leaves(
    state: State,
    item: InScene,
    own: list[tuple[int, Text]],
    knocked_out: bool = False,
    destroyed: bool = False,
) -> list[Pending]:
    """The ``leaves_scene`` effects of a card base leaving, from the texts working on it just
    before it left (its own and those of what it carried; none if it had lost them, 5.8);
    ``knocked_out``: instead, those only for a knock-out by an action's damage;
    ``destroyed``: it was knocked out (4.7), so the ``if_destroyed`` texts too."""
    found = [
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
        and t.if_knocked_out_by_action == knocked_out
        and (destroyed or not t.if_destroyed)
    ]
    return found if knocked_out else found + _marked_leaves(state, item.card)


def _marked_leaves(state: State, card: int) -> list[Pending]:
    """ "Quando o personagem escolhido sair de cena" (Esconderijo Secreto V1): the
    ``marked_leaves`` texts of the card bases in the scene whose text marked ``card``."""
    found: list[Pending] = []
    for mark in state.continuous:
        if mark.kind != "mark" or mark.target != card or mark.source == card:
            continue
        index = find(state, mark.source)
        if index is None:
            continue
        holder = state.scene[index]
        found.extend(
            Pending(
                uid=0,
                level=1,
                controller=holder.controller,
                source=source,
                label=title(state, source),
                steps=t.steps,
                this=holder.card,
            )
            for source, t in texts(state, holder)
            if source == mark.source and t.trigger is Trigger.MARKED_LEAVES
        )
    return found


#: Continuous effects that end when the card that made them leaves the scene.
_BY_SOURCE = ("mark_identity", "chosen_power:", "gain_power:")


def unmarked(state: State, card: int) -> State:
    """A chosen card leaving the scene is no longer the one chosen, even if it comes back
    at once (Kraven V1's FAQ): the marks on it end."""
    kept = tuple(
        c
        for c in state.continuous
        if not (c.kind == "mark" and c.target == card)
        # the card that chose by identity, named a power or gave one left: a new entry
        # chooses again (Korath V1, Ronan V1, Mandarim V1)
        and not (c.source == card and c.kind.startswith(_BY_SOURCE))
    )
    return state if len(kept) == len(state.continuous) else replace(state, continuous=kept)


def _put(state: State, card: int, zone: str) -> State:
    """Put a card in one of its owner's zones (8.D): resources, hand, the deck's bottom or
    top."""
    if zone == "resources":
        return to_resources(state, [card])
    seat = owner(state, card)
    player = state.players[seat]
    if zone == "hand":
        return set_player(state, seat, replace(player, hand=(*player.hand, card)))
    if zone == "prizes":  # points for the opponent (4.9.1): Mística V1's cost
        return set_player(state, seat, replace(player, prizes=(*player.prizes, card)))
    if zone == "deck_top":  # Entrave Temporal V1
        return set_player(state, seat, replace(player, deck=(card, *player.deck)))
    state = set_player(state, seat, replace(player, deck=(*player.deck, card)))
    # "deck": shuffled in next (Agente S.H.I.E.L.D. V2), not put under it
    return bottomed(state, seat, 1) if zone == "deck_bottom" else state


def _hela(state: State, item: InScene) -> bool:
    """Whether Hela V1's replacement works (any card base in the scene, the scenario, or the
    character leaving — its text still works as it leaves: it replaces that very move)."""
    return (
        any(t.replace_leave_with_prizes for s in state.scene for _c, t in texts(state, s))
        or any(t.replace_leave_with_prizes for t in scenario_texts(state))
        or any(t.replace_leave_with_prizes for _c, t in texts(state, item))
    )


def knock_outs(
    state: State, level: int = 1, cause: int = -1, by_action: bool = False
) -> tuple[State, list[Event]]:
    """4.7: characters carrying nothing are knocked out, supports destroyed; then 4.9.1. A
    knock-out replacement (5.5, ``replace_knock_out``) sends the character elsewhere; two
    different ones wait for the active player's choice (``replacements.defer``). Their
    ``leaves_scene`` effects become pending at ``level`` (the caller runs the tree).

    Hela V1 (5.5): when the knock-out was caused by an effect its controller controls
    (``cause``) and a knock-out replacement would put the character in the hand, the
    resources or the deck, Hela's replacement applies to that same move too — "nos prêmios
    dos oponentes" (``prizes``: not a knock-out) is one more outcome, so the active player
    chooses (alone, Hela has nothing to replace: a knocked-out character goes to the prizes
    anyway). ``by_action``: an action's damage knocked them out; the texts only for that
    (``if_knocked_out_by_action``) trigger too, when the character really goes to the prizes."""
    events: list[Event] = []
    left: list[Pending] = []
    for item in list(state.scene):
        if item.loaded:
            continue
        d = defn(state, item.card)
        own = texts(state, item)
        left.extend(_leaves(state, item, own, destroyed=True))
        state = unmarked(state, item.card)
        scene = tuple(s for s in state.scene if s.card != item.card)
        seat = owner(state, item.card)
        player = state.players[seat]
        if d.type is CardType.CHARACTER:
            instead = replacements.outcomes(state, item.card, "replace_knock_out")
            followers = (
                replacements.then_to_resources(state, item.card, instead[0])
                if len(instead) == 1
                else []
            )
            if instead and cause == item.controller and _hela(state, item):
                instead.append("prizes")
            state = replace(state, scene=scene)
            if len(instead) > 1:  # 5.5: the active player chooses; held set aside meanwhile
                held = replace(player, set_aside=(*player.set_aside, item.card))
                state = set_player(state, seat, held)
                state = replacements.defer(state, "knock_out", item.card, 1, instead, level)
                continue
            if instead:  # 5.5: not knocked out; goes where the replacement says
                state, more = put_replaced(state, item.card, instead[0])
                events.extend(more)
                state, more = _holders_away(state, followers, level)
                events.extend(more)
                continue
            state = set_player(state, seat, replace(player, prizes=(*player.prizes, item.card)))
            if by_action:  # "se este personagem for nocauteado por uma ação que cause dano"
                left.extend(_leaves(state, item, own, knocked_out=True))
            events.append(
                Event(
                    "battlescenes.event.knocked_out",
                    {"card": d.title, "player": player.name},
                    rule="4.7",
                )
            )
        elif cause >= 0 and _seizes(state, cause):  # Busca e Apreensão: the destroyer may
            state = replace(state, scene=scene)  # put it in the prizes; held meanwhile
            held = replace(player, set_aside=(*player.set_aside, item.card))
            state = set_player(state, seat, held)
            options = ["prizes", "resources"]
            state = replacements.defer(state, "seize", item.card, 1, options, level, cause)
        else:
            state = to_resources(replace(state, scene=scene), [item.card])
            events.append(Event("battlescenes.event.destroyed", {"card": d.title}, rule="4.7"))
    if left:
        state = tree.add(state, left, level)
    return check_victory(state, events)


def _holders_away(state: State, holders: list[int], level: int) -> tuple[State, list[Event]]:
    """The cards whose knock-out replacement just happened and that then go to their owner's
    resources (Imagem Falsa: the scenario, its "leaves" effects pending at ``level``)."""
    events: list[Event] = []
    for holder in holders:
        if holder == state.scenario:
            left = leaving_scenario(state, level)
            state = to_resources(replace(state, scenario=None), [holder])
            if left:
                state = tree.add(state, left, level)
        elif any(s.card == holder for s in state.scene):
            state, more = leave_to(
                state, holder, "resources", in_scene(state, holder).controller, level
            )
            events.extend(more)
            continue
        else:
            continue
        events.append(
            Event("battlescenes.event.left_to_resources", {"card": title(state, holder)}, "4.7")
        )
    return state, events


def _seizes(state: State, seat: int) -> bool:
    """Whether a working text of ``seat``'s card bases or scenario lets the supports that
    player destroys go to the prizes (Busca e Apreensão)."""
    mine = [t for s in state.scene if s.controller == seat for _c, t in texts(state, s)]
    if state.scenario is not None and scenario_controller(state) == seat:
        mine.extend(scenario_texts(state))
    return any(t.destroyed_to_prizes for t in mine)


def put_seized(state: State, card: int, zone: str) -> tuple[State, list[Event]]:
    """A destroyed support held while its destroyer chose (Busca e Apreensão): to its owner's
    prizes area, worth its Energia Inicial to the other player (4.9.1), or to the resources
    as any destroyed support."""
    seat = owner(state, card)
    player = state.players[seat]
    held = replace(player, set_aside=tuple(c for c in player.set_aside if c != card))
    state = set_player(state, seat, held)
    if zone == "prizes":
        state = set_player(state, seat, replace(held, prizes=(*held.prizes, card)))
        params = {"card": title(state, card)}
        return check_victory(state, [Event("battlescenes.event.seized_to_prizes", params, "4.9.1")])
    state = to_resources(state, [card])
    return state, [Event("battlescenes.event.destroyed", {"card": title(state, card)}, "4.7")]


def put_replaced(state: State, card: int, zone: str) -> tuple[State, list[Event]]:
    """A knock-out replaced by the active player's choice (5.5): the held card goes to
    ``zone`` instead of the prizes."""
    seat = owner(state, card)
    player = state.players[seat]
    held = replace(player, set_aside=tuple(c for c in player.set_aside if c != card))
    state = set_player(state, seat, held)
    if zone == "prizes":  # Hela V1: the owner's prizes area, points to the opponent (4.9)
        player = state.players[seat]
        state = set_player(state, seat, replace(player, prizes=(*player.prizes, card)))
        params = {"card": title(state, card)}
        return check_victory(state, [Event("battlescenes.event.replaced_to_prizes", params, "5.5")])
    state = _put(state, card, zone)
    key = f"battlescenes.event.replaced_ko_{zone}"
    return state, [Event(key, {"card": title(state, card)}, rule="5.5")]


def leave_to_resources(state: State, card: int) -> tuple[State, list[Event]]:
    """A character its controller's own effect takes out of the scene into the resources
    (7.2 Metamorfo) — unless a replacement effect (5.5, Hela V1) puts it "nos prêmios dos
    oponentes daquele jogador" instead: its owner's prizes area, worth points to the
    opponent (4.9), without being knocked out."""
    return leave_to(state, card, "resources", in_scene(state, card).controller)


def leave_to(
    state: State, card: int, zone: str, cause: int, level: int = 1
) -> tuple[State, list[Event]]:
    """An effect ``cause`` controls takes a card base out of the scene to its owner's
    ``zone`` (resources, hand): its cards are unloaded first, so it is not knocked out (4.7
    ATENÇÃO: Bater em Retirada, Metamorfo); its ``leaves_scene`` effects, and its
    ``unloaded`` effects (the unload happens while it is still in the scene, with the texts
    left on it), become pending at ``level`` (the caller runs the tree). Hela V1 (5.5): a
    character its controller's own effect moves there goes to the owner's prizes area
    instead (points to the opponent)."""
    item = in_scene(state, card)
    left = _leaves(state, item, texts(state, item))
    if left:
        state = tree.add(state, left, level)
    state = unload(state, card, item.loaded)
    if item.loaded:  # 4.7 ATENÇÃO: "irão descarregar os cards" — an unload (5.2, see docs)
        state = triggers.fire(state, Trigger.UNLOADED, level, base=card)
    state = unmarked(state, card)
    state = replace(state, scene=tuple(s for s in state.scene if s.card != card))
    own = cause == item.controller and defn(state, card).type is CardType.CHARACTER
    if not own or not _hela(state, item):
        state = _put(state, card, zone)
        if zone == "resources":
            return state, []
        event = Event(f"battlescenes.event.left_to_{zone}", {"card": title(state, card)}, "4.7")
        if zone == "prizes":  # 4.9.1: counted at once
            return check_victory(state, [event])
        return state, [event]
    seat = owner(state, card)
    player = state.players[seat]
    state = set_player(state, seat, replace(player, prizes=(*player.prizes, card)))
    event = Event("battlescenes.event.replaced_to_prizes", {"card": title(state, card)}, rule="5.5")
    return check_victory(state, [event])


def leaving_scenario(state: State, level: int = 1, replacer: int = -1) -> list[Pending]:
    """Effects of the scenario in the scene triggered by its leaving (``leaves_scene``),
    if its texts still work as it leaves; pending at ``level``. ``replacer``: the seat
    putting a new scenario in its place (4.4.1 C), -1 when none does — an ``if_replaced``
    text works only then, decided by that player."""
    old = state.scenario
    if old is None or texts_lost(state, old):
        return []
    return [
        Pending(
            uid=0,
            level=level,
            controller=replacer if t.if_replaced else scenario_controller(state),
            source=old,
            label=title(state, old),
            steps=t.steps,
            this=old,
        )
        for t in defn(state, old).texts
        if t.trigger is Trigger.LEAVES_SCENE and (replacer >= 0 or not t.if_replaced)
    ]
