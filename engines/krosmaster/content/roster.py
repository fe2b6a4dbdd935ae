"""The printed roster (``assets/content/krosmaster/roster.csv``): every public Krosmaster
known only by its stat line — level, initiative, MP, HP, AP, name colour, boss, printed
English and pt-BR names — each with its public record (docs/krosmaster.md, "Provenance").

A table, not a pack file: ~170 lines of facts read with the standard CSV reader (the
validating YAML loader takes seconds for so many entries). None of them is playable;
a pack gives a figure's whole card under its id (docs/krosmaster.md, "Completing a
figure")."""

from __future__ import annotations

import csv
from pathlib import Path

from engines.core import ContentError
from engines.krosmaster.content.schema import FigureDef, NameColour

COLUMNS: tuple[str, ...] = ("id", "name", "name_pt", "version", "colour", "level")
COLUMNS += ("initiative", "mp", "hp", "ap", "boss", "source")


def _error(path: Path, line: int, field: str, problem: str) -> ContentError:
    return ContentError(
        f"{path.name}, line {line}, {field}: {problem}",
        key="krosmaster.error.content",
        params={"file": path.name, "line": line, "field": field, "problem": problem},
    )


def _number(path: Path, line: int, row: dict[str, str], field: str) -> int | None:
    """A whole number, or ``None`` for the printed dash (no such characteristic)."""
    text = row[field].strip()
    if text == "-" and field in ("mp", "ap"):
        return None
    if not text.isdigit() or int(text) > 99:
        raise _error(path, line, field, f"expected a whole number, got {text!r}")
    return int(text)


def _figure(path: Path, line: int, row: dict[str, str]) -> FigureDef:
    if not row["id"] or not row["name"] or not row["source"]:
        raise _error(path, line, "id", "id, name and source are required")
    try:
        colour = NameColour(row["colour"])
    except ValueError:
        raise _error(path, line, "colour", "expected gold, white or black") from None
    level, initiative, hp = (_number(path, line, row, k) for k in ("level", "initiative", "hp"))
    if level is None or initiative is None or hp is None:
        raise _error(path, line, "level", "level, initiative and HP are numbers")
    name, pt = row["name"], row["name_pt"]
    names = (("en-US", name), ("pt-BR", pt), ("it", name)) if pt else ()
    return FigureDef(
        id=row["id"],
        name=name,
        names=names,
        version=row["version"],
        colour=colour,
        level=level,
        initiative=initiative,
        mp=_number(path, line, row, "mp"),
        hp=hp,
        ap=_number(path, line, row, "ap"),
        types=("Boss",) if row["boss"] == "boss" else (),
        source=row["source"],
        verified=True,
        playable=False,
    )


def load_roster(path: Path) -> dict[str, FigureDef]:
    """The roster's figures by id, in file order; a bad line is a :class:`ContentError`
    naming the file, line and column."""
    figures: dict[str, FigureDef] = {}
    with path.open(encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle)
        if tuple(reader.fieldnames or ()) != COLUMNS:
            raise _error(path, 1, "header", f"expected the columns {', '.join(COLUMNS)}")
        for row in reader:
            fig = _figure(path, reader.line_num, row)
            if fig.id in figures:
                raise _error(path, reader.line_num, "id", f"duplicate id {fig.id!r}")
            figures[fig.id] = fig
    return figures
