"""Persistent buttons: one DynamicItem whose custom id carries the match id.

``tt:<verb>:<args>`` — the same button keeps working after a restart because
discord.py matches the template, not a view kept in memory. The item holds no
rule: it asks the flow whether the user may press it, then routes the click.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot.presenter import ButtonSpec

if TYPE_CHECKING:
    from bot.client import TabletopBot

TEMPLATE = r"tt:(?P<verb>[a-z]+):(?P<args>[0-9A-Za-z:._-]+)"

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
        bot: TabletopBot = interaction.client  # type: ignore[assignment]
        return await bot.flow.may_press(interaction, self.verb, self.args)

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: TabletopBot = interaction.client  # type: ignore[assignment]
        await bot.flow.press(interaction, self.verb, self.args)


def build_view(buttons: list[ButtonSpec]) -> discord.ui.View:
    """A view of match buttons for a post."""
    view = discord.ui.View(timeout=None)
    for spec in buttons[:25]:
        view.add_item(MatchButton.from_spec(spec))
    return view
