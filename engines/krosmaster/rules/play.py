"""The activation phase (6.3) and deployment (1.3.9): one function per action."""

from __future__ import annotations

from engines.core import Dice, Event
from engines.core.model import replace
from engines.krosmaster.content.schema import ArenaDef
from engines.krosmaster.errors import illegal, invalid
from engines.krosmaster.geometry import label, parse_label
from engines.krosmaster.names import known, local_name
from engines.krosmaster.rules import casting, movement, seats
from engines.krosmaster.rules.board import is_free, is_krosmaster, replace_unit
from engines.krosmaster.rules.state import ManualNote, Phase, State, Unit
from engines.krosmaster.rules.targeting import find_spell
from engines.krosmaster.rules.turns import continue_after_queue, start_player_turn
from engines.krosmaster.rules.units import buy_gg
from engines.krosmaster.rules.victory import check_victory

GG_PRICE = 12  # 4.6.3


def find_unit(state: State, seat: int, text: str) -> Unit:
    """One of ``seat``'s units by id or name (case-insensitive)."""
    wanted = text.strip().lower()
    mine = [u for u in state.units if u.owner == seat]
    for u in mine:
        if u.id.lower() == wanted:
            return u
    named = [u for u in mine if wanted in known(state.fig(u))]
    if len(named) == 1:
        return named[0]
    raise invalid("unknown_unit", f"No unit {text!r} of yours.", unit=text)


def deploy(
    state: State, seat: int, figure: str, square_text: str, dice: Dice
) -> tuple[State, list[Event]]:
    """1.3.9: second player first, every figure on a free starting square of its side."""
    unit = find_unit(state, seat, figure)
    if unit.pos is not None or unit.summoner is not None:
        raise illegal("already_deployed", "That figure is already in the arena.", "1.3.9")
    square = parse_label(square_text)
    if square is None:
        raise invalid("bad_square", f"{square_text!r} is not a square.", square=square_text)
    if square not in state.arena.starts[seat] or not is_free(state, square):
        raise illegal(
            "not_start",
            "Deploy on one of your free starting squares.",
            "1.3.9",
            square=label(square),
        )
    state = replace_unit(state, replace(unit, pos=square))
    events = [
        Event(
            "krosmaster.event.deployed",
            {"unit": local_name(state.fig(unit)), "square": label(square)},
            rule="1.3.9",
        )
    ]
    if any(u.pos is None and not u.ko for u in state.units if u.owner == seat):
        return state, events
    return next_deployer(state, seat, events, dice)


def next_deployer(
    state: State, seat: int, events: list[Event], dice: Dice
) -> tuple[State, list[Event]]:
    """``seat`` has deployed (or left): the next player deploys, or the fight begins."""
    line = seats.order(state)
    if seats.multiplayer(state):  # 9.2.4: the next player in turn order (not one who left)
        later = [s for s in line[line.index(seat) + 1 :] if s not in state.left]
        if later:
            return replace(state, deploying=later[0]), events
    elif seat != state.first_player:
        return replace(state, deploying=state.first_player), events
    # 1.3.10: the fight begins with the first player's turn (9.2.1: the first still in).
    first = next(s for s in line if s not in state.left)
    state = replace(state, active_player=first, player_turn=1)
    state, events = start_of_fight(state, events)
    state, more = start_player_turn(state, dice)
    return state, events + more


def any_unit(state: State, text: str) -> Unit:
    """Any unit by id, name or a unique start of its name, case-insensitive."""
    wanted = text.strip().lower()
    exact = [u for u in state.units if wanted == u.id.lower() or wanted in known(state.fig(u))]
    # A unique start of a name is enough ("Gultar" for "Gultar o Bárbaro").
    found = exact or [
        u for u in state.units if any(n.startswith(wanted) for n in known(state.fig(u)))
    ]
    if len(found) != 1 or not wanted:
        raise invalid("unknown_unit", "No such figure.", unit=text)
    return found[0]


