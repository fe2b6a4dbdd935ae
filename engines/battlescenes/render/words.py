"""The words of the Battle Scenes images, in the reader's language: game terms, who owes
what, the end screen, the last move and the legend."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engines.battlescenes.content.wording import capitalised
from engines.battlescenes.view import BoardView, Label

Translate = Callable[..., str]


def translated(t: Translate, locale: str, group: str, word: str) -> str:
    """A game term (power, keyword, alignment) in the reader's language; a word without
    a catalog entry (a pack's own) stays as printed."""
    key = f"battlescenes.{group}.{word}"
    text = t(key, locale)
    return word if text == key else text


def short_powers(t: Translate, locale: str, powers: Sequence[str]) -> str:
    """Powers as the short labels a phone's card chip has room for: "SF RE AG VO"."""
    return " ".join(translated(t, locale, "power_short", p) for p in powers)


def label(t: Translate, locale: str, item: Label) -> str:
    """A view label in ``locale`` (its parameters translated too)."""
    return t(item.key, locale, **item.params)


def said(t: Translate, locale: str, item: Label) -> str:
    """A card text of the view (``content/wording.py``) in ``locale``, each sentence
    opening with a capital."""
    return capitalised(label(t, locale, item))


def owes_text(data: BoardView, t: Translate, locale: str) -> str:
    """Who owes what now, in words ("Ana: use an action or pass"); every ower named."""
    parts = []
    for owed in data.owed:
        name = data.players[owed.seat].name
        short = owed.prompt.key.replace(".prompt.", ".short.").replace(".choice.", ".short.")
        what = t(short, locale, **owed.prompt.params)
        if what == short:  # no short form: the prompt itself
            what = label(t, locale, owed.prompt)
        parts.append(t("battlescenes.render.owes", locale, player=name, what=what))
    return " · ".join(parts)


def end_text(data: BoardView, t: Translate, locale: str) -> tuple[str, str]:
    """The end screen's two lines: who won and how, and the final score."""
    players = data.players
    score = t(
        "battlescenes.render.score",
        locale,
        first=players[0].name,
        a=players[0].points,
        second=players[1].name,
        b=players[1].points,
    )
    if data.winner is None:
        return t("battlescenes.render.draw", locale), score
    winner = players[data.winner].name
    loser = players[1 - data.winner].name
    how = "points" if data.end == "points" else "deck_out"
    points = players[data.winner].points
    head = t(f"battlescenes.render.won.{how}", locale, player=winner, loser=loser, points=points)
    return head, score


#: Events left out of the last move's caption: "now it is …" (the banner says it), the
#: tree's bookkeeping, and the win (the end screen's banner says it).
QUIET = (
    "battlescenes.event.now.",
    "battlescenes.event.resolving",
    "battlescenes.event.won_points",
    "battlescenes.event.deck_out",
)


def drafting(data: BoardView) -> bool:
    """Whether someone is choosing an action in the menus, field by field: a move begun
    but not made, so the last move shown is the last one completed."""
    return any(o.prompt.key == "battlescenes.prompt.using" for o in data.owed)


def last_lines(data: BoardView, t: Translate, locale: str) -> list[str]:
    """The last move in words: who did what, then what happened ("the last completed
    move" while an action is being chosen in the menus, which is no move yet)."""
    if not data.last_action:
        return []
    who = data.players[data.last_seat].name if 0 <= data.last_seat < len(data.players) else ""
    said = [label(t, locale, e) for e in data.last_events if not e.key.startswith(QUIET)]
    done = drafting(data)
    if said and who and said[0].startswith(who):  # "Ana: Raio Negro V2 uses …" says it all
        key = "battlescenes.board.last_done_event" if done else "battlescenes.render.last_event"
        return [t(key, locale, text=said[0]), *said[1:]]
    kind = t(f"battlescenes.render.kind.{data.last_action}", locale)
    key = "battlescenes.board.last_done" if done else "battlescenes.render.last"
    return [t(key, locale, player=who, action=kind), *said]


def legend_entries(
    t: Translate,
    locale: str,
    powers: Sequence[str] = (),
    actions: bool = False,
    short: bool = False,
) -> list[str]:
    """The legend's entries, each to be shown whole: the stages first (``short``: without
    the note on the coloured bar), the action chip, then the power labels."""
    keys = [f"{short_powers(t, locale, (p,))} {translated(t, locale, 'power', p)}" for p in powers]
    edge = t(f"battlescenes.render.legend.{'board_short' if short else 'board'}", locale)
    chip = [t("battlescenes.board.legend_action", locale)] if actions else []
    return [edge, *chip, *keys]
