"""The board's plan: what goes on it and how tall it is, measured before anything is
drawn (``board.py`` tries plans until one fits a phone; ``board_paint.py`` draws the
one chosen).

A :class:`BoardPlan` holds what every layout shares (the status line, the rows of dice,
the heroes drawn as boards and those condensed, the damage arrows) and measures a
:class:`~engines.dicethrone.render.layout.Layout` with it; :meth:`BoardPlan.choose`
keeps the first layout that fits, in the order the module docstring of ``board.py``
gives, as a :class:`ChosenBoard`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engines.core import theme
from engines.core.render import font
from engines.dicethrone.render import arrows
from engines.dicethrone.render.abilities import defence_note
from engines.dicethrone.render.banner import banner_height
from engines.dicethrone.render.compact import condensed_height
from engines.dicethrone.render.dice import (
    Tray,
    face_legend,
    label_beside,
    label_height,
    table_trays,
    tray_width,
)
from engines.dicethrone.render.effect_words import name_in as _name
from engines.dicethrone.render.fit import fit_columns
from engines.dicethrone.render.hero import ColumnPlan
from engines.dicethrone.render.layout import LAYOUTS, LEAN, REACH, Layout, stack_height
from engines.dicethrone.render.letters import text_width, wrap, wrap_line
from engines.dicethrone.render.style import (
    ARROW_ROW,
    DIE,
    DIE_GAP,
    GAP,
    LINE,
    MAX_HEIGHT,
    SMALL,
    SMALL_DIE,
    TIGHT_DIE,
    TIGHT_LINE,
    Translate,
)
from engines.dicethrone.render.words import (
    SAID_BY_DICE,
    damage_lines,
    info_lines,
    last_lines,
    owes_parts,
    status_line,
)
from engines.dicethrone.view import BoardView, PlayerView

#: A damage arrow between two hero boards: from the seat, to the seat, its label.
Arrow = tuple[int, int, str]
#: A measured arrangement: the board's height, the hero boards' widths and plans, and
#: the layout they fit.
Arranged = tuple[int, list[int], list[ColumnPlan], Layout]


@dataclass(frozen=True)
class ChosenBoard:
    """The plan a board is drawn from: its height, its layout, the hero boards (widths,
    plans, heights), the condensed panels (``side``: beside the one hero board;
    ``minimal``: how condensed), the dice's sizes, the words and the arrows drawn."""

    height: int
    layout: Layout
    widths: list[int]
    plans: list[ColumnPlan]
    heights: list[int]
    side: bool
    minimal: int
    panel_rows: list[list[PlayerView]]
    panel_heights: list[int]
    dice: list[int]
    caption: list[str]
    notes: list[str]
    arrows: list[Arrow]


