"""Damage (4.8): the calculation A–D, shields absorbing first, penetrating damage.

Each damage procedure goes through :func:`calculate` then :func:`apply`; several
sources or several procedures on one card are separate calculations
(4.8.1.1, 4.8.4.3). Which cards are unloaded is the source controller's choice
(4.8.1): the caller passes a preference order, the newest cards otherwise.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engines.battlescenes.content.schema import CardType, Modifier, Text
from engines.battlescenes.rules.state import InScene, Phase, ShieldEntry, State
from engines.battlescenes.table import shields, zones
from engines.core import Event
from engines.core.model import replace


@dataclass(frozen=True)
class DamageContext:
    """Who causes damage and how: the facts modifiers' conditions look at."""

    controller: int  # the player controlling the effect
    source: int  # card instance that is the source (4.8.5); -1 for none
    action_kind: str = ""  # the action's type when the source is an action
    penetrating: bool = False  # penetrating damage (4.8.3 D)
    targets: tuple[int, ...] = ()  # the targets of the action whose damage this is
    action_power: str = ""  # the action's power when the source is an action
    action_effect: int = -1  # the uid of the action's effect (Blob V1's "first action")


def _applies(state: State, mod: Modifier, ctx: DamageContext, target: InScene) -> bool:
    source = zones.find(state, ctx.source) if ctx.source >= 0 else None
    source_item = state.scene[source] if source is not None else None
    if mod.if_source_lacks_affiliation:
        if source_item is None:
            return False
        if mod.if_source_lacks_affiliation in zones.affiliations(state, source_item):
            return False
    if mod.if_source_affiliation and (
        source_item is None
        or mod.if_source_affiliation not in zones.affiliations(state, source_item)
    ):
        return False
    if mod.if_source_character and (  # Guerra Civil V2
        source_item is None or zones.defn(state, source_item.card).type is not CardType.CHARACTER
    ):
        return False
    if mod.if_source_lacks_power and (  # Falcão V1: "um personagem sem ◆"
        source_item is None or mod.if_source_lacks_power in zones.powers(state, source_item)
    ):
        return False
    if mod.if_target_character and (  # Guerra Civil V2: not a support
        zones.defn(state, target.card).type is not CardType.CHARACTER
    ):
        return False
    if mod.if_other_controller and (  # Guerra Civil V1
        source_item is None or source_item.controller == target.controller
    ):
        return False
    if mod.if_source_alter_ego and (  # Ultron-61112 V1
        source_item is None or mod.if_source_alter_ego not in zones.alter_egos(state, ctx.source)
    ):
        return False
    if mod.if_source_alignment and (
        ctx.source < 0 or not zones.has_alignment(state, ctx.source, mod.if_source_alignment)
    ):
        return False
    if mod.if_action_kind and mod.if_action_kind not in ctx.action_kind.split("_"):
        return False
    if mod.if_first_action_hit and not _first_hit(state, ctx, target.card):
        return False
    if mod.if_first_damage_action and not (
        ctx.action_kind
        and 0 <= ctx.controller < len(state.players)
        and state.players[ctx.controller].first_damage_action == ctx.action_effect
        and target.card in ctx.targets  # only to its targets
    ):
        return False
    if mod.if_action_power and (not ctx.action_kind or mod.if_action_power != ctx.action_power):
        return False
    if mod.if_action and not ctx.action_kind:
        return False
    if mod.if_not_action and ctx.action_kind:
        return False
    if mod.if_penetrating and not ctx.penetrating:
        return False
    if mod.if_targeted and (not ctx.action_kind or target.card not in ctx.targets):
        return False
    if mod.if_target_affiliation and not set(mod.if_target_affiliation.split("|")) & set(
        zones.affiliations(state, target)
    ):  # "A|B": either (Guerra Civil V2)
        return False
    if mod.if_target_alignment and not zones.has_alignment(
        state, target.card, mod.if_target_alignment
    ):
        return False
    if mod.if_target_alter_ego and mod.if_target_alter_ego not in zones.alter_egos(
        state, target.card
    ):
        return False
    return not mod.if_opponent_preparation or (
        state.phase is Phase.PREPARATION and state.active != target.controller
    )


