"""engines/ stays pure: no Discord, SQL or asyncio; PIL only in render modules;
no global random anywhere in engines/."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINES = Path(__file__).resolve().parents[2] / "engines"
FORBIDDEN = {"discord", "sqlalchemy", "asyncio", "aiosqlite", "asyncpg", "random"}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


def test_engine_modules_import_nothing_forbidden() -> None:
    files = list(ENGINES.rglob("*.py"))
    assert files, "engines/ has no modules?"
    offenders = {str(p.relative_to(ENGINES)): sorted(_imports(p) & FORBIDDEN) for p in files}
    assert {k: v for k, v in offenders.items() if v} == {}


def test_only_render_modules_import_pil() -> None:
    users = {str(p.relative_to(ENGINES)) for p in ENGINES.rglob("*.py") if "PIL" in _imports(p)}
    assert users, "some render module should draw with PIL"
    # a render module, or any module of a game's ``render/`` package
    assert all(Path(u).name.startswith("render") or "render" in Path(u).parts[:-1] for u in users)


def test_the_check_itself_catches_a_violation(tmp_path: Path) -> None:
    bad = tmp_path / "rules.py"
    bad.write_text("import random\nfrom discord import ui\nfrom PIL import Image\n")
    assert _imports(bad) & FORBIDDEN == {"random", "discord"}
    assert "PIL" in _imports(bad)
