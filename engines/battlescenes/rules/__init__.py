"""The game's procedure: the match state, the actions, setup, the turn and its decisions,
using actions and activated texts, manual adjustments, and the engine tying them together."""
