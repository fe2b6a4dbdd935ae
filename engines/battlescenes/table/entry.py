"""Whether a card may enter the scene (4.4.2.1 A.1, A.4): read by the Preparation menus and
by effects that put a card of the hand into the scene, with no rule running (so the effect
procedures can ask it without importing the play rules, which run the interpreter)."""

from __future__ import annotations

from engines.battlescenes.content.schema import CardDef, CardType
from engines.battlescenes.rules.state import Phase, State
from engines.battlescenes.table import zones


def can_enter(state: State, seat: int, card: int) -> bool:
    """Whether ``card`` of the hand can be put into the scene now with the default loading
    (the player's loading order): a scenario not yet one this turn (4.4.1), or a character or
    support whose A.1 count the resources meet and that clashes with nothing (A.4). EV
    characters (which need a base, A.2) and Materializar loads are left to the command."""
    player = state.players[seat]
    d = zones.defn(state, card)
    if card not in player.hand or d.type is CardType.ABILITY or d.is_ev:
        return False
    if d.type is CardType.SCENARIO:
        return not player.scenario_played
    # "pode ser colocado em cena carregando … menor do que sua Energia Inicial" (Homem-Hídrico)
    need = 1 if any(t.enters_with_fewer for t in d.texts) else d.energy
    return len(player.resources) >= need and not identity_clash(state, seat, d, -1)


def copy_sources(state: State, seat: int) -> list[int]:
    """The cards letting ``seat`` put a character sharing the name or alter ego of an
    opponent's character into the scene despite A.4 (``copy_entry``: Invasão Secreta V1): its
    scenario in the scene, then the cards of its resources — only in its own Preparation
    phase (the FAQ)."""
    if state.phase is not Phase.PREPARATION or state.active != seat:
        return []
    found: list[int] = []
    scenario = state.scenario
    if (
        scenario is not None
        and zones.scenario_controller(state) == seat
        and any(t.copy_entry == "scene" for t in zones.defn(state, scenario).texts)
    ):
        found.append(scenario)
    for card in state.players[seat].resources:
        if any(t.copy_entry == "resources" for t in zones.defn(state, card).texts):
            found.append(card)
    return found


def copies_opponent(state: State, seat: int, d: CardDef) -> bool:
    """Whether character ``d`` has the name or the alter ego (8.B.2: now) of a character an
    opponent of ``seat`` controls."""
    if d.type is not CardType.CHARACTER:
        return False
    for item in zones.characters(state):
        if item.controller == seat:
            continue
        if d.name in zones.names(state, item.card):
            return True
        if d.alter_ego and d.alter_ego in zones.alter_egos(state, item.card):
            return True
    return False


def can_enter_via(state: State, seat: int, card: int, via: int) -> bool:
    """Whether ``card`` of the hand can enter now through ``via`` (``copy_sources``) with the
    default loading: a character (not EV) sharing the name or alter ego of an opponent's
    character, whose A.1 count the resources meet — A.4 does not stop it."""
    player = state.players[seat]
    d = zones.defn(state, card)
    if card not in player.hand or d.is_ev or via not in copy_sources(state, seat):
        return False
    need = 1 if any(t.enters_with_fewer for t in d.texts) else d.energy
    return len(player.resources) >= need and copies_opponent(state, seat, d)


def identity_clash(state: State, seat: int, d: CardDef, evolve: int) -> bool:
    """4.4.2.1 A.4: would ``d`` entering under ``seat`` clash with a character of the same
    identity (Pelotão and Clone aside) or, for a support, one of the same name (A.4c)?
    ``evolve``: the base an EV character evolves from, which it replaces."""
    free = _any_number(state, seat, d) if d.type is CardType.CHARACTER else set()
    for item in zones.characters(state, seat) if d.type is CardType.CHARACTER else []:
        if item.card == evolve:
            continue
        if d.identity not in zones.identities(state, item.card):  # gained/lost too (8.B.2)
            continue
        names, egos = zones.names(state, item.card), zones.alter_egos(state, item.card)
        if any(
            (d.name == name and d.alter_ego == ego) or (name in names and ego in egos)
            for name, ego in free
        ):
            continue  # A.4 lifted for that name and alter ego (Tony Stark V1)
        theirs = zones.keywords(state, item.card)
        if "pelotao" in d.keywords or "pelotao" in theirs:
            continue  # 7.2 Pelotão
        if ("clone" in d.keywords or "clone" in theirs) and d.name not in zones.names(
            state, item.card
        ):
            continue  # 7.2 Clone: same alter ego, different names
        return True
    if d.type is CardType.SUPPORT and not any(t.any_number for t in d.texts):  # A.4c
        return any(
            zones.defn(state, s.card).type is CardType.SUPPORT
            and d.name in zones.names(state, s.card)
            for s in state.scene
            if s.controller == seat
        )
    return False


def _any_number(state: State, seat: int, d: CardDef) -> set[tuple[str, str]]:
    """(name, alter ego) of the characters any number of which may be in the scene under
    ``seat`` (Tony Stark V1's text, from the scene or from the card entering)."""
    found = {(t.any_number_named, d.alter_ego) for t in d.texts if t.any_number_named}
    for item in zones.characters(state, seat):
        ego = zones.defn(state, item.card).alter_ego
        texts = zones.texts(state, item)
        found |= {(t.any_number_named, ego) for _c, t in texts if t.any_number_named}
    return found
