"""The Discord side of the bot: the client, cogs, interactions (gate, moves, buttons,
views, controls, the command payload) and posting (presenter, replies)."""
