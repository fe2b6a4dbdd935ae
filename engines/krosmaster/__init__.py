"""Krosmaster Arena (tournament rules 2.7): duel engine, content loader, renderer."""

from __future__ import annotations

from engines.krosmaster.engine import Krosmaster

ENGINE = Krosmaster()
