"""What a spell does beyond its damage (7.5): one handler per effect kind, lasting
effects (4.18), summons (4.19) and traps."""
