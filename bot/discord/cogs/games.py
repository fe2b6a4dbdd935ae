"""Slash-command groups generated from each engine's ``commands()`` spec.

``/<game> <command> [options…] [match]`` builds the action
``{"kind": spec.action, <option>: value…}`` and sends it through the same
flow as a button; the bot knows nothing of the game's rules. Commands of a
section other than ``PLAY`` go under ``/<game>-setup`` or ``/<game>-manual``
(see :class:`engines.core.Section`), which keeps each top-level command within
Discord's size limit and the every-turn list short. Option autocomplete is
forwarded to the engine with the user's seat and the state.
"""

from __future__ import annotations

import inspect
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.cogs.common import MATCH_OPTION, my_match_choices
from bot.discord.replies import user_locale
from bot.errors import UserError
from bot.i18n import Texts, key
from engines.core import CommandSpec, GameEngine, Message, OptionSpec, OptionType, Section
from engines.core.registry import installed

if TYPE_CHECKING:
    from bot.discord.client import TabletopBot

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


def root_name(engine: GameEngine[Any], section: Section) -> app_commands.locale_str:
    """The top-level command of a game's ``section``: ``/<game>`` for what is typed every
    turn, ``/<game>-setup`` and ``/<game>-manual`` (translated) for the rest."""
    if section is Section.PLAY:
        return app_commands.locale_str(engine.name)
    return app_commands.locale_str(
        f"{engine.name}-{section.value}",
        key=f"bot.command.section.{section.value}.name",
        params={"game": engine.name},
    )


def command_path(
    texts: Texts, engine: GameEngine[Any], spec: CommandSpec, locale: str = "en-US"
) -> str:
    """``<top-level> <sub-command>`` as a player with ``locale`` types it (no slash)."""
    root = root_name(engine, spec.section)
    text_key = root.extras.get("key")
    top = texts(text_key, locale, game=engine.name) if text_key else root.message
    name_key = f"{engine.name}.command_name.{spec.name}"
    sub = texts(name_key, locale) if texts.catalog.has(name_key, locale) else spec.name
    return f"{top} {sub}"


def _callback(bot: TabletopBot, engine: GameEngine[Any], spec: CommandSpec) -> Any:
    """The command's callback, with a signature built from the spec's options."""

    async def callback(interaction: discord.Interaction, **values: Any) -> None:
        explicit = values.pop("match", None)
        preview = bool(values.pop(PREVIEW, None))
        action = {"kind": spec.action, **{k: v for k, v in values.items() if v is not None}}
        try:
            match_id = await bot.router.match_of(interaction, explicit)
        except UserError as exc:
            text = bot.texts(exc.key, user_locale(interaction), **exc.params)
            await interaction.response.send_message(text, ephemeral=True)
            return
        if preview:
            await bot.router.preview(interaction, match_id, action, engine.name)
        else:
            await bot.router.act(interaction, match_id, action, game=engine.name)

    keyword = inspect.Parameter.KEYWORD_ONLY
    params = [
        inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
        )
    ]
    ordered = sorted(spec.options, key=lambda o: not o.required)  # required options first
    for opt in ordered:
        default = inspect.Parameter.empty if opt.required else None
        params.append(
            inspect.Parameter(opt.name, keyword, annotation=_annotation(opt), default=default)
        )
    if spec.previewable:
        params.append(inspect.Parameter(PREVIEW, keyword, annotation=bool | None, default=None))
    params.append(inspect.Parameter("match", keyword, annotation=int | None, default=None))
    # discord.py reads the options from the callback's signature (inspect.signature honours
    # __signature__), so the generated options are ordinary typed parameters.
    callback.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    return callback


def build_command(
    bot: TabletopBot, engine: GameEngine[Any], spec: CommandSpec
) -> app_commands.Command[Any, Any, None]:
    """One generated sub-command, described, renamed and completed through discord.py's
    public decorators (which accept a finished Command)."""
    command: app_commands.Command[Any, Any, None] = app_commands.Command(
        # A game may translate its command names under "<game>.command_name.<name>".
        name=key(f"{engine.name}.command_name.{spec.name}", spec.name),
        description=key(spec.description.key, bot.texts(spec.description.key, "en-US")[:100]),
        callback=_callback(bot, engine, spec),
    )
    descriptions: dict[str, str | app_commands.locale_str] = {
        # The en-US text is the default, shown in locales the catalogs lack.
        o.name: key(o.description.key, bot.texts.message(o.description, "en-US")[:100])
        for o in spec.options
    }
    descriptions["match"] = MATCH_OPTION
    if spec.previewable:
        descriptions[PREVIEW] = PREVIEW_OPTION
    app_commands.describe(**descriptions)(command)
    names = {
        o.name: key(f"{engine.name}.option_name.{o.name}", o.name)
        for o in spec.options
        if bot.texts.catalog.has(f"{engine.name}.option_name.{o.name}")
    }
    if names:
        app_commands.rename(**names)(command)
    completers: dict[str, Any] = {"match": my_match_choices}
    for opt in spec.options:
        if opt.autocomplete:
            completers[opt.name] = _autocompleter(bot, engine, spec, opt)
    app_commands.autocomplete(**completers)(command)
    choices = {
        o.name: [
            app_commands.Choice(
                name=app_commands.locale_str(
                    bot.texts.message(c.label, "en-US")[:100],
                    key=c.label.key,
                    params=dict(c.label.params),
                ),
                value=c.value,
            )
            for c in o.choices
        ]
        for o in spec.options
        if o.choices
    }
    if choices:
        app_commands.choices(**choices)(command)
    return command


def _autocompleter(
    bot: TabletopBot, engine: GameEngine[Any], spec: CommandSpec, opt: OptionSpec
) -> Any:
    async def autocomplete(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[Any]]:
        explicit = getattr(interaction.namespace, "match", None)
        state = seat = None
        try:
            match_id = await bot.router.match_of(interaction, explicit)
            snap = await bot.service.load(match_id)
            if snap.engine.name == engine.name:  # another game's state means nothing here
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


def build_groups(bot: TabletopBot, engine: GameEngine[Any]) -> list[app_commands.Group]:
    """The game's top-level commands, one per section that has commands: ``/<game>`` and,
    where the game declares any, ``/<game>-setup`` and ``/<game>-manual``.

    They act on a match in a server's thread, so they are offered in servers only: the
    contexts are set on the top-level group, the only place Discord reads them.
    """
    groups = []
    for section in Section:
        specs = [s for s in engine.commands() if s.section is section]
        if not specs:
            continue
        if section is Section.PLAY:
            description = key(engine.title_key, bot.texts(engine.title_key, "en-US")[:100])
        else:
            text_key = f"bot.command.section.{section.value}.description"
            title = Message(engine.title_key)
            fallback = bot.texts(text_key, "en-US", game=title)[:100]
            description = app_commands.locale_str(fallback, key=text_key, params={"game": title})
        group = app_commands.Group(name=root_name(engine, section), description=description)
        app_commands.guild_only()(group)
        for spec in specs:
            group.add_command(build_command(bot, engine, spec))
        groups.append(group)
    return groups


class Games(commands.Cog):
    """Holds the generated game groups so they load and unload together."""

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot
        self.groups = [g for engine in installed() for g in build_groups(bot, engine)]

    async def cog_load(self) -> None:
        for group in self.groups:
            self.bot.tree.add_command(group, override=True)

    async def cog_unload(self) -> None:
        for group in self.groups:
            self.bot.tree.remove_command(group.name)


async def setup(bot: TabletopBot) -> None:
    """Extension entry point."""
    await bot.add_cog(Games(bot))
