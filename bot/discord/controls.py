"""The controls of a decision: buttons and select menus, and their custom ids.

Every control that makes a move names the decision it was posted for by the match
version (``matches.version``, the seq of the last event) in its custom id:

* ``tt:act:<match>:<version>:<kind>`` — the command ``kind`` with no options;
* ``tt:none:<match>:<version>:<kind>:<field>`` — a menu's "choose nothing" button;
* ``ts:<match>:<version>:<kind>:<field>`` — a decision's select menu.

Pressed once the match has moved on, such a control changes nothing (the flow
checks the version, and the move is appended only if the version is still the
one it carries). Buttons that are about no decision carry no version and keep
working: ``tt:mine:<match>`` (the seat's own view), ``tt:invite:<match>:yes|no``
(the service checks the match is still proposed), ``tt:resign:<match>`` (allowed
at any point of the match) and the requests ``tt:undo:<match>:<request>:yes|no``,
``tt:consent:<match>:<request>:yes|no`` (the players' consent to an act of a referee
who plays in the match) and ``tt:confirm:<match>:<request>``, which lapse by
themselves when the match moves on (``bot/requests.py``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from bot.i18n import Texts
from engines.core import Decision, GameEngine, Selection

#: Discord's limits on components.
MAX_SELECT_OPTIONS, MAX_OPTION_LABEL, MAX_PLACEHOLDER, MAX_LABEL = 25, 100, 150, 80
MAX_CUSTOM_ID = 100

BUTTON_TEMPLATE = r"tt:(?P<verb>[a-z]+):(?P<args>[0-9A-Za-z:._-]+)"
# A menu posted before menus carried a version has none: it is outdated.
SELECT_TEMPLATE = (
    r"ts:(?P<match>[0-9]+):(?:(?P<version>[0-9]+):)?"
    r"(?P<kind>[A-Za-z][0-9A-Za-z_.-]*):(?P<field>[0-9A-Za-z_]+)"
)


@dataclass(frozen=True)
class ButtonSpec:
    """A button to attach: its label and the persistent custom id it carries."""

    label: str
    custom_id: str
    style: str = "primary"


@dataclass(frozen=True)
class SelectSpec:
    """A select menu to attach: persistent custom id, placeholder, (label, value) options."""

    custom_id: str
    placeholder: str
    options: list[tuple[str, str, bool]]
    min_values: int = 1
    max_values: int = 1
    #: Also shown in the public post (a private view lists its private menus first).
    public: bool = False


@dataclass(frozen=True)
class Target:
    """What a decision control acts on: a match at a version, an action kind and field.

    ``version`` is ``None`` for a control posted before controls carried one.
    """

    match_id: int
    version: int | None
    kind: str
    field_name: str = ""


def act_id(match_id: int, version: int, kind: str) -> str:
    """Custom id of a decision button: the command ``kind`` with no options, valid
    only while the match is at ``version`` (the decision it was posted for)."""
    return _checked(f"tt:act:{match_id}:{version}:{kind}")


def none_id(match_id: int, version: int, selection: Selection) -> str:
    """Custom id of the button choosing nothing in a menu (``Selection.none``)."""
    return _checked(f"tt:none:{match_id}:{version}:{selection.kind}:{selection.field_name}")


def select_id(match_id: int, version: int, selection: Selection) -> str:
    """Custom id of a decision's select menu (``ts:`` so it never matches a button)."""
    return _checked(f"ts:{match_id}:{version}:{selection.kind}:{selection.field_name}")


def seat_view_id(match_id: int) -> str:
    """Custom id of the "my view" button (no version: it shows the match as it is)."""
    return f"tt:mine:{match_id}"


def invite_id(match_id: int, accept: bool) -> str:
    """Custom id of an invitation's accept/decline button."""
    return f"tt:invite:{match_id}:{'yes' if accept else 'no'}"


def _checked(custom_id: str) -> str:
    if len(custom_id) > MAX_CUSTOM_ID:  # kinds and fields are short names: a bug
        raise ValueError(f"custom id over {MAX_CUSTOM_ID} characters: {custom_id}")
    return custom_id


def button_target(verb: str, args: list[str]) -> Target | None:
    """The decision an ``act``/``none`` button acts on (``None``: not such a button)."""
    if verb not in ("act", "none") or not args or not args[0].isdigit():
        return None
    match_id, rest = int(args[0]), args[1:]
    version = int(rest.pop(0)) if rest and rest[0].isdigit() else None
    if verb == "act" and len(rest) == 1:
        return Target(match_id, version, rest[0])
    if verb == "none" and len(rest) == 2:
        return Target(match_id, version, rest[0], rest[1])
    return None


#: The arguments of each button verb that is about no decision (``act``/``none``:
#: :func:`button_target`).
_BUTTON_ARGS = {
    "mine": r"[0-9]+",
    "resign": r"[0-9]+",
    "invite": r"[0-9]+:(?:yes|no)",
    "undo": r"[0-9]+:[0-9]+:(?:yes|no)",
    "consent": r"[0-9]+:[0-9]+:(?:yes|no)",
    "confirm": r"[0-9]+:[0-9]+",
}