def _first_hit(state: State, ctx: DamageContext, card: int) -> bool:
    """Whether this action's damage is the first an action dealt ``card`` this turn (or
    comes from that same action)."""
    if not ctx.action_kind:
        return False
    first = dict(state.action_hits).get(card)
    return first is None or first == ctx.action_effect


def hit(state: State, ctx: DamageContext, card: int) -> State:
    """Remember the first action whose damage reached ``card`` this turn (Blob V1)."""
    if not ctx.action_kind or card in dict(state.action_hits):
        return state
    return replace(state, action_hits=(*state.action_hits, (card, ctx.action_effect)))


def power_hit(state: State, ctx: DamageContext, card: int, amount: int) -> State:
    """Remember that an action of a power dealt ``card`` damage this turn (Surrar V1), and
    which character's action it was (Homem Gorila V1)."""
    if ctx.action_kind and ctx.source >= 0 and amount > 0:
        hit = (card, ctx.source, ctx.action_effect)
        state = replace(state, user_hits=(*state.user_hits, hit))
    if not ctx.action_kind or not ctx.action_power or amount <= 0:
        return state
    return replace(
        state, power_hits=(*state.power_hits, (card, ctx.action_power, ctx.action_effect))
    )


def _holder_meets(
    state: State, mod: Modifier, holder: int, controller: int, ctx: DamageContext
) -> bool:
    """A modifier's conditions on the card base holding its text (a scenario has none)."""
    if mod.if_source_is_holder and ctx.source != holder:
        return False
    if mod.if_controls_name and not any(  # Falcão V1: while you control Asa Vermelha
        mod.if_controls_name in zones.names(state, c.card)
        for c in zones.characters(state, controller)
    ):
        return False
    if not (
        mod.if_holder_power
        or mod.if_holder_energy_at_least >= 0
        or mod.if_other_affiliation
        or mod.if_holder_carries_type
    ):
        return True
    index = zones.find(state, holder)
    if index is None:
        return False
    item = state.scene[index]
    if mod.if_holder_carries_type and not any(
        zones.defn(state, c).type.value == mod.if_holder_carries_type for c in item.loaded
    ):
        return False
    if mod.if_holder_power and mod.if_holder_power not in zones.powers(state, item):
        return False
    if zones.defn(state, holder).energy < mod.if_holder_energy_at_least:
        return False
    others = [c for c in zones.characters(state, controller) if c.card != holder]
    return not mod.if_other_affiliation or any(
        mod.if_other_affiliation in zones.affiliations(state, c) for c in others
    )


def _shares(state: State, holder: int, target: InScene) -> bool:
    """The target is the holder, or a character with an affiliation in common with it."""
    if target.card == holder:
        return True
    index = zones.find(state, holder)
    if index is None or zones.defn(state, target.card).type is not CardType.CHARACTER:
        return False
    mine = set(zones.affiliations(state, state.scene[index]))
    return bool(mine & set(zones.affiliations(state, target)))


def _holders(state: State) -> list[tuple[int, int, int, Text]]:
    """(holder card base or scenario, its controller, card, text) for every working text."""
    found = [(s.card, s.controller, c, t) for s in state.scene for c, t in zones.texts(state, s)]
    if state.scenario is not None:
        owner = zones.scenario_controller(state)
        found.extend(
            (state.scenario, owner, state.scenario, t) for t in zones.scenario_texts(state)
        )
    return found


def _marked(state: State, holder: int, card: int, target: int) -> bool:
    return any(
        c.kind == "mark" and c.source in (holder, card) and c.target == target
        for c in state.continuous
    )


def _same_identity(state: State, holder: int, card: int, target: int) -> bool:
    """Whether ``target`` is a character with the name or alter ego of the one the text
    chose by identity (Korath V1), in the scene or not any more."""
    if zones.defn(state, target).type is not CardType.CHARACTER:
        return False
    chosen = [
        zones.defn(state, c.target)
        for c in state.continuous
        if c.kind == "mark_identity" and c.source in (holder, card)
    ]
    names, egos = set(zones.names(state, target)), set(zones.alter_egos(state, target))
    return any(d.name in names or (d.alter_ego and d.alter_ego in egos) for d in chosen)


