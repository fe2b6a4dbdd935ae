"""The Discord adapter: slash commands and buttons routed into the game engines."""
