"""Dice Throne's rules: the state and actions, the turn (``turn``, ``first_roll``,
``upkeep``, ``targeting``), cards and tokens, damage and its settlement, who must decide
what (``decisions``, ``priority``), game modes and invariants."""
