"""The dispatch tables (effect steps, actions, adjustments, autocomplete) are complete, and
the package's modules import each other without cycles and only at the top (no import
hidden inside a function)."""

from __future__ import annotations

import ast
from pathlib import Path

from engines.krosmaster.commands import COMPLETERS, command_specs
from engines.krosmaster.content.schema import Effect, EffectKind
from engines.krosmaster.effects.handlers import HANDLERS
from engines.krosmaster.effects.steps import (
    GATES,
    LATER,
    STEP_OF,
    CardText,
    Gate,
    Step,
    Tokens,
    script,
)
from engines.krosmaster.rules.actions import ALL_ACTIONS
from engines.krosmaster.rules.adjust import ADJUSTERS, WHAT
from engines.krosmaster.rules.handlers import handled

PACKAGE = Path(__file__).resolve().parents[3] / "engines" / "krosmaster"
NAME = "engines.krosmaster"


def test_every_step_type_has_a_handler() -> None:
    assert HANDLERS.types() == set(Step.__subclasses__())


def test_every_printed_effect_kind_makes_a_step_or_belongs_to_another_step() -> None:
    assert set(STEP_OF) | LATER | GATES | {EffectKind.MANUAL} == set(EffectKind)


def test_a_gate_holds_the_rest_of_the_script_and_card_text_says_where_to_go_on() -> None:
    effects = (
        Effect(EffectKind.MP, 1),
        Effect(EffectKind.LIFESTEAL),
        Effect(EffectKind.RETRIBUTION, 2),
        Effect(EffectKind.MANUAL, text="Draw a card"),
        Effect(EffectKind.AP, -1),
    )
    rest = (CardText("Draw a card", 4), Tokens("ap", -1))
    assert script(effects) == (Tokens("mp", 1), Gate(EffectKind.RETRIBUTION, 2, rest))
    assert script(effects, 4) == (Tokens("ap", -1),)


def test_every_action_has_a_handler() -> None:
    assert handled() == set(ALL_ACTIONS)


def test_every_adjustable_quantity_has_an_adjuster() -> None:
    assert tuple(ADJUSTERS) == WHAT


def test_every_option_with_suggestions_has_a_completer() -> None:
    auto = {(c.name, o.name) for c in command_specs() for o in c.options if o.autocomplete}
    assert auto <= set(COMPLETERS)


def _modules() -> dict[str, ast.Module]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join([NAME, *parts])] = ast.parse(path.read_text(encoding="utf-8"))
    return found


def _imported(node: ast.AST, modules: dict[str, ast.Module]) -> set[str]:
    """The package's modules an import statement loads (a submodule, else the package)."""
    if isinstance(node, ast.Import):
        return {a.name for a in node.names if a.name in modules}
    if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
        subs = {f"{node.module}.{a.name}" for a in node.names} & set(modules)
        return subs or ({node.module} & set(modules))
    return set()


def test_imports_are_at_the_top_of_each_module() -> None:
    modules = _modules()
    inside = [
        f"{name}:{node.lineno}"
        for name, tree in modules.items()
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom) and node not in tree.body
    ]
    assert inside == []


def _cycle(graph: dict[str, set[str]]) -> list[str]:
    """A chain of imports leading back to where it started, if any (depth first)."""
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> list[str]:
        if name in path:
            return [*path[path.index(name) :], name]
        if name in done:
            return []
        for dep in sorted(graph.get(name, ())):
            if found := visit(dep, [*path, name]):
                return found
        done.add(name)
        return []

    for name in sorted(graph):
        if found := visit(name, []):
            return found
    return []


def test_modules_import_each_other_without_cycles() -> None:
    modules = _modules()
    graph = {
        name: {m for node in tree.body for m in _imported(node, modules)} - {name}
        for name, tree in modules.items()
    }
    assert len(graph) > 40
    assert _cycle(graph) == []


def test_the_cycle_check_itself_finds_a_cycle() -> None:
    play = ast.parse("from engines.krosmaster.rules import turns\n")
    turns = ast.parse("from engines.krosmaster.rules.play import settle\n")
    modules = {f"{NAME}.rules.play": play, f"{NAME}.rules.turns": turns}
    graph = {name: _imported(tree.body[0], modules) for name, tree in modules.items()}
    assert _cycle(graph) == [f"{NAME}.rules.play", f"{NAME}.rules.turns", f"{NAME}.rules.play"]