class BoardPlan:
    """What the board shows with ``in_attack``'s seats drawn as hero boards (the others
    condensed), measured for any layout; ``roomy``: room made for long names (the
    status line without the name of the player on turn where that saves it a line, a
    hero board's share of the width free of a name broken across lines anyway, a pair
    of condensed panels one under the other, each across the width, where that is
    shorter, their marks after a name on lines of its own or on lines of their own
    where that takes fewer, the labels of dice side by side without the names where
    they take more than a line: the boards say whose dice they are)."""

    def __init__(
        self,
        data: BoardView,
        t: Translate,
        locale: str,
        in_attack: set[int],
        roomy: bool = False,
    ) -> None:
        self.data, self.t, self.locale, self.roomy = data, t, locale, roomy
        self.width = width = theme.CANVAS_WIDTH - 2 * theme.MARGIN
        self.banner_h = banner_height(owes_parts(data, t, locale))
        # The status line wraps (the end of a match of 3–4 heroes names every knock-out).
        status = wrap(status_line(data, t, locale), width, SMALL) or [""]
        unnamed = wrap(status_line(data, t, locale, named=False), width, SMALL)
        if roomy and len(unnamed) < len(status):
            # The ▶ on the board of the player on turn says whose turn it is.
            status = unnamed
        self.status = status
        self.columns = [p for p in data.players if p.seat in in_attack][:2]
        self.condensed = [p for p in data.players if p not in self.columns]
        self.half = (width - GAP) // 2
        self.arrows = arrows.damage_arrows(data, [p.seat for p in self.columns], t, locale)
        self.arrows_h = ARROW_ROW * len(self.arrows)
        self.rows_of_trays = self._rows_of_trays()
        # A row of dice keeps room under it for the "kept" tabs only when a die is kept.
        self.unders = [
            44 if any(any(tray[4]) for tray in row) else 12 for row in self.rows_of_trays
        ]
        # Labels of dice side by side may take two lines (they are never cut short).
        self.tops = [
            label_height(row, die, width)
            for row, die in zip(self.rows_of_trays, self.dice_sizes(False), strict=True)
        ]

    def _rows_of_trays(self) -> list[list[Tray]]:
        """The dice on the table in rows: trays share a line (smaller dice) when they fit
        side by side."""
        data, t, locale, width = self.data, self.t, self.locale, self.width
        trays = table_trays(data, t, locale)
        rows: list[list[Tray]] = []
        for tray in trays:
            if rows and tray_width([*rows[-1], tray], SMALL_DIE) <= width:
                rows[-1].append(tray)
            else:
                rows.append([tray])
        if self.roomy:
            # Labels of dice side by side on more than a line (long names): the offensive
            # and defensive dice's without the names (the boards say whose they are).
            bare = {
                id(a): b for a, b in zip(trays, table_trays(data, t, locale, False), strict=True)
            }
            rows = [
                [bare[id(tray)] for tray in row]
                if label_height(row, SMALL_DIE, width) > 8 + LINE
                else row
                for row in rows
            ]
        return rows

    # -- words -------------------------------------------------------------------

    def captions(self, tight: bool) -> list[str]:
        """The last move in words, its last few lines (the rest is in the post)."""
        data = self.data
        skip: frozenset[str] = frozenset()
        if tight and data.roll.dice:
            skip |= SAID_BY_DICE
        if tight and data.roll.defense_dice and data.roll.defense:
            # The defence just rolled: its dice on the table, its name framed.
            skip |= {"dicethrone.event.defended"}
        if tight and data.choice is not None:
            # "Bruno must choose one of 2 options": the notes list them under his name.
            skip |= {"dicethrone.event.choose"}
        if tight and data.reports:
            # The damage taken: said by the report line ("…; Bruno takes 5") and
            # the health bars.
            skip |= {"dicethrone.event.health_damage", "dicethrone.event.team_health_damage"}
        said = last_lines(data, self.t, self.locale, skip)
        return [line for text in said for line in wrap(text, self.width - 40, SMALL)][-4:]

    def notes_for(self, layout: Layout) -> list[str]:
        """What the table waits on, and the damage waiting, in ``layout``'s words."""
        data, t, locale = self.data, self.t, self.locale
        said = [
            *damage_lines(data, t, locale),
            *info_lines(data, t, locale, layout.tight, layout.terse, layout.packed),
        ]
        return [line for text in said for line in wrap_line(text, self.width - 40)]

    def caption_for(self, layout: Layout) -> list[str]:
        """The caption, and the defence just rolled said under it where the layout
        says it there (``noted``) rather than down the defender's narrow board."""
        note = defence_note(self.data, self.t, self.locale)
        if not layout.noted or not note or (layout.choice_once and self.data.choice is not None):
            return self.captions(layout.tight)
        return [*self.captions(layout.tight), *wrap(note, self.width - 40, SMALL)]

    # -- the condensed panels ----------------------------------------------------

    def share(self, count: int) -> int:
        """The width of each of ``count`` panels side by side."""
        return (self.width - GAP * (count - 1)) // count

    def panels(self, side: bool, minimal: int) -> tuple[list[list[PlayerView]], list[int]]:
        """Heroes outside the attack (3–4 heroes), in rows, and the rows' heights:
        ``side``, beside the one hero board, one under the other; else under the
        boards, two side by side (a lone last one across the whole width);
        ``minimal``: 1 minimal panels, 2 with one row of chips (``compact.py``)."""
        data, t, locale, roomy, condensed = (
            self.data,
            self.t,
            self.locale,
            self.roomy,
            self.condensed,
        )

        def tall(p: PlayerView, width: int) -> int:
            return condensed_height(p, data, width, t, locale, minimal, roomy)

        if side:
            return [[p] for p in condensed], [tall(p, self.half) for p in condensed]
        pairs = [condensed[i : i + 2] for i in range(0, len(condensed), 2)]
        if roomy:
            # Long names broken over lines of half panels: each panel across the
            # width, one under the other, where the two are shorter so.
            pairs = [
                r
                for q in pairs
                for r in (
                    [[p] for p in q]
                    if sum(tall(p, self.width) for p in q) + GAP * (len(q) - 1)
                    < max(tall(p, self.share(len(q))) for p in q)
                    else [q]
                )
            ]
        return pairs, [max(tall(p, self.share(len(q))) for p in q) for q in pairs]

    # -- the dice ----------------------------------------------------------------

    def unders_for(self, layout: Layout) -> list[int]:
        """Room under each row of dice: the last resort (``reach``) marks kept dice
        by their outline only (no tab under them)."""
        return [12] * len(self.unders) if layout.reach else self.unders

    def dice_sizes(self, tight: bool) -> list[int]:
        """Each row's die size: a die is wide enough for its symbol's name ("Doubloon"),
        tight or not, but never wider than the row's dice fit on the board (a long name
        then has to fit its die: the fit tests refuse a name shrunk)."""
        rows, locale = self.rows_of_trays, self.locale
        names = [_name(n, locale) for row in rows for tray in row for n in tray[3]]
        widest = max((text_width(n, font(SMALL)) for n in names), default=0.0)
        big = max(TIGHT_DIE if tight else DIE, int(widest) + 14)
        most = max((len(row[0][1]) for row in rows if len(row) == 1), default=1)
        big = min(big, (self.width - (most - 1) * DIE_GAP) // max(most, 1))
        return [SMALL_DIE if len(row) > 1 else big for row in rows]

    def tops_for(self, layout: Layout) -> list[int]:
        """Room above each row of dice for its labels: none but a margin where a
        packed board's lone tray has its label beside its dice."""
        sizes = self.dice_sizes(layout.tight)
        return [
            8 if layout.packed and label_beside(row, die, self.width) else top
            for row, die, top in zip(self.rows_of_trays, sizes, self.tops, strict=True)
        ]

    # -- heights -----------------------------------------------------------------

    def above(self, layout: Layout, side: bool = False, minimal: int = 0) -> int:
        """Everything but the hero boards and what is beside them (the arrows
        included unless ``terse``) in ``layout``."""
        tight = layout.tight
        line = TIGHT_LINE if tight else LINE
        height = (
            self.banner_h
            + 48
            + LINE * (len(self.status) - 1)
            + ARROW_ROW * len(self.arrows) * (not layout.terse)
        )
        said = len(self.caption_for(layout)) + len(self.notes_for(layout))
        if said:
            height += 24 + line * said + GAP
        sizes = self.dice_sizes(tight)
        height += sum(
            a + die + b + LINE * len(face_legend(row, die, self.width, self.locale))
            for row, a, die, b in zip(
                self.rows_of_trays,
                self.tops_for(layout),
                sizes,
                self.unders_for(layout),
                strict=True,
            )
        )
        under = 0 if side else sum(h + GAP for h in self.panels(False, minimal)[1])
        return height + GAP + under + 16

    def arrange(self, side: bool, minimal: int, layouts: Sequence[Layout]) -> Arranged:
        """The board's height, the hero boards' widths, plans and layout (the first
        of ``layouts`` that fits), the condensed panels beside the one hero board or
        under the boards."""
        board_w = self.half if side else self.width
        widths, plans, layout = fit_columns(
            self.columns,
            self.data,
            board_w,
            lambda layout: MAX_HEIGHT - self.above(layout, side, minimal),
            layouts,
            self.arrows_h,
            self.t,
            self.locale,
            side,
            self.roomy,
        )
        height = self.above(layout, side, minimal) - self.arrows_h * layout.stacked
        heights = stack_height([plan.height for plan in plans], layout.stacked)
        beside = self.panels(True, minimal)[1] if side else []
        return max(heights, sum(beside) + GAP * (len(beside) - 1)) + height, widths, plans, layout

    def place(self, minimal: int, layouts: Sequence[Layout]) -> tuple[Arranged, bool]:
        """:meth:`arrange` under the boards or, the one hero board of a turn of 3–4
        heroes, beside the panels if only that fits a phone (or is shorter)."""
        under = self.arrange(False, minimal, layouts)
        if under[0] > MAX_HEIGHT and len(self.columns) == 1 and self.condensed:
            beside = self.arrange(True, minimal, layouts)
            if beside[0] < under[0]:
                return beside, True
        return under, False

    def choose(self, last: bool = False) -> ChosenBoard:
        """The first arrangement that fits a phone: where the board passes its height,
        minimal condensed panels, then packed and lean hero boards, then (``last``:
        the last of the last resorts too) minimal panels of one row of chips, then
        hero boards that say only what is in play (boards that fit with the fuller
        forms are left as they are)."""
        condensed = self.condensed
        (height, widths, plans, layout), side = self.place(0, LAYOUTS[:LEAN])
        minimal = 0
        tries = [(1, LAYOUTS[:LEAN])] if condensed else []
        tries.append((int(bool(condensed)), LAYOUTS[LEAN:REACH]))
        if condensed and last:
            tries.append((2, LAYOUTS[LEAN:REACH]))
        if last:
            tries.append((2 * bool(condensed), LAYOUTS[LEAN:]))
        for fewer_panels, layouts in tries:
            if height <= MAX_HEIGHT:
                break
            fewer, fewer_side = self.place(fewer_panels, layouts)
            if fewer[0] < height:
                (height, widths, plans, layout), side, minimal = fewer, fewer_side, fewer_panels
        panel_rows, panel_heights = self.panels(side, minimal)
        # One board under the other, or a terse board: the damage is said in the notes,
        # not drawn (``above`` left a terse board's arrows out).
        drawn = [] if layout.stacked or layout.terse else list(self.arrows)
        return ChosenBoard(
            height=height,
            layout=layout,
            widths=widths,
            plans=plans,
            heights=[plan.height for plan in plans],
            side=side,
            minimal=minimal,
            panel_rows=panel_rows,
            panel_heights=panel_heights,
            dice=self.dice_sizes(layout.tight),
            caption=self.caption_for(layout),
            notes=self.notes_for(layout),
            arrows=drawn,
        )
