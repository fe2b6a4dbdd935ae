"""The command-payload checker catches each of Discord's documented limits: one small
payload per rule, valid but for that one thing."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from bot.discord.command_payload import command_size, valid_name, violations

Payload = list[dict[str, Any]]


def _option(name: str, kind: int = 3, required: bool = False, **extra: Any) -> dict[str, Any]:
    return {"type": kind, "name": name, "description": f"The {name}", "required": required, **extra}


def _base() -> Payload:
    """One valid command with a subcommand group, a subcommand and translated options."""
    play = {
        "type": 1,
        "name": "play",
        "description": "Play a card",
        "name_localizations": {"pt-BR": "jogar", "it": "gioca"},
        "options": [
            _option("card", required=True),
            _option(
                "mode",
                choices=[{"name": "Keep", "value": "keep", "name_localizations": {"it": "Tieni"}}],
            ),
            _option("count", kind=4, min_value=1, max_value=9),
        ],
    }
    group = {"type": 2, "name": "more", "description": "More", "options": [copy.deepcopy(play)]}
    return [
        {
            "type": 1,
            "name": "game",
            "description": "A game",
            "description_localizations": {"pt-BR": "Um jogo"},
            "contexts": [0],
            "options": [play, group],
        }
    ]


def _play(payload: Payload) -> dict[str, Any]:
    return payload[0]["options"][0]


def _set(path: Callable[[Payload], dict[str, Any]], **changes: Any) -> Callable[[Payload], None]:
    return lambda p: path(p).update(changes)


def _append(path: Callable[[Payload], list[Any]], item: Any) -> Callable[[Payload], None]:
    return lambda p: path(p).append(item)


def _swap_required(p: Payload) -> None:
    opts = _play(p)["options"]
    opts[0], opts[1] = opts[1], opts[0]


def _many_commands(p: Payload) -> None:
    p.extend({"type": 1, "name": f"c{i}", "description": "d"} for i in range(100))


def _oversized(p: Payload) -> None:
    _play(p)["options"] = [_option(f"o{i}", description="x" * 100) for i in range(25)]
    p[0]["options"][1]["options"][0]["options"] = copy.deepcopy(_play(p)["options"])


CHOICES = lambda p: _play(p)["options"][1]["choices"]  # noqa: E731
CASES: dict[str, tuple[Callable[[Payload], None], str]] = {
    "name regex": (_set(_play, name="play card"), "is not 1-32 letters"),
    "name length": (_set(_play, name="p" * 33), "is not 1-32 letters"),
    "name lowercase": (_set(_play, name_localizations={"it": "Gioca"}), "is not lowercase"),
    "localized name regex": (_set(_play, name_localizations={"de": "spiel!"}), "(de)"),
    "empty description": (_set(_play, description=""), "description is 0 characters"),
    "long localized description": (
        _set(_play, description_localizations={"it": "x" * 101}),
        "description is 101 characters in it",
    ),
    "unknown locale": (_set(_play, name_localizations={"pt": "jogar"}), "unknown locale(s) pt"),
    "too many options": (
        _set(_play, options=[_option(f"o{i}") for i in range(26)]),
        "26 options (max 25)",
    ),
    "too many subcommands": (
        lambda p: p[0].update(options=[dict(_play(p), name=f"s{i}") for i in range(26)]),
        "26 options (max 25)",
    ),
    "too many choices": (
        _set(
            lambda p: _play(p)["options"][1],
            choices=[{"name": f"c{i}", "value": f"v{i}"} for i in range(26)],
        ),
        "26 choices (max 25)",
    ),
    "choice name length": (
        _append(CHOICES, {"name": "n", "value": "v", "name_localizations": {"it": "x" * 101}}),
        "name is 101 characters in it",
    ),
    "choice value length": (_append(CHOICES, {"name": "n", "value": "v" * 101}), "value is 101"),
    "choice value type": (
        _set(lambda p: _play(p)["options"][2], choices=[{"name": "one", "value": "1"}]),
        "does not fit option type 4",
    ),
    "choices with autocomplete": (
        _set(lambda p: _play(p)["options"][1], autocomplete=True),
        "both choices and autocomplete",
    ),
    "required after optional": (_swap_required, "required option after an optional one"),
    "duplicate option names": (
        _append(lambda p: _play(p)["options"], _option("card")),
        "option card repeated",
    ),
    "duplicate localized names": (
        _append(
            lambda p: p[0]["options"],
            {"type": 1, "name": "put", "description": "d", "name_localizations": {"it": "gioca"}},
        ),
        "option gioca repeated in it",
    ),
    "duplicate choice names": (
        _append(CHOICES, {"name": "Keep", "value": "other"}),
        "choice name Keep repeated",
    ),
    "duplicate commands": (
        lambda p: p.append(copy.deepcopy(p[0])),
        "commands: name game repeated",
    ),
    "nested group": (
        lambda p: p[0]["options"][1]["options"].append(
            dict(copy.deepcopy(p[0]["options"][1]), name="deeper")
        ),
        "subcommand group nested below the top level",
    ),
    "subcommands mixed with options": (
        _append(lambda p: p[0]["options"], _option("loose")),
        "subcommands mixed with plain options",
    ),
    "too many commands": (_many_commands, "101 commands of type 1 (max 100)"),
    "command size": (_oversized, "chars of names, descriptions, choices (max 4000)"),
    "contexts": (_set(lambda p: p[0], contexts=[0, 3]), "contexts [0, 3]"),
}


def test_the_base_payload_is_valid() -> None:
    assert violations(_base()) == []


@pytest.mark.parametrize("rule", CASES)
def test_each_limit_is_caught(rule: str) -> None:
    mutate, expected = CASES[rule]
    payload = _base()
    mutate(payload)
    found = violations(payload)
    assert any(expected in line for line in found), found


def test_the_size_counts_the_longest_text_of_every_field() -> None:
    command = {
        "name": "ab",
        "name_localizations": {"it": "abcd"},
        "description": "d" * 10,
        "description_localizations": {"pt-BR": "e" * 3},
        "options": [
            {
                "name": "o",
                "description": "x",
                "choices": [{"name": "n", "name_localizations": {"it": "nnn"}, "value": 1234}],
            }
        ],
    }
    # 4 + 10 for the command, 1 + 1 for the option, 3 + 4 for the choice.
    assert command_size(command) == 23


@pytest.mark.parametrize(
    ("name", "ok"),
    [
        ("end-turn", True),
        ("ordine_ko", True),
        ("l'arbitre", True),
        ("feitiço", True),
        ("ходить", True),
        ("चाल", True),  # Devanagari with its vowel sign (a combining mark)
        ("เดิน", True),  # Thai with its combining vowel
        ("end turn", False),
        ("end.turn", False),
        ("", False),
        ("x" * 33, False),
    ],
)
def test_names_follow_discords_regex(name: str, ok: bool) -> None:
    assert valid_name(name) is ok
