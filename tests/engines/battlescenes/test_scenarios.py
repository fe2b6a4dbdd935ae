"""The YAML scenarios next to these tests run through the shared scenario runner."""

from __future__ import annotations

from pathlib import Path

import pytest

from engines import scenario

HERE = Path(__file__).parent / "scenarios"


@pytest.mark.parametrize("path", sorted(HERE.glob("*.yaml")), ids=lambda p: p.stem)
def test_scenario(path: Path) -> None:
    loaded = scenario.load(path)
    result = scenario.run(loaded)
    assert scenario.check(result, loaded.expect) == []
