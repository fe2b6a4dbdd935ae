"""Steps on a hero's piece and the player holding it (issue 22, Raveness's Nevermore,
from public records): the piece's own "activate" script, the piece passed to any
player the owner picks (her own board included), steps aimed at the player holding
it, and an opponent who discards a card of their choice.

Generic (no hero named here): the hero YAML's ``pieces:`` says what activating the
piece does and what happens at its holder's Upkeep (:func:`held_upkeep`).
``DECODERS`` joins the vocabulary's table (``steps.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from engines.dicethrone.content import Hero, Script, Step
from engines.dicethrone.effects.context import Ctx, may_wait, put, seat_name
from engines.dicethrone.effects.env import DTHandlers, DTRun
from engines.dicethrone.effects.pieces import holder
from engines.dicethrone.rules.state import Resume, State

HANDLERS: DTHandlers = DTHandlers()

#: Who ``at_piece_holder`` acts on: anyone holding the piece (the owner while it is
#: on her board), an opponent of the owner, or the script's opponent (the Defender).
AMONG = ("everyone", "opponents", "opponent")


@dataclass(frozen=True)
class ActivatePiece:
    """The piece's ``activate`` script, in the owner's script."""

    piece: str


@dataclass(frozen=True)
class PassPiece:
    """The piece goes to a player the owner picks among everyone but the one holding
    it: to her own board it is taken back (``recalled``), from her board it is sent
    (``sent``), otherwise it goes straight from one player to the other."""

    piece: str


@dataclass(frozen=True)
class PieceOnto:
    """The piece, with another player, goes straight to ``seat`` (a :class:`PassPiece`
    resolved)."""

    piece: str
    seat: int


@dataclass(frozen=True)
class AtPieceHolder:
    """``steps`` aimed at the player holding the piece ("the opponent" of those steps),
    when that player is one ``among`` names; nothing otherwise."""

    piece: str
    among: str
    steps: Script


@dataclass(frozen=True)
class OpponentDiscards:
    """The script's opponent discards one card of their choice (they pick it)."""


@dataclass(frozen=True)
class DiscardFrom:
    """The card at ``index`` of ``seat``'s hand is discarded (an
    :class:`OpponentDiscards` resolved)."""

    seat: int
    index: int


#: Record ``op`` -> typed step, for the steps of this module.
DECODERS: Mapping[str, Callable[[Step], object]] = {
    "activate_piece": lambda s: ActivatePiece(s.piece or ""),
    "pass_piece": lambda s: PassPiece(s.piece or ""),
    "piece_onto": lambda s: PieceOnto(s.piece or "", s.amount),
    "at_piece_holder": lambda s: AtPieceHolder(s.piece or "", s.topic or "everyone", s.steps),
    "opponent_discards": lambda s: OpponentDiscards(),
    "discard_from": lambda s: DiscardFrom(int(s.topic or 0), s.amount),
}

#: Labels of the choices these steps offer, per locale.
LABELS = {
    "en-US": {"home": "Your own board", "discard": "Discard card {n} of your hand"},
    "pt-BR": {"home": "Seu próprio tabuleiro", "discard": "Descartar a carta {n} da sua mão"},
    "it": {"home": "La tua plancia", "discard": "Scarta la carta {n} della tua mano"},
}


def _label(key: str, **params: object) -> dict[str, str]:
    return {loc: words[key].format(**params) for loc, words in LABELS.items()}


@HANDLERS.on(ActivatePiece)
def activate_piece(run: DTRun, state: State, step: ActivatePiece) -> State:
    """The piece's own ``activate`` script (another hero's piece: nothing)."""
    piece = run.ctx.hero.piece(step.piece)
    if piece is not None and piece.activate:
        run.push(piece.activate)
    return state


@HANDLERS.on(PassPiece)
def pass_piece(run: DTRun, state: State, step: PassPiece) -> State:
    """An "Or" of every player but the one holding the piece (the script's opponent
    first, then the others in seat order, the owner's board last); a script that
    cannot wait takes the first."""
    ctx = run.ctx
    piece = ctx.hero.piece(step.piece)
    if piece is None:
        return state
    at = holder(state, ctx.owner, piece.id)
    foe = ctx.foe if ctx.foe is not None else state.opponent(ctx.owner)
    others = [s for s in range(len(state.players)) if s != ctx.owner and state.alive(s)]
    seats = [s for s in sorted(others, key=lambda s: s != foe) if s != at]
    moves = [(_move(piece.id, at, seat), _seat_label(state, seat)) for seat in seats]
    if at is not None:
        moves.append((Step(op="recall_piece", piece=piece.id), _label("home")))
    if not moves:
        return state
    if len(moves) == 1 or not may_wait(ctx):
        run.push((moves[0][0],))
        return state
    options = tuple(Step(op="option", steps=(move,), text=text) for move, text in moves)
    run.push((Step(op="or", steps=options, topic="player"),))
    return state


