"""Select menus answering a decision (Discord select menus; the slash commands stay).

Each menu offers only what the matching command accepts now, so a choice applies like
the typed command:

* the arena side (1.3.2, 9.2.2) and the square of the next figure to deploy (1.3.9, only
  while its free starting squares fit one menu);
* the tension dice kept, every way their flexible faces may turn (1.6.2, 5.2);
* the figure the first tension die left inspires (5.3); then the next die's;
* the player given GG (9.2.5), losing 1 GG to doubles (9.2.6) or robbed of a bought GG
  (4.6.3, only when a purchase is possible and several opponents could lose it);
* the pending effect resolved next (7.2.9);
* the Krosmaster a bought reward goes to (4.7.8): public for a token bought face up, in
  the buyer's own view only for one bought face down (its name is hidden information).

* the team a player submits (``teams: submit``, 1.1 / 9.1.2): the pack's Krosmasters with
  their levels, 3 to 8 of them in a duel, 2 with four players. The list is the pack's
  (public); what a player picks reaches only the bot, so the menu is public too.

Sides, squares, dice, players and pending effects are public: those menus go in the
public post. Optional decisions get none. A post holds at most one menu per action kind
and field (the bot's custom id ``ts:<match>:<kind>:<field>``).
"""

from __future__ import annotations

from itertools import product

from engines.core import Decision, Message, Selection, SelectOption
from engines.core.menus import Menus
from engines.krosmaster.geometry import label
from engines.krosmaster.names import Shown, local_name
from engines.krosmaster.rules import multiplayer, seats
from engines.krosmaster.rules.board import is_free, is_krosmaster
from engines.krosmaster.rules.faces import TURNS_TO, Face, default_tension_faces, face_message
from engines.krosmaster.rules.play import GG_PRICE
from engines.krosmaster.rules.rewards import can_receive
from engines.krosmaster.rules.state import Phase, State

#: Discord shows at most 25 options in a select menu.
MENU_LIMIT = 25


def with_menus(state: State, decision: Decision) -> Decision:
    """The decision with the menus that answer it (optional decisions get none)."""
    return MENUS.attach(state, decision)


def _m(key: str, **params: object) -> Message:
    return Message(f"krosmaster.menu.{key}", params)


def _text(text: Shown) -> Message:
    return Message("krosmaster.choice.plain", {"text": text})


def face_name(face: Face) -> Message:
    """A final tension face in the reader's language."""
    return face_message(face)


def _team(state: State, decision: Decision) -> list[Selection]:
    """1.1.1 (3 to 8 Krosmasters) or 9.1.2 (2 each with four players); the other team
    rules are checked when the team is submitted, as for the typed command."""
    # Only playable Krosmasters: a stat line alone cannot be played (the typed command
    # names the others, and says what is missing). A menu holds at most 25 options.
    figures = sorted(
        (f for f in state.figures.values() if not f.summon and f.playable), key=lambda f: f.id
    )[:MENU_LIMIT]
    options = tuple(
        SelectOption(f.id, _m("team_figure", name=local_name(f), level=f.level)) for f in figures
    )
    low, high = (2, 2) if state.mode != seats.DUEL else (3, 8)
    if len(options) < low:  # too few to pick a team from: the typed command only
        return []
    return [
        Selection(
            "team",
            "figures",
            options,
            _m("team"),
            many=True,
            min_values=low,
            max_values=min(high, len(options)),
            public=True,
            joined=", ",
        )
    ]


def _side(state: State, decision: Decision) -> list[Selection]:
    count = len(state.arena.starts)
    options = tuple(SelectOption(str(n), _m("side_option", side=n)) for n in range(1, count + 1))
    return [Selection("side", "squares", options, _m("side"), public=True)]


def _deploy(state: State, decision: Decision) -> list[Selection]:
    seat = decision.seat
    unit = next((u for u in state.units if u.owner == seat and u.pos is None and not u.ko), None)
    if unit is None or state.phase is not Phase.DEPLOY:
        return []
    free = [label(s) for s in state.arena.starts[seat] if is_free(state, s)]
    options = tuple(SelectOption(s, _text(s)) for s in free)
    placeholder = _m("deploy", unit=local_name(state.fig(unit)))
    return [
        Selection("deploy", "square", options, placeholder, public=True, params={"figure": unit.id})
    ]


