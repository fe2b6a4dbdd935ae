"""The view of a match: what one seat (or the public) may see, typed.

:class:`KrosmasterView` (frozen dataclasses all the way down) is the boundary the
renderer draws from: a field exists only if the seat may see it. The only hidden
information of a duel is a face-down demonic reward: its name appears only in its
owner's view (and the buyer's, while assigning it); the piles show counts and their
face-up token only; a submitted team is shown to its own seat alone. ``View.data`` is
this dataclass as JSON (:func:`build_view`); :func:`read_view` types it back.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from engines.core import Decision
from engines.core.serde import JSON, from_json, to_json
from engines.krosmaster.effects.lasting import spell_name
from engines.krosmaster.geometry import label
from engines.krosmaster.names import Shown, local_name
from engines.krosmaster.rules import seats
from engines.krosmaster.rules.board import is_obstacle_unit, is_trap, max_ap, max_hp, max_mp
from engines.krosmaster.rules.movement import reachable
from engines.krosmaster.rules.rewards import pile_name
from engines.krosmaster.rules.state import Lasting, Phase, State, Unit
from engines.krosmaster.rules.targeting import in_range, legal_targets, reaches, spells_of


@dataclass(frozen=True)
class HeldView:
    """A reward on a card: ``name`` is None when the viewer may not know it (4.7.8.b)."""

    name: Shown | None
    revealed: bool


@dataclass(frozen=True)
class LastingView:
    """A continuous change (4.18.4) as the render's note shows it."""

    stat: str
    amount: str  # signed: "+1", "-2"
    until: str
    spell: Shown
    power: str = ""  # 4.18.4.g: the one power lost, or "" for all


@dataclass(frozen=True)
class UnitView:
    """A figure or summon, on or off the arena."""

    id: str
    name: Shown
    owner: int
    square: str | None
    hp: int  # 4.18.4: the current HP
    wounds: int
    ap: int  # the gauges: what is left this turn (0 outside its turn, 6.3.8)
    mp: int
    max_ap: int | None  # the characteristic (None: a dash)
    max_mp: int | None
    ap_tokens: int  # signed counts of ±1 tokens (4.11)
    mp_tokens: int
    range_tokens: int
    inspiration: tuple[str, ...]  # tension dice on it (5.3), faces
    ko: bool
    summon: bool
    trap: bool
    floor: bool  # traps and tombstones lie flat
    level: int
    rewards: tuple[HeldView, ...]
    initiative: int
    markers: tuple[str, ...]
    gained: tuple[str, ...]  # 1.3.10.a: powers until the end of the fight
    lasting: tuple[LastingView, ...]


@dataclass(frozen=True)
class ArenaView:
    """The arena's scenery and starting squares."""

    name: Shown
    width: int
    height: int
    trees: tuple[str, ...]
    bushes: tuple[str, ...]
    boxes: tuple[str, ...]
    demonic: tuple[str, ...]
    starts: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class PlayerView:
    """A player's stock and timeline (their figures in initiative order)."""

    name: str
    gg: int
    kamas: int
    timeline: tuple[str, ...]
    number: int  # 9.2.1: player 1, 2, 3, 4
    team: int  # 9.3: teammates share it
    out: bool  # 9.2.5


@dataclass(frozen=True)
class OweView:
    """A decision owed now: who, and what in words (``krosmaster.render.owe.<what>``)."""

    seat: int
    what: str
    params: dict[str, Shown]


@dataclass(frozen=True)
class HitView:
    """What the last spell did to one unit."""

    unit: str
    name: Shown
    owner: int
    wounds: int
    healed: int
    armour: int
    ko: bool


@dataclass(frozen=True)
class LastView:
    """The last move or cast, drawn on the board and captioned."""

    unit: str
    name: Shown  # "" when nothing happened yet
    owner: int | None
    path: tuple[str, ...]  # a move: from the start square
    target: str | None
    zone: tuple[str, ...]
    spell: Shown  # "" for a move
    origin: str | None
    crits: int
    hits: tuple[HitView, ...]


@dataclass(frozen=True)
class OwedView:
    """Chapter 9: a choice between players owed before play goes on."""

    kind: str
    seat: int
    count: int