def _seat_label(state: State, seat: int) -> dict[str, str]:
    return {"en-US": f"{seat + 1}. {state.seats[seat].name}"}


def _move(piece: str, at: int | None, seat: int) -> Step:
    """From the owner's board the piece is sent; from a player it goes straight on."""
    if at is None:
        return Step(op="piece_to", piece=piece, amount=seat)
    return Step(op="piece_onto", piece=piece, amount=seat)


@HANDLERS.on(PieceOnto)
def piece_onto(run: DTRun, state: State, step: PieceOnto) -> State:
    """The piece leaves the player holding it for ``seat`` (no script runs: it was
    neither sent from the owner's board nor taken back to it)."""
    owner = run.ctx.owner
    at = holder(state, owner, step.piece)
    piece = run.ctx.hero.piece(step.piece)
    if piece is None or at is None or at == step.seat:
        return state
    state = put(state, owner, tracks={**state.players[owner].tracks, piece.id: step.seat + 1})
    run.env.emit(
        "piece_passed",
        player=seat_name(state, owner),
        piece=dict(piece.name),
        source=seat_name(state, at),
        target=seat_name(state, step.seat),
    )
    return state


@HANDLERS.on(AtPieceHolder)
def at_piece_holder(run: DTRun, state: State, step: AtPieceHolder) -> State:
    """The steps aimed at the holder, when ``among`` allows that player."""
    ctx = run.ctx
    at = holder(state, ctx.owner, step.piece)
    seat = ctx.owner if at is None else at
    if step.among == "opponents":
        ok = seat in state.opponents(ctx.owner)
    elif step.among == "opponent":
        ok = seat == (ctx.foe if ctx.foe is not None else state.opponent(ctx.owner))
    else:
        ok = True
    if not ok:
        run.env.emit("piece_not_there", player=seat_name(state, ctx.owner))
        return state
    back = Step(op="foe", amount=ctx.foe if ctx.foe is not None else -1)
    run.push((Step(op="foe", amount=seat), *step.steps, back))
    return state


@HANDLERS.on(OpponentDiscards)
def opponent_discards(run: DTRun, state: State, step: OpponentDiscards) -> State:
    """The opponent picks a card of their hand (by its place, so the choice shows no
    card) and discards it; a script that cannot wait discards their first card."""
    foe = run.env.foe(state, run.ctx)
    hand = state.players[foe].hand
    if not hand:
        run.env.emit("no_card_to_discard", player=seat_name(state, foe))
        return state
    picks = [Step(op="discard_from", amount=i, topic=str(foe)) for i in range(len(hand))]
    if len(picks) == 1 or not may_wait(run.ctx):
        run.push((picks[0],))
        return state
    options = tuple(
        Step(op="option", steps=(pick,), text=_label("discard", n=i + 1))
        for i, pick in enumerate(picks)
    )
    # ``amount`` of a synthetic "Or": its chooser's seat + 1 (the opponent picks).
    run.push((Step(op="or", steps=options, topic="discard_card", amount=foe + 1),))
    return state


@HANDLERS.on(DiscardFrom)
def discard_from(run: DTRun, state: State, step: DiscardFrom) -> State:
    """The card is discarded face up (revealed now)."""
    player = state.players[step.seat]
    if not 0 <= step.index < len(player.hand):
        return state  # the hand changed meanwhile: nothing is discarded
    card = player.hand[step.index]
    hand = player.hand[: step.index] + player.hand[step.index + 1 :]
    state = put(state, step.seat, hand=hand, discard=(*player.discard, card))
    definition = run.env.content.heroes[player.hero].card(card)
    name = dict(definition.name) if definition else card
    run.env.emit("discarded", player=seat_name(state, step.seat), card=name)
    return state


def held_pieces(heroes: Mapping[int, Hero], state: State, seat: int) -> list[tuple[int, str]]:
    """The (owner, piece) pairs whose ``holder_upkeep`` is due at ``seat``'s Upkeep this
    turn: pieces of an opponent, held by ``seat``, not yet run this turn."""
    due = []
    for owner in state.opponents(seat):
        for piece in heroes[owner].pieces:
            done = state.players[owner].tracks.get(f"{piece.id}.upkeep") == state.turn
            if piece.holder_upkeep and holder(state, owner, piece.id) == seat and not done:
                due.append((owner, piece.id))
    return due


def run_held_upkeep(
    run_script: Callable[[State, Script, Ctx], State],
    heroes: Mapping[int, Hero],
    state: State,
    owner: int,
    piece_id: str,
) -> State:
    """The piece's ``holder_upkeep`` in its owner's context, aimed at the active
    player; marked as done for this turn first, so a pause resumes past it."""
    piece = heroes[owner].piece(piece_id)
    assert piece is not None
    tracks = {**state.players[owner].tracks, f"{piece.id}.upkeep": state.turn}
    state = put(state, owner, tracks=tracks)
    ctx = Ctx(owner, heroes[owner], resume=Resume.HELD_PIECE, foe=state.active)
    return run_script(state, piece.holder_upkeep, ctx)
