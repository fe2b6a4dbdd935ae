"""Views: what a seat (or the public) may see. Hands, decks and private choices stay hidden."""

from __future__ import annotations

from typing import Any

from engines.battlescenes import shields, zones
from engines.battlescenes.elsewhere import concealed
from engines.battlescenes.state import Pending, State
from engines.core import Decision, Message


def _card(state: State, card: int) -> dict[str, Any]:
    d = zones.defn(state, card)
    return {"id": card, "title": d.title, "type": d.type.value, "energy": d.energy}


def effect_label(effect: Pending, seat: int | None) -> str:
    """A pending effect's name, hidden from others until its card is revealed (5.2.1)."""
    return "?" if concealed(effect) and seat != effect.controller else effect.label


#: Choice options that are words, not cards: each has a catalog key ``battlescenes.answer.<word>``.
WORDS = (
    "skip",
    "done",
    "yes",
    "resources",
    "nothing",
    "hand",
    "deck_bottom",
    "prizes",
    "deck",
    "prevent",
    "mill",
)


def option_label(state: State, option: str, seat: int | None = None) -> Message:
    """A localisable label for a choice option (words such as ``deck_bottom`` get catalog
    texts, card numbers become titles; when the choice is which pending effect resolves
    first, the options are effects)."""
    if option in WORDS:
        return Message(f"battlescenes.answer.{option}")
    if state.choice is not None and state.choice.pending == 0 and option.isdigit():
        for effect in state.tree:
            if effect.uid == int(option):
                return Message("battlescenes.answer.text", {"text": effect_label(effect, seat)})
    if ">" in option:
        card, base = option.split(">")
        params = {"card": zones.title(state, int(card)), "base": zones.title(state, int(base))}
        return Message("battlescenes.answer.onto", params)
    if option.isdigit() and int(option) < len(state.cards):
        return Message(
            "battlescenes.answer.card", {"card": zones.title(state, int(option)), "id": option}
        )
    return Message("battlescenes.answer.text", {"text": option})


def options_message(state: State, seat: int | None = None) -> Message:
    """The open choice's options as one message, each ``value: label`` in the reader's
    language (joined right to left through ``battlescenes.error.options_more``, because a
    catalog translates :class:`Message` parameters recursively)."""
    assert state.choice is not None
    pairs = [
        Message("battlescenes.render.answer", {"value": o, "label": option_label(state, o, seat)})
        for o in state.choice.options
    ]
    if not pairs:
        return Message("battlescenes.answer.text", {"text": ""})
    joined = pairs[-1]
    for pair in reversed(pairs[:-1]):
        joined = Message("battlescenes.error.options_more", {"first": pair, "rest": joined})
    return joined


def label_json(label: Message) -> dict[str, Any]:
    """``label`` as JSON (``{"key", "params"}``), which catalogs translate as a parameter."""
    return {"key": label.key, "params": dict(label.params)}


def build_view(state: State, seat: int | None, pending: list[Decision]) -> dict[str, Any]:
    """JSON-able view data for ``seat`` (``None``: public)."""
    scene = []
    for item in state.scene:
        d = zones.defn(state, item.card)
        scene.append(
            {
                "id": item.card,
                "controller": item.controller,
                "title": d.title,
                "alter_ego": d.alter_ego,
                "type": d.type.value,
                "powers": list(zones.powers(state, item)),
                "stage": item.stage,
                "shield": shields.shield(state, item),
                "full_shield": shields.full_shield(state, item),
                "energy": len(item.loaded),
                "initial_energy": d.energy,
                "loaded": [_card(state, c) for c in item.loaded],
                "new": item.entered_turn == state.turn,
            }
        )
    players = []
    for i, p in enumerate(state.players):
        players.append(
            {
                "seat": i,
                "name": p.name,
                "deck": len(p.deck),
                "hand": len(p.hand),
                "resources": [_card(state, c) for c in p.resources],
                "prizes": [_card(state, c) for c in p.prizes],
                "points": zones.prize_points(state, i),
                "load_order": p.load_order,  # a standing preference, not hidden (4.4.2.2 A.3)
            }
        )
    data: dict[str, Any] = {
        "phase": state.phase.value,
        "turn": state.turn,
        "active": state.active,
        "first": state.first,
        "deciding": [d.seat for d in pending if not d.optional],
        "prompt": pending[0].prompt.key if pending else "",
        "players": players,
        "scene": scene,
        "scenario": _card(state, state.scenario) if state.scenario is not None else None,
        "tree": [
            {"uid": p.uid, "level": p.level, "label": effect_label(p, seat), "paused": p.paused}
            for p in state.tree
        ],
        "winner": state.winner,
        "last_action": state.last_action,
        "last_cards": list(state.last_cards),
    }
    if state.choice is not None and state.choice.seat == seat:
        data["choice"] = {
            "prompt": state.choice.prompt,
            "options": [
                {"value": o, "label": label_json(option_label(state, o, seat))}
                for o in state.choice.options
            ],
        }
    if seat is not None:
        player = state.players[seat]
        data["hand"] = [_card(state, c) for c in player.hand]
        data["set_aside"] = [_card(state, c) for c in player.set_aside]
    return data
