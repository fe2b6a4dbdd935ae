"""The Krosmaster die (1.6): six faces, two of which the roller turns.

1.6.2: Crit/Dodge must be turned to Crit or Dodge, Dofus to Crit, Armour,
Lock or Dodge. In a test (critical, armour, lock, dodge) the success face is
always the roller's best choice, so the engine turns flexible faces to it
without asking; only the tension test (5.2) is a real choice, where the
player's standing preference (or an explicit choice) applies.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from engines.core import Dice
from engines.core.model import Message


class Face(enum.Enum):
    """The printed faces of the die (1.6.1)."""

    CRIT = "crit"
    ARMOUR = "armour"
    LOCK = "lock"
    DODGE = "dodge"
    CRIT_DODGE = "crit_dodge"
    DOFUS = "dofus"

    @property
    def flexible(self) -> bool:
        """Faces the roller must turn to another face (1.6.2.b–c)."""
        return self in (Face.CRIT_DODGE, Face.DOFUS)


#: Face order of the die as rolled (a d6 with these faces).
DIE: tuple[Face, ...] = (
    Face.CRIT,
    Face.ARMOUR,
    Face.LOCK,
    Face.DODGE,
    Face.CRIT_DODGE,
    Face.DOFUS,
)

#: The final faces each rolled face may be turned to (1.6.2).
TURNS_TO: dict[Face, tuple[Face, ...]] = {
    Face.CRIT_DODGE: (Face.CRIT, Face.DODGE),
    Face.DOFUS: (Face.CRIT, Face.ARMOUR, Face.LOCK, Face.DODGE),
}

#: Faces written as forced results ("Crit", "Crit/Dodge"…); RiggedDice matches names.
FACE_NAMES: dict[Face, str] = {
    Face.CRIT: "Crit",
    Face.ARMOUR: "Armour",
    Face.LOCK: "Lock",
    Face.DODGE: "Dodge",
    Face.CRIT_DODGE: "CritDodge",
    Face.DOFUS: "Dofus",
}
_NAMED = tuple(FACE_NAMES[f] for f in DIE)


def face_message(face: Face) -> Message:
    """A face in the reader's language (the rulebook's name), for events, menus and errors."""
    return Message(f"krosmaster.face.{face.value}")


def faces_message(faces: Sequence[Face]) -> Message | str:
    """One or two faces in the reader's language ("Crítico, Esquiva"); "–" for none."""
    if not faces:
        return "–"
    if len(faces) == 1:
        return face_message(faces[0])
    first, *rest = faces
    return Message(
        "krosmaster.face.list",
        {"first": face_message(first), "rest": faces_message(rest)},
    )


def roll(dice: Dice, label: str) -> Face:
    """Roll one Krosmaster die (the printed face, before turning)."""
    name = dice.roll_faces(_NAMED, label)
    return next(f for f, n in FACE_NAMES.items() if n == name)


def turn(face: Face, wanted: Face) -> Face:
    """The face after the roller's choice (1.6.2); fixed faces stay as they are."""
    if not face.flexible:
        return face
    return wanted if wanted in TURNS_TO[face] else face


def successes(dice: Dice, count: int, success: Face, label: str) -> tuple[int, list[Face]]:
    """Roll a test of ``count`` dice; flexible faces turn to ``success`` when they may."""
    rolled = [roll(dice, label) for _ in range(max(0, count))]
    final = [turn(f, success) for f in rolled]
    return sum(1 for f in final if f is success), rolled


def can_become(face: Face, wanted: Face) -> bool:
    """Whether a rolled face may end as ``wanted``."""
    return face is wanted or wanted in TURNS_TO.get(face, ())


def default_tension_faces(
    rolled: Sequence[Face], prefer_crit_dodge: Face, prefer_dofus: Face
) -> list[Face]:
    """Turn the tension dice by preference, avoiding doubles when the faces allow it.

    Doubles cost each player 1 GG (5.2.3), so the sensible default keeps the
    preferred faces unless they would make a pair that another choice avoids.
    """
    pref = {Face.CRIT_DODGE: prefer_crit_dodge, Face.DOFUS: prefer_dofus}
    final = [turn(f, pref.get(f, f)) for f in rolled]
    if len(final) == 2 and final[0] is final[1]:
        for i in (1, 0):
            for option in TURNS_TO.get(rolled[i], ()):
                if option is not final[1 - i]:
                    final[i] = option
                    return final
    return final
