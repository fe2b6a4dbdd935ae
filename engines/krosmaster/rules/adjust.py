"""Manual adjustments (1.5.1: card text beats the rules) for what the engine does not automate.

The active player applies what a ``manual`` effect says: wounds, tokens,
gauges, a figure's square, kamas or GG. Each adjustment is an event naming its
author and reason, so the thread keeps a readable log.
"""

from __future__ import annotations

from collections.abc import Callable

from engines.core import Event, InvalidActionError
from engines.core.adjust import bounded
from engines.core.model import replace
from engines.krosmaster.content.schema import (
    GROUP_SIDES,
    GROUP_WHO,
    LASTING_STATS,
    UNGAINABLE,
    Effect,
    EffectKind,
    Power,
)
from engines.krosmaster.effects.handlers import gain_power, place_marker, stat_name
from engines.krosmaster.effects.lasting import add_group_change, add_lasting, end_group, end_lasting
from engines.krosmaster.errors import illegal, invalid
from engines.krosmaster.geometry import label, parse_label
from engines.krosmaster.names import known, local_name
from engines.krosmaster.rules.board import (
    chosen_order,
    is_free,
    is_krosmaster,
    max_hp,
    on_board,
    replace_unit,
)
from engines.krosmaster.rules.state import State, Unit
from engines.krosmaster.rules.units import add_tokens, is_down, knock_out
from engines.krosmaster.rules.victory import check_victory

#: An adjustment of one kind: the state with ``value`` applied to ``unit`` for ``seat``.
Adjuster = Callable[[State, int, Unit, str], State]

WHAT = (
    "wounds",
    "ap",
    "mp",
    "ap_tokens",
    "mp_tokens",
    "square",
    "kamas",
    "gg",
    "marker",
    "power",
    "lasting",
    "group",
)


def _number(value: str) -> int:
    try:
        return int(value.strip())
    except ValueError:
        raise invalid("bad_number", f"{value!r} is not a number.", value=value) from None


def adjust(
    state: State, seat: int, unit: Unit, what: str, value: str, reason: str
) -> tuple[State, list[Event]]:
    """Apply one adjustment; wounds reaching HP knock the unit out (4.10.2)."""
    if what not in WHAT:
        raise invalid("bad_adjust", f"Cannot adjust {what!r}.", what=what, known=", ".join(WHAT))
    if not reason.strip():
        raise illegal("adjust_reason", "Say why (the card text you apply).", "1.5.1")
    # A knocked-out figure may only be put back on a square (card text that returns it).
    if unit.pos is None and what not in ("kamas", "gg", "square", "group"):
        raise illegal("not_on_board", "This figure is not in the arena.", "1.5.1")
    events: list[Event] = []
    fig = state.fig(unit)
    state = ADJUSTERS[what](state, seat, unit, value)
    events.append(
        Event(
            "krosmaster.event.adjusted",
            {
                "author": state.players[seat].name,
                "unit": local_name(fig),
                "what": stat_name(what),  # shown in the reader's language
                "value": value,
                "reason": reason.strip(),
            },
            rule="1.5.1",
        )
    )
    for u in chosen_order(state, list(on_board(state))):  # 4.18.3.b
        if is_down(state, u.id):
            state, more = knock_out(state, u.id)
            events += more
    return check_victory(state), events


def _square(state: State, seat: int, unit: Unit, value: str) -> State:
    """1.5.1: card text may move a figure, or return a knocked-out one; it comes back
    unwounded (4.10.2.a cleared its wounds and tokens) and takes its turns again."""
    square = parse_label(value)
    if square is None:
        raise invalid("bad_square", f"{value!r} is not a square.", square=value)
    if not is_free(state, square):
        raise illegal("bad_step", "That square is not free.", "4.17.3", square=label(square))
    return replace_unit(state, replace(unit, pos=square, ko=False))


def _wounds(state: State, seat: int, unit: Unit, value: str) -> State:
    wounds = bounded(unit.wounds, _number(value), 0, max_hp(state, unit))
    return replace_unit(state, replace(unit, wounds=wounds))


def _gauge_of(what: str) -> Adjuster:
    """The AP or MP gauge itself, never below 0."""

    def change(state: State, seat: int, unit: Unit, value: str) -> State:
        gauge = max(0, getattr(unit, what) + _number(value))
        return replace_unit(state, replace(unit, **{what: gauge}))

    return change


