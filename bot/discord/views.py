"""Persistent buttons and menus: DynamicItems whose custom id carries the match id.

``tt:<verb>:<args>`` (buttons) and ``ts:<match>:<version>:<kind>:<field>`` (a
decision's select menu) keep working after a restart because discord.py matches the
template, not a view kept in memory (``bot/controls.py`` lists the ids). The items
hold no rule: they ask the flow whether the user may use them, then route the click
or the chosen values.
"""

from __future__ import annotations

import re
from typing import Any, Protocol, cast

import discord

from bot.discord.controls import (
    BUTTON_TEMPLATE,
    SELECT_TEMPLATE,
    ButtonSpec,
    SelectSpec,
    Target,
    select_target,
)


class ControlRouter(Protocol):
    """What a persistent control asks of the bot's router (``router.Router``): whether
    the user may use it, then to route the click or the chosen values."""

    async def may_press(self, interaction: discord.Interaction, verb: str, args: list[str]) -> bool:
        """Whether the user may press a button with this verb and arguments."""

    async def press(self, interaction: discord.Interaction, verb: str, args: list[str]) -> None:
        """Route a button press."""

    async def may_use(self, interaction: discord.Interaction, target: Target) -> bool:
        """Whether the user may use a decision's menu."""

    async def choose(
        self, interaction: discord.Interaction, target: Target, values: list[str]
    ) -> None:
        """Route the values chosen in a decision's menu."""


class ControlHost(Protocol):
    """The bot as a control sees it (``interaction.client``): it has a router."""

    @property
    def router(self) -> ControlRouter:
        """The bot's router."""


def _router(interaction: discord.Interaction) -> ControlRouter:
    """The router of the bot that received ``interaction`` (the client is that bot)."""
    return cast(ControlHost, interaction.client).router


TEMPLATE = BUTTON_TEMPLATE

_STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


class MatchButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=TEMPLATE):
    """A match button; ``verb`` says what it does, ``args`` start with the match id."""

    def __init__(
        self, custom_id: str, label: str | None = None, style: discord.ButtonStyle | None = None
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or "…",
                style=style or discord.ButtonStyle.primary,
                custom_id=custom_id,
            )
        )
        found = re.fullmatch(TEMPLATE, custom_id)
        if found is None:
            raise ValueError(f"not a match button id: {custom_id}")
        self.verb = found["verb"]
        self.args = found["args"].split(":")

    @classmethod
    def from_spec(cls, spec: ButtonSpec) -> MatchButton:
        """The button a presenter asked for."""
        return cls(spec.custom_id, spec.label, _STYLES[spec.style])

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> MatchButton:
        if isinstance(item, discord.ui.Button):
            return cls(item.custom_id or match.string, item.label, item.style)
        return cls(match.string)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return await _router(interaction).may_press(interaction, self.verb, self.args)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _router(interaction).press(interaction, self.verb, self.args)


class MatchSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT_TEMPLATE):
    """A decision's select menu: the chosen values become one field of an action."""

    def __init__(self, custom_id: str, spec: SelectSpec | None = None) -> None:
        select: discord.ui.Select[Any] = discord.ui.Select(custom_id=custom_id)
        if spec is not None:
            select.placeholder = spec.placeholder or None
            select.min_values, select.max_values = spec.min_values, spec.max_values
            for label, value, chosen in spec.options:
                select.add_option(label=label, value=value, default=chosen)
        super().__init__(select)
        target = select_target(custom_id)
        if target is None:
            raise ValueError(f"not a match menu id: {custom_id}")
        self.target = target

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> MatchSelect:
        return cls(match.string)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return await _router(interaction).may_use(interaction, self.target)

    async def callback(self, interaction: discord.Interaction) -> None:
        values = list(self.item.values)  # refreshed from the interaction by discord.py
        await _router(interaction).choose(interaction, self.target, values)


#: Discord allows five rows: a select menu fills one, buttons share the others.
MAX_ROWS, BUTTONS_PER_ROW = 5, 5


def build_view(
    buttons: list[ButtonSpec], selects: list[SelectSpec] | None = None
) -> discord.ui.View:
    """A view of match buttons (and decision menus, one row each) for a post."""
    view = discord.ui.View(timeout=None)
    # Discord refuses a whole message with a repeated custom id (two seats owing the
    # same kind of decision share one button; the flow asks who pressed it).
    buttons = _unique(buttons)
    menus = _unique(selects or [])[: MAX_ROWS - (1 if buttons else 0)]
    for row, menu in enumerate(menus):
        item = MatchSelect(menu.custom_id, menu)
        item.item.row = row
        view.add_item(item)
    for spec in buttons[: (MAX_ROWS - len(menus)) * BUTTONS_PER_ROW]:
        view.add_item(MatchButton.from_spec(spec))
    return view


def _unique(items: list[Any]) -> list[Any]:
    """``items`` without later repeats of a custom id."""
    seen: set[str] = set()
    kept = []
    for item in items:
        if item.custom_id not in seen:
            seen.add(item.custom_id)
            kept.append(item)
    return kept
