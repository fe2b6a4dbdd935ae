"""What the bot offers a player: the slash commands, their autocomplete, and the select
menus answering each decision."""
