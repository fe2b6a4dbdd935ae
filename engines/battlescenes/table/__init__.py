"""The cards on the table: the zones (3) and the scene's card bases, damage (4.8) and
shields (4.8.6), and cards leaving the scene (4.7)."""
