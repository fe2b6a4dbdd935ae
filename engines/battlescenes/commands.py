"""Slash commands (``/battlescenes …``); their autocomplete is in ``complete.py``."""

from __future__ import annotations

from engines.battlescenes.rules.load_order import LOAD_ORDERS
from engines.battlescenes.rules.manual import DESTINATIONS, WHAT
from engines.core import Choice, CommandSpec, Message, OptionSpec, OptionType, Section


def _opt(
    name: str, kind: OptionType = OptionType.INTEGER, required: bool = True, auto: bool = True
) -> OptionSpec:
    return OptionSpec(
        name, kind, Message(f"battlescenes.command.opt.{name}"), required, autocomplete=auto
    )


#: Commands typed only before the first turn (who starts, mulligan, initial resources)
#: and for card text applied by hand.
SECTIONS = {
    "first": Section.SETUP,
    "mulligan": Section.SETUP,
    "keep": Section.SETUP,
    "resources": Section.SETUP,
    "apply": Section.MANUAL,
}


def command_specs() -> list[CommandSpec]:
    """One command per action kind; card options autocomplete with legal cards."""

    def c(name: str, action: str, *options: OptionSpec) -> CommandSpec:
        section = SECTIONS.get(name, Section.PLAY)
        return CommandSpec(
            name, Message(f"battlescenes.command.{name}"), action, options, section=section
        )

    text = OptionType.STRING
    return [
        c(
            "first",
            "choose_first",
            OptionSpec(
                "starter",
                OptionType.INTEGER,
                Message("battlescenes.command.opt.starter"),
                min_value=1,
                max_value=2,
            ),
        ),
        c(
            "mulligan",
            "mulligan",
            OptionSpec(
                "mode",
                text,
                Message("battlescenes.command.opt.mulligan_mode"),
                choices=(
                    Choice(Message("battlescenes.choice.keep_hand"), "keep"),
                    Choice(Message("battlescenes.choice.reveal"), "reveal"),
                    Choice(Message("battlescenes.choice.smaller"), "smaller"),
                ),
            ),
        ),
        c("keep", "keep"),
        c("resources", "initial_resources", _opt("cards", text, False)),
        c("capacitate", "capacitate", _opt("character"), _opt("discard")),
        c(
            "play",
            "play",
            _opt("card"),
            _opt("load", text, False, False),
            OptionSpec(
                "evolve",
                OptionType.INTEGER,
                Message("battlescenes.command.opt.evolve"),
                False,
                autocomplete=True,
            ),
            OptionSpec(
                "materialize",
                OptionType.BOOLEAN,
                Message("battlescenes.command.opt.materialize"),
                False,
            ),
            OptionSpec(
                "count",
                OptionType.INTEGER,
                Message("battlescenes.command.opt.count_carrying"),
                False,
                min_value=0,
                max_value=60,
            ),
            OptionSpec(
                "via",
                OptionType.INTEGER,
                Message("battlescenes.command.opt.via"),
                False,
                autocomplete=True,
            ),
        ),
        c("discard", "discard", _opt("card")),
        c("yield", "yield", _opt("character")),
        c(
            "use",
            "use",
            _opt("character"),
            _opt("action", text),
            _opt("targets", text, False),
            OptionSpec(
                "x",
                OptionType.INTEGER,
                Message("battlescenes.command.opt.x"),
                False,
                min_value=0,
                max_value=2,
            ),
            _opt("unload", text, False),
            _opt("mode", text, False),
            _opt("pay", text, False),
        ),
        c(
            "keyword",
            "keyword",
            OptionSpec(
                "keyword",
                text,
                Message("battlescenes.command.opt.keyword"),
                choices=(
                    Choice(Message("battlescenes.choice.item_magico"), "item_magico"),
                    Choice(Message("battlescenes.choice.aprimoramento"), "aprimoramento"),
                    Choice(Message("battlescenes.choice.metamorfo"), "metamorfo"),
                ),
            ),
            _opt("card"),
            _opt("character"),
            OptionSpec(
                "unload",
                OptionType.INTEGER,
                Message("battlescenes.command.opt.keyword_unload"),
                False,
                autocomplete=True,
            ),
        ),
        c(
            "activate",
            "activate",
            _opt("card"),
            OptionSpec(
                "text",
                OptionType.INTEGER,
                Message("battlescenes.command.opt.text"),
                False,
                min_value=0,
                max_value=9,
            ),
        ),
        c("adjust", "adjust", _opt("cards", text, False)),
        CommandSpec(
            "load-order",
            Message("battlescenes.command.load_order"),
            "load_order",
            (
                OptionSpec(
                    "order",
                    text,
                    Message("battlescenes.command.opt.order"),
                    choices=tuple(
                        Choice(Message(f"battlescenes.load_order.{o}"), o) for o in LOAD_ORDERS
                    ),
                ),
            ),
        ),
        c("choose", "choose", _opt("option", text)),
        c(
            "apply",
            "manual",
            OptionSpec(
                "what",
                text,
                Message("battlescenes.command.opt.what"),
                choices=tuple(Choice(Message(f"battlescenes.manual.what.{w}"), w) for w in WHAT),
            ),
            _opt("card", required=False),
            OptionSpec(
                "to",
                text,
                Message("battlescenes.command.opt.to"),
                False,
                choices=tuple(Choice(Message(f"battlescenes.zone.{z}"), z) for z in DESTINATIONS),
            ),
            _opt("onto", required=False),
            OptionSpec(
                "count",
                OptionType.INTEGER,
                Message("battlescenes.command.opt.count_carrying"),
                False,
                min_value=-60,
                max_value=60,
            ),
            OptionSpec(
                "player",
                OptionType.INTEGER,
                Message("battlescenes.command.opt.player"),
                False,
                min_value=1,
                max_value=2,
            ),
            _opt("reason", text, False, False),
        ),
        c("pass", "pass"),
    ]
