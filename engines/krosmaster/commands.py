"""Slash sub-commands (``/krosmaster …``) and their autocomplete."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import permutations
from typing import Any

from engines.core import (
    Choice,
    CommandSpec,
    EngineError,
    Message,
    OptionSpec,
    OptionType,
    Section,
)
from engines.krosmaster.content.schema import GROUP_SIDES, GROUP_WHO, UNGAINABLE, Power, SpellDef
from engines.krosmaster.geometry import Facing, facings, label, parse_label
from engines.krosmaster.names import Shown, join, known, local_name, text_of
from engines.krosmaster.rules import multiplayer, seats
from engines.krosmaster.rules.adjust import WHAT
from engines.krosmaster.rules.board import (
    adjacent_enemy_characters,
    is_free,
    is_krosmaster,
    on_board,
)
from engines.krosmaster.rules.movement import reachable, shortest_path
from engines.krosmaster.rules.rewards import can_receive, pile_name
from engines.krosmaster.rules.state import Phase, State, Unit
from engines.krosmaster.rules.targeting import legal_targets, spells_of

LIMIT = 25  # Discord shows at most 25 suggestions
LOSABLE = [p for p in Power if p is not Power.MANUAL]  # 4.18.4.g: powers one may lose


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


#: Commands typed only before the first turn (1.1, 1.3) and for card text applied by hand.
SECTIONS = {
    "team": Section.SETUP,
    "side": Section.SETUP,
    "deploy": Section.SETUP,
    "adjust": Section.MANUAL,
    "applied": Section.MANUAL,
}


def _cmd(name: str, action: str, *options: OptionSpec) -> CommandSpec:
    # A move or a cast can be shown first (``preview:true``, ``Krosmaster.preview``).
    previewable = action in ("move", "cast")
    return CommandSpec(
        name,
        Message(f"krosmaster.command.{name}"),
        action,
        tuple(options),
        previewable=previewable,
        section=SECTIONS.get(name, Section.PLAY),
    )


def command_specs() -> list[CommandSpec]:
    """One command per action kind; option names match the action fields."""
    return [
        _cmd("team", "team", _opt("figures", auto=True)),
        _cmd("side", "side", _opt("squares", auto=True)),
        _cmd("deploy", "deploy", _opt("figure", auto=True), _opt("square", auto=True)),
        _cmd("tension", "tension"),
        _cmd("leave", "withdraw"),
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
        _cmd(
            "move",
            "move",
            _opt("to", auto=True),
            _opt("path", required=False, auto=True),
            _opt("lock_order", required=False, auto=True),
        ),
        _cmd(
            "cast",
            "cast",
            _opt("spell", auto=True),
            _opt("target", auto=True),
            _opt("facing", required=False, auto=True),
            _opt("ko_order", required=False),
            _opt("summon_order", required=False, auto=True),
        ),
        _cmd(
            "collect",
            "collect",
            _opt("count", OptionType.INTEGER, required=False, min_value=1, max_value=9),
        ),
        _cmd("buy-gg", "buy_gg", _opt("player", required=False, auto=True)),
        _cmd("end-turn", "end_turn"),
        _cmd(
            "resolve",
            "resolve",
            _opt("effect", OptionType.INTEGER, min_value=1, max_value=20),
            _opt("ko_order", required=False),
        ),
        _cmd("prefer", "prefer", _opt("crit_dodge", auto=True), _opt("dofus", auto=True)),
        _cmd("buy-reward", "buy_reward", _opt("pile", auto=True), _opt("face", auto=True)),
        _cmd("assign", "assign", _opt("figure", auto=True)),
        _cmd("reveal", "reveal", _opt("reward", auto=True)),
        _cmd("applied", "applied"),
        _cmd("give", "give", _opt("player", required=False, auto=True)),
        _cmd("doubles", "doubles", _opt("player", required=False, auto=True)),
        _cmd(
            "adjust",
            "adjust",
            _opt("unit", auto=True),
            _opt("what", auto=True),
            _opt("value"),
            _opt("reason"),
        ),
    ]


def _choices(pairs: Sequence[tuple[Shown, str]], current: str) -> list[Choice]:
    """Autocomplete entries; a name given per locale is shown in the reader's and matches
    what is typed in any of them."""
    typed = current.strip().lower()
    out = [
        Choice(Message("krosmaster.choice.plain", {"text": text}), value)
        for text, value in pairs
        if typed in text_of(text).lower() or typed in value.lower()
    ]
    return out[:LIMIT]


def _team_list(state: State, current: str) -> list[Choice]:
    """A growing list: the figures already typed, then each Krosmaster matching the last
    name being typed (names in any locale; summons are never team members, 1.1)."""
    done, _, typed = current.rpartition(",")
    prefix = f"{done.strip()}, " if done.strip() else ""
    word = typed.strip().lower()
    out = []
    # Playable Krosmasters first; the others (a printed stat line only) are still offered:
    # a team of them is checked by the team rules, then refused as not yet playable.
    for fig in sorted(state.figures.values(), key=lambda f: (not f.playable, f.id)):
        shown = local_name(fig)
        value = prefix + fig.id
        if fig.summon or len(value) > 100:  # Discord caps a choice's value at 100
            continue
        if word in text_of(shown).lower() or word in fig.id:
            label = join([prefix, shown], "") if prefix else shown
            out.append(Choice(Message("krosmaster.choice.plain", {"text": label}), value))
    return out[:LIMIT]


#: What a completer gets: the state, the seat typing, what it has typed so far in the
#: option, and the other options already typed (``cast target`` reads the spell).
Completer = Callable[[State, int, str, Mapping[str, str]], list[Choice]]


def autocomplete(
    state: State,
    seat: int,
    command: str,
    option: str,
    current: str,
    values: Mapping[str, Any] | None = None,
) -> list[Choice]:
    """Suggestions that are legal now for this seat.

    ``values`` are the options already typed: the chosen spell narrows ``cast
    target`` to that spell's legal targets, the chosen square narrows ``move
    path`` to the paths leading there, and so on. Each option with suggestions has
    its completer in :data:`COMPLETERS`.
    """
    typed = {k: str(v) for k, v in (values or {}).items() if v not in (None, "")}
    completer = COMPLETERS.get((command, option))
    return completer(state, seat, current, typed) if completer is not None else []


def _sides(state: State, seat: int, current: str, typed: Mapping[str, str]) -> list[Choice]:
    pairs: list[tuple[Shown, str]] = [
        (f"{i + 1} ({side_text(s)})", str(i + 1)) for i, s in enumerate(state.arena.starts)
    ]
    return _choices(pairs, current)


def _teams(state: State, seat: int, current: str, typed: Mapping[str, str]) -> list[Choice]:
    return _team_list(state, current)


def _to_deploy(state: State, seat: int, current: str, typed: Mapping[str, str]) -> list[Choice]:
    pairs = [
        (local_name(state.fig(u)), u.id) for u in state.units if u.owner == seat and u.pos is None
    ]
    return _choices(pairs, current)


def _deploy_squares(
    state: State, seat: int, current: str, typed: Mapping[str, str]
) -> list[Choice]:
    free = [label(s) for s in state.arena.starts[seat] if is_free(state, s)]
    return _choices([(s, s) for s in free], current)


def _any_face(state: State, seat: int, current: str, typed: Mapping[str, str]) -> list[Choice]:
    """1.6.2: a Dofus turns to any of these (and a kept die names its face)."""
    return _choices([(n, n) for n in ["crit", "armour", "lock", "dodge"]], current)


def _crit_dodge(state: State, seat: int, current: str, typed: Mapping[str, str]) -> list[Choice]:
    """1.6.2: Crit/Dodge turns to one of these."""
    return _choices([(n, n) for n in ["crit", "dodge"]], current)


def _piles(state: State, seat: int, current: str, typed: Mapping[str, str]) -> list[Choice]:
    pairs: list[tuple[Shown, str]] = [
        (f"{pile_name(state, i)} ({len(p)})", pile_name(state, i))
        for i, p in enumerate(state.piles)
    ]
    return _choices(pairs, current)


def _faces_up(state: State, seat: int, current: str, typed: Mapping[str, str]) -> list[Choice]:
    return _choices([("down", "down"), ("up", "up")], current)


def _receivers(state: State, seat: int, current: str, typed: Mapping[str, str]) -> list[Choice]:
    pairs = [
        (local_name(state.fig(u)), u.id)
        for u in state.units
        if u.owner == seat and can_receive(state, u)
    ]
    return _choices(pairs, current)


def _hidden_rewards(
    state: State, seat: int, current: str, typed: Mapping[str, str]
) -> list[Choice]:
    if state.active_unit is None:
        return []
    unit = state.unit(state.active_unit)
    hidden = [
        state.rewards[h.reward] for h in unit.rewards if unit.owner == seat and not h.revealed
    ]
    return _choices([(local_name(r), r.name) for r in hidden], current)


def _inspired(state: State, seat: int, current: str, typed: Mapping[str, str]) -> list[Choice]:
    pairs = [
        (local_name(state.fig(u)), u.id)
        for u in state.units
        if u.owner == seat and is_krosmaster(state, u) and not u.ko
    ]
    return _choices(pairs, current)


def _adjusted(state: State, seat: int, current: str, typed: Mapping[str, str]) -> list[Choice]:
    return _choices([(w, w) for w in WHAT], current)


def _adjust_units(state: State, seat: int, current: str, typed: Mapping[str, str]) -> list[Choice]:
    units = list(on_board(state))
    if typed.get("what") == "square":  # card text may return a knocked-out figure
        units += [u for u in state.units if u.ko]
    return _choices([(local_name(state.fig(u)), u.id) for u in units], current)


def _adjust_value(state: State, seat: int, current: str, typed: Mapping[str, str]) -> list[Choice]:
    if typed.get("what") == "marker":  # 4.13.2: markers this side placed
        mine = {u.id for u in state.units if u.owner == seat}
        names = sorted({m.name for m in state.markers if m.placer in mine})
        typed_name = current.strip()
        if typed_name.startswith("+") and len(typed_name) > 1:  # 4.13.1: a new one
            names.insert(0, typed_name)
        return _choices([(n, n) for n in names], current)
    return _adjust_values(state, typed.get("what", ""), current)


def _players_of(command: str) -> Completer:
    """The players ``command`` may name (see :func:`_players`)."""

    def complete(state: State, seat: int, current: str, typed: Mapping[str, str]) -> list[Choice]:
        return _players(state, seat, command, current)

    return complete


def _activation(
    choices: Callable[[State, Unit, str, str, Mapping[str, str]], list[Choice]], option: str
) -> Completer:
    """An option of ``move`` or ``cast``: suggestions only for the seat whose figure is
    active (6.3)."""

    def complete(state: State, seat: int, current: str, typed: Mapping[str, str]) -> list[Choice]:
        if state.phase is not Phase.ACTIVATION or state.active_unit is None:
            return []
        unit = state.unit(state.active_unit)
        if unit.owner != seat:
            return []
        return choices(state, unit, option, current, typed)

    return complete


def side_text(starts: tuple[tuple[int, int], ...]) -> str:
    """The rows of a side's starting squares ("1, 2"), or its columns ("A, B") for a side
    on the left or right edge of a four-sided arena (9.2.4)."""
    rows = sorted({y for _, y in starts})
    cols = sorted({x for x, _ in starts})
    if len(cols) < len(rows):
        return ", ".join(chr(ord("A") + x) for x in cols)
    return ", ".join(str(y + 1) for y in rows)


def _players(state: State, seat: int, command: str, current: str) -> list[Choice]:
    """Players ``seat`` may name: for an owed choice (9.2.5, 9.2.6) the legal ones, the
    default first; for ``buy-gg`` its opponents (4.6.3)."""
    if command in ("give", "doubles"):
        owed = state.owed[0] if state.owed and state.owed[0].seat == seat else None
        if owed is None:
            return []
        first = multiplayer.default_choice(state, owed)
        found = multiplayer.candidates(state, owed)
        found = [first] + [s for s in found if s != first]
    else:
        found = seats.opponents(state, seat)
    pairs = [
        (
            f"{seats.player_number(state, s)}. {state.players[s].name} (GG {state.players[s].gg})",
            str(seats.player_number(state, s)),
        )
        for s in found
    ]
    return _choices(pairs, current)


def _adjust_values(state: State, what: str, current: str) -> list[Choice]:
    """Free squares for ``square``; small signed numbers for the rest."""
    if what == "square":
        w, h = state.arena.width, state.arena.height
        free = [label((x, y)) for y in range(h) for x in range(w) if is_free(state, (x, y))]
        return _choices([(s, s) for s in free], current)
    if what == "power":  # 1.3.10.a: gain one until the end of the fight, or end it
        names = [p.value for p in Power if p not in UNGAINABLE]
        pairs = [(f"{sign}{n}", f"{sign}{n}") for sign in "+-" for n in names]
        return _choices(pairs, current)
    if what == "lasting":  # 4.18.4: add a change, or end the unit's changes of a stat
        stats = ("hp", "ap", "mp", "range", "damage")
        texts = [f"{st} {n:+d} {u}" for st in stats for n in (1, -1) for u in ("turn", "fight")]
        texts += [f"powers -1 {u}" for u in ("turn", "fight")]  # 4.18.4.g
        texts += [f"end {st}" for st in (*stats, "powers")] + ["end"]
        texts += [f"powers -1 {u} {p.value}" for u in ("turn", "fight") for p in LOSABLE]
        return _choices([(t, t) for t in texts], current)
    if what == "group":  # 4.18.4.c: a change for a group, read from the unit's owner
        return _choices([(t, t) for t in _group_texts(state)], current)
    if what in WHAT:
        return _choices([(f"{n:+d}", f"{n:+d}") for n in (-3, -2, -1, 1, 2, 3)], current)
    return []


def _group_texts(state: State) -> list[str]:
    """Group changes (4.18.4.c) an ``adjust … what:group`` may write, ends first; one
    spell's damage for the spells printed on the match's figures."""
    stats = ("ap", "mp", "range", "hp", "damage")
    texts = [f"end {st}" for st in (*stats, "powers")] + ["end"]
    spells = sorted({s.id for fig in state.figures.values() for s in fig.spells})
    for side in GROUP_SIDES:
        for who in GROUP_WHO:
            texts += [f"{side} {who} {st} {n:+d} turn" for st in stats for n in (1, -1)]
            texts += [f"{side} {who} powers -1 {u}" for u in ("turn", "fight")]  # 4.18.4.g
            texts += [f"{side} {who} damage {n:+d} fight {sp}" for sp in spells for n in (1, -1)]
    return texts


def _move_choices(
    state: State, unit: Unit, option: str, current: str, typed: Mapping[str, str]
) -> list[Choice]:
    """Destinations of the active figure; the path to the chosen one; the lock order."""
    if option == "to":
        squares = sorted(reachable(state, unit).items(), key=lambda kv: kv[1])
        return _choices([(f"{label(s)} ({d} MP)", label(s)) for s, d in squares], current)
    if option == "path":
        goal = parse_label(typed.get("to", ""))
        found = shortest_path(state, unit, goal) if goal is not None else None
        if not found or len(found) > unit.mp:
            return []
        text = " ".join(label(s) for s in found)
        return _choices([(text, text)], current)
    if option == "lock_order":
        return _orders(state, [u.id for u in adjacent_enemy_characters(state, unit)], current)
    return []


def _orders(state: State, ids: list[str], current: str) -> list[Choice]:
    """Every order of a few figures (4.14.2: the active player chooses)."""
    if len(ids) < 2:
        return []
    pairs = []
    for perm in permutations(ids):
        names = join(local_name(state.fig(state.unit(u))) for u in perm)
        pairs.append((names, ",".join(perm)))
    return _choices(pairs, current)


def _cast_choices(
    state: State, unit: Unit, option: str, current: str, typed: Mapping[str, str]
) -> list[Choice]:
    """Spells with a target; the chosen spell's targets; facings at a diagonal target."""
    spell = _spell(state, unit, typed.get("spell", ""))
    if option == "spell":
        wanted = typed.get("target", "")
        pairs: list[tuple[Shown, str]] = [
            (join([local_name(s), f"({s.ap} AP)"], " "), s.id)
            for s in spells_of(state, unit)
            if (targets := _targets(state, unit.id, s.id)) and (not wanted or wanted in targets)
        ]
        return _choices(pairs, current)
    if option == "target":
        if spell is not None:
            return _choices([(sq, sq) for sq in _targets(state, unit.id, spell.id)], current)
        # No spell typed yet: each square lists the spells reaching it.
        reach: dict[str, list[Shown]] = {}
        for s in spells_of(state, unit):
            for sq in _targets(state, unit.id, s.id):
                reach.setdefault(sq, []).append(local_name(s))
        return _choices(
            [(join([sq, join(names)], " — "), sq) for sq, names in reach.items()], current
        )
    if option == "summon_order":
        count = max((e.amount for e in spell.effects if e.figure), default=0) if spell else 0
        if count < 2:
            return []
        orders = [",".join(str(i + 1) for i in p) for p in permutations(range(min(count, 4)))]
        return _choices([(o, o) for o in orders], current)
    if option == "facing":
        square = parse_label(typed.get("target", ""))
        if square is None or unit.pos is None:
            return _choices([(f.value, f.value) for f in Facing], current)
        return _choices([(f.value, f.value) for f in facings(unit.pos, square)], current)
    return []