def modifiers(state: State, ctx: DamageContext, target: InScene) -> list[tuple[str, Modifier]]:
    """Modifiers acting on damage to ``target``, each with an id (card:text:modifier).

    ``applies_to`` says whose damage: ``this`` (to the holder), ``dealt`` (by the
    holder), ``friendly`` (to any card its controller controls), ``marked`` (to
    the card its text chose), ``any``. The id lets a redirected damage skip what
    was already applied in this procedure (4.8.3.1 F).
    """
    found: list[tuple[str, Modifier]] = []
    for holder, controller, card, text in _holders(state):
        index = zones.defn(state, card).texts.index(text)
        for i, m in enumerate(text.modifiers):
            wanted = {
                "this": holder == target.card,
                "dealt": holder == ctx.source,
                "friendly": controller == target.controller,
                "marked": _marked(state, holder, card, target.card),
                "marked_identity": _same_identity(state, holder, card, target.card),
                "target": False,
                "chosen_affiliation": False,
                "any": True,
            }[m.applies_to]
            if (
                wanted
                and not (m.if_own_source and ctx.controller != controller)
                and _holder_meets(state, m, holder, controller, ctx)
                and not (m.if_shares_affiliation and not _shares(state, holder, target))
            ):
                found.append((f"{card}:{index}:{i}", m))
    for n, made, text in zones.generated_texts(state):  # 5.7 B, "o alvo desta ação"
        for i, m in enumerate(text.modifiers):
            wanted = {
                "this": made.this == target.card,
                "dealt": made.this == ctx.source,
                "friendly": made.controller == target.controller,
                "marked": False,
                "marked_identity": False,
                "target": made.target == target.card,
                "chosen_affiliation": made.affiliation in zones.affiliations(state, target)
                and zones.defn(state, target.card).type is CardType.CHARACTER,
                "any": True,
            }[m.applies_to]
            if wanted and not (m.if_own_source and ctx.controller != made.controller):
                found.append((f"g{n}:{i}", m))
    return [(key, m) for key, m in found if _applies(state, m, ctx, target)]


def calculate(
    state: State, base: int, ctx: DamageContext, target: InScene, skip: tuple[str, ...] = ()
) -> tuple[int, tuple[str, ...]]:
    """4.8.3 A–D: base, then + and −, then × and ÷ (rounded down), then fixed values.

    ``skip`` lists modifiers already applied earlier in this procedure (4.8.3.1 F);
    returns the final value and the modifiers now applied.
    """
    value = base  # A
    mods = [(k, m) for k, m in modifiers(state, ctx, target) if k not in skip]
    used = [k for k, m in mods if m.op == "add"]
    value += sum(m.value for _k, m in mods if m.op == "add")  # B
    for key, m in mods:  # C: multiplications first, then divisions
        if m.op == "mul":
            value *= m.value
            used.append(key)
    for key, m in mods:
        if m.op == "div" and m.value:
            value //= m.value
            used.append(key)
    if value > 0:  # D: fixed values; at 0 or less nothing of this step triggers
        for key, m in mods:
            if m.op == "fixed":
                value = m.value
                used.append(key)
    return max(0, value), tuple(used)


