"""Each game package (and the kit) imports its own modules at the top and without
cycles (issue 15): a reader follows a module's dependencies from its first lines,
and no import is hidden inside a function to dodge a cycle. The one allowed is a
game engine's (or the kit's preview sheets') deferred import of its images, so
that only rendering loads Pillow."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ENGINES = Path(__file__).resolve().parents[2] / "engines"
#: Per package: the imports allowed inside a function (``module:imported``) and the
#: least number of modules it has (so a wrong path cannot pass with nothing read).
PACKAGES = {
    "core": ({"engines.core.protocol:engines.core.render_entry"}, 15),
    "dicethrone": (set(), 50),
    "krosmaster": (set(), 50),
    "battlescenes": (
        {"engines.battlescenes.engine:engines.battlescenes.render.png"},
        50,
    ),
}


def _modules(package: str) -> dict[str, ast.Module]:
    root, found = ENGINES / package, {}
    for path in root.rglob("*.py"):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(["engines", package, *parts])] = ast.parse(path.read_text("utf-8"))
    return found


def _imported(node: ast.AST, modules: dict[str, ast.Module]) -> set[str]:
    """The package's modules an import statement loads (a submodule, else the package)."""
    if isinstance(node, ast.Import):
        return {a.name for a in node.names if a.name in modules}
    if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
        subs = {f"{node.module}.{a.name}" for a in node.names} & set(modules)
        return subs or ({node.module} & set(modules))
    return set()


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


@pytest.mark.parametrize("package", sorted(PACKAGES))
def test_imports_are_at_the_top_of_each_module(package: str) -> None:
    modules = _modules(package)
    inside = {
        f"{name}:{imported}"
        for name, tree in modules.items()
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom) and node not in tree.body
        for imported in _imported(node, modules) or {f"line {node.lineno}"}
    }
    assert inside == PACKAGES[package][0]


@pytest.mark.parametrize("package", sorted(PACKAGES))
def test_modules_import_each_other_without_cycles(package: str) -> None:
    modules = _modules(package)
    graph = {
        name: {m for node in ast.walk(tree) for m in _imported(node, modules)} - {name}
        for name, tree in modules.items()
    }
    assert len(graph) >= PACKAGES[package][1]
    assert _cycle(graph) == []


def test_the_cycle_check_itself_finds_a_cycle() -> None:
    name = "engines.krosmaster"
    play = ast.parse(f"from {name}.rules import turns\n")
    turns = ast.parse(f"from {name}.rules.play import after_activation\n")
    modules = {f"{name}.rules.play": play, f"{name}.rules.turns": turns}
    graph = {module: _imported(tree.body[0], modules) for module, tree in modules.items()}
    assert _cycle(graph) == [f"{name}.rules.play", f"{name}.rules.turns", f"{name}.rules.play"]
