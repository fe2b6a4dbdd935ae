"""The verbs of the bot's buttons (``tt:<verb>:<match>:…``) and who may press them.

A cog registers each verb it answers (:meth:`bot.router.Router.register_button`) when it
is loaded, so the router dispatches a press without importing any cog.
"""

from __future__ import annotations

import enum
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import discord


class Who(enum.Enum):
    """Who may press a button of a verb (its refusal's message key beside)."""

    INVITED = "bot.error.not_invited"  # a seat of the match, invited or playing
    SEATED = "bot.error.not_a_player"  # a player of the match
    REFEREE = "bot.error.not_referee"  # a referee of the match's server


#: A press: (interaction, match id, the custom id's arguments after the match).
Press = Callable[[discord.Interaction, int, list[str]], Awaitable[None]]


@dataclass(frozen=True)
class ButtonVerb:
    """One verb's handler and who may press its buttons."""

    who: Who
    press: Press