def _spell(state: State, unit: Unit, text: str) -> SpellDef | None:
    wanted = text.strip().lower()
    if not wanted:
        return None
    return next(
        (s for s in spells_of(state, unit) if (wanted == s.id.lower() or wanted in known(s))), None
    )


def _targets(state: State, unit_id: str, spell_id: str) -> list[str]:
    unit = state.unit(unit_id)
    spell = next(s for s in spells_of(state, unit) if s.id == spell_id)
    try:
        return [label(s) for s in legal_targets(state, unit, spell)]
    except EngineError:
        return []


#: The completer of each ``(command, option)`` with suggestions.
COMPLETERS: dict[tuple[str, str], Completer] = {
    ("team", "figures"): _teams,
    ("side", "squares"): _sides,
    ("deploy", "figure"): _to_deploy,
    ("deploy", "square"): _deploy_squares,
    ("keep", "face1"): _any_face,
    ("keep", "face2"): _any_face,
    ("prefer", "crit_dodge"): _crit_dodge,
    ("prefer", "dofus"): _any_face,
    ("inspire", "figure"): _inspired,
    ("move", "to"): _activation(_move_choices, "to"),
    ("move", "path"): _activation(_move_choices, "path"),
    ("move", "lock_order"): _activation(_move_choices, "lock_order"),
    ("cast", "spell"): _activation(_cast_choices, "spell"),
    ("cast", "target"): _activation(_cast_choices, "target"),
    ("cast", "facing"): _activation(_cast_choices, "facing"),
    ("cast", "summon_order"): _activation(_cast_choices, "summon_order"),
    ("buy-gg", "player"): _players_of("buy-gg"),
    ("buy-reward", "pile"): _piles,
    ("buy-reward", "face"): _faces_up,
    ("assign", "figure"): _receivers,
    ("reveal", "reward"): _hidden_rewards,
    ("give", "player"): _players_of("give"),
    ("doubles", "player"): _players_of("doubles"),
    ("adjust", "unit"): _adjust_units,
    ("adjust", "what"): _adjusted,
    ("adjust", "value"): _adjust_value,
}
