"""Content: the schema of figures, spells, arenas and rewards, and the YAML loader that
reads the built-in pack and community packs into it."""