def _keep(state: State, decision: Decision) -> list[Selection]:
    """Every final pair of faces (one face after a re-roll); the default is chosen. The
    value is both faces separated by a space, which ``keep face1:`` accepts."""
    rolled = state.tension_rolled
    player = state.players[state.active_player]
    default = default_tension_faces(rolled, player.prefer_crit_dodge, player.prefer_dofus)
    choices = [TURNS_TO.get(f, (f,)) for f in rolled]
    options = []
    for combo in product(*choices):
        value = " ".join(f.value for f in combo)
        if len(combo) == 2:
            text = _m("faces", one=face_name(combo[0]), two=face_name(combo[1]))
            if combo[0] is combo[1] and not state.rerolled:
                text = _m("faces_doubles", one=face_name(combo[0]), two=face_name(combo[1]))
        else:
            text = face_name(combo[0])
        options.append(SelectOption(value, text, chosen=list(combo) == list(default)))
    return [Selection("keep", "face1", tuple(options), _m("keep"), public=True)]


def _inspire(state: State, decision: Decision) -> list[Selection]:
    seat = decision.seat
    mine = [
        u
        for u in state.units
        if u.owner == seat and is_krosmaster(state, u) and not u.ko and u.pos is not None
    ]
    options = tuple(SelectOption(u.id, _text(local_name(state.fig(u)))) for u in mine)
    if not state.tension:
        return []
    # One menu (a post holds one menu per kind and field): the first die left; once it
    # is placed the other die becomes die 1 and gets the menu. ``inspire die:2`` still
    # places the second die first.
    face = state.tension[0]
    placeholder = _m("inspire", die=1, face=face_name(face))
    return [Selection("inspire", "figure", options, placeholder, public=True, params={"die": 1})]


def _player_option(state: State, seat: int) -> SelectOption:
    number = seats.player_number(state, seat)
    player = state.players[seat]
    return SelectOption(str(number), _m("player", number=number, player=player.name, gg=player.gg))


def _owed(state: State, decision: Decision) -> list[Selection]:
    owed = state.owed[0]
    options = tuple(_player_option(state, s) for s in multiplayer.candidates(state, owed))
    if owed.kind == multiplayer.GIFT:
        return [Selection("give", "player", options, _m("give", count=owed.amount), public=True)]
    return [Selection("doubles", "player", options, _m("doubles"), public=True)]


def _resolve(state: State, decision: Decision) -> list[Selection]:
    def name(uid: str) -> Shown:
        return local_name(state.fig(state.unit(uid)))

    options = tuple(
        SelectOption(
            n,
            _m(
                "effect",
                n=n,
                effect=_m(f"pending_{p.kind.value}"),
                source=name(p.source),
                target=name(p.target),
            ),
        )
        for n, p in enumerate(state.pending, start=1)
    )
    return [Selection("resolve", "effect", options, _m("resolve"), public=True)]


def _assign(state: State, decision: Decision) -> list[Selection]:
    """4.7.8: a token bought face down is named only in its buyer's view, so its menu is
    private; one bought face up is public."""
    seat = decision.seat
    room = [u for u in state.units if u.owner == seat and can_receive(state, u)]
    options = tuple(SelectOption(u.id, _text(local_name(state.fig(u)))) for u in room)
    reward = local_name(state.rewards[state.bought]) if state.bought in state.rewards else ""
    return [
        Selection(
            "assign", "figure", options, _m("assign", reward=reward), public=state.bought_public
        )
    ]


def _buy_gg(state: State, decision: Decision) -> list[Selection]:
    """4.6.3: whom a bought GG is stolen from, once the wild GG are gone (several
    opponents only; otherwise the ``buy-gg`` command has nothing to choose)."""
    seat = decision.seat
    uid = state.active_unit
    if uid is None or state.wild_gg > 0 or state.gg_bought:
        return []
    unit = state.unit(uid)
    rivals = seats.opponents(state, seat)
    if (
        len(rivals) < 2
        or not is_krosmaster(state, unit)
        or unit.pos not in state.arena.demonic
        or unit.ap < 1
        or state.players[seat].kamas < GG_PRICE
    ):
        return []
    options = tuple(_player_option(state, s) for s in rivals)
    return [Selection("buy_gg", "player", options, _m("buy_gg"), public=True)]


#: The menus of each action kind, in the order a post shows them.
MENUS: Menus[State] = Menus(
    {
        "team": _team,
        "side": _side,
        "deploy": _deploy,
        "keep": _keep,
        "inspire": _inspire,
        "give": _owed,
        "doubles": _owed,
        "resolve": _resolve,
        "assign": _assign,
        "buy_gg": _buy_gg,
    },
    optional=False,
)
