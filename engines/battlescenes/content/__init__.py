"""Content packs: the card schema, the YAML loader (cards, texts, steps, static texts),
positions described by card keys, and previews of a pack's entries."""
