"""Cogs: one thin cog per concern; each loads as an extension."""
