"""Shields in complex situations (4.8.6): the base (printed or the latest working setting
effect), the total bonus and the penalties, each counted or not by when it started.

Static shield texts are recorded with the clock they started at (``InScene.statics``);
timed effects in the card base's ledger (``InScene.shield_log``)."""

from __future__ import annotations

from engines.battlescenes.content.schema import CardType, Text
from engines.battlescenes.rules.state import InScene, ShieldEntry, State, StaticShield
from engines.battlescenes.table.zones import (
    affiliations,
    characters,
    defn,
    find,
    has_alignment,
    names,
    powers,
    scenario_texts,
    stage_condition_met,
    texts,
)
from engines.core.model import replace


def _granted(state: State, item: InScene) -> list[tuple[int, Text]]:
    """Shield texts of card bases (and what they carry) that give shields to the cards their
    controller controls: ``own_characters`` to every character, the holder too when it is
    one (Mansão dos Vingadores V1, 4.8.6; Ciclope V1 is an X-Men himself), ``own_bases`` to
    every character and support, the holder too (Nick Fury V1)."""
    character = defn(state, item.card).type is CardType.CHARACTER
    found = []
    for other in state.scene:
        if other.controller != item.controller:
            continue
        for card, text in texts(state, other):
            reaches = (text.shield_to == "own_characters" and character) or (
                text.shield_to == "own_bases"
            )
            wanted = text.shield_if_affiliation
            if reaches and (not wanted or wanted in affiliations(state, item)):
                found.append((card, text))
    return found + _to_all(state, item) if character else found


def _to_all(state: State, item: InScene) -> list[tuple[int, Text]]:
    """Shield texts of any card base or the scenario reaching every character in the scene
    (``all_characters``), of an alignment with ``shield_if_alignment`` ("cada vilão ganha
    Escudo +1": Super Plano de Dominação V1)."""
    working = [pair for other in state.scene for pair in texts(state, other)]
    if state.scenario is not None:
        working += [(state.scenario, t) for t in scenario_texts(state)]
    wanted = [
        (card, text)
        for card, text in working
        if text.shield_to == "all_characters"
        and (
            not text.shield_if_alignment
            or has_alignment(state, item.card, text.shield_if_alignment)
        )
    ]
    return [
        (card, text)
        for card, text in wanted
        if not text.shield_if_affiliation or text.shield_if_affiliation in affiliations(state, item)
    ]


def _shield_texts(state: State, item: InScene) -> list[tuple[str, str, int]]:
    """(key, set|bonus, value) of the static shield texts working on a card base now: its
    own (and its loaded cards') and those other cards give it. Conditions (loaded cards,
    power) look at the card receiving the shield."""
    found = []
    count = len(item.loaded)
    own = [(card, text) for card, text in texts(state, item) if not text.shield_to]
    for card, text in own + _granted(state, item):
        if text.if_loaded_at_most >= 0 and count > text.if_loaded_at_most:
            continue
        if text.if_loaded_at_least >= 0 and count < text.if_loaded_at_least:
            continue
        if text.if_power and text.if_power not in powers(state, item):
            continue
        if not stage_condition_met(text, item):  # only at that stage (Vespa V1)
            continue
        if text.if_holder_name and text.if_holder_name not in names(state, item.card):
            continue
        if text.if_holder_lacks_name and text.if_holder_lacks_name in names(state, item.card):
            continue
        if text.if_carrying_power and not _carries_power(state, item, text.if_carrying_power):
            continue
        if text.if_carrying_support and not any(  # Deathlocket V1
            defn(state, c).type is CardType.SUPPORT for c in item.loaded
        ):
            continue
        if text.if_controls_name and not any(
            text.if_controls_name in names(state, c.card)
            for c in characters(state, item.controller)
        ):
            continue
        key = f"{card}:{defn(state, card).texts.index(text)}"
        if text.shield_set >= 0:
            found.append((key, "set", text.shield_set))
        bonus = text.shield_bonus + (count if text.shield_per_loaded else 0)
        if text.shield_per_loaded_type:  # +1 per card type it carries (Homem-Absorvente V2)
            bonus += len({defn(state, c).type for c in item.loaded})
        if text.shield_per_alignment:  # +1 per character of that alignment its controller has
            mine = characters(state, item.controller)
            bonus += sum(1 for c in mine if has_alignment(state, c.card, text.shield_per_alignment))
        if bonus:
            found.append((key, "bonus", bonus))
    return found


def _carries_power(state: State, item: InScene, power: str) -> bool:
    """Whether a card base carries an ability card "de ◆": printed with that power or with
    an action of it."""
    for card in item.loaded:
        d = defn(state, card)
        if d.type is CardType.ABILITY and (
            power in d.powers or any(a.power == power for a in d.actions)
        ):
            return True
    return False


def current_statics(state: State, item: InScene) -> list[StaticShield]:
    """The working static shield texts, with the clock they started at (new ones: now)."""
    known = {(s.key, s.kind, s.value): s for s in item.statics}
    found = []
    texts_now = _shield_texts(state, item)
    for key, kind, value in texts_now:
        old = known.get((key, kind, value))
        if old is not None:
            found.append(old)
            continue
        void = kind == "bonus" and _returns_void(item, key, texts_now, state.clock)
        found.append(StaticShield(key, kind, value, state.clock, void))
    return found