def _tokens_of(stat: str) -> Adjuster:
    """AP or MP tokens: 4.11.6–4.11.8 still apply."""

    def change(state: State, seat: int, unit: Unit, value: str) -> State:
        state, *_ = add_tokens(state, unit.id, **{stat: _number(value)})
        return state

    return change


def _gg(state: State, seat: int, unit: Unit, value: str) -> State:
    """GG a card creates or destroys are counted with those lost to tension (5.2.3), so
    the GG in the match stay accounted for."""
    player = state.players[unit.owner]
    delta = max(-player.gg, _number(value))
    players = list(state.players)
    players[unit.owner] = replace(player, gg=player.gg + delta)
    return replace(state, players=tuple(players), gg_lost=state.gg_lost - delta)


def _kamas(state: State, seat: int, unit: Unit, value: str) -> State:
    """Kamas come from and go back to the reserve (4.5.1)."""
    player = state.players[unit.owner]
    delta = bounded(0, _number(value), -player.kamas, state.reserve_kamas)
    players = list(state.players)
    players[unit.owner] = replace(player, kamas=player.kamas + delta)
    return replace(state, players=tuple(players), reserve_kamas=state.reserve_kamas - delta)


def _lasting_change(state: State, seat: int, unit: Unit, value: str) -> State:
    return _lasting(state, unit, value)


def _group_change(state: State, seat: int, unit: Unit, value: str) -> State:
    return _group(state, unit.owner, value)


def _power_change(state: State, seat: int, unit: Unit, value: str) -> State:
    return _power(state, unit, value)


def _marker(state: State, seat: int, unit: Unit, value: str) -> State:
    """``+Name`` (or ``+Name@figure``) places a special marker; ``Name`` removes one."""
    text = value.strip()
    if text.startswith("+"):
        name, _, by = text[1:].partition("@")
        placer = _placer(state, seat, by.strip())
        state, _ = place_marker(state, placer, name.strip(), unit)  # 4.13.1–4.13.2
        return state
    # 4.13.2: the bearer's marker of that name goes, only if this side placed it.
    name = text.lstrip("-").strip().lower()
    mine = {u.id for u in state.units if u.owner == seat}
    found = [
        m
        for m in state.markers
        if m.target == unit.id and m.name.lower() == name and m.placer in mine
    ]
    if not found:
        raise illegal("not_your_marker", "You placed no such marker there.", "4.13.2")
    return replace(state, markers=tuple(m for m in state.markers if m not in found))


def _placer(state: State, seat: int, by: str) -> Unit:
    """The Krosmaster of ``seat`` placing a marker: the one named, else the active one (4.13.1)."""
    if by:
        wanted = by.lower()
        found = [
            u for u in on_board(state) if wanted == u.id.lower() or wanted in known(state.fig(u))
        ]
    elif state.active_unit is not None:
        found = [state.unit(state.active_unit)]
    else:
        found = []
    found = [u for u in found if u.owner == seat and u.pos is not None and is_krosmaster(state, u)]
    if not found:
        raise illegal("marker_placer", "Name a Krosmaster of yours: +Name@figure.", "4.13.1")
    return found[0]


def _power(state: State, unit: Unit, value: str) -> State:
    """``+armour`` gives a power until the end of the fight (1.3.10.a); ``-armour`` ends it."""
    text = value.strip().lower()
    name = text.lstrip("+-").strip()
    try:
        power = Power(name)
    except ValueError:
        power = Power.MANUAL
    if power in UNGAINABLE:
        known = ", ".join(p.value for p in Power if p not in UNGAINABLE)
        raise invalid("bad_power", f"{name!r} is not a power.", power=name, known=known)
    if text.startswith("-"):
        gained = tuple(p for p in unit.gained if p is not power)
        return replace_unit(state, replace(unit, gained=gained))
    state, _ = gain_power(state, unit.id, power)
    return state


def _lasting(state: State, unit: Unit, value: str) -> State:
    """``hp +2 turn`` (``stat amount until [spell] [once]``) adds a lasting change (4.18.4);
    ``powers -1 turn`` loses every power, ``powers -1 turn lock`` only that one (4.18.4.g);
    ``end hp`` ends the unit's changes of that characteristic (``end`` alone: all of them)."""
    words = value.split()
    if words and words[0].lower() == "end":
        stat = words[1].lower() if len(words) > 1 else None
        if stat is not None and stat not in LASTING_STATS:
            raise _bad_lasting(value)
        return end_lasting(state, unit.id, stat)
    state, _ = add_lasting(state, unit.id, _change(words, value))
    return state


