"""Handlers of a hero's piece (:mod:`.piece_steps`; Thor's Mjölnir, issue 22) and of a
repeated script.

A piece sits on its owner's board or with one other player. Where it is lives in the
owner's ``Player.tracks``: ``<piece>`` is 0 on her board, else the holder's seat + 1;
``<piece>.sent`` counts the times she sent it during turn ``<piece>.turn``. Generic (no
hero named here): the hero YAML's ``pieces:`` says what sending and taking back do.
"""

from __future__ import annotations

from engines.dicethrone.content import PieceDef, Step
from engines.dicethrone.effects.context import may_wait, put, seat_name
from engines.dicethrone.effects.env import DTHandlers, DTRun
from engines.dicethrone.effects.piece_steps import (
    IfPieceHome,
    IfPieceSent,
    MovePiece,
    PieceTo,
    RecallPiece,
    Repeat,
    SendPiece,
)
from engines.dicethrone.rules.state import State

HANDLERS: DTHandlers = DTHandlers()

#: Labels of how many times a "repeat up to N" resolves, per locale.
LABELS = {
    "en-US": {"times": "{n} times", "once": "Once", "none": "None"},
    "pt-BR": {"times": "{n} vezes", "once": "Uma vez", "none": "Nenhuma"},
    "it": {"times": "{n} volte", "once": "Una volta", "none": "Nessuna"},
}


def holder(state: State, owner: int, piece: str) -> int | None:
    """The seat holding ``owner``'s piece, or ``None`` while it is on her board."""
    at = state.players[owner].tracks.get(piece, 0)
    return at - 1 if at else None


def sent_this_turn(state: State, owner: int, piece: str) -> int:
    """How many times ``owner`` sent her piece during the current turn."""
    tracks = state.players[owner].tracks
    return tracks.get(f"{piece}.sent", 0) if tracks.get(f"{piece}.turn") == state.turn else 0


def _place(run: DTRun, state: State, piece: PieceDef, at: int, sent: bool) -> State:
    """The piece goes to ``at`` (0: home), counting a send made this turn."""
    owner = run.ctx.owner
    tracks = {**state.players[owner].tracks, piece.id: at}
    if sent:
        tracks[f"{piece.id}.sent"] = sent_this_turn(state, owner, piece.id) + 1
        tracks[f"{piece.id}.turn"] = state.turn
    return put(state, owner, tracks=tracks)


@HANDLERS.on(SendPiece)
def send_piece(run: DTRun, state: State, step: SendPiece) -> State:
    """On the owner's board, the piece goes to an opponent: the only one, else the one
    she picks (the Defender or the opponent on her left first)."""
    ctx = run.ctx
    piece = ctx.hero.piece(step.piece)
    if piece is None or holder(state, ctx.owner, piece.id) is not None:
        return state  # another hero's piece, or not on the board: nothing to send
    default = ctx.foe if ctx.foe is not None else state.opponent(ctx.owner)
    seats = (default, *(s for s in state.opponents(ctx.owner) if s != default))
    if len(seats) == 1 or not may_wait(ctx):
        run.push((Step(op="piece_to", piece=piece.id, amount=seats[0]),))
        return state
    options = tuple(
        Step(
            op="option",
            steps=(Step(op="piece_to", piece=piece.id, amount=seat),),
            text={"en-US": f"{seat + 1}. {state.seats[seat].name}"},
        )
        for seat in seats
    )
    run.push((Step(op="or", steps=options, topic="player"),))
    return state


@HANDLERS.on(PieceTo)
def piece_to(run: DTRun, state: State, step: PieceTo) -> State:
    """The piece lands with the player; its ``sent`` script aims at them."""
    ctx = run.ctx
    piece = ctx.hero.piece(step.piece)
    if piece is None or holder(state, ctx.owner, piece.id) is not None:
        return state
    state = _place(run, state, piece, step.seat + 1, sent=True)
    run.env.emit(
        "piece_sent",
        player=seat_name(state, ctx.owner),
        piece=dict(piece.name),
        target=seat_name(state, step.seat),
    )
    run.push(_aimed(run, step.seat, piece.sent))
    return state


@HANDLERS.on(RecallPiece)
def recall_piece(run: DTRun, state: State, step: RecallPiece) -> State:
    """With another player, the piece comes back to its owner's board; its
    ``recalled`` script and the nested steps aim at the player it left."""
    ctx = run.ctx
    piece = ctx.hero.piece(step.piece)
    seat = None if piece is None else holder(state, ctx.owner, piece.id)
    if piece is None or seat is None:
        return state  # already on the board: nothing to take back
    state = _place(run, state, piece, 0, sent=False)
    run.env.emit(
        "piece_recalled",
        player=seat_name(state, ctx.owner),
        piece=dict(piece.name),
        target=seat_name(state, seat),
    )
    run.push(_aimed(run, seat, (*piece.recalled, *step.steps)))
    return state


def _aimed(run: DTRun, seat: int, steps: tuple[Step, ...]) -> tuple[Step, ...]:
    """``steps`` aimed at ``seat`` as "the opponent", then back to the script's own."""
    foe = run.ctx.foe
    back = Step(op="foe", amount=foe if foe is not None else -1)
    return (Step(op="foe", amount=seat), *steps, back)


@HANDLERS.on(MovePiece)
def move_piece(run: DTRun, state: State, step: MovePiece) -> State:
    """Sent when on the owner's board, taken back when with another player."""
    home = holder(state, run.ctx.owner, step.piece) is None
    op = "send_piece" if home else "recall_piece"
    run.push((Step(op=op, piece=step.piece),))
    return state


@HANDLERS.on(IfPieceHome)
def if_piece_home(run: DTRun, state: State, step: IfPieceHome) -> State:
    """The steps while the piece is on its owner's board, else the others."""
    home = holder(state, run.ctx.owner, step.piece) is None
    branch = step.steps if home else step.otherwise
    if branch:
        run.push(branch)
    return state


@HANDLERS.on(IfPieceSent)
def if_piece_sent(run: DTRun, state: State, step: IfPieceSent) -> State:
    """The steps when the owner sent her piece that many times this turn."""
    if sent_this_turn(state, run.ctx.owner, step.piece) >= step.times:
        run.push(step.steps)
    else:
        run.env.emit(
            "piece_not_sent",
            player=seat_name(state, run.ctx.owner),
            count=step.times,
        )
    return state


@HANDLERS.on(Repeat)
def repeat(run: DTRun, state: State, step: Repeat) -> State:
    """The steps that many times; "up to N": an "Or" of N down to 0 (the most first,
    and taken when nobody can be asked)."""
    if not step.up_to or not may_wait(run.ctx):
        run.push(step.steps * step.times)
        return state
    options = tuple(
        Step(op="option", steps=step.steps * n, text=_label(n)) for n in range(step.times, -1, -1)
    )
    run.push((Step(op="or", steps=options, topic="repeat"),))
    return state


def _label(n: int) -> dict[str, str]:
    key = "times" if n > 1 else ("once" if n == 1 else "none")
    return {loc: words[key].format(n=n) for loc, words in LABELS.items()}
