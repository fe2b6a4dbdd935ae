"""Slash-command groups generated from each engine's ``commands()`` spec.

``/<game> <command> [options…] [match]`` builds the action
``{"kind": spec.action, <option>: value…}`` and sends it through the same
flow as a button; the bot knows nothing of the game's rules. Option
autocomplete is forwarded to the engine with the user's seat and the state.
"""

from __future__ import annotations

import inspect
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.common import MATCH_OPTION, my_match_choices
from bot.errors import UserError
from bot.i18n import key
from bot.replies import user_locale
from engines.core import CommandSpec, GameEngine, OptionSpec, OptionType
from engines.core.registry import installed

if TYPE_CHECKING:
    from bot.client import TabletopBot

#: The option previewable commands get: show the move to the player, do not make it.
PREVIEW = "preview"
PREVIEW_OPTION = key(
    "bot.command.preview_option", "Only show what this would do (to you alone); nothing moves"
)

_PY_TYPES: dict[OptionType, type] = {
    OptionType.STRING: str,
    OptionType.INTEGER: int,
    OptionType.BOOLEAN: bool,
}


def _annotation(opt: OptionSpec) -> Any:
    base: Any = _PY_TYPES[opt.type]
    if opt.type is OptionType.INTEGER and (opt.min_value is not None or opt.max_value is not None):
        base = app_commands.Range[int, opt.min_value, opt.max_value]
    return base if opt.required else base | None


def build_command(
    bot: TabletopBot, engine: GameEngine[Any], spec: CommandSpec
) -> app_commands.Command[Any, Any, None]:
    """One generated sub-command."""

    async def callback(interaction: discord.Interaction, **values: Any) -> None:
        explicit = values.pop("match", None)
        preview = bool(values.pop(PREVIEW, None))
        action = {"kind": spec.action, **{k: v for k, v in values.items() if v is not None}}
        try:
            match_id = await bot.flow.match_of(interaction, explicit)
        except UserError as exc:
            text = bot.texts(exc.key, user_locale(interaction), **exc.params)
            await interaction.response.send_message(text, ephemeral=True)
            return
        if preview:
            await bot.flow.preview(interaction, match_id, action)
        else:
            await bot.flow.act(interaction, match_id, action)

    params = [
        inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
        )
    ]
    ordered = sorted(spec.options, key=lambda o: not o.required)  # required options first
    for opt in ordered:
        params.append(
            inspect.Parameter(
                opt.name,
                inspect.Parameter.KEYWORD_ONLY,
                annotation=_annotation(opt),
                default=inspect.Parameter.empty if opt.required else None,
            )
        )
    if spec.previewable:
        params.append(
            inspect.Parameter(
                PREVIEW, inspect.Parameter.KEYWORD_ONLY, annotation=bool | None, default=None
            )
        )
    params.append(
        inspect.Parameter(
            "match", inspect.Parameter.KEYWORD_ONLY, annotation=int | None, default=None
        )
    )
    callback.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    descriptions: dict[str, Any] = {o.name: key(o.description.key) for o in spec.options}
    descriptions["match"] = MATCH_OPTION
    if spec.previewable:
        descriptions[PREVIEW] = PREVIEW_OPTION
    callback.__discord_app_commands_param_description__ = descriptions  # type: ignore[attr-defined]
    autocompletes: dict[str, Any] = {"match": my_match_choices}
    for opt in spec.options:
        if opt.autocomplete:
            autocompletes[opt.name] = _autocompleter(bot, engine, spec, opt)
    callback.__discord_app_commands_param_autocomplete__ = autocompletes  # type: ignore[attr-defined]
    choices = {
        o.name: [
            app_commands.Choice(name=key(c.label.key, str(c.value)), value=c.value)
            for c in o.choices
        ]
        for o in spec.options
        if o.choices
    }
    if choices:
        callback.__discord_app_commands_param_choices__ = choices  # type: ignore[attr-defined]
    return app_commands.Command(
        # A game may translate its command names under "<game>.command_name.<name>".
        name=key(f"{engine.name}.command_name.{spec.name}", spec.name),
        description=key(spec.description.key, bot.texts(spec.description.key, "en-US")[:100]),
        # The signature is built at run time (above), which no type checker can follow.
        callback=cast(Any, callback),
    )


def _autocompleter(
    bot: TabletopBot, engine: GameEngine[Any], spec: CommandSpec, opt: OptionSpec
) -> Any:
    async def autocomplete(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[Any]]:
        explicit = getattr(interaction.namespace, "match", None)
        state = seat = None
        try:
            match_id = await bot.flow.match_of(interaction, explicit)
            snap = await bot.service.load(match_id)
            state, seat = snap.state, snap.seat_of(interaction.user.id)
        except UserError:
            pass  # outside a match the engine may still suggest something
        locale = user_locale(interaction)
        typed = {
            name: value
            for name, value in vars(interaction.namespace).items()
            if name not in (opt.name, "match", PREVIEW) and value is not None
        }
        found = engine.autocomplete(state, seat, spec.name, opt.name, str(current), typed)
        return [
            app_commands.Choice(name=bot.texts.message(c.label, locale)[:100], value=c.value)
            for c in found
        ][:25]

    return autocomplete


def build_group(bot: TabletopBot, engine: GameEngine[Any]) -> app_commands.Group:
    """The ``/<game>`` group with every command the engine declares."""
    group = app_commands.Group(
        name=engine.name,
        description=key(engine.title_key, bot.texts(engine.title_key, "en-US")[:100]),
        guild_only=True,
    )
    for spec in engine.commands():
        group.add_command(build_command(bot, engine, spec))
    return group


class Games(commands.Cog):
    """Holds the generated game groups so they load and unload together."""

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot
        self.groups = [build_group(bot, engine) for engine in installed()]

    async def cog_load(self) -> None:
        for group in self.groups:
            self.bot.tree.add_command(group, override=True)

    async def cog_unload(self) -> None:
        for group in self.groups:
            self.bot.tree.remove_command(group.name)


async def setup(bot: TabletopBot) -> None:
    """Extension entry point."""
    await bot.add_cog(Games(bot))