@dataclass(frozen=True)
class ManualView:
    """Card text waiting to be applied by hand (1.5.1)."""

    seat: int
    unit: str
    text: str


@dataclass(frozen=True)
class MarkerView:
    """A special marker (4.13)."""

    name: str
    by: Shown
    on: Shown


@dataclass(frozen=True)
class RuleChangeView:
    """A group change (4.18.4.c)."""

    group: str
    player: str
    of: str
    stat: str
    amount: str
    until: str
    power: str
    spell: Shown


@dataclass(frozen=True)
class PendingView:
    """An effect waiting for step 8 (7.2.9)."""

    kind: str
    source: str
    target: str


@dataclass(frozen=True)
class PileView:
    """A reward pile: how many face down, and its face-up token (4.7.4)."""

    pile: Shown
    count: int
    shown: Shown | None


@dataclass(frozen=True)
class PreviewView:
    """For the active unit: reachable squares, legal targets, squares in range unseen."""

    unit: str
    reach: dict[str, int]
    targets: dict[str, tuple[Shown, ...]]
    unseen: tuple[str, ...]


@dataclass(frozen=True)
class KrosmasterView:
    """Everything one seat (or the public) may see of a match."""

    arena: ArenaView
    kamas: dict[str, int]
    reserve: int
    wild_gg: int
    players: tuple[PlayerView, ...]
    mode: str
    teams_in: tuple[int, ...]  # Phase.TEAMS: who has submitted a team
    my_team: tuple[Shown, ...]  # the seat's own submitted team (hidden from others)
    order: tuple[int, ...]
    owed: tuple[OwedView, ...]
    owing: tuple[OweView, ...]  # who owes a decision now, and what
    units: tuple[UnitView, ...]
    phase: str
    active_player: int
    active_unit: str | None
    deploying: int
    first_player: int
    turn: int
    tension: tuple[str, ...]
    tension_rolled: tuple[str, ...]
    pending: tuple[PendingView, ...]
    last: LastView
    manual: tuple[ManualView, ...]
    markers: tuple[MarkerView, ...]
    rule_changes: tuple[RuleChangeView, ...]
    winner: int | None
    winners: tuple[int, ...]
    draw: bool
    won_by: str  # "knockouts" or "gg" once the match is over, else ""
    preview: PreviewView | None
    piles: tuple[PileView, ...]
    bought: Shown | None
    #: ``Krosmaster.preview``'s plan (a move's or a cast's), drawn by ``render_plan``.
    plan: dict[str, Any] | None = None


def read_view(data: Mapping[str, JSON]) -> KrosmasterView:
    """``View.data`` typed back (names may already be picked for one locale)."""
    view: KrosmasterView = from_json(KrosmasterView, dict(data))
    return view


def _squares(squares: Iterable[tuple[int, int]]) -> tuple[str, ...]:
    return tuple(label(s) for s in squares)


def _held(state: State, unit: Unit, seat: int | None) -> tuple[HeldView, ...]:
    """Rewards on a card: face-down ones are named only to their owner (4.7.8.b)."""
    out = []
    for h in unit.rewards:
        known = h.revealed or h.public or seat == unit.owner
        out.append(HeldView(local_name(state.rewards[h.reward]) if known else None, h.revealed))
    return tuple(out)


def _unit(state: State, u: Unit, seat: int | None) -> UnitView:
    fig = state.fig(u)
    return UnitView(
        id=u.id,
        name=local_name(fig),
        owner=u.owner,
        square=label(u.pos) if u.pos is not None else None,
        hp=max_hp(state, u),  # 4.18.4
        wounds=u.wounds,
        ap=u.ap,
        mp=u.mp,
        max_ap=max_ap(state, u),
        max_mp=max_mp(state, u),
        ap_tokens=u.ap_tokens,
        mp_tokens=u.mp_tokens,
        range_tokens=u.range_tokens,
        inspiration=tuple(f.value for f in u.inspiration),
        ko=u.ko,
        summon=fig.summon,
        trap=is_trap(state, u),
        floor=not is_obstacle_unit(state, u),  # traps and tombstones lie flat
        level=fig.level,
        rewards=_held(state, u, seat),
        initiative=fig.initiative,
        markers=tuple(m.name for m in state.markers if m.target == u.id),
        gained=tuple(p.value for p in u.gained),  # 1.3.10.a: until the end of the fight
        lasting=tuple(_lasting(state, u, x) for x in u.lasting),  # 4.18.4
    )


