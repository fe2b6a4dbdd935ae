"""The player's standing loading order (issue #5): which resources are loaded first when the
player leaves the choice to the engine.

4.4.2.2 A.3 says "escolha um número de cards dos seus recursos": the player chooses. A player
who does not name the cards (``play`` without ``load``, an effect putting a card into the scene,
"carregue N cards dos seus recursos") gets their standing order, set at any time with the
``load_order`` action. The orders, and why a player would want each:

* ``newest`` (the default): the top of the resources pile first — the cards just discarded.
* ``oldest``: the bottom of the pile first, keeping the newest cards in the resources for the
  loads a player picks card by card later (7.2 Item Mágico, Aprimoramento, Reviver).
* ``granting``: first the cards that work on that card base once loaded (4.4.2.3): ability
  cards on a character (A.1.1), characters of the same alter ego (or name, A.1.2b) and another
  version (A.1.2a), supports of the same name and another version (A.2b), and cards with a
  "quando este card for carregado dos recursos" text (4.4.2.2 A.4) — one copy per version, as
  a second copy grants nothing (A.1.2a ATENÇÃO).
* ``energy``: the reverse — first the cards that would only count as energy there (A.1.2,
  A.1c, A.2a), keeping those with texts in the resources for a card base they would help.

Within each group the newest come first, as in the default. An explicit ``load`` still wins.
"""

from __future__ import annotations

from collections.abc import Iterable

from engines.battlescenes.content.schema import CardType, Trigger
from engines.battlescenes.rules.state import State
from engines.battlescenes.table import zones
from engines.core import Event, InvalidActionError
from engines.core.model import replace

#: The orders a player may choose (``battlescenes.load_order.<order>`` names each).
LOAD_ORDERS = ("newest", "oldest", "granting", "energy")
DEFAULT_ORDER = "newest"


def ordered(
    state: State, seat: int, pool: Iterable[int], base: int, carrying: Iterable[int] = ()
) -> list[int]:
    """``pool`` (resource cards, oldest first) in ``seat``'s loading order for ``base``;
    ``carrying``: cards it will carry besides (an EV character's evolved base, A.3a)."""
    newest = list(reversed(list(pool)))
    order = state.players[seat].load_order
    if order == "oldest":
        return newest[::-1]
    if order not in ("granting", "energy"):
        return newest
    carried = _carried_keys(state, base) | {zones.defn(state, c).key for c in carrying}
    seen: set[str] = set()
    works: list[int] = []
    plain: list[int] = []
    for card in newest:
        d = zones.defn(state, card)
        # A.1.2a/A.2b ATENÇÃO: a second copy of a character or support version grants
        # nothing; abilities always work (A.1.1).
        once = d.type is not CardType.ABILITY
        if not _works_on(state, card, base) or (once and d.key in carried):
            plain.append(card)
        elif order == "granting" and once and d.key in seen:
            plain.append(card)  # the first copy is loaded first; this one would be energy
        else:
            seen.add(d.key)  # ``energy`` keeps every copy back: any one would grant
            works.append(card)
    return works + plain if order == "granting" else plain + works


def _carried_keys(state: State, base: int) -> set[str]:
    """Versions ``base`` already carries (a second copy would grant nothing, A.1.2a)."""
    index = zones.find(state, base)
    if index is None:
        return set()
    return {zones.defn(state, c).key for c in state.scene[index].loaded}


def _works_on(state: State, card: int, base: int) -> bool:
    """Whether ``card`` loaded on ``base`` does more than count as energy (4.4.2.3)."""
    d, b = zones.defn(state, card), zones.defn(state, base)
    if b.type is CardType.CHARACTER:
        if d.type is CardType.ABILITY:  # A.1.1
            return True
        if any(t.trigger is Trigger.LOADED_FROM_RESOURCES for t in d.texts):  # 4.4.2.2 A.4
            return True
        if d.type is CardType.CHARACTER and d.version != b.version:  # A.1.2a / A.1.2b
            egos = zones.alter_egos(state, base)
            return d.alter_ego in egos if egos else d.name in zones.names(state, base)
        return False
    if b.type is CardType.SUPPORT:  # A.2b
        return (
            d.type is CardType.SUPPORT
            and d.version != b.version
            and d.name in zones.names(state, base)
        )
    return False


def set_order(state: State, seat: int, order: str) -> tuple[State, list[Event]]:
    """The ``load_order`` action: ``seat``'s standing loading order from now on."""
    if order not in LOAD_ORDERS:
        raise InvalidActionError(
            f"Unknown loading order {order!r}.",
            key="battlescenes.error.load_order",
            params={"orders": ", ".join(LOAD_ORDERS)},
        )
    player = state.players[seat]
    state = zones.set_player(state, seat, replace(player, load_order=order))
    event = Event(
        "battlescenes.event.load_order",
        {"player": player.name, "order": {"key": f"battlescenes.load_order.{order}", "params": {}}},
        rule="4.4.2.2",
    )
    return state, [event]
