"""Select menus answering a decision, built the same way in every game.

A game lists, per action kind, the builder of the menu(s) answering it, in the order
the menus are shown; :meth:`Menus.attach` gives a decision the menus of its kinds. Each
menu offers exactly what the matching slash command accepts now, so a choice made in
it applies like the typed command. A menu with no option, or with more than Discord
shows (:data:`MAX_OPTIONS`), is left out: autocomplete serves long lists. A one-value
menu a little longer is shown as pages (:func:`paged`): several menus of 25, each
saying which labels it runs from and to.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from engines.core.model import Decision, Message, Selection, SelectOption, replace

G = TypeVar("G")  # what builders read: the state, or the game's rules object and state

#: Discord shows at most 25 options in a menu; longer lists stay with autocomplete.
MAX_OPTIONS = 25

#: At most this many pages of one menu (the bot shows at most four menus a post).
MAX_PAGES = 3

#: A menu builder: the menus (often one, maybe none) answering ``decision`` now.
Builder = Callable[[G, Decision], Sequence[Selection]]


@dataclass(frozen=True)
class Menus(Generic[G]):
    """A game's menu builders keyed by action kind, in the order menus are shown.

    ``optional``: whether optional ("at any time") decisions get menus too.
    ``first_only``: only the menus of the first kind (in table order) that has any.
    A builder listed under several kinds runs once per decision.
    """

    builders: Mapping[str, Builder[G]]
    optional: bool = True
    first_only: bool = False

    def build(self, game: G, decision: Decision) -> list[Selection]:
        """Every menu answering ``decision``, before filtering by size."""
        if decision.optional and not self.optional:
            return []
        out: list[Selection] = []
        ran: list[Builder[G]] = []
        for kind, builder in self.builders.items():
            if kind not in decision.kinds or builder in ran:
                continue
            ran.append(builder)
            menus = list(builder(game, decision))
            out += menus
            if menus and self.first_only:
                break
        return out

    def attach(self, game: G, decision: Decision) -> Decision:
        """``decision`` with the menus that answer it (none empty or over 25 options)."""
        return attach(decision, self.build(game, decision))


def attach(decision: Decision, menus: Sequence[Selection]) -> Decision:
    """``decision`` with those of ``menus`` that fit a Discord select menu."""
    fitting = tuple(m for m in menus if 0 < len(m.options) <= MAX_OPTIONS)
    return replace(decision, selections=fitting) if fitting else decision


def options(values: Sequence[tuple[str | int, Message]]) -> tuple[SelectOption, ...]:
    """Select options from ``(value, label)`` pairs, in order."""
    return tuple(SelectOption(value, label) for value, label in values)


def paged(selection: Selection) -> list[Selection]:
    """``selection`` as menus of at most :data:`MAX_OPTIONS` options each, in order, when it
    picks one value (a list of several picks must stay in one menu) and fits in
    :data:`MAX_PAGES` of them; each page's placeholder names its first and last labels.
    Otherwise ``selection`` unchanged (too long: left to autocomplete)."""
    size = len(selection.options)
    if selection.many or size <= MAX_OPTIONS or size > MAX_OPTIONS * MAX_PAGES:
        return [selection]
    pages = []
    for start in range(0, size, MAX_OPTIONS):
        part = selection.options[start : start + MAX_OPTIONS]
        placeholder = Message(
            "core.menu.page",
            {"menu": selection.placeholder, "first": part[0].label, "last": part[-1].label},
        )
        pages.append(replace(selection, options=part, placeholder=placeholder))
    return pages
