"""Every message key the code names literally exists in the catalogs."""

from __future__ import annotations

import re
from pathlib import Path

from engines.core.i18n import Catalog

ROOT = Path(__file__).resolve().parents[2]
# "bot.error.not_a_player", key="core.error.x", Message("testgame.prompt.roll")…
LITERAL_KEY = re.compile(r"""["']((?:bot|core|store|testgame)\.[a-z0-9_]+(?:\.[a-z0-9_-]+)+)["']""")
NOT_KEYS = {"bot.discord", "bot.store", "bot.config"}  # module paths


def used_keys() -> dict[str, str]:
    found: dict[str, str] = {}
    files = [
        *(ROOT / "bot").rglob("*.py"),
        *(ROOT / "engines" / "core").rglob("*.py"),
        *(ROOT / "tests" / "testgame").rglob("*.py"),
    ]
    for path in files:
        for key in LITERAL_KEY.findall(path.read_text(encoding="utf-8")):
            if not any(key == m or key.startswith(m + ".") for m in NOT_KEYS):
                found.setdefault(key, str(path.relative_to(ROOT)))
    return found


def test_every_literal_message_key_is_in_the_english_catalog() -> None:
    catalog = Catalog.from_dirs([ROOT / "bot" / "locales", ROOT / "tests" / "testgame" / "locales"])
    keys = used_keys()
    assert len(keys) > 50  # the scan itself works
    missing = {k: where for k, where in keys.items() if not catalog.has(k, "en-US")}
    assert missing == {}
