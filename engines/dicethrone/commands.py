"""Slash sub-commands of ``/dicethrone``; each builds one action kind."""

from __future__ import annotations

from engines.core import CommandSpec, Message, OptionSpec, OptionType, Section


def _m(key: str) -> Message:
    return Message(f"dicethrone.command.{key}")


def _option(name: str, required: bool = True, autocomplete: bool = True) -> OptionSpec:
    return OptionSpec(
        name, OptionType.STRING, _m(f"opt_{name}"), required=required, autocomplete=autocomplete
    )


def _int(name: str, required: bool = False) -> OptionSpec:
    return OptionSpec(name, OptionType.INTEGER, _m(f"opt_{name}"), required=required)


COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec("roll", _m("roll"), "roll"),
    CommandSpec("keep", _m("keep"), "keep", (_option("dice", required=False, autocomplete=False),)),
    CommandSpec("announce", _m("announce"), "announce", (_option("ability"),)),
    CommandSpec("no-ability", _m("no_ability"), "no_ability"),
    CommandSpec("defend", _m("defend"), "defend", (_option("defense", required=False),)),
    CommandSpec("pass", _m("pass"), "pass"),
    CommandSpec("play", _m("play"), "play", (_option("card"), _option("target", required=False))),
    CommandSpec("aim", _m("aim"), "aim", (_option("target"),)),
    CommandSpec("sell", _m("sell"), "sell", (_option("card"),)),
    CommandSpec("spend", _m("spend"), "spend", (_option("status"),)),
    CommandSpec("use", _m("use"), "use", (_option("action"),)),
    CommandSpec("end-phase", _m("end_phase"), "end_phase"),
    CommandSpec(
        "choose",
        _m("choose"),
        "choose",
        (
            OptionSpec(
                "option", OptionType.INTEGER, _m("opt_option"), autocomplete=True, min_value=1
            ),
        ),
    ),
    CommandSpec(
        "adjust",
        _m("adjust"),
        "adjust",
        (
            _int("seat", required=True),
            _int("health"),
            _int("cp"),
            _option("status", required=False, autocomplete=False),
            _int("count"),
        ),
        section=Section.MANUAL,
    ),
    CommandSpec("resolved", _m("resolved"), "resolved", section=Section.MANUAL),
    CommandSpec(
        "target",
        _m("target"),
        "target",
        (
            OptionSpec(
                "player", OptionType.INTEGER, _m("opt_player"), autocomplete=True, min_value=1
            ),
        ),
    ),
)
