"""The sizes and colours of the Dice Throne images (in px of the 960-px canvas)."""

from __future__ import annotations

from collections.abc import Callable

from engines.core import theme

#: The catalogue's ``translate``: a message key and a locale (and its parameters) to text.
Translate = Callable[..., str]


#: A row of status chips.
CHIP_ROW = 62
#: A row of the smaller chips of a hero board laid out compactly (see :data:`LAYOUTS`).
TIGHT_CHIP_ROW = 46
#: Status chips wrap onto at most this many rows (a hero board: COLUMN_CHIP_ROWS);
#: a "+N" chip counts the rest.
CHIP_ROWS = 3
COLUMN_CHIP_ROWS = 6
#: Left indent of a panel's text and chips (after the seat colour bar), right margin.
INDENT, RIGHT = 28, 16
#: A die on the table; the gap between dice.
DIE, DIE_GAP = 132, 12
#: A die on the table when the board is laid out tightly.
TIGHT_DIE = 112
#: Dice when two rows of dice share one line (the offensive and defensive dice).
SMALL_DIE, TRAY_GAP = 96, 28
SMALL = theme.MIN_TEXT_PX
#: Line height of the 28-px text.
LINE = 36
#: Line height of a hero board laid out tightly (still clear of the next line's glyphs).
TIGHT_LINE = 33
#: Room above and below the frame of the ability just activated.
FRAME_PAD = 8
#: A row of the damage arrows between the hero boards.
ARROW_ROW = 60
GAP = 16
GOOD: theme.RGB = (0, 158, 115)  # Okabe-Ito bluish green: positive status effects, health
BAD: theme.RGB = (213, 94, 0)  # vermillion: negative status effects, low health
COMPANION: theme.RGB = (0, 114, 178)  # Okabe-Ito blue: companions (not status effects)
MORE: theme.RGB = (96, 100, 110)  # neutral grey: the "+N" chip for chips that did not fit
EMPTY: theme.RGB = (90, 94, 104)  # an empty CP pip, the empty part of the health bar
DIM: theme.RGB = (130, 134, 144)  # an ability the dice can no longer reach this roll
DIM_DIE: theme.RGB = (170, 174, 182)  # a die not part of the ability just activated
#: The tallest board a phone shows whole (issue 13): the board tries its layouts in
#: order (:data:`LAYOUTS`) and keeps the first that fits.
MAX_HEIGHT = 1100


#: Room after a segment of an ability line (a bold name's last glyph may overhang
#: its advance by a pixel or two).
SEGMENT_GAP = 4
#: The gap between the two columns of abilities of a board across the whole width.
SUB_GAP = 24
