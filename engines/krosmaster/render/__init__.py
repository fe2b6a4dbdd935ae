"""What players see drawn: the board PNG (``board``) with its figure chips (``chips``), a
move's or cast's preview over it (``plan``), the wrapped notes under it (``text``), and
the board in words (``words``: banner, caption, chips' lines, alt text). Only these
modules import PIL."""
