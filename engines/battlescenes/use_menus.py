"""Using an action from the menus (4.6.2), one field at a time.

A ``use`` with ``step`` names the field its menu filled; the fields an action needs are, in
order, ``character`` → ``action`` → ``mode`` (4.6.2 B, "… OU …") → ``targets`` (F) → ``x``
(an X cost, E.1) → ``pay`` (E.2 additional costs). While some are still missing, the answers
so far are kept as a draft in the state (``State.using*``) and the next menu is asked; with
the last one the action is used exactly as ``/battlescenes use`` would (the damage unloads in
the default order, 4.8.1). Any other action drops the draft. Actions that distribute damage
(4.8.4.2: a target may repeat) are left to the command: a menu cannot pick a card twice.
"""

from __future__ import annotations

from itertools import combinations

from engines.battlescenes.actions import UseAction, card_list
from engines.battlescenes.content.schema import ActionDef
from engines.battlescenes.rules import use
from engines.battlescenes.rules.state import State
from engines.battlescenes.table import zones
from engines.core import Dice, Event, IllegalActionError, Message, Selection, SelectOption
from engines.core.model import replace

FIELDS = ("character", "action", "mode", "targets", "x", "pay")


def menu_usable(state: State, seat: int) -> list[tuple[int, ActionDef]]:
    """(character, action) pairs ``seat`` could use now through the menus."""
    return [(i.card, a) for i, a in use.usable(state, seat) if not (a.distribute or a.targets_x)]


def target_count(action: ActionDef, mode: str) -> int:
    """F: how many targets, once the option(s) are known (B: the most among them)."""
    if not action.modes:
        return action.targets
    names = {n.strip().lower() for n in mode.split(",") if n.strip()}
    picked = [m.targets for m in action.modes if m.name.lower() in names]
    return max(picked, default=0)


def needed(action: ActionDef, mode: str) -> tuple[str, ...]:
    """The fields this action asks for, in the menus' order."""
    fields = ["character", "action"]
    if action.modes:
        fields.append("mode")
    # before the option is chosen its target count is unknown: "targets" may follow it
    if (action.modes and not mode) or target_count(action, mode):
        fields.append("targets")
    if action.cost == -1:
        fields.append("x")
    if action.discard_cost + action.unload_cost + action.cosmic or action.load_cost_from:
        fields.append("pay")
    return tuple(fields)


def clear(state: State) -> State:
    """Drop the draft (any other action does)."""
    if state.using == -1:
        return state
    return replace(
        state, using=-1, using_action="", using_mode="", using_targets="", using_x=0, using_next=""
    )


def step(state: State, seat: int, a: UseAction, dice: Dice) -> tuple[State, list[Event]]:
    """Record the field ``a.step`` and ask the next one, or use the action when complete."""
    if a.step not in FIELDS:
        raise _refuse("Unknown step.")
    pairs = [(c, d) for c, d in menu_usable(state, seat) if c == a.character]
    if not pairs:
        raise _refuse("That character has no action it can use now.")
    if a.step == "character":
        event = Event(
            "battlescenes.event.use_character",
            {"player": state.players[seat].name, "card": zones.title(state, a.character)},
            rule="4.6.2",
        )
        return _record(clear(state), a, "action"), [event]
    found = [d for _c, d in pairs if d.name.lower() == a.action.lower()]
    if not found:
        raise _refuse("That character cannot use that action now.")
    fields = needed(found[0], a.mode)
    later = fields[fields.index(a.step) + 1 :] if a.step in fields else ()
    if later:
        return _record(state, a, later[0]), []
    state = clear(state)
    targets, pay = card_list(a.targets), card_list(a.pay)
    return use.use(state, seat, a.character, found[0].name, targets, a.x, dice, (), a.mode, pay)


def _record(state: State, a: UseAction, following: str) -> State:
    return replace(
        state,
        using=a.character,
        using_action=a.action,
        using_mode=a.mode,
        using_targets=a.targets,
        using_x=a.x,
        using_next=following,
    )


def _refuse(message: str) -> IllegalActionError:
    return IllegalActionError(message, key="battlescenes.error.use_menu", rule="4.6.2")


def menus(state: State, seat: int) -> list[Selection]:
    """The draft's next menu (if any), then the first step."""
    nxt = next_menu(state, seat)
    return [first_menu(state, seat)] if nxt is None else [nxt, first_menu(state, seat)]


def first_menu(state: State, seat: int) -> Selection:
    """The first step: the characters with an action they can use now (public: the scene)."""
    users = dict.fromkeys(c for c, _a in menu_usable(state, seat))
    return Selection(
        "use",
        "character",
        tuple(_card(state, c) for c in users),
        Message("battlescenes.menu.use"),
        public=True,
        params={"action": "", "step": "character"},
    )


