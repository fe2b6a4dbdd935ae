"""The package's modules import each other without cycles and at the top: the only import
inside a function is the engine's deferred import of its images, so that only rendering
loads Pillow."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[3] / "engines" / "battlescenes"
NAME = "engines.battlescenes"
#: Imports allowed inside a function: ``module:imported`` — the engine's images (Pillow).
DEFERRED = {f"{NAME}.rules.engine:{NAME}.render.png"}


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


def test_imports_are_at_the_top_of_each_module() -> None:
    modules = _modules()
    inside = {
        f"{name}:{imported}"
        for name, tree in modules.items()
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom) and node not in tree.body
        for imported in _imported(node, modules) or {f"line {node.lineno}"}
    }
    assert inside == DEFERRED


def test_modules_import_each_other_without_cycles() -> None:
    modules = _modules()
    graph = {
        name: {m for node in ast.walk(tree) for m in _imported(node, modules)} - {name}
        for name, tree in modules.items()
    }
    assert len(graph) > 50
    assert _cycle(graph) == []


def test_the_cycle_check_itself_finds_a_cycle() -> None:
    play = ast.parse(f"from {NAME}.effects import interpreter\n")
    interpreter = ast.parse(f"from {NAME}.rules.play import play\n")
    modules = {f"{NAME}.rules.play": play, f"{NAME}.effects.interpreter": interpreter}
    graph = {name: _imported(tree.body[0], modules) for name, tree in modules.items()}
    assert _cycle(graph) == [
        f"{NAME}.effects.interpreter",
        f"{NAME}.rules.play",
        f"{NAME}.effects.interpreter",
    ]