def parse_order(state: State, text: str) -> tuple[str, ...]:
    """Unit ids from a comma-separated list of figure names or ids (4.14.2.b, 4.18.3.b)."""
    return tuple(any_unit(state, part).id for part in text.split(",") if part.strip())


def choose_side(state: State, seat: int, squares: str) -> tuple[State, list[Event]]:
    """1.3.2: the second player takes the starting squares marked ``squares``; the first
    player sits opposite. The arena's sets are swapped when the second player takes ``1``.
    9.2.2: with four players player 1 turns the arena — takes a side — and the others
    follow clockwise in play order (9.2.1, 9.2.4)."""
    printed = state.arena.starts  # still as printed: seat s would deploy on set s + 1
    names = [str(i + 1) for i in range(len(printed))]
    if squares.strip() not in names:
        raise invalid("bad_side", "Choose one of the arena's sides.", side=squares)
    event = Event(
        "krosmaster.event.side",
        {"player": state.players[seat].name, "side": squares.strip()},
        rule="9.2.2" if seats.multiplayer(state) else "1.3.2",
    )
    arena = arrange_sides(state, seat, int(squares.strip()) - 1)
    return replace(state, arena=arena, phase=Phase.DEPLOY), [event]


def arrange_sides(state: State, seat: int, wanted: int) -> ArenaDef:
    """The arena with ``starts`` indexed by seat once ``seat`` took printed side ``wanted``
    (0-based): in a duel the other player sits opposite (1.3.2), with four players the
    next ones follow clockwise (sides 1–4 are printed clockwise, 9.2.4)."""
    printed = state.arena.starts
    count = len(printed)
    if not seats.multiplayer(state):
        new = [printed[0], printed[0]]
        new[seat], new[1 - seat] = printed[wanted], printed[(wanted + count // 2) % count]
        return replace(state.arena, starts=(new[0], new[1]))
    line = seats.order(state)
    start = wanted - line.index(seat)
    by_seat = [printed[0]] * len(state.players)
    for k, s in enumerate(line):
        by_seat[s] = printed[(start + k) % count]
    return replace(state.arena, starts=tuple(by_seat))


def start_of_fight(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """1.3.10: "at the start of the fight" powers, the first player's Krosmasters by
    initiative (highest first), then the second player's (the others' in play order,
    9.2.1). They are card text, so each waits for its player to apply it (1.5.1);
    1.3.10.b: that player picks the order."""
    notes: list[ManualNote] = []
    for seat in seats.order(state):
        mine = [u for u in state.units if u.owner == seat and u.pos is not None]
        for unit in sorted(mine, key=lambda u: -state.fig(u).initiative):
            fig = state.fig(unit)
            for power in fig.powers:
                if power.start_of_fight:
                    notes.append(ManualNote(seat, fig.name, f"{power.name}: {power.text}"))
                    events.append(
                        Event(
                            "krosmaster.event.start_power",
                            {"unit": local_name(fig), "text": f"{power.name}: {power.text}"},
                            rule="1.3.10",
                        )
                    )
    return replace(state, manual=(*state.manual, *notes)), events


def active(state: State) -> Unit:
    """The active component (6.1.1); an activation's action without one is refused."""
    if state.active_unit is None:
        raise illegal("no_active", "No figure is being activated now.", "6.1.1")
    return state.unit(state.active_unit)


def do_move(state: State, to: str, path: str, dice: Dice) -> tuple[State, list[Event]]:
    """6.3.2: walk to a square, lock tests on the way."""
    unit = active(state)
    if unit.mp < 1:
        raise illegal("no_mp", "No MP left to move.", "6.3.2")
    squares = movement.parse_path(state, unit, to, path)
    return movement.move(state, unit.id, squares, dice)


def do_cast(
    state: State, spell_text: str, target: str, facing: str, dice: Dice
) -> tuple[State, list[Event]]:
    """6.3.5 / 7: cast a spell at a square."""
    unit = active(state)
    spell = find_spell(state, unit, spell_text)
    square = parse_label(target)
    if square is None:
        raise invalid("bad_square", f"{target!r} is not a square.", square=target)
    return casting.cast(state, unit.id, spell, square, facing, dice)


def collect(state: State, count: int) -> tuple[State, list[Event]]:
    """6.3.3: 1 AP per kama picked up from the Krosmaster's own square."""
    unit = active(state)
    if not is_krosmaster(state, unit):
        raise illegal("krosmaster_only", "Only Krosmasters collect kamas.", "6.3.3")
    assert unit.pos is not None
    here = label(unit.pos)
    lying = state.floor_kamas.get(here, 0)
    if count < 1 or count > lying:
        raise illegal("no_kama", "Not that many kamas on this square.", "6.3.3", count=lying)
    if unit.ap < count:
        raise illegal("cost_ap", "Not enough AP.", "6.3.3", need=count, have=unit.ap)
    floor = dict(state.floor_kamas)
    floor[here] = lying - count
    if not floor[here]:
        del floor[here]
    players = list(state.players)
    players[unit.owner] = replace(players[unit.owner], kamas=players[unit.owner].kamas + count)
    state = replace(state, floor_kamas=floor, players=tuple(players))
    state = replace_unit(state, replace(unit, ap=unit.ap - count, collected=unit.collected + count))
    return state, [
        Event(
            "krosmaster.event.collected",
            {"unit": local_name(state.fig(unit)), "count": count},
            rule="6.3.3",
        )
    ]


def buy(state: State, victim: str = "") -> tuple[State, list[Event]]:
    """6.3.4: on a demonic square, 1 AP and 12 kamas, once per player turn; with several
    opponents the buyer names the one it steals from once the wild GG are gone."""
    unit = active(state)
    if not is_krosmaster(state, unit):
        raise illegal("krosmaster_only", "Only Krosmasters buy GG.", "6.3.4")
    if unit.pos not in state.arena.demonic:
        raise illegal("not_demonic", "Stand on a demonic square to buy a GG.", "4.6.3")
    if state.gg_bought:
        raise illegal("gg_once", "Only one GG may be bought per turn.", "6.3.4")
    player = state.players[unit.owner]
    if unit.ap < 1:
        raise illegal("cost_ap", "Not enough AP.", "6.3.4", need=1, have=unit.ap)
    if player.kamas < GG_PRICE:
        raise illegal("cost_kamas", "Not enough kamas.", "4.5.3", need=GG_PRICE, have=player.kamas)
    source = steal_from(state, unit.owner, victim)
    players = list(state.players)
    players[unit.owner] = replace(player, kamas=player.kamas - GG_PRICE)
    state = replace(
        state, players=tuple(players), reserve_kamas=state.reserve_kamas + GG_PRICE, gg_bought=True
    )
    state = replace_unit(state, replace(unit, ap=unit.ap - 1))
    state = check_victory(buy_gg(state, unit.owner, source))
    return state, [Event("krosmaster.event.bought_gg", {"player": player.name}, rule="6.3.4")]


def steal_from(state: State, buyer: int, text: str) -> int:
    """4.6.3: the opponent a bought GG is stolen from — the named one, by default the
    opponent with the most GG (the only one in a duel)."""
    rivals = seats.opponents(state, buyer)
    if not text.strip():
        return max(rivals, key=lambda s: state.players[s].gg) if rivals else 1 - buyer
    chosen = seats.find_player(state, text)
    if chosen not in rivals:
        raise illegal("not_opponent", "Steal from an opponent.", "4.6.3", player=text)
    return chosen


def after_activation(state: State, events: list[Event], dice: Dice) -> tuple[State, list[Event]]:
    """After an activation action: step 8 (7.2.9), then end a knocked-out unit's turn."""
    if state.suspended is not None:  # the spell waits for its card text (1.5.1)
        return state, events
    return continue_after_queue(state, events, dice)
