"""Marvel Battle Scenes (comprehensive rules 2.0): zones, effect tree, damage, renderer."""

from __future__ import annotations

from engines.battlescenes.engine import BattleScenes

ENGINE = BattleScenes()