#: Decision prompts (``krosmaster.prompt.<key>``) said in the banner's few words.
OWE_KEYS = (
    "team",
    "give",
    "doubles",
    "side",
    "side_four",
    "deploy",
    "tension",
    "keep",
    "inspire",
    "assign",
    "manual",
    "resolve",
    "activate",
)


def _owing(decisions: Iterable[Decision]) -> tuple[OweView, ...]:
    """Who owes a decision now and what, from ``Krosmaster.pending`` (optional ones aside)."""
    out = []
    for d in decisions:
        what = d.prompt.key.rsplit(".", 1)[-1]
        if d.optional or what not in OWE_KEYS:
            continue
        params = {k: v for k, v in d.prompt.params.items() if isinstance(v, str | dict)}
        out.append(OweView(d.seat, what, {k: v for k, v in params.items() if k != "text"}))
    return tuple(out)


def _spell(state: State, spell: str) -> Shown:
    """A spell's name by id: a figure's (``spell_name``), else a reward's (4.7.5)."""
    for reward in state.rewards.values():
        for s in reward.spells:
            if s.id == spell:
                return local_name(s)
    return spell_name(state, spell)


def _last(state: State) -> LastView:
    last = state.last
    known = {u.id for u in state.units}
    unit = state.unit(last.unit) if last.unit in known else None
    spell: Shown = ""
    if last.spell:
        spell = _spell(state, last.spell)
        if unit is not None:
            spell = next(
                (local_name(s) for s in state.fig(unit).spells if s.id == last.spell), spell
            )
    hits = tuple(
        HitView(
            h.unit,
            local_name(state.fig(state.unit(h.unit))),
            state.unit(h.unit).owner,
            h.wounds,
            h.healed,
            h.armour,
            state.unit(h.unit).ko,
        )
        for h in last.hits
        if h.unit in known
    )
    return LastView(
        unit=last.unit,
        name=local_name(state.fig(unit)) if unit is not None else "",
        owner=unit.owner if unit is not None else None,
        path=_squares(last.path),
        target=label(last.target) if last.target else None,
        zone=_squares(last.zone),
        spell=spell,
        origin=label(last.origin) if last.origin else None,
        crits=last.crits,
        hits=hits,
    )


def _won_by(state: State) -> str:
    """How a finished match was won: every opposing Krosmaster knocked out (1.4.3), else
    the opponents' Gallons of Glory ran out once the wild GG was gone (1.4.1)."""
    if state.phase is not Phase.OVER or state.winner is None:
        return ""
    standing = {
        seats.team(state, u.owner)
        for u in state.units
        if u.pos is not None and not u.ko and not state.fig(u).summon
    }
    return "knockouts" if len(standing) <= 1 else "gg"


