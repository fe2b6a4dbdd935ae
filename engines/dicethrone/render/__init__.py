"""The Dice Throne images (the only modules that draw with Pillow) and their alt text.

``png.py`` picks the picture for a render kind: the hero boards (``board.py``, which
tries the layouts of ``layout.py`` in turn) or a seat's hand (``hand.py``). A board is
made of the banner and the last move in words (``words.py``), the dice on the table
(``dice.py``), the damage arrows (``arrows.py``), one hero board per hero in the attack
(``hero.py``, its ability lines from ``abilities.py``, its status chips from
``chips.py``) and condensed panels for the others (``compact.py``). Effects are said
by ``effect_words.py``; text is measured and drawn by ``letters.py``; sizes and
colours live in ``style.py``; ``describe.py`` writes the alt text.
"""
