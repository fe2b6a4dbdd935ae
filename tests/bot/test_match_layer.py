"""The bot's match layer (issue 26): the services that change a match reach it through
one seam (``bot.match.access``) and import each other without cycles, at the top of
each module, typing imports included, and none of them imports Discord."""

from __future__ import annotations

import ast
from pathlib import Path

BOT = Path(__file__).resolve().parents[2] / "bot"
#: The match layer: services, the seam and what they share (no Discord).
LAYER = {
    "bot.match",
    "bot.match.access",
    "bot.match.autoplay",
    "bot.match.clock",
    "bot.match.deadlines",
    "bot.match.export",
    "bot.match.history",
    "bot.match.option_completion",
    "bot.match.packs",
    "bot.match.pace",
    "bot.match.players",
    "bot.match.ratings",
    "bot.match.referee",
    "bot.match.referee_acts",
    "bot.match.requests",
    "bot.match.scheduling",
    "bot.match.service",
    "bot.match.types",
    "bot.match.verify",
}


def _modules() -> dict[str, ast.Module]:
    found = {}
    for path in BOT.rglob("*.py"):
        parts = ["bot", *path.relative_to(BOT).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = ast.parse(path.read_text("utf-8"))
    return found


def _targets(node: ast.AST, modules: dict[str, ast.Module]) -> set[str]:
    """The bot modules an import statement loads (a submodule, else the module)."""
    if isinstance(node, ast.Import):
        return {a.name for a in node.names if a.name in modules}
    if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
        subs = {f"{node.module}.{a.name}" for a in node.names} & set(modules)
        return subs or ({node.module} & set(modules))
    return set()


def _graph(modules: dict[str, ast.Module]) -> dict[str, set[str]]:
    return {
        name: {t for node in ast.walk(tree) for t in _targets(node, modules)} - {name}
        for name, tree in modules.items()
    }


def _cycle_through(graph: dict[str, set[str]], start: str) -> list[str]:
    """A chain of imports from ``start`` back to it, if any (breadth first)."""
    paths = [[start]]
    seen = {start}
    while paths:
        path = paths.pop(0)
        for dep in sorted(graph.get(path[-1], ())):
            if dep == start:
                return [*path, start]
            if dep not in seen:
                seen.add(dep)
                paths.append([*path, dep])
    return []


def test_the_layer_is_every_module_of_bot_match() -> None:
    assert {name for name in _modules() if name.startswith("bot.match")} == LAYER


def test_the_match_layer_imports_without_cycles() -> None:
    graph = _graph(_modules())
    cycles = {name: _cycle_through(graph, name) for name in sorted(LAYER)}
    assert {name: chain for name, chain in cycles.items() if chain} == {}


def test_the_bot_imports_without_cycles() -> None:
    """No module of ``bot/`` reaches itself again through its imports, typing imports
    included (issue 26): the router, the replies and the cogs know the bot as
    ``host.BotHost``, the controls their router as ``views.ControlRouter``."""
    graph = _graph(_modules())
    cycles = {name: _cycle_through(graph, name) for name in sorted(graph)}
    assert {name: chain for name, chain in cycles.items() if chain} == {}


def test_the_match_layer_imports_at_the_top_and_never_discord() -> None:
    modules = _modules()
    found = []
    for name in sorted(LAYER):
        tree = modules[name]
        for node in ast.walk(tree):
            if not isinstance(node, ast.Import | ast.ImportFrom):
                continue
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            module = node.module if isinstance(node, ast.ImportFrom) else None
            if any(n.split(".")[0] == "discord" for n in [*names, module or ""]):
                found.append(f"{name}: imports discord (line {node.lineno})")
            if node not in tree.body and _targets(node, modules):
                found.append(f"{name}: imports the bot inside a block (line {node.lineno})")
    assert found == []


def test_the_check_finds_a_cycle() -> None:
    graph = {"bot.a": {"bot.b"}, "bot.b": {"bot.c"}, "bot.c": {"bot.a"}, "bot.d": {"bot.a"}}
    assert _cycle_through(graph, "bot.a") == ["bot.a", "bot.b", "bot.c", "bot.a"]
    assert _cycle_through(graph, "bot.d") == []


def test_the_router_imports_no_cog() -> None:
    """Cogs register their button verbs with the router (``Router.register_button``):
    the router depends on no cog, typing imports included."""
    modules = _modules()
    flow = modules["bot.discord.router"]
    imported = {t for node in ast.walk(flow) for t in _targets(node, modules)}
    assert {name for name in imported if name.startswith("bot.discord.cogs")} == set()
