"""Database access only in bot/store: the rest of the bot passes sessions along
(``sqlalchemy.ext.asyncio`` types) but never builds a query or touches a row."""

from __future__ import annotations

import ast
from pathlib import Path

BOT = Path(__file__).resolve().parents[2] / "bot"
#: What a module outside bot/store may import from SQLAlchemy: the session types.
ALLOWED = {"sqlalchemy.ext.asyncio"}
#: Session methods that query or add/remove rows (``flush``, which only writes
#: what the store's functions already changed, is the transaction's business).
QUERIES = {"add", "add_all", "delete", "execute", "get", "merge", "scalar", "scalars"}


def _offences(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        else:
            names = []
        found += [f"import {n}" for n in names if n.split(".")[0] == "sqlalchemy"]
        found = [f for f in found if f.removeprefix("import ") not in ALLOWED]
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in QUERIES
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == "session"
        ):
            found.append(f"session.{node.func.attr}() line {node.lineno}")
    return found


def test_only_bot_store_touches_the_database() -> None:
    files = [p for p in BOT.rglob("*.py") if "store" not in p.relative_to(BOT).parts]
    assert len(files) > 10
    offenders = {str(p.relative_to(BOT)): _offences(p) for p in files}
    assert {k: v for k, v in offenders.items() if v} == {}


def test_the_check_itself_catches_a_query(tmp_path: Path) -> None:
    bad = tmp_path / "referee.py"
    bad.write_text(
        "from sqlalchemy import select\n"
        "from sqlalchemy.ext.asyncio import AsyncSession\n"
        "async def f(session: AsyncSession) -> None:\n"
        "    session.add(object())\n"
    )
    assert _offences(bad) == ["import sqlalchemy", "session.add() line 4"]
