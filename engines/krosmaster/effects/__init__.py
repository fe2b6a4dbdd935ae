"""What a spell does beyond its damage (7.5): typed steps and one handler per step type,
run by the kernel's interpreter; lasting effects (4.18), summons (4.19) and traps."""