def known_control(custom_id: str) -> bool:
    """Whether this bot still has a use for a button or menu with ``custom_id`` (one of
    an older version, or of no version at all, gets a private "no longer in use")."""
    if select_target(custom_id) is not None:
        return True
    found = re.fullmatch(BUTTON_TEMPLATE, custom_id)
    if found is None:
        return False
    verb, args = found["verb"], found["args"]
    if verb in ("act", "none"):
        return button_target(verb, args.split(":")) is not None
    pattern = _BUTTON_ARGS.get(verb)
    return pattern is not None and re.fullmatch(pattern, args) is not None


def select_target(custom_id: str) -> Target | None:
    """The decision a menu's custom id acts on."""
    found = re.fullmatch(SELECT_TEMPLATE, custom_id)
    if found is None:
        return None
    version = int(found["version"]) if found["version"] is not None else None
    return Target(int(found["match"]), version, found["kind"], found["field"])


@dataclass
class Controls:
    """What answers one decision, and where each control may go."""

    #: Buttons for the public post (they name no hidden information).
    buttons: list[ButtonSpec] = field(default_factory=list)
    #: Menus for the public post.
    public: list[SelectSpec] = field(default_factory=list)
    #: Menus (and their "none" buttons) only for the seat's own view.
    private: list[SelectSpec] = field(default_factory=list)
    private_buttons: list[ButtonSpec] = field(default_factory=list)

    @property
    def in_post(self) -> bool:
        """Whether the public post itself can answer the decision."""
        return bool(self.buttons or self.public)


class ControlBuilder:
    """Builds the controls of decisions, labelled in a locale."""

    def __init__(self, texts: Texts) -> None:
        self.t = texts

    def controls(
        self, engine: GameEngine[Any], match_id: int, version: int, decision: Decision, locale: str
    ) -> Controls:
        """The buttons and menus answering ``decision`` at ``version``.

        A button for each allowed command that takes no options, and for the
        command of the decision's default when its options are all optional and no
        menu offers that kind (a single Defensive Ability: "defend"); a menu per
        selection that fits Discord; a "none" button beside a menu that may be left
        empty. Menus of hidden information go only to the seat's own view.
        """
        out = Controls()
        menus = [(s, self.menu(match_id, version, s, locale)) for s in decision.selections]
        shown = [(s, m) for s, m in menus if m is not None]
        menu_kinds = {s.kind for s, _ in shown}
        specs = {c.action: c for c in engine.commands()}
        default_kind = decision.default.kind if decision.default is not None else None
        for kind in decision.kinds:
            spec = specs.get(kind)
            if spec is None:
                continue
            bare = not spec.options
            defaulted = (
                kind == default_kind
                and kind not in menu_kinds
                and not any(o.required for o in spec.options)
            )
            if bare or defaulted:
                label = self.t.message(spec.description, locale)[:MAX_LABEL]
                out.buttons.append(ButtonSpec(label, act_id(match_id, version, kind)))
        for selection, menu in shown:
            (out.public if selection.public else out.private).append(menu)
            if selection.none is not None and selection.many and selection.min_values <= 0:
                label = self.t.message(selection.none, locale)[:MAX_LABEL]
                button = ButtonSpec(label, none_id(match_id, version, selection), "secondary")
                (out.buttons if selection.public else out.private_buttons).append(button)
        return out

    def menu(
        self, match_id: int, version: int, selection: Selection, locale: str
    ) -> SelectSpec | None:
        """The select menu of ``selection``, or ``None`` when it cannot be one (no
        option, or more than Discord lists: the slash command's autocomplete serves)."""
        # Discord refuses a menu whose options repeat a value (two copies of a card).
        seen: set[str] = set()
        distinct = []
        for option in selection.options:
            if str(option.value) not in seen:
                seen.add(str(option.value))
                distinct.append(option)
        if not 0 < len(distinct) <= MAX_SELECT_OPTIONS:
            return None
        low, high = (selection.min_values, selection.max_values) if selection.many else (1, 1)
        # Discord sends nothing when a choice leaves a menu as it was: a pre-selected
        # option of a one-value menu could never be chosen, and a menu that must keep
        # every option could never be sent at all. Only a menu that can change shows it.
        preselect = selection.many and low < len(distinct)
        options = [
            (
                self.t.message(o.label, locale)[:MAX_OPTION_LABEL] or str(o.value),
                str(o.value),
                o.chosen and preselect,
            )
            for o in distinct
        ]
        return SelectSpec(
            select_id(match_id, version, selection),
            self.t.message(selection.placeholder, locale)[:MAX_PLACEHOLDER],
            options,
            min(max(low, 0), len(options)),
            min(max(high, 1), len(options)),
            selection.public,
        )