def next_menu(state: State, seat: int) -> Selection | None:
    """The menu asking the draft's next field, or ``None`` (no draft, or it went stale)."""
    if state.using == -1:
        return None
    character = state.using
    pairs = [(c, d) for c, d in menu_usable(state, seat) if c == character]
    if not pairs:
        return None
    title = zones.title(state, character)
    if state.using_next == "action":
        options = tuple(
            SelectOption(d, Message("battlescenes.choice.action", {"card": title, "action": d}))
            for d in dict.fromkeys(d.name for _c, d in pairs)
        )
        return _sel(state, "action", options, {"card": title})
    action = next((d for _c, d in pairs if d.name == state.using_action), None)
    if action is None:
        return None
    base: dict[str, object] = {"action": action.name}
    if state.using_next == "mode":  # B: one option, or up to max_modes together
        names = [m.name for m in action.modes]
        picks = [
            ", ".join(c)
            for n in range(1, use.modes_allowed(state, seat, action) + 1)
            for c in combinations(names, n)
        ]
        options = tuple(
            SelectOption(p, Message("battlescenes.choice.option", {"label": p})) for p in picks
        )
        return _sel(state, "mode", options, base)
    if state.using_next == "targets":
        count = target_count(action, state.using_mode)
        aimed = use.aimed_at(action, state.using_mode)  # F.1.1: the option's kind of target
        legal = [
            s.card
            for s in state.scene
            if use.target_problem(state, seat, aimed, s.card, character) is None
        ]
        least = 1 if action.up_to_targets else count  # "até N alvos diferentes"
        if len(legal) < least:
            return None  # not enough targets: the action cannot be used (F)
        options = tuple(_card(state, c) for c in legal)
        most = min(count, len(legal))
        return _sel(state, "targets", options, {**base, "count": most}, most, least=least)
    if state.using_next == "x":
        options = tuple(
            SelectOption(n, Message("battlescenes.answer.text", {"text": str(n)}))
            for n in (0, 1, 2)
        )
        return _sel(state, "x", options, base)
    if state.using_next == "pay":  # E.2: hand cards to discard, the user's cards to unload
        hand = use.payable_hand(state, seat, action) if action.discard_cost else ()
        item = zones.in_scene(state, character)
        loaded = use.unloadable(state, action, item.loaded) if action.unload_cost else ()
        if action.unload_cost:  # E.2 paid by another card base instead (pays_unload_cost)
            payers = use.unload_payers(state, seat, item)
            loaded = (*loaded, *(c for b in payers for c in zones.in_scene(state, b).loaded))
        resources = state.players[seat].resources if action.cosmic else ()  # E.2.1
        loads = use.load_choices(state, seat, action)  # Batedor Alado V1: hand or resources
        pool = [*hand, *loaded, *resources, *loads]
        count = action.discard_cost + action.unload_cost + action.cosmic
        count += action.load_cost if loads else 0
        if len(pool) < count:
            return None
        params = {**base, "discard": action.discard_cost, "unload": action.unload_cost}
        if action.cosmic:  # Energia Cósmica: which resources go to the deck bottom
            params = {**base, "count": action.cosmic}
        if loads:  # the cards to load onto the character
            params = {**base, "count": action.load_cost}
        options = tuple(_card(state, c) for c in pool)
        key = (
            "pay_load"
            if loads
            else "pay_cosmic"
            if "energia_cosmica" in action.keywords
            else "pay_bottom"
            if action.cosmic
            else "pay"
        )
        return _sel(state, "pay", options, params, count, public=False, key=key)
    return None


def _sel(
    state: State,
    field: str,
    options: tuple[SelectOption, ...],
    label: dict[str, object],
    count: int = 0,
    public: bool = True,
    least: int = 0,
    key: str = "",
) -> Selection:
    """The menu filling ``field``, carrying the draft's answers so far (``key``: its label's
    own key, when not the field's)."""
    params: dict[str, object] = {
        "character": state.using,
        "action": state.using_action,
        "mode": state.using_mode,
        "targets": state.using_targets,
        "x": state.using_x,
        "step": field,
    }
    params.pop(field, None)
    many = count > 0
    return Selection(
        "use",
        field,
        options,
        Message(f"battlescenes.menu.use_{key or field}", label),
        many=many,
        min_values=(least or count) if many else 1,
        max_values=count if many else 1,
        public=public,
        params=params,
        joined=", " if many else None,
    )


def _card(state: State, card: int) -> SelectOption:
    return SelectOption(
        card, Message("battlescenes.choice.card", {"card": zones.title(state, card), "id": card})
    )
