"""The Battle Scenes images (the only modules that draw with Pillow) and their alt text:
the card scene (``board.py``, its card bases in ``card_bases.py``), a seat's hand and cards
(``hand.py``), one looked-up card (``card.py``); ``png.py`` picks one per render kind."""