def redirects(
    state: State, destination: int, used: tuple[str, ...], by_action: bool = True
) -> list[tuple[str, int, list[int]]]:
    """Redirect effects that could send damage on ``destination`` elsewhere, not yet used in
    this procedure: (key, controller, new destinations). ``redirect`` texts on the
    destination send it to another card of the same player; ``redirect_marked`` texts send
    the damage of the card their text chose (a ``mark``) to the card holding the text."""
    item = zones.in_scene(state, destination)
    found = []
    for card, text in zones.texts(state, item):
        key = f"{card}:{zones.defn(state, card).texts.index(text)}"
        if text.redirect and key not in used and (by_action or not text.redirect_if_action):
            to = new_destinations(state, destination)
            if text.redirect_affiliation:  # "outro personagem com a afiliação A"
                to = [c for c in to if _character_with(state, c, text.redirect_affiliation)]
            if text.redirect_name:  # only to a character with that name
                to = [c for c in to if _character_named(state, c, text.redirect_name)]
            found.append((key, item.controller, to))
    for holder in state.scene:
        if holder.card == destination:
            continue
        for card, text in zones.texts(state, holder):
            key = f"{card}:{zones.defn(state, card).texts.index(text)}"
            if (
                text.redirect_marked
                and key not in used
                and _marked(state, holder.card, card, destination)
            ):
                found.append((key, holder.controller, [holder.card]))
            if text.redirect_sharing and key not in used and _shares_with(state, holder, item):
                found.append((key, holder.controller, [holder.card]))
    return [f for f in found if f[2]]


def mandatory(state: State, key: str) -> bool:
    """Whether the redirect ``key`` ("card:text index") must be applied ("redirecione")."""
    card, _sep, index = key.partition(":")
    return zones.defn(state, int(card)).texts[int(index)].redirect_mandatory


def _shares_with(state: State, holder: InScene, item: InScene) -> bool:
    """Another of its controller's characters sharing an affiliation with this character
    (Mulher-Hulk V2): ``item`` is another character of ``holder``'s controller sharing an
    affiliation with it now."""
    return (
        item.controller == holder.controller
        and zones.defn(state, item.card).type is CardType.CHARACTER
        and bool(set(zones.affiliations(state, item)) & set(zones.affiliations(state, holder)))
    )


def _character_with(state: State, card: int, affiliation: str) -> bool:
    """Whether the card base ``card`` is a character with ``affiliation``."""
    item = zones.in_scene(state, card)
    is_character = zones.defn(state, card).type is CardType.CHARACTER
    return is_character and affiliation in zones.affiliations(state, item)


def _character_named(state: State, card: int, name: str) -> bool:
    """Whether the card base ``card`` is a character with the name ``name``."""
    is_character = zones.defn(state, card).type is CardType.CHARACTER
    return is_character and name in zones.names(state, card)


def new_destinations(state: State, destination: int) -> list[int]:
    """Where a redirect may send damage: another character or support of the same player."""
    controller = zones.in_scene(state, destination).controller
    return [s.card for s in state.scene if s.controller == controller and s.card != destination]


def apply(
    state: State,
    target_card: int,
    amount: int,
    penetrating: bool,
    preference: Sequence[int] = (),
) -> tuple[State, list[Event]]:
    """Deal final damage: the shield absorbs first unless penetrating (4.8.1, 4.8.2)."""
    target = zones.in_scene(state, target_card)
    name = zones.title(state, target_card)
    events: list[Event] = []
    absorbed = 0
    if not penetrating:
        absorbed = min(amount, shields.shield(state, target))
    remaining = amount - absorbed
    order = [c for c in preference if c in target.loaded]
    order += [c for c in reversed(target.loaded) if c not in order]
    unloaded = order[:remaining]
    log = target.shield_log
    if absorbed:  # 4.8.6 C: absorbed damage is a penalty from now on
        log = (*log, ShieldEntry("penalty", absorbed, state.clock))
    received = target.damage_this_turn + amount  # "dano recebido" (Miss Marvel V1's FAQ)
    target = replace(target, shield_log=log, damaged_this_turn=True, damage_this_turn=received)
    state = zones.set_in_scene(state, target)
    state = zones.unload(state, target_card, unloaded)
    events.append(
        Event(
            "battlescenes.event.damage",
            {
                "card": name,
                "amount": amount,
                "absorbed": absorbed,
                "unloaded": len(unloaded),
                "penetrating": "yes" if penetrating else "no",
            },
            rule="4.8.2" if penetrating else "4.8.1",
        )
    )
    return state, events


def restore_shields(state: State) -> State:
    """End of turn: every shield returns to its value, turn bonuses end (6.2, 4.8.1.1)."""
    scene = tuple(
        replace(s, shield_log=(), statics=tuple(replace(x, void=False) for x in s.statics))
        for s in state.scene
    )
    return replace(state, scene=scene)
