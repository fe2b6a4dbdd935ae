"""The match layer of the bot, free of Discord: the types every part shares and the
one seam (:class:`~bot.match.access.MatchAccess`) through which a change reaches a
match."""