def _change(words: list[str], value: str) -> Effect:
    """``stat amount until [spell] [once]`` or ``powers -1 until [power]`` as an effect."""
    if len(words) < 3 or words[0].lower() not in LASTING_STATS:
        raise _bad_lasting(value)
    stat, until = words[0].lower(), words[2].lower()
    extra = [w.lower() for w in words[3:]]
    once = "once" in extra
    named = next((w for w in extra if w != "once"), None)
    if until not in ("turn", "fight") or ((named or once) and stat not in ("damage", "powers")):
        raise _bad_lasting(value)
    amount = _number(words[1])
    if not amount or (stat == "powers" and (amount != -1 or once)):  # 4.18.4.g: only the loss
        raise _bad_lasting(value)
    power = None
    if stat == "powers" and named is not None:  # 4.18.4.g: one named power
        if named not in {p.value for p in Power} or named == Power.MANUAL.value:
            raise _bad_lasting(value)
        power, named = Power(named), None
    return Effect(
        EffectKind.LASTING,
        amount=amount,
        stat=stat,
        until=until,
        spell=named,
        once=once,
        power=power,
    )


def _group(state: State, seat: int, value: str) -> State:
    """``enemies summons mp -1 turn`` changes the rules for a group read from ``seat`` (the
    named unit's owner, 4.18.4.c–d); ``allies units damage +1 fight burla`` only that
    spell's damage; ``all units powers -1 fight`` takes their powers (4.18.4.g);
    ``end mp`` ends that seat's group changes of MP (``end`` alone: all)."""
    written = value.split()
    words = [w.lower() for w in written]
    if words and words[0] == "end":
        stat = words[1] if len(words) > 1 else None
        if len(words) > 2 or (stat is not None and stat not in LASTING_STATS):
            raise _bad_group(value)
        return end_group(state, seat, stat)
    # The group runs from the second word to the stat: "units", "summons", … or a type or
    # figure name ("allies Tofu mp +1 fight", "enemies of:Gultar o Bárbaro mp -1 turn").
    at = next((i for i in range(2, len(words) - 2) if words[i] in LASTING_STATS), None)
    if at is None or words[0] not in GROUP_SIDES:
        raise _bad_group(value)
    group = " ".join(written[1:at])
    group = group[3:] if group.lower().startswith("of:") else group
    who, of = (group.lower(), "") if group.lower() in GROUP_WHO else ("units", group.strip())
    if of and not _known_group(state, of):
        raise _bad_group(value)
    effect = _change(words[at:], value)
    # 4.18.4.c: a group's change is never used up by one spell (no ``once``); ``damage +1
    # fight burla`` reaches only that spell, which must be on a figure in the match.
    if effect.once or (effect.spell and effect.spell not in _match_spells(state)):
        raise _bad_group(value)
    state, _ = add_group_change(state, seat, replace(effect, side=words[0], who=who, of=of))
    return state


def _known_group(state: State, of: str) -> bool:
    """A type (2.2) or figure name some figure of the match has ("Tofu": the Tofus)."""
    wanted = of.lower()
    return any(
        wanted in known(fig) or wanted in {t.lower() for t in fig.types}
        for fig in state.figures.values()
    )


def _match_spells(state: State) -> set[str]:
    """Spell ids printed on the match's figures (what a group's change may name)."""
    return {s.id for fig in state.figures.values() for s in fig.spells}


def _bad_group(value: str) -> InvalidActionError:
    return invalid(
        "bad_group",
        f"{value!r}: write 'enemies summons mp -1 turn' or 'end mp'.",
        value=value,
        sides=", ".join(GROUP_SIDES),
        groups=", ".join(GROUP_WHO),
    )


def _bad_lasting(value: str) -> InvalidActionError:
    return invalid(
        "bad_lasting",
        f"{value!r}: write 'hp +2 turn' or 'end hp'.",
        value=value,
        stats=", ".join(LASTING_STATS),
    )


#: What each ``what`` of an adjustment changes (:data:`WHAT`, in that order).
ADJUSTERS: dict[str, Adjuster] = {
    "wounds": _wounds,
    "ap": _gauge_of("ap"),
    "mp": _gauge_of("mp"),
    "ap_tokens": _tokens_of("ap"),
    "mp_tokens": _tokens_of("mp"),
    "square": _square,
    "kamas": _kamas,
    "gg": _gg,
    "marker": _marker,
    "power": _power_change,
    "lasting": _lasting_change,
    "group": _group_change,
}
