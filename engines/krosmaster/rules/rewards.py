"""Demonic rewards (4.7): piles, the reveal schedule, buying, assigning and revealing."""

from __future__ import annotations

from engines.core import Dice, Event
from engines.core.model import Message, replace
from engines.krosmaster.content.schema import (
    ARTISAN_PRICES,
    PRICES,
    Gear,
    Power,
    RewardDef,
    RewardKind,
    Tier,
)
from engines.krosmaster.errors import illegal, invalid
from engines.krosmaster.names import known, local_name
from engines.krosmaster.rules.board import (
    has_power,
    is_krosmaster,
    on_board,
    replace_unit,
    revealed_rewards,
)
from engines.krosmaster.rules.state import Held, Phase, State, Unit
from engines.krosmaster.rules.units import gain_now

#: The levels of the piles, two piles each: 1.3.7 (KROSMaster ARENA 2.0, the tournament
#: box, 4.7.1) or 8.1.2 (the original base box: GOLD instead of SILVER, 12 kamas, 8.1.3).
BOX_TIERS: dict[str, tuple[Tier, ...]] = {
    "2.0": (Tier.GRANITE, Tier.JADE, Tier.SILVER),
    "original": (Tier.GRANITE, Tier.JADE, Tier.GOLD),
}


def pile_tier(state: State, index: int) -> Tier:
    """The level of pile ``index`` (two piles per level)."""
    return BOX_TIERS[state.box][index // 2]


def pile_name(state: State, index: int) -> str:
    """``granite-1`` … ``silver-2`` (``gold-2`` with the original box)."""
    return f"{pile_tier(state, index).value}-{index % 2 + 1}"


def pile_message(state: State, index: int) -> Message:
    """A pile in the reader's language ("Granito 1"), for events; ``pile_name`` is what
    players type."""
    tier = Message(f"krosmaster.tier.{pile_tier(state, index).value}")
    return Message("krosmaster.pile", {"tier": tier, "number": index % 2 + 1})


def deal(
    rewards: dict[str, RewardDef], dice: Dice, box: str = "2.0"
) -> tuple[tuple[str, ...], ...]:
    """Shuffle each level's tokens and deal them into its two piles of at most 10 (1.3.7,
    8.1.2)."""
    piles: list[tuple[str, ...]] = []
    for tier in BOX_TIERS[box]:
        ids = sorted(r.id for r in rewards.values() if r.tier is tier)
        mixed = dice.shuffle(ids, f"{tier.value} rewards (1.3.7)")[:20]
        piles += [tuple(mixed[0::2]), tuple(mixed[1::2])]
    return tuple(piles)


def reveal_top(state: State, index: int) -> tuple[State, list[Event]]:
    """Turn the top token of a pile face up next to it, if that spot is empty (4.7.4, 4.7.7)."""
    if state.shown[index] or not state.piles[index]:
        return state, []
    top, rest = state.piles[index][0], state.piles[index][1:]
    piles = (*state.piles[:index], rest, *state.piles[index + 1 :])
    shown = (*state.shown[:index], top, *state.shown[index + 1 :])
    event = Event(
        "krosmaster.event.reward_shown",
        {"reward": local_name(state.rewards[top]), "pile": pile_message(state, index)},
        rule="4.7.4",
    )
    return replace(state, piles=piles, shown=shown), [event]


def scheduled_reveals(state: State, at_start: bool) -> tuple[State, list[Event]]:
    """4.7.4: the second player's first turn reveals one pile per level at its start and
    the other at its end (the first player could only buy at random before)."""
    if state.player_turn != 2 or not state.piles:
        return state, []
    events: list[Event] = []
    for index in (0, 2, 4) if at_start else (1, 3, 5):
        state, more = reveal_top(state, index)
        events += more
    return state, events


def holds(state: State, unit: Unit) -> int:
    """Rewards counting against the level (4.7.9); revealed Techniques do not (4.7.11.d)."""
    return sum(
        1
        for h in unit.rewards
        if not (h.revealed and state.rewards[h.reward].gear is Gear.TECHNIQUE)
    )


def can_receive(state: State, unit: Unit) -> bool:
    """A Krosmaster in play with room under its level (4.7.9)."""
    return (
        is_krosmaster(state, unit)
        and unit.pos is not None
        and not unit.ko
        and holds(state, unit) < state.fig(unit).level
    )


def buy(state: State, unit: Unit, pile: str, face: str) -> tuple[State, list[Event]]:
    """6.3.6 / 4.7.6: on a demonic square, 1 AP and the price; then assign (4.7.8)."""
    if not is_krosmaster(state, unit):
        raise illegal("krosmaster_only", "Only Krosmasters buy rewards.", "6.3.6")
    if unit.pos not in state.arena.demonic:
        raise illegal("not_demonic", "Stand on a demonic square to buy a reward.", "4.7.6")
    names = [pile_name(state, i) for i in range(len(state.piles))]
    if pile not in names:
        raise invalid("bad_pile", f"No pile {pile!r}.", pile=pile, known=", ".join(names))
    index = names.index(pile)
    up = face.strip().lower() == "up"
    reward = state.shown[index] if up else (state.piles[index][0] if state.piles[index] else "")
    if not reward:
        raise illegal("no_reward", "There is no such reward to buy.", "4.7.4", pile=pile)
    artisan = has_power(state, unit, Power.ARTISAN) and not unit.bought_this_turn  # 4.9.27
    price = (ARTISAN_PRICES if artisan else PRICES)[pile_tier(state, index)]
    ap_cost = 0 if artisan else 1
    player = state.players[unit.owner]
    if unit.ap < ap_cost:
        raise illegal("cost_ap", "Not enough AP.", "6.3.6", need=1, have=unit.ap)
    if player.kamas < price:
        raise illegal("cost_kamas", "Not enough kamas.", "4.5.3", need=price, have=player.kamas)
    players = list(state.players)
    players[unit.owner] = replace(player, kamas=player.kamas - price)
    state = replace(state, players=tuple(players), reserve_kamas=state.reserve_kamas + price)
    state = replace_unit(state, replace(unit, ap=unit.ap - ap_cost, bought_this_turn=True))
    if up:
        state = replace(state, shown=(*state.shown[:index], "", *state.shown[index + 1 :]))
        state, events = reveal_top(state, index)  # 4.7.7: replaced before the assignment
    else:
        rest = state.piles[index][1:]
        state = replace(state, piles=(*state.piles[:index], rest, *state.piles[index + 1 :]))
        events = []
    name = local_name(state.rewards[reward])
    bought = Event(
        "krosmaster.event.reward_bought",
        {"player": player.name, "pile": pile_message(state, index), "reward": name},
        rule="4.7.6",
        redact=not up,
        audience=(unit.owner,),
        public_params=("player", "pile"),
    )
    state = replace(state, bought=reward, bought_public=up)
    if not any(can_receive(state, u) for u in on_board(state) if u.owner == unit.owner):
        # 4.7.9.a: nobody has room: it is revealed and discarded.
        state = replace(state, bought="", bought_public=False)
        return state, [
            bought,
            *events,
            Event("krosmaster.event.reward_discarded", {"reward": name}, rule="4.7.9.a"),
        ]
    return replace(state, phase=Phase.ASSIGN), [bought, *events]


def assign(state: State, unit: Unit) -> tuple[State, list[Event]]:
    """4.7.8: give the bought reward, face down, to a Krosmaster of the team with room."""
    if unit.owner != state.active_player or not can_receive(state, unit):
        raise illegal("cannot_receive", "That Krosmaster cannot take another reward.", "4.7.9")
    held = Held(state.bought, revealed=False, public=state.bought_public)
    state = replace_unit(state, replace(unit, rewards=(*unit.rewards, held)))
    event = Event(
        "krosmaster.event.reward_assigned", {"unit": local_name(state.fig(unit))}, rule="4.7.8"
    )
    return replace(state, bought="", bought_public=False, phase=Phase.ACTIVATION), [event]


def reveal(state: State, unit: Unit, text: str) -> tuple[State, list[Event]]:
    """4.7.10: once per figure turn, free: turn a reward face up and apply it."""
    if unit.revealed_this_turn:
        raise illegal("reveal_once", "This figure already revealed a reward this turn.", "4.7.10")
    wanted = text.strip().lower()
    index = next(
        (
            i
            for i, h in enumerate(unit.rewards)
            if not h.revealed and (wanted == h.reward or wanted in known(state.rewards[h.reward]))
        ),
        None,
    )
    if index is None:
        raise invalid("unknown_reward", f"No face-down reward {text!r} here.", reward=text)
    reward = state.rewards[unit.rewards[index].reward]
    if reward.kind is RewardKind.EQUIPMENT and reward.gear is not Gear.TECHNIQUE:
        worn = {r.gear for r in revealed_rewards(state, unit)}
        if reward.gear in worn:
            raise illegal("gear_taken", "Only one equipment of each type.", "4.7.11.b")
        if {reward.gear, *worn} >= {Gear.DOFUS, Gear.TROPHY}:
            raise illegal("dofus_trophy", "Never a Dofus and a Trophy together.", "4.7.11.c")
    rest = unit.rewards[:index] + unit.rewards[index + 1 :]
    if reward.kind is not RewardKind.BOOST:  # 4.7.5.a: a boost is removed once used
        rest = (*rest, Held(reward.id, revealed=True, public=True))
    unit = replace(unit, rewards=rest, revealed_this_turn=True, boost=(*unit.boost, *reward.damage))
    if reward.kind is RewardKind.BOOST and reward.spells:  # 4.7.5.a: cast it next, or lose it
        unit = replace(unit, boost_spells=(*unit.boost_spells, reward.id))
    state = replace_unit(state, unit)
    # Gains go straight to the gauges (4.7.5.c, additional rules "Potenziamenti").
    state = gain_now(state, unit.id, ap=reward.ap, mp=reward.mp)
    events = [
        Event(
            "krosmaster.event.reward_revealed",
            {"unit": local_name(state.fig(unit)), "reward": local_name(reward)},
            rule="4.7.10",
        )
    ]
    if reward.text:
        events.append(
            Event(
                "krosmaster.event.manual_effect",
                {"unit": local_name(state.fig(unit)), "text": reward.text},
                rule="1.5.1",
            )
        )
    return state, events
