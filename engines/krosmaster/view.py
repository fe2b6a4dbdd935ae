"""The view of a match: what one seat (or the public) may see, as JSON-able data.

The only hidden information of a duel is a face-down demonic reward: its name
appears only in its owner's view (and the buyer's, while assigning it). The
piles show counts and their face-up token only.
"""

from __future__ import annotations

from typing import Any

from engines.krosmaster import seats
from engines.krosmaster.board import is_obstacle_unit, is_trap, max_hp
from engines.krosmaster.geometry import label
from engines.krosmaster.lasting import spell_name
from engines.krosmaster.movement import reachable
from engines.krosmaster.names import Shown, local_name
from engines.krosmaster.rewards import pile_name
from engines.krosmaster.state import Lasting, Phase, State, Unit
from engines.krosmaster.targeting import in_range, legal_targets, reaches, spells_of


def _squares(squares: Any) -> list[str]:
    return [label(s) for s in squares]


def _held(state: State, unit: Unit, seat: int | None) -> list[dict[str, Any]]:
    """Rewards on a card: face-down ones are named only to their owner (4.7.8.b)."""
    out = []
    for h in unit.rewards:
        known = h.revealed or h.public or seat == unit.owner
        out.append(
            {"name": local_name(state.rewards[h.reward]) if known else None, "revealed": h.revealed}
        )
    return out


def build_view(state: State, seat: int | None = None) -> dict[str, Any]:
    """What ``seat`` may see (``None``: the public); the renderer draws only from this."""
    arena = state.arena
    units = []
    for u in state.units:
        fig = state.fig(u)
        units.append(
            {
                "id": u.id,
                "name": local_name(fig),
                "owner": u.owner,
                "square": label(u.pos) if u.pos is not None else None,
                "hp": max_hp(state, u),  # 4.18.4
                "wounds": u.wounds,
                "ap": u.ap,
                "mp": u.mp,
                "ap_tokens": u.ap_tokens,
                "mp_tokens": u.mp_tokens,
                "inspiration": [f.value for f in u.inspiration],
                "ko": u.ko,
                "summon": fig.summon,
                "trap": is_trap(state, u),
                "floor": not is_obstacle_unit(state, u),  # traps and tombstones lie flat
                "level": fig.level,
                "rewards": _held(state, u, seat),
                "initiative": fig.initiative,
                "markers": [m.name for m in state.markers if m.target == u.id],
                "gained": [p.value for p in u.gained],  # 1.3.10.a: until the end of the fight
                "lasting": [_lasting(state, u, x) for x in u.lasting],  # 4.18.4
            }
        )
    return {
        "arena": {
            "name": local_name(arena),
            "width": arena.width,
            "height": arena.height,
            "trees": _squares(arena.trees),
            "bushes": _squares(arena.bushes),
            "boxes": _squares(arena.boxes),
            "demonic": _squares(arena.demonic),
            "starts": [_squares(s) for s in arena.starts],
        },
        "kamas": dict(state.floor_kamas),
        "reserve": state.reserve_kamas,
        "wild_gg": state.wild_gg,
        "players": [
            {
                "name": p.name,
                "gg": p.gg,
                "kamas": p.kamas,
                "timeline": list(p.timeline),
                "number": seats.player_number(state, i),  # 9.2.1: player 1, 2, 3, 4
                "team": seats.team(state, i),  # 9.3: teammates share it
                "out": seats.eliminated(state, i),  # 9.2.5
            }
            for i, p in enumerate(state.players)
        ],
        "mode": state.mode,
        # Phase.TEAMS: who has submitted a team; only the seat's own team is shown to it.
        "teams_in": [s for s, ids in enumerate(state.submitted) if ids],
        "my_team": [
            local_name(state.figures[i])
            for i in (state.submitted[seat] if seat is not None and state.submitted else ())
        ],
        "order": list(seats.order(state)),
        "owed": [{"kind": o.kind, "seat": o.seat, "count": o.amount} for o in state.owed],
        "units": units,
        "phase": state.phase.value,
        "active_player": state.active_player,
        "active_unit": state.active_unit,
        "deploying": state.deploying,
        "first_player": state.first_player,
        "turn": state.player_turn,
        "tension": [f.value for f in state.tension],
        "tension_rolled": [f.value for f in state.tension_rolled],
        "pending": [
            {"kind": p.kind.value, "source": p.source, "target": p.target} for p in state.pending
        ],
        "last": {
            "unit": state.last.unit,
            "path": _squares(state.last.path),
            "target": label(state.last.target) if state.last.target else None,
            "zone": _squares(state.last.zone),
        },
        "manual": [{"seat": n.seat, "unit": n.unit, "text": n.text} for n in state.manual],
        "markers": [
            {
                "name": m.name,
                "by": local_name(state.fig(state.unit(m.placer))),
                "on": local_name(state.fig(state.unit(m.target))),
            }
            for m in state.markers
        ],
        "rule_changes": [  # 4.18.4.c: group changes, also for units entering play later
            {
                "group": f"krosmaster.group.{r.side}_{r.who if not r.of else 'of'}",
                "player": state.players[r.seat].name,
                "of": r.of,
                "stat": r.stat,
                "amount": f"{r.amount:+d}",
                "until": r.until,
                "power": r.power,
                "spell": spell_name(state, r.spell),
            }
            for r in state.rule_changes
        ],
        "winner": state.winner,
        "winners": list(state.winners or ([] if state.winner is None else [state.winner])),
        "draw": state.draw,
        "preview": preview(state),
        "piles": [
            {
                "pile": pile_name(state, i),
                "count": len(p),
                "shown": local_name(state.rewards[state.shown[i]]) if state.shown[i] else None,
            }
            for i, p in enumerate(state.piles)
        ],
        "bought": (
            local_name(state.rewards[state.bought])
            if state.bought and (state.bought_public or seat == state.active_player)
            else None
        ),
    }


def preview(state: State) -> dict[str, Any] | None:
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
    return {
        "unit": unit.id,
        "reach": {label(sq): cost for sq, cost in reachable(state, unit).items()},
        "targets": targets,
        "unseen": sorted(unseen - set(targets)),
    }


def _lasting(state: State, unit: Unit, x: Lasting) -> dict[str, object]:
    """A continuous change (4.18.4) as the render's note shows it."""
    spell = next((local_name(s) for s in state.fig(unit).spells if s.id == x.spell), x.spell or "")
    out = {"stat": x.stat, "amount": f"{x.amount:+d}", "until": x.until, "spell": spell}
    return {**out, "power": x.power}  # 4.18.4.g: the one power lost, or "" for all
