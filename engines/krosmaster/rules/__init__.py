"""The rules of play: actions, the decisions owed in each phase and the handler of each
action, set-up, turns, movement, spells and everything else the rulebook's chapters say."""
