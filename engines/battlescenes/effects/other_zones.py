"""Effects triggered from other zones of the game (5.2.1): a card in the hand, resources or
prizes whose text says it works there (``from_zone``). When it triggers, its player reveals
it to the opponent (a ``reveal`` procedure, first of the pending effect); from then on it is
an ordinary triggered effect — when both players reveal such effects for one event the
active player orders them (5.2.1 ATENÇÃO), as the Effect Tree does for any candidates."""

from __future__ import annotations

from engines.battlescenes.content.schema import Op, Step, Text
from engines.battlescenes.effects.steps import BSHandlers, BSRun, Reveal, resolved
from engines.battlescenes.rules.state import Pending, State
from engines.battlescenes.table import zones
from engines.core import Event
from engines.core.model import replace

HANDLERS: BSHandlers = BSHandlers()

ZONES = ("hand", "resources", "prizes")


def _zone(state: State, seat: int, zone: str) -> tuple[int, ...]:
    player = state.players[seat]
    return {"hand": player.hand, "resources": player.resources, "prizes": player.prizes}[zone]


def holders(state: State) -> list[tuple[int, int, list[tuple[int, Text]]]]:
    """(owner, card, texts) of every card outside the scene with a text working there."""
    found = []
    for seat in range(len(state.players)):
        for zone in ZONES:
            for card in _zone(state, seat, zone):
                texts = [(card, t) for t in zones.defn(state, card).texts if t.from_zone == zone]
                if texts:
                    found.append((seat, card, texts))
    return found


def steps_of(text: Text) -> tuple[Step, ...]:
    """The procedures of such an effect: reveal first. A "você pode" effect asks at the
    reveal (declining keeps the card hidden and stops the effect)."""
    if not text.from_zone:
        return text.steps
    first, *rest = text.steps
    reveal = Step(op=Op.REVEAL, optional=first.optional, text=text.from_zone)
    return (reveal, replace(first, optional=False), *rest)


def concealed(effect: Pending) -> bool:
    """Whether ``effect`` comes from a card outside the scene not revealed yet."""
    return bool(effect.steps) and effect.steps[0].op == Op.REVEAL and effect.next_step == 0


@HANDLERS.on(Reveal)
def reveal(run: BSRun, state: State, proc: Reveal) -> State:
    """Reveal the card to the opponent; if it left that zone meanwhile, the effect stops."""
    effect, step = run.ctx, proc.record
    owner = zones.owner(state, effect.source)
    if effect.source not in _zone(state, owner, step.text):
        return replace(
            state,
            tree=tuple(replace(p, stopped=True) if p.uid == effect.uid else p for p in state.tree),
        )
    event = Event(
        "battlescenes.event.revealed",
        {"player": state.players[owner].name, "card": zones.title(state, effect.source)},
        rule="5.2.1",
    )
    return resolved(run, state, [event])