def typed_view(
    state: State, seat: int | None = None, decisions: Iterable[Decision] = ()
) -> KrosmasterView:
    """What ``seat`` may see (``None``: the public); ``decisions`` are the pending ones."""
    arena = state.arena
    return KrosmasterView(
        arena=ArenaView(
            name=local_name(arena),
            width=arena.width,
            height=arena.height,
            trees=_squares(arena.trees),
            bushes=_squares(arena.bushes),
            boxes=_squares(arena.boxes),
            demonic=_squares(arena.demonic),
            starts=tuple(_squares(s) for s in arena.starts),
        ),
        kamas=dict(state.floor_kamas),
        reserve=state.reserve_kamas,
        wild_gg=state.wild_gg,
        players=tuple(
            PlayerView(
                name=p.name,
                gg=p.gg,
                kamas=p.kamas,
                timeline=tuple(p.timeline),
                number=seats.player_number(state, i),  # 9.2.1: player 1, 2, 3, 4
                team=seats.team(state, i),  # 9.3: teammates share it
                out=seats.eliminated(state, i),  # 9.2.5
            )
            for i, p in enumerate(state.players)
        ),
        mode=state.mode,
        # Phase.TEAMS: who has submitted a team; only the seat's own team is shown to it.
        teams_in=tuple(s for s, ids in enumerate(state.submitted) if ids),
        my_team=tuple(
            local_name(state.figures[i])
            for i in (state.submitted[seat] if seat is not None and state.submitted else ())
        ),
        order=tuple(seats.order(state)),
        owed=tuple(OwedView(o.kind, o.seat, o.amount) for o in state.owed),
        owing=_owing(decisions),
        units=tuple(_unit(state, u, seat) for u in state.units),
        phase=state.phase.value,
        active_player=state.active_player,
        active_unit=state.active_unit,
        deploying=state.deploying,
        first_player=state.first_player,
        turn=state.player_turn,
        tension=tuple(f.value for f in state.tension),
        tension_rolled=tuple(f.value for f in state.tension_rolled),
        pending=tuple(PendingView(p.kind.value, p.source, p.target) for p in state.pending),
        last=_last(state),
        manual=tuple(ManualView(n.seat, n.unit, n.text) for n in state.manual),
        markers=tuple(
            MarkerView(
                m.name,
                local_name(state.fig(state.unit(m.placer))),
                local_name(state.fig(state.unit(m.target))),
            )
            for m in state.markers
        ),
        rule_changes=tuple(  # 4.18.4.c: group changes, also for units entering play later
            RuleChangeView(
                group=f"krosmaster.group.{r.side}_{r.who if not r.of else 'of'}",
                player=state.players[r.seat].name,
                of=r.of,
                stat=r.stat,
                amount=f"{r.amount:+d}",
                until=r.until,
                power=r.power,
                spell=spell_name(state, r.spell),
            )
            for r in state.rule_changes
        ),
        winner=state.winner,
        winners=tuple(state.winners or (() if state.winner is None else (state.winner,))),
        draw=state.draw,
        won_by=_won_by(state),
        preview=preview(state),
        piles=tuple(
            PileView(
                pile=pile_name(state, i),
                count=len(p),
                shown=local_name(state.rewards[state.shown[i]]) if state.shown[i] else None,
            )
            for i, p in enumerate(state.piles)
        ),
        bought=(
            local_name(state.rewards[state.bought])
            if state.bought and (state.bought_public or seat == state.active_player)
            else None
        ),
    )


def build_view(
    state: State, seat: int | None = None, decisions: Iterable[Decision] = ()
) -> dict[str, Any]:
    """:func:`typed_view` as the JSON ``View.data`` carries."""
    data: dict[str, Any] = to_json(typed_view(state, seat, decisions))
    return data


def preview(state: State) -> PreviewView | None:
    """For the active unit: reachable squares, legal targets, squares in range but unseen."""
    if state.phase is not Phase.ACTIVATION or state.active_unit is None:
        return None
    unit = state.unit(state.active_unit)
    if unit.pos is None:
        return None
    targets: dict[str, list[Shown]] = {}
    unseen: set[str] = set()
    for spell in spells_of(state, unit):
        legal = legal_targets(state, unit, spell)
        for sq in legal:
            targets.setdefault(label(sq), []).append(local_name(spell))
        squares = [(x, y) for y in range(state.arena.height) for x in range(state.arena.width)]
        for sq in squares:
            if in_range(state, unit, spell, sq) and not reaches(state, unit, spell, sq):
                unseen.add(label(sq))
    return PreviewView(
        unit=unit.id,
        reach={label(sq): cost for sq, cost in reachable(state, unit).items()},
        targets={sq: tuple(names) for sq, names in targets.items()},
        unseen=tuple(sorted(unseen - set(targets))),
    )


def _lasting(state: State, unit: Unit, x: Lasting) -> LastingView:
    """A continuous change (4.18.4) as the render's note shows it."""
    spell = next((local_name(s) for s in state.fig(unit).spells if s.id == x.spell), x.spell or "")
    return LastingView(x.stat, f"{x.amount:+d}", x.until, spell, x.power)
