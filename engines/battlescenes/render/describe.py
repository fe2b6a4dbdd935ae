"""Alt text of the renders (Discord's attachment description): what a screen reader says
about an image — who owes what, prize points, each card base's energy, shield and stage,
the scenario and the last move — in the reader's language, at most 1,000 characters.

It reads the same typed views as the renders, so the public description can only say
what the public board shows (never a hand or a deck's order).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engines.battlescenes.render.kinds import cards_page
from engines.battlescenes.render.words import drafting, said
from engines.battlescenes.view import (
    BoardView,
    HandCard,
    SceneCard,
    SeatView,
    parse,
    parse_lookup,
)
from engines.core import View

Translate = Callable[..., str]
LIMIT = 1000


def _term(t: Translate, locale: str, group: str, word: str) -> str:
    key = f"battlescenes.{group}.{word}"
    text = t(key, locale)
    return word if text == key else text


def owes(data: BoardView, t: Translate, locale: str) -> str:
    """Who owes what now, every ower named (the banner's words)."""
    parts = []
    for owed in data.owed:
        short = owed.prompt.key.replace(".prompt.", ".short.").replace(".choice.", ".short.")
        what = t(short, locale, **owed.prompt.params)
        if what == short:
            what = t(owed.prompt.key, locale, **owed.prompt.params)
        name = data.players[owed.seat].name
        parts.append(t("battlescenes.render.owes", locale, player=name, what=what))
    return " · ".join(parts)


def ending(data: BoardView, t: Translate, locale: str) -> tuple[str, str]:
    """How the match ended and the final score."""
    a, b = data.players[0], data.players[1]
    score = t(
        "battlescenes.render.score", locale, first=a.name, a=a.points, second=b.name, b=b.points
    )
    if data.winner is None:
        return t("battlescenes.render.draw", locale), score
    how = "points" if data.end == "points" else "deck_out"
    winner, loser = data.players[data.winner].name, data.players[1 - data.winner].name
    points = data.players[data.winner].points
    head = t(f"battlescenes.render.won.{how}", locale, player=winner, loser=loser, points=points)
    return head, score


def last_move(data: BoardView, t: Translate, locale: str) -> list[str]:
    """The last move in words: who did what, then what happened (as this viewer may read)."""
    if not data.last_action:
        return []
    valid = 0 <= data.last_seat < len(data.players)
    who = data.players[data.last_seat].name if valid else ""
    quiet = ("battlescenes.event.now.", "battlescenes.event.resolving")
    said = [t(e.key, locale, **e.params) for e in data.last_events if not e.key.startswith(quiet)]
    done = drafting(data)  # an action being chosen in the menus is no move yet
    if said and who and said[0].startswith(who):  # "Ana: Raio Negro V2 uses …" says it all
        key = "battlescenes.board.last_done_event" if done else "battlescenes.render.last_event"
        return [t(key, locale, text=said[0]), *said[1:]]
    kind = t(f"battlescenes.render.kind.{data.last_action}", locale)
    key = "battlescenes.board.last_done" if done else "battlescenes.render.last"
    return [t(key, locale, player=who, action=kind), *said]


def _card(card: SceneCard, t: Translate, locale: str, actions: bool = True) -> str:
    """A card base in words, with its actions ("…, stage 1, action Sussurro Aniquilador
    (cost 2)")."""
    said = [
        t("battlescenes.board.alt_action", locale, action=a.name, cost=a.cost or "0")
        for a in (card.actions if actions else ())
    ]
    return ", ".join([_facts(card, t, locale), *said])


def _facts(card: SceneCard, t: Translate, locale: str) -> str:
    key = (
        "battlescenes.describe.character"
        if card.type == "character"
        else ("battlescenes.describe.support")
    )
    return t(
        key,
        locale,
        card=card.title,
        power=", ".join(_term(t, locale, "power", p) for p in card.powers) or "—",
        energy=card.energy,
        initial=card.initial_energy,
        shield=card.shield,
        full=card.full_shield,
        stage=card.stage,
    )


def _cut(parts: list[str]) -> str:
    text = " ".join(p for p in parts if p)
    return text if len(text) <= LIMIT else text[: LIMIT - 1] + "…"


def board(data: BoardView, t: Translate, locale: str) -> str:
    """The scene in words."""
    parts: list[str] = []
    if data.phase == "over":
        parts.extend(f"{line}." for line in ending(data, t, locale))
    else:
        phase = t(f"battlescenes.render.phase.{data.phase}", locale)
        active = data.players[data.active].name
        title = t("battlescenes.render.title", locale, turn=data.turn, phase=phase, player=active)
        if data.turn == 0:
            title = t("battlescenes.render.setup", locale, phase=phase)
        head = owes(data, t, locale) or phase
        if data.standing is not None:  # ended or paused outside the rules
            head = t(data.standing.text.key, locale, **dict(data.standing.text.params))
        parts.append(f"{head}. {title}.")
        points = "; ".join(
            t("battlescenes.describe.points", locale, player=p.name, points=p.points)
            for p in data.players
        )
        parts.append(f"{points}.")
    if data.scenario is not None:
        parts.append(t("battlescenes.render.scenario", locale, scenario=data.scenario.title) + ".")
    moved = last_move(data, t, locale)
    # Each card's actions when the whole text still fits; else the cards without them.
    for actions in (True, False):
        sides = []
        for p in data.players:
            cards = [_card(c, t, locale, actions) for c in data.scene if c.controller == p.seat]
            listed = "; ".join(cards) or t("battlescenes.render.no_cards", locale).rstrip(".")
            sides.append(t("battlescenes.describe.side", locale, player=p.name, cards=listed))
        if len(" ".join([*parts, *sides, *moved])) <= LIMIT:
            break
    return _cut([*parts, *sides, *moved])


def hand(
    data: SeatView,
    seat: int,
    t: Translate,
    locale: str,
    texts: bool,
    cards: Sequence[HandCard] | None = None,
) -> str:
    """A seat's hand in words: each card (of ``cards``; default all) with its cost (and,
    for ``texts``, its texts)."""
    player = data.players[seat]
    head = t("battlescenes.render.your_hand", locale, player=player.name, count=len(data.hand))
    parts = [f"{head}:"]
    for card in data.hand if cards is None else cards:
        kind = t(f"battlescenes.render.type.{card.type}", locale)
        line = f"#{card.id} {card.title} ({kind}"
        if card.type in ("character", "support"):
            cost = t(
                "battlescenes.render.hand_cost", locale, energy=card.energy, shield=card.shield
            )
            line += f", {cost}"
        line += ")"
        if texts:
            words = [said(t, locale, x) for x in card.texts]
            words += [f"{a.name}: {said(t, locale, a.text)}" for a in card.actions]
            line += ": " + " ".join(words)
        parts.append(line + ";")
    mine = [o for o in data.owed if o.seat == seat]
    if mine:
        parts.append(t("battlescenes.render.options_now", locale) + ":")
        parts.append(owes(data, t, locale) + ".")
    return _cut(parts)


def describe(view: View, kind: str, translate: Translate, locale: str) -> str:
    """Alt text for ``render(view, kind, locale)``."""
    if kind == "card":
        card = parse_lookup(view).card
        kind_name = translate(f"battlescenes.render.type.{card.type}", locale)
        texts = [said(translate, locale, x) for x in card.texts]
        texts += [f"{a.name}: {said(translate, locale, a.text)}" for a in card.actions]
        return _cut([f"#{card.id} {card.title} ({kind_name}).", *texts])
    data = parse(view)
    if kind == "hand" and isinstance(data, SeatView) and view.seat is not None:
        return hand(data, view.seat, translate, locale, texts=False)
    if cards_page(kind) and isinstance(data, SeatView) and view.seat is not None:
        # The cards a page holds are a layout question (``render.png.describe_cards``
        # knows them); told here: every card of the hand with its texts.
        return hand(data, view.seat, translate, locale, texts=True)
    return board(data, translate, locale)
