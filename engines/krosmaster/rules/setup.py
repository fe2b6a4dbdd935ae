"""Setting a match up: teams (1.1), first player (1.3.1), GG (1.3.5), timelines (1.3.8)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from engines.core import Dice, Seat
from engines.krosmaster.content.schema import (
    ArenaDef,
    ContentPack,
    FigureDef,
    NameColour,
    RewardDef,
)
from engines.krosmaster.errors import setup
from engines.krosmaster.geometry import label
from engines.krosmaster.names import folded, join, known, local_name
from engines.krosmaster.rules.rewards import deal
from engines.krosmaster.rules.state import Phase, Player, State, Unit

CONSTRUCTED = "constructed"
LIMITED = "limited"


def resolve_team(pack: ContentPack, text: str) -> list[FigureDef]:
    """A team written as a preset team id or comma-separated figure ids or names."""
    if text.strip() in pack.teams:
        names = list(pack.teams[text.strip()].figures)
    else:
        names = [n.strip() for n in text.split(",") if n.strip()]
    return resolve_figures(pack.figures, names)


def resolve_figures(pool: Mapping[str, FigureDef], names: Sequence[str]) -> list[FigureDef]:
    """Krosmasters (never summons) by id or by name in any locale their content gives."""
    figures = []
    # A figure may be named in any locale its content gives (engines.krosmaster.names).
    by_name = {n: f for f in pool.values() if not f.summon for n in known(f)}
    for name in names:
        fig = pool.get(name) or by_name.get(name.lower()) or _by_part(pool, name)
        if fig is None or fig.summon:
            raise setup("unknown_figure", f"Unknown Krosmaster {name!r}.", "1.1", name=name)
        figures.append(fig)
    return figures


def _by_part(pool: Mapping[str, FigureDef], typed: str) -> FigureDef | None:
    """The one Krosmaster whose id or name (in any locale) starts with what was typed,
    or has a word that does ("Gultar" for "Gultar o Bárbaro"), case and accents aside;
    ``None`` if none does; several: a refusal naming them."""
    wanted = folded(typed)
    if not wanted:
        return None
    found = {
        fig.id: fig
        for fig in pool.values()
        if not fig.summon
        and any(
            name.startswith(wanted) or any(w.startswith(wanted) for w in name.split())
            for name in map(folded, {fig.id, *known(fig)})
        )
    }
    if len(found) > 1:
        choices = sorted(found.values(), key=lambda f: f.id)[:10]
        raise setup(
            "ambiguous_figure",
            f"Several Krosmasters match {typed!r}.",
            "1.1",
            name=typed,
            known=join(local_name(f) for f in choices),
        )
    return next(iter(found.values()), None)


def validate_team(
    figures: Sequence[FigureDef], fmt: str, multiplayer: bool = False, max_level: int = 0
) -> None:
    """Team-building rules: constructed (1.1.1) or limited (1.1.2); with four players each
    plays 2 Krosmasters (9.1.2) and the total level is capped only by ``max_level``. Then
    every Krosmaster must be playable: its whole card known, not only its stat line."""
    _team_rules(figures, fmt, multiplayer, max_level)
    missing = [f for f in figures if not f.playable]
    if missing:
        names = join(local_name(f) for f in dict.fromkeys(missing))
        plain = dict.fromkeys(f.name for f in missing)
        raise setup(
            "not_playable",
            f"Not playable yet (only the printed stats are known): {', '.join(plain)}.",
            "2.1",
            names=names,
            figure=missing[0].id,
        )


def _team_rules(figures: Sequence[FigureDef], fmt: str, multiplayer: bool, max_level: int) -> None:
    total = sum(f.level for f in figures)
    if multiplayer:
        if len(figures) != 2:
            raise setup(
                "team_size_multi", "Each player plays 2 Krosmasters.", "9.1.2", count=len(figures)
            )
        if max_level and total > max_level:
            raise setup(
                "team_level_multi",
                "Total level over the match's limit.",
                "9.1.2",
                total=total,
                limit=max_level,
            )
        if fmt == LIMITED:
            return
        _copies_and_boss(figures)
        return
    if not 3 <= len(figures) <= 8:
        raise setup("team_size", "A team has 3 to 8 Krosmasters.", "1.1.1.a", count=len(figures))
    if fmt == LIMITED:
        if total > 12:
            raise setup(
                "team_level_limited", "Total level may not exceed 12.", "1.1.2.b", total=total
            )
        return
    if total != 12:
        raise setup("team_level", "Total level must be exactly 12.", "1.1.1.b", total=total)
    _copies_and_boss(figures)


def _copies_and_boss(figures: Sequence[FigureDef]) -> None:
    """1.1.1.c–g: unique heroes, white and black names, one Boss."""
    # 2.1.2: versions of one Krosmaster count as the same Krosmaster.
    copies = Counter(f.hero.lower() for f in figures)
    colour = {f.hero.lower(): f.colour for f in figures}
    for name, count in copies.items():
        limit = {NameColour.GOLD: 1, NameColour.WHITE: 2, NameColour.BLACK: 3}[colour[name]]
        rule = {1: "1.1.1.c", 2: "1.1.1.e", 3: "1.1.1.f"}[limit]
        if count > limit:
            shown = next(f.hero for f in figures if f.hero.lower() == name)
            raise setup("team_copies", "Too many copies.", rule, name=shown, limit=limit)
    bosses = sum(1 for f in figures if f.boss)
    if bosses > 1:
        raise setup("team_boss", "A team may hold only one Boss.", "1.1.1.g", count=bosses)


def timeline_order(figures: Sequence[FigureDef]) -> list[int]:
    """Indices by decreasing initiative; ties keep the listed order (2.4.3.a–b)."""
    return sorted(range(len(figures)), key=lambda i: -figures[i].initiative)


def first_player(teams: Sequence[Sequence[FigureDef]], dice: Dice) -> tuple[int, str]:
    """Who plays first (1.3.1) and the rule that decided it."""
    totals = [sum(f.initiative for f in t) for t in teams]
    if totals[0] != totals[1]:
        return (0 if totals[0] > totals[1] else 1), "1.3.1"
    lines = [[t[i].initiative for i in timeline_order(t)] for t in teams]
    for a, b in zip(lines[0], lines[1], strict=False):
        if a != b:
            return (0 if a > b else 1), "1.3.1.a"
    if len(teams[0]) != len(teams[1]):
        return (0 if len(teams[0]) > len(teams[1]) else 1), "1.3.1.b"
    return (0 if dice.coin("first player (1.3.1.c)") else 1), "1.3.1.c"


def _key(team: Sequence[FigureDef]) -> tuple[int, tuple[int, ...]]:
    """1.3.1 / 1.3.1.a–b as one comparable key: the total initiative, then the timeline's
    initiatives one by one (a team that runs out first, with fewer Krosmasters, is lower)."""
    return sum(f.initiative for f in team), tuple(team[i].initiative for i in timeline_order(team))


def play_order(
    teams: Sequence[Sequence[FigureDef]], dice: Dice, mode: str
) -> tuple[tuple[int, ...], str]:
    """Seats in play order and the rule that decided it: a duel's first player (1.3.1);
    players 1–4 by decreasing initiative (9.2.1), ties broken as in 1.3.1.a–c; in 2 v 2
    player 1's teammate is player 3 and the other team's best player 2 (9.3.3)."""
    if mode == "duel":
        first, why = first_player(teams, dice)
        return (first, 1 - first), why
    keys = [_key(t) for t in teams]
    ranked: list[int] = []
    for key in sorted(set(keys), reverse=True):
        tied = [i for i, k in enumerate(keys) if k == key]
        ranked += dice.shuffle(tied, "player order (1.3.1.c)") if len(tied) > 1 else tied
    if mode != "2v2":
        return tuple(ranked), "9.2.1"
    one = ranked[0]
    two = next(s for s in ranked if s % 2 != one % 2)
    return (one, two, (one + 2) % 4, (two + 2) % 4), "9.3.3"


def starting_gg(fmt: str, levels: Sequence[int], multiplayer: bool = False) -> list[int]:
    """GG per player (1.3.5.a–b); in limited the lower-level team steals by difference.
    With four players each starts with 3 GG (9.2.3), whatever the format."""
    if multiplayer:
        return [3] * len(levels)
    if fmt != LIMITED:
        return [6, 6]
    total = sum(levels)
    each = 3 if total <= 11 else 4 if total <= 15 else 5 if total <= 19 else 6
    diff = abs(levels[0] - levels[1])
    stolen = 0 if diff <= 1 else 1 if diff <= 3 else 2
    gg = [each, each]
    if stolen:
        low = 0 if levels[0] < levels[1] else 1
        gg[low] += stolen
        gg[1 - low] -= stolen
    return gg


def new_state(
    seats: Sequence[Seat],
    teams: Sequence[Sequence[FigureDef]],
    arena: ArenaDef,
    fmt: str,
    dice: Dice,
    extra: dict[str, FigureDef],
    rewards: dict[str, RewardDef] | None = None,
    mode: str = "duel",
    max_level: int = 0,
    box: str = "2.0",
) -> tuple[State, str]:
    """The state after 1.3.1–1.3.8, ready for deployment (1.3.9); with four players after
    9.2.1–9.2.3 (play order, 3 GG each and 3 wild GG), ready for 9.2.4."""
    many = mode != "duel"
    for team in teams:
        validate_team(team, fmt, many, max_level)
    line_up, why = play_order(teams, dice, mode)
    first = line_up[0]
    gg = starting_gg(fmt, [sum(f.level for f in t) for t in teams], many)
    units: list[Unit] = []
    players: list[Player] = []
    for seat, team in enumerate(teams):
        ids: list[str] = []
        seen: Counter[str] = Counter()
        for fig in team:
            seen[fig.id] += 1
            uid = f"{seat}.{fig.id}" + (f".{seen[fig.id]}" if seen[fig.id] > 1 else "")
            ids.append(uid)
            units.append(Unit(id=uid, figure=fig.id, owner=seat))
        line = tuple(ids[i] for i in timeline_order(team))
        players.append(Player(name=seats[seat].name, gg=gg[seat], timeline=line))
    floor = {label(sq): n for sq, n in arena.kamas}
    figures = {f.id: f for t in teams for f in t} | extra
    state = State(
        seats=tuple(seats),
        players=tuple(players),
        units=tuple(units),
        figures=figures,
        arena=arena,
        floor_kamas=floor,
        # 1.3.4: the kamas not on the arena form the reserve (a box holds 60 in all).
        reserve_kamas=max(0, 60 - sum(floor.values())),
        wild_gg=3 if many else 1,  # 1.3.6; 9.2.3: three wild GG
        first_player=first,
        active_player=line_up[1] if not many else first,
        phase=Phase.DEPLOY,
        fmt=fmt,
        # 1.3.9: the second player deploys first; 9.2.4: the first player, then in turn order
        deploying=line_up[1] if not many else first,
        rewards=dict(rewards or {}),
        piles=deal(rewards or {}, dice, box),
        box=box,
        shown=("",) * 6,
        mode=mode,
        turn_order=line_up if many else (),
    )
    return state, why
