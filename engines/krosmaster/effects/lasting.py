"""Continuous effects of 4.18.4 with a duration: AP, MP, range or a spell's damage changed
"until the end of the turn" or "until the end of the fight"."""

from __future__ import annotations

from engines.core import Event
from engines.core.model import replace
from engines.krosmaster.content.schema import Effect
from engines.krosmaster.names import Shown, local_name
from engines.krosmaster.rules.board import on_board, replace_unit
from engines.krosmaster.rules.state import Lasting, RuleChange, State
from engines.krosmaster.rules.units import add_tokens


def add_lasting(state: State, unit_id: str, effect: Effect) -> tuple[State, list[Event]]:
    """4.18.3.d: the change applies only to a unit on the board, from now on.

    A lower AP/MP characteristic also lowers how many −1 tokens it can hold (4.11.7), so
    they are re-capped; a gauge already filled this turn is not refilled (6.2.1.b): the
    new characteristic counts from the unit's next preliminary phase.
    """
    unit = state.unit(unit_id)
    if unit.pos is None:
        return state, []
    lost = effect.power.value if effect.power is not None else ""  # 4.18.4.g: one power
    change = Lasting(effect.stat, effect.amount, effect.until, effect.spell, effect.once, lost)
    state = replace_unit(state, replace(unit, lasting=(*unit.lasting, change)))
    if effect.stat in ("ap", "mp"):
        state, *_ = add_tokens(state, unit_id)  # re-cap against the new maximum
    params: dict[str, object] = {
        "unit": local_name(state.fig(unit)),
        "stat": effect.stat,
        "amount": f"{effect.amount:+d}",
        "spell": _spell_name(state, unit_id, effect.spell),
    }
    key = f"lasting_{effect.until}_{effect.stat}"
    if lost:
        key, params["power"] = f"lasting_{effect.until}_power", power_name(lost)
    return state, [Event(f"krosmaster.event.{key}", params, rule="4.18.4")]


def power_name(power: str) -> dict[str, object]:
    """A power's name in the reader's locale (a nested message parameter)."""
    return {"key": f"krosmaster.power.{power}", "params": {}}


def _spell_name(state: State, unit_id: str, spell: str | None) -> Shown:
    for s in state.fig(state.unit(unit_id)).spells:
        if s.id == spell:
            return local_name(s)
    return spell or ""


def add_group_change(state: State, seat: int, effect: Effect) -> tuple[State, list[Event]]:
    """4.18.4.c: a change of the rules for a group of units (``side``/``who`` of ``seat``):
    it reaches the group's units now and those entering play later (4.18.4.d)."""
    lost = effect.power.value if effect.power is not None else ""  # 4.18.4.g: one power
    change = RuleChange(
        seat,
        effect.side,
        effect.who,
        effect.stat,
        effect.amount,
        effect.until,
        lost,
        effect.spell,
        effect.of,
    )
    state = replace(state, rule_changes=(*state.rule_changes, change))
    for u in on_board(state):
        state, *_ = add_tokens(state, u.id)  # re-cap against the new maxima (4.11.7)
    params: dict[str, object] = {
        "unit": group_name(state, change),
        "stat": effect.stat,
        "amount": f"{effect.amount:+d}",
        "spell": spell_name(state, effect.spell),
    }
    key = f"lasting_{effect.until}_{effect.stat}"
    if effect.stat == "powers":  # 4.18.4.g for a group: plural wording
        key = f"group_{effect.until}_power" if lost else f"group_{effect.until}_powers"
        params["power"] = power_name(lost) if lost else ""
    return state, [Event(f"krosmaster.event.{key}", params, rule="4.18.4.c")]


def spell_name(state: State, spell: str | None) -> Shown:
    """The name of a spell id on any figure in the match (a group's change names one)."""
    for fig in state.figures.values():
        for s in fig.spells:
            if s.id == spell:
                return local_name(s)
    return spell or ""


def group_name(state: State, change: RuleChange) -> dict[str, object]:
    """The group ("Alice's summons") in the reader's locale: a nested message parameter."""
    if change.of:  # "Alice's Tofus"
        return {
            "key": f"krosmaster.group.{change.side}_of",
            "params": {"player": state.players[change.seat].name, "of": change.of},
        }
    return {
        "key": f"krosmaster.group.{change.side}_{change.who}",
        "params": {"player": state.players[change.seat].name},
    }


def end_of_turn(state: State) -> State:
    """6.4.1: changes "until the end of the turn" end with the active component's turn,
    on whichever unit they were applied (Gui Yermetel's example), and so do the match's
    group changes (4.18.4.c)."""
    if any(r.until == "turn" for r in state.rule_changes):
        rules = tuple(r for r in state.rule_changes if r.until != "turn")
        state = replace(state, rule_changes=rules)
        for u in on_board(state):
            state, *_ = add_tokens(state, u.id)
    for u in state.units:
        if any(x.until == "turn" for x in u.lasting):
            kept = tuple(x for x in u.lasting if x.until != "turn")
            state = replace_unit(state, replace(state.unit(u.id), lasting=kept))
            state, *_ = add_tokens(state, u.id)
    return state


def end_lasting(state: State, unit_id: str, stat: str | None = None) -> State:
    """End a unit's lasting changes of ``stat`` (all of them for None) by hand (1.5.1)."""
    unit = state.unit(unit_id)
    kept = tuple(x for x in unit.lasting if stat is not None and x.stat != stat)
    state = replace_unit(state, replace(unit, lasting=kept))
    state, *_ = add_tokens(state, unit_id)  # re-cap against the restored maximum (4.11.7)
    return state


def end_group(state: State, seat: int, stat: str | None = None) -> State:
    """End ``seat``'s group changes of ``stat`` (all of them for None) by hand (1.5.1)."""
    kept = tuple(
        r for r in state.rule_changes if r.seat != seat or (stat is not None and r.stat != stat)
    )
    state = replace(state, rule_changes=kept)
    for u in on_board(state):
        state, *_ = add_tokens(state, u.id)  # re-cap against the restored maxima (4.11.7)
    return state
