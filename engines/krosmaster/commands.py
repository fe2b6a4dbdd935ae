"""Slash sub-commands (``/krosmaster …``) and their autocomplete."""

from __future__ import annotations

from engines.core import Choice, CommandSpec, EngineError, Message, OptionSpec, OptionType
from engines.krosmaster.adjust import WHAT
from engines.krosmaster.board import is_free, is_krosmaster, on_board
from engines.krosmaster.geometry import label
from engines.krosmaster.movement import reachable
from engines.krosmaster.rewards import can_receive, pile_name
from engines.krosmaster.state import Phase, State
from engines.krosmaster.targeting import legal_targets, spells_of

LIMIT = 25  # Discord shows at most 25 suggestions


def _opt(
    name: str,
    kind: OptionType = OptionType.STRING,
    required: bool = True,
    auto: bool = False,
    min_value: int | None = None,
    max_value: int | None = None,
) -> OptionSpec:
    return OptionSpec(
        name,
        kind,
        Message(f"krosmaster.command.opt.{name}"),
        required=required,
        autocomplete=auto,
        min_value=min_value,
        max_value=max_value,
    )


def _cmd(name: str, action: str, *options: OptionSpec) -> CommandSpec:
    return CommandSpec(name, Message(f"krosmaster.command.{name}"), action, tuple(options))


def command_specs() -> list[CommandSpec]:
    """One command per action kind; option names match the action fields."""
    return [
        _cmd("deploy", "deploy", _opt("figure", auto=True), _opt("square", auto=True)),
        _cmd("tension", "tension"),
        _cmd("reroll", "reroll"),
        _cmd(
            "keep",
            "keep",
            _opt("face1", required=False, auto=True),
            _opt("face2", required=False, auto=True),
        ),
        _cmd(
            "inspire",
            "inspire",
            _opt("die", OptionType.INTEGER, min_value=1, max_value=2),
            _opt("figure", auto=True),
        ),
        _cmd("done-inspiring", "end_inspiration"),
        _cmd("move", "move", _opt("to", auto=True), _opt("path", required=False)),
        _cmd(
            "cast",
            "cast",
            _opt("spell", auto=True),
            _opt("target", auto=True),
            _opt("facing", required=False, auto=True),
        ),
        _cmd(
            "collect",
            "collect",
            _opt("count", OptionType.INTEGER, required=False, min_value=1, max_value=9),
        ),
        _cmd("buy-gg", "buy_gg"),
        _cmd("end-turn", "end_turn"),
        _cmd("resolve", "resolve", _opt("effect", OptionType.INTEGER, min_value=1, max_value=20)),
        _cmd("prefer", "prefer", _opt("crit_dodge", auto=True), _opt("dofus", auto=True)),
        _cmd("buy-reward", "buy_reward", _opt("pile", auto=True), _opt("face", auto=True)),
        _cmd("assign", "assign", _opt("figure", auto=True)),
        _cmd("reveal", "reveal", _opt("reward", auto=True)),
        _cmd(
            "adjust",
            "adjust",
            _opt("unit", auto=True),
            _opt("what", auto=True),
            _opt("value"),
            _opt("reason"),
        ),
    ]


def _choices(pairs: list[tuple[str, str]], current: str) -> list[Choice]:
    typed = current.strip().lower()
    out = [
        Choice(Message("krosmaster.choice.plain", {"text": text}), value)
        for text, value in pairs
        if typed in text.lower() or typed in value.lower()
    ]
    return out[:LIMIT]


def autocomplete(state: State, seat: int, command: str, option: str, current: str) -> list[Choice]:
    """Suggestions that are legal now for this seat."""
    if command == "deploy" and option == "figure":
        pairs = [
            (state.fig(u).name, u.id) for u in state.units if u.owner == seat and u.pos is None
        ]
        return _choices(pairs, current)
    if command == "deploy" and option == "square":
        free = [label(s) for s in state.arena.starts[seat] if is_free(state, s)]
        return _choices([(s, s) for s in free], current)
    if option in ("face1", "face2", "crit_dodge", "dofus"):
        names = ["crit", "dodge"] if option == "crit_dodge" else ["crit", "armour", "lock", "dodge"]
        return _choices([(n, n) for n in names], current)
    if command == "buy-reward" and option == "pile":
        return _choices(
            [(f"{pile_name(i)} ({len(p)})", pile_name(i)) for i, p in enumerate(state.piles)],
            current,
        )
    if command == "buy-reward" and option == "face":
        return _choices([("down", "down"), ("up", "up")], current)
    if command == "assign":
        pairs = [
            (state.fig(u).name, u.id)
            for u in state.units
            if u.owner == seat and can_receive(state, u)
        ]
        return _choices(pairs, current)
    if command == "reveal" and state.active_unit is not None:
        unit = state.unit(state.active_unit)
        names = [
            state.rewards[h.reward].name
            for h in unit.rewards
            if unit.owner == seat and not h.revealed
        ]
        return _choices([(n, n) for n in names], current)
    if command == "inspire":
        pairs = [
            (state.fig(u).name, u.id)
            for u in state.units
            if u.owner == seat and is_krosmaster(state, u) and not u.ko
        ]
        return _choices(pairs, current)
    if command == "adjust" and option == "what":
        return _choices([(w, w) for w in WHAT], current)
    if command == "adjust" and option == "unit":
        return _choices([(state.fig(u).name, u.id) for u in on_board(state)], current)
    if state.phase is not Phase.ACTIVATION or state.active_unit is None:
        return []
    unit = state.unit(state.active_unit)
    if unit.owner != seat:
        return []
    if command == "move" and option == "to":
        squares = sorted(reachable(state, unit).items(), key=lambda kv: kv[1])
        return _choices([(f"{label(s)} ({d} MP)", label(s)) for s, d in squares], current)
    if command == "cast" and option == "spell":
        pairs = [
            (f"{s.name} ({s.ap} AP)", s.id)
            for s in spells_of(state, unit)
            if _targets(state, unit.id, s.id)
        ]
        return _choices(pairs, current)
    if command == "cast" and option == "target":
        # Autocomplete sees only this option, so each square lists the spells reaching it.
        reach: dict[str, list[str]] = {}
        for spell in spells_of(state, unit):
            for sq in _targets(state, unit.id, spell.id):
                reach.setdefault(sq, []).append(spell.name)
        return _choices(
            [(f"{sq} — {', '.join(names)}", sq) for sq, names in reach.items()], current
        )
    if command == "cast" and option == "facing":
        return _choices([(f, f) for f in ("north", "east", "south", "west")], current)
    return []


def _targets(state: State, unit_id: str, spell_id: str) -> list[str]:
    unit = state.unit(unit_id)
    spell = next(s for s in spells_of(state, unit) if s.id == spell_id)
    try:
        return [label(s) for s in legal_targets(state, unit, spell)]
    except EngineError:
        return []