def _returns_void(item: InScene, key: str, texts_now: list[tuple[str, str, int]], now: int) -> bool:
    """4.8.6 ATENÇÃO (setting effects) 1–2: a bonus that stopped and now works again is not
    applied if a setting effect was working when it stopped and has ended since (1), or
    started between its stop and its return (2)."""
    stops = [e.start for e in item.shield_log if e.kind == "stopped" and e.key == key]
    if not stops:
        return False
    stop = max(stops)
    windows = [(e.start, e.end) for e in item.shield_log if e.kind == "set"]
    windows += [(s.since, -1) for s in item.statics if s.kind == "set"]
    known = {(s.key, s.value) for s in item.statics if s.kind == "set"}
    windows += [(now, -1) for k, kind, v in texts_now if kind == "set" and (k, v) not in known]
    return any((a <= stop < b) or a > stop for a, b in windows)


def _attached(state: State, item: InScene, key: str) -> bool:
    """Whether the card of a shield text is still where it gives the shield: on the base,
    or — for a text giving shields to other cards — still in the scene."""
    card = int(key.split(":")[0])
    if card == item.card or card in item.loaded:
        return True
    return find(state, card) is not None or any(card in s.loaded for s in state.scene)


def refresh_shields(state: State) -> State:
    """Record when static shield texts start and stop working (4.8.6: a stopped setting
    text is an ended effect; a changed value is a new effect).

    A bonus text whose card left the base has *ended*: the penalties it had taken (those
    beyond the base, 4.8.6 C) leave with it, so the card loaded again starts afresh ("será
    reiniciado em +2, por tratar-se de um novo efeito"). A bonus text whose card is still
    there but whose condition failed is *suspended*: it remembers when it stopped, and if it
    works again it gives back only what was left of it (ATENÇÃO, Homem-Aranha V4)."""
    scene = []
    for item in state.scene:
        now = current_statics(state, item)
        if tuple(now) != item.statics:
            keys_now = {s.key for s in now}
            gone = [s for s in item.statics if s not in now]
            log = tuple(
                ShieldEntry("set", s.value, s.since, state.clock) for s in gone if s.kind == "set"
            )
            bonuses = [s for s in gone if s.kind == "bonus" and s.key not in keys_now]
            log += tuple(
                ShieldEntry("stopped", s.value, state.clock, key=s.key)
                for s in bonuses
                if _attached(state, item, s.key)
            )
            ended = sum(
                s.value for s in bonuses if not _attached(state, item, s.key) and not s.void
            )
            if ended:
                base, bonus, penalty = _parts(item.statics, item, defn(state, item.card).shield)
                share = min(ended, bonus, max(0, penalty - base))
                if share:
                    log += (ShieldEntry("penalty", -share, state.clock),)
            item = replace(item, statics=tuple(now), shield_log=item.shield_log + log)
        scene.append(item)
    return replace(state, scene=tuple(scene))


def shield_parts(state: State, item: InScene) -> tuple[int, int, int]:
    """4.8.6 A–C: (base, total bonus, penalties) as they count now.

    The base is the printed shield, or the latest working setting effect; bonuses and
    penalties that started before it, or during a setting effect that has ended, do not
    count.
    A working ``shields_zero`` text makes every character's shield 0, whatever changes it
    (Portal para o Microverso V1).
    """
    if defn(state, item.card).type is CardType.CHARACTER and _zeroed(state):
        return 0, 0, 0
    return _parts(tuple(current_statics(state, item)), item, defn(state, item.card).shield)


def _zeroed(state: State) -> bool:
    """Whether a text making every character's shield 0 works in the scene."""
    return any(t.shields_zero for s in state.scene for _c, t in texts(state, s))


def _parts(statics: tuple[StaticShield, ...], item: InScene, printed: int) -> tuple[int, int, int]:
    sets = [(e.start, e.value) for e in item.shield_log if e.kind == "set" and e.end < 0]
    sets += [(s.since, s.value) for s in statics if s.kind == "set"]
    since, base = max(sets) if sets else (-1, printed)
    ended = [(e.start, e.end) for e in item.shield_log if e.kind == "set" and e.end >= 0]

    def counts(start: int) -> bool:
        return start >= since and not any(a <= start < b for a, b in ended)

    bonus = sum(s.value for s in statics if s.kind == "bonus" and not s.void and counts(s.since))
    bonus += sum(e.value for e in item.shield_log if e.kind == "bonus" and counts(e.start))
    penalty = sum(e.value for e in item.shield_log if e.kind == "penalty" and counts(e.start))
    return base, bonus, penalty


def full_shield(state: State, item: InScene) -> int:
    """Base plus total bonus, before penalties (4.8.6 A–B)."""
    base, bonus, _penalty = shield_parts(state, item)
    return max(0, base + bonus)


def shield(state: State, item: InScene) -> int:
    """Current shield: penalties after base and bonuses, never negative (4.8.1, 4.8.6 C)."""
    base, bonus, penalty = shield_parts(state, item)
    return max(0, base + bonus - penalty)
