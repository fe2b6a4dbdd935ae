"""Completing the ``options`` text of ``/match new`` as it is typed: the name of an option
not yet given, then its values (``deck_a="Evolução Tática"``). Pure text work; the values
come from the game (``GameEngine.option_values``)."""

from __future__ import annotations

import shlex
from collections.abc import Callable, Sequence

#: Discord's limits on an autocomplete choice: 25 choices, a name and a value ≤ 100.
MAX_CHOICES = 25
MAX_CHOICE = 100


def complete_options(
    typed: str,
    names: Sequence[tuple[str, str]],
    values: Callable[[str], list[tuple[str, str]]],
) -> list[tuple[str, str]]:
    """``(label, whole options text)`` choices for what is being typed: the last word is
    completed, the words before it are kept. ``names`` are the game's options as
    ``(name, description)``, ``values(name)`` the ``(value, label)`` pairs it offers."""
    done, last = _split(typed)
    given = {token.partition("=")[0].strip().lower() for token in done}
    head = "".join(f"{_pair(*token.partition('=')[::2])} " for token in done)
    known = dict(names)
    name, sep, part = last.partition("=")
    found: list[tuple[str, str]] = []
    if sep and name.lower() in known:
        wanted = part.casefold()
        for value, label in values(name.lower()):
            if wanted in label.casefold() or wanted in value.casefold():
                found.append((f"{name.lower()}={label}", head + _pair(name.lower(), value)))
    elif not sep:
        for option, description in names:
            if option not in given and option.startswith(last.lower()):
                found.append((f"{option}= · {description}", f"{head}{option}="))
    fitting = [(label[:MAX_CHOICE], whole) for label, whole in found if len(whole) <= MAX_CHOICE]
    return fitting[:MAX_CHOICES]


def _pair(name: str, value: str) -> str:
    """``name=value``, the value quoted when it holds a space (``deck_a="Evolução Tática"``),
    as ``parse_option_text`` reads it back."""
    if not value or shlex.quote(value) == value:
        return f"{name}={value}"
    return f'{name}="{value}"' if '"' not in value else f"{name}={shlex.quote(value)}"


def _split(typed: str) -> tuple[list[str], str]:
    """The finished words of ``typed`` and the one being typed (``""`` after a space). An
    open quote counts as closed: ``deck_a="Evo`` is being typed."""
    for closing in ("", '"', "'"):
        try:
            tokens = shlex.split(typed + closing)
        except ValueError:
            continue
        if closing or not typed or not typed[-1].isspace():
            return tokens[:-1], tokens[-1] if tokens else ""
        return tokens, ""
    return [], ""
