"""Parser of effect scripts: the effect vocabulary as YAML (docs/dicethrone.md).

Each step is a mapping with one key, the step's name ("damage", "roll", "or"…),
or a bare name for steps without arguments ("prevent_half", "then").
"""

from __future__ import annotations

from typing import Any

import yaml

from engines.core.i18n import LOCALES
from engines.core.yamlnode import Fields, Node
from engines.dicethrone.content import (
    SPREAD_TARGETS,
    UP_TO_LIMIT,
    DamageKind,
    Script,
    Step,
    Text,
    vocab_tokens,
)

#: Step ops and the argument shape they take (see docs/dicethrone.md).
AMOUNT_OPS = frozenset(
    {"heal", "gain_cp", "steal_cp", "prevent", "add_damage", "draw", "self_damage"}
    | {"steal_health", "lessen_attack", "set_dice", "nudge_dice", "reroll_dice"}
    | {"lose_cp"}  # issue 22: the Moon Elf's Exploding Arrow (the opponent loses CP)
)
FLAG_OPS = frozenset(
    {"prevent_half", "reflect_half", "then", "prevent_all", "cancel_attack", "remove_chosen"}
    | {"flip", "undefendable"}  # undefendable: issue 22 (printed heroes)
    | {"reroll_own_die"}  # issue 22: the Treant's Seedling
    | {"survive_attack"}  # issue 22: Thor's Indomitable Will! (health 1 at least)
)
STATUS_OPS = frozenset({"gain", "inflict", "remove", "remove_all", "move"})
NESTED_OPS = frozenset({"roll", "with", "additionally", "or", "opposed"})
#: Added for the heroes of issue 22: steps that hold steps and stop for their owner.
CHOICE_OPS = frozenset({"reroll", "choose_player", "discard_for"})
#: Companions are gained and lost only by their own hero's scripts, always on the owner.
COMPANION_OPS = frozenset({"gain_companion", "lose_companion"})
# -- printed heroes (issue 22): steps added for the printed cards -------------------
#: Remove every status token a player holds ("um jogador escolhido" by default).
CLEAR_OPS = frozenset({"clear_statuses"})
#: Steps counting the owner's own tokens or CP (the Pyromancer): ``vocab_tokens.py``.
COUNT_OPS = vocab_tokens.OPS

#: A cost paid before an effect: tokens removed or CP spent (Mythic Brawler).
COST_OPS = frozenset({"pay", "gain_choice"})
#: Steps on a hero's track (the Duelist's Footwork).
TRACK_OPS = frozenset({"move_track", "take_steps", "on_track"})
#: Steps on a hero's two-sided dial (the Sun Elf's Sun Dial).
DIAL_OPS = frozenset({"raise_dial", "lower_dial", "set_dial", "empty_dial", "flip_dial", "on_dial"})

#: The Headless Horseman's steps (effects/holding.py): a token passed to a player
#: wherever it is, one more roll attempt, steps for a player who did not start.
HOLDING_OPS = frozenset({"relocate", "unless_first", "if_first", "if_roll_attempts"})
FLAG_OPS |= {"extra_roll_attempt"}
#: Steps on a hero's piece that sits on her board or with another player (Thor's
#: Mjölnir), and a script repeated a number of times (``piece_steps.py``).
PIECE_OPS = frozenset(
    {"send_piece", "recall_piece", "move_piece", "if_piece_home", "if_piece_sent", "repeat"}
)
#: Raveness's Nevermore (``piece_holders.py``): a piece's own "activate" script, the
#: piece passed to any player, steps aimed at its holder, an opponent's discard.
HOLDER_OPS = frozenset({"activate_piece", "pass_piece", "at_piece_holder", "opponent_discards"})

#: Black Widow's steps (effects/deck.py): her Ability Upgrades in play counted,
#: tokens counting down, a hand shown to one player, a deck looked at or searched.
DECK_OPS = frozenset({"if_upgrades", "for_each_upgrade", "advance_tokens", "reveal_hand"})
DECK_OPS |= {"fetch_upgrade", "look_at_top"}

# -- end of the issue-22 block --------------------------------------------------------
# -- issue 22, Spider-Man (effects/reactions.py) ---------------------------------------
#: Flags: an additional Offensive Roll Phase; a Defensive Ability against an
#: undefendable Attack.
REACTION_FLAGS = frozenset({"extra_roll_phase", "allow_defense"})
#: ``expose: webbed``; ``discard_token``, ``with_defense``, ``swap_symbol`` (mappings).
REACTION_OPS = REACTION_FLAGS | {"expose", "discard_token", "with_defense", "swap_symbol"}
FLAG_OPS |= REACTION_FLAGS
OPS = AMOUNT_OPS | FLAG_OPS | STATUS_OPS | NESTED_OPS | COMPANION_OPS | CHOICE_OPS
OPS |= CLEAR_OPS | COUNT_OPS | {"damage", "manual"}
OPS |= CLEAR_OPS | REACTION_OPS | {"damage", "manual"}
OPS |= CLEAR_OPS | COST_OPS | TRACK_OPS | DIAL_OPS | {"damage", "manual"}
OPS |= HOLDING_OPS | {"extra_roll_attempt"}
OPS |= PIECE_OPS | HOLDER_OPS | DECK_OPS
#: A step reading the Attack as it stands (the Paladin's Crit): ``attack_checks.py``.
OPS |= {"if_attack_deals"}
#: An Attack failing before its effects (the Moon Elf's Blinded): ``attack_fails.py``.
FLAG_OPS |= {"fail_attack"}
OPS |= {"fail_attack"}
#: Ability Upgrades played this turn and an upgraded slot (Black Widow's Red Room
#: Training, Subversion!): ``upgrades_played.py``.
UPGRADE_OPS = frozenset({"for_each_upgrade_played", "if_upgraded"})
OPS |= UPGRADE_OPS
#: A piece's Upkeep roll changed while paused (Raveness's Feather): ``piece_rolls.py``.
OPS |= {"change_piece_roll"}
#: A condition on the die a spent token rolled (Black Widow's Elude!): ``spent_rolls.py``.
OPS |= {"if_spent_roll"}
#: Season 1 riders and the Treant (``riders.py``): an incoming status effect prevented.
RIDER_FLAGS = frozenset({"prevent_incoming_status", "remove_own_status", "transfer_chosen"})
FLAG_OPS |= RIDER_FLAGS
OPS |= RIDER_FLAGS | {"if_attack_dealt"}
#: A spent token's die re-rolled once where allowed (the Gunslinger's Reload), and
#: steps for an upgraded slot (Quick Draw II): ``riders.py``.
RIDER_OPS = frozenset({"allow_reroll", "reroll_if_allowed", "if_level"})
OPS |= RIDER_OPS


#: Amount steps aimed at the opponent unless they say otherwise.
_AIMED_OPS = frozenset({"damage", "lose_cp"})


def _token_count(node: Node) -> int:
    """A number of tokens, 1 to 10, or ``max``: as many as the stack limit allows."""
    if isinstance(node.node, yaml.ScalarNode) and node.node.value == "max":
        return UP_TO_LIMIT
    return node.integer(1, 10)


def text(node: Node) -> Text:
    """A name or text: plain (``name: Slap``, shown to every reader as is) or per
    locale (``name: {en-US: Slap, pt-BR: Tapa}``). A locale left out falls back
    to en-US, then to any given one; a locale the bot does not speak is refused."""
    if isinstance(node.node, yaml.ScalarNode):
        return {"en-US": node.text()}
    children = node.mapping()
    if not children:
        raise node.fail(f"give the text, or a mapping of locales ({', '.join(LOCALES)}) to texts")
    texts: dict[str, str] = {}
    for locale, child in children.items():
        if locale not in LOCALES:
            raise child.fail(f"unknown locale {locale!r} (known: {', '.join(LOCALES)})")
        texts[locale] = child.text()
    return texts


def ident(node: Node) -> str:
    value = node.text()
    if not value.replace("_", "").isalnum() or value.lower() != value:
        raise node.fail(f"ids are lowercase letters, digits and _, not {value!r}")
    return value


def counts(node: Node) -> dict[str, int]:
    return {k: v.integer(1, 5) for k, v in node.mapping().items()}


def script(node: Node) -> Script:
    """Parse an effect script: a list of steps."""
    return tuple(_step(item) for item in node.items())


def _step(node: Node) -> Step:
    if isinstance(node.node, yaml.ScalarNode):
        op = node.text()
        if op not in FLAG_OPS:
            raise node.fail(f"unknown step {op!r} (known: {', '.join(sorted(OPS))})")
        return Step(op=op, amount=1)
    children = node.mapping()
    if len(children) != 1:
        raise node.fail("a step is a mapping with exactly one key, the step's name")
    op, arg = next(iter(children.items()))
    if op not in OPS:
        raise arg.fail(f"unknown step {op!r} (known: {', '.join(sorted(OPS))})")
    if op in FLAG_OPS:
        if arg.boolean() is not True:
            raise arg.fail(f"write '{op}' alone or '{op}: true'")
        return Step(op=op, amount=1)
    if op in AMOUNT_OPS:
        if isinstance(arg.node, yaml.ScalarNode):
            return Step(op=op, amount=arg.integer(1, 50), target="self")
        f = Fields(arg, {"per", "times", "target", "of", "roll_sum", "half", "to", "matching"})
        return Step(
            op=op,
            amount=f.get("times", lambda n: n.integer(1, 50), 1),
            per=f.get("per", ident, None),
            target=f.get("target", _target, "opponent" if op in _AIMED_OPS else "self"),
            dice_of=f.get("of", _dice_of, "offensive"),
            roll_sum=f.get("roll_sum", Node.boolean, False),
            half=f.get("half", Node.boolean, False),
            # set_dice: the faces a die may be set to (Six-It!), or another die's (Samesies!).
            numbers=f.get("to", lambda n: tuple(i.integer(1, 6) for i in n.items()), ()),
            matching=f.get("matching", Node.boolean, False),
        )
    if op in CLEAR_OPS:
        if isinstance(arg.node, yaml.ScalarNode):
            return Step(op=op, amount=1, target=_target(arg))
        raise arg.fail(f"write '{op}: chosen' (or self, opponent)")
    if op == "damage":
        return _damage(arg)
    if op in STATUS_OPS:
        if isinstance(arg.node, yaml.ScalarNode):
            return Step(op=op, status=ident(arg), amount=1, target=_default_target(op))
        f = Fields(arg, {"status", "count", "target"})
        return Step(
            op=op,
            status=f.need("status", ident),
            amount=f.get("count", _token_count, 1),
            target=f.get("target", _target, _default_target(op)),
        )
    if op in COMPANION_OPS:
        if isinstance(arg.node, yaml.ScalarNode):
            return Step(op=op, companion=ident(arg), amount=1, target="self")
        f = Fields(arg, {"companion", "count"})
        return Step(
            op=op,
            companion=f.need("companion", ident),
            amount=f.get("count", lambda n: n.integer(1, 10), 1),
            target="self",
        )
    if op in CHOICE_OPS:
        return _choice_step(op, arg)
    if op in COUNT_OPS:
        return vocab_tokens.step(op, arg, script, text)
    if op in REACTION_OPS:
        return _reaction_step(op, arg)
    if op in TRACK_OPS:
        return _track_step(op, arg)
    if op in DIAL_OPS:
        return _dial_step(op, arg)
    if op in HOLDING_OPS:
        return _holding_step(op, arg)
    if op in PIECE_OPS:
        return _piece_step(op, arg)
    if op in HOLDER_OPS:
        return _holder_step(op, arg)
    if op in DECK_OPS:
        return _deck_step(op, arg)
    if op in UPGRADE_OPS:
        return _upgrade_step(op, arg)
    if op == "if_spent_roll":
        f = Fields(arg, {"status", "numbers", "do"})
        return Step(
            op=op,
            status=f.need("status", ident),
            numbers=f.need("numbers", lambda n: tuple(i.integer(1, 6) for i in n.items())),
            steps=f.need("do", script),
        )
    if op == "change_piece_roll":
        f = Fields(arg, {"piece", "by"})
        way = f.need("by", Node.text)
        if way not in ("reroll", "nudge"):
            raise arg.fail("by is 'reroll' or 'nudge'")
        return Step(op=op, piece=f.need("piece", ident), topic=way)
    if op in RIDER_OPS:
        return _rider_step(op, arg)
    if op in ("if_attack_deals", "if_attack_dealt"):
        f = Fields(arg, {"at_least", "do"})
        least = f.need("at_least", lambda n: n.integer(1, 30))
        return Step(op=op, amount=least, steps=f.need("do", script))
    if op == "gain_choice":
        f = Fields(arg, {"of", "count", "name"})
        return Step(
            op=op,
            statuses=f.need("of", _idents),
            amount=f.get("count", lambda n: n.integer(1, 5), 1),
            text=f.get("name", text, {}),
        )
    if op in COST_OPS:
        return _pay(arg)
    if op == "or":
        return _or(arg)
    if op == "manual":
        return Step(op=op, text=text(arg))
    if op == "opposed":
        f = Fields(arg, {"win", "lose", "ties", "reroll_with"})
        ties = f.get("ties", Node.text, "lose")
        if ties not in ("win", "lose"):
            raise arg.fail("ties is 'win' or 'lose'")
        return Step(
            op=op,
            steps=f.get("win", script, ()),
            otherwise=f.get("lose", script, ()),
            ties_win=ties == "win",
            # The owner may spend one token of this status to re-roll her die once.
            status=f.get("reroll_with", ident, None),
        )
    if op == "additionally":
        return Step(op=op, steps=script(arg))
    if op == "roll":
        f = Fields(arg, {"dice", "do", "per_token", "by"})
        roller = f.get("by", Node.text, "")
        if roller not in ("", "opponent"):
            raise arg.fail("by is 'opponent' (the owner rolls otherwise)")
        # "Roll 1 die per [token] (up to 5)": the Headless Horseman's Spectral Assault.
        per_token = f.get("per_token", ident, None)
        if per_token is not None:
            if f.get("dice", lambda n: n.integer(1, 5), 0):
                raise arg.fail("roll takes either dice or per_token")
            return Step(op=op, status=per_token, steps=f.need("do", script), roller=roller)
        return Step(
            op=op,
            dice=f.need("dice", lambda n: n.integer(1, 5)),
            steps=f.need("do", script),
            roller=roller,
        )
    f = Fields(arg, {"symbols", "sum_at_least", "numbers", "do", "sum_at_most", "of_a_kind"})
    step = Step(
        op=op,
        symbols=f.get("symbols", counts, {}),
        sum_at_least=f.get("sum_at_least", lambda n: n.integer(1, 30), 0),
        numbers=f.get("numbers", lambda n: tuple(i.integer(1, 6) for i in n.items()), ()),
        steps=f.need("do", script),
        sum_at_most=f.get("sum_at_most", lambda n: n.integer(1, 30), 0),
        of_a_kind=f.get("of_a_kind", lambda n: n.integer(2, 5), 0),
    )
    needs = (step.symbols, step.sum_at_least, step.numbers, step.sum_at_most, step.of_a_kind)
    if not any(needs):
        raise arg.fail("'with' needs symbols, numbers, sum_at_least, sum_at_most or of_a_kind")
    return step


def _choice_step(op: str, arg: Node) -> Step:
    """``reroll: {up_to, do}``, ``choose_player: {among, do}``, ``discard_for: [...]``."""
    if op == "discard_for":
        return Step(op=op, steps=script(arg))
    if op == "reroll":
        f = Fields(arg, {"up_to", "do", "per_token"})
        none: tuple[str, ...] = ()
        per_token = f.get("per_token", _idents, none)
        if per_token:
            # "one die per <token> you have, up to N" (Mythic Brawler's Wild Strength!).
            return Step(
                op="reroll",
                amount=f.get("up_to", lambda n: n.integer(1, 5), 5),
                statuses=per_token,
                steps=f.need("do", script),
            )
        return Step(
            op=op, amount=f.need("up_to", lambda n: n.integer(1, 5)), steps=f.need("do", script)
        )
    f = Fields(arg, {"among", "do", "up_to"})
    among = f.get("among", Node.text, "opponents")
    if among not in ("everyone", "opponents", "teammates"):
        raise arg.fail("among is 'everyone', 'opponents' or 'teammates'")
    # "Up to N chosen players" (Harvest!): N different players, the owner may stop.
    up_to = f.get("up_to", lambda n: n.integer(1, 4), 1)
    return Step(op=op, topic=among, steps=f.need("do", script), amount=up_to if up_to > 1 else 0)


def _reaction_step(op: str, arg: Node) -> Step:
    """``expose: webbed``; ``discard_token: {status, do, otherwise}``; ``with_defense:
    {defense, symbols, do}``; ``swap_symbol: {defense, from, to}``. The defence id is
    kept in the record's ``topic``; a swap's printed symbol in ``symbols``, the one
    read instead in ``per``."""
    if op == "expose":
        return Step(op=op, status=ident(arg), amount=1, target="self")
    if op == "discard_token":
        f = Fields(arg, {"status", "do", "otherwise"})
        return Step(
            op=op,
            status=f.need("status", ident),
            steps=f.need("do", script),
            otherwise=f.get("otherwise", script, ()),
            target="self",
        )
    if op == "with_defense":
        f = Fields(arg, {"defense", "symbols", "do"})
        return Step(
            op=op,
            topic=f.need("defense", ident),
            symbols=f.need("symbols", counts),
            steps=f.need("do", script),
            target="self",
        )
    f = Fields(arg, {"defense", "from", "to"})
    return Step(
        op=op,
        topic=f.need("defense", ident),
        symbols={f.need("from", ident): 1},
        per=f.need("to", ident),
        target="self",
    )


def _track_step(op: str, arg: Node) -> Step:
    """``move_track: {track, count, direction, per}`` (steps that must be taken),
    ``take_steps: {track, up_to, direction}`` (steps the owner may take) and
    ``on_track: {track, at: [0], do}`` (where the marker stands)."""
    if op == "on_track":
        f = Fields(arg, {"track", "at", "do"})
        return Step(
            op=op,
            track=f.need("track", ident),
            numbers=f.need("at", lambda n: tuple(i.integer(-5, 5) for i in n.items())),
            steps=f.need("do", script),
        )
    f = Fields(arg, {"track", "count", "up_to", "direction", "per"})
    ways = ("forward", "backward") if op == "move_track" else ("forward", "backward", "any")
    direction = f.get("direction", Node.text, "any")
    if direction not in ways:
        raise arg.fail(f"direction is one of {', '.join(ways)}")
    count_key = "count" if op == "move_track" else "up_to"
    return Step(
        op=op,
        track=f.need("track", ident),
        amount=f.need(count_key, lambda n: n.integer(1, 5)),
        topic=direction,
        per=f.get("per", ident, None) if op == "move_track" else None,
    )


def _dial_step(op: str, arg: Node) -> Step:
    """``raise_dial`` / ``lower_dial: {dial, by}`` (``by: half_roll``: half the dice
    rolled, rounded up), ``set_dial: {dial, to}``, ``empty_dial: {dial, do}``,
    ``flip_dial: dial`` and ``on_dial: {dial, side, at, do}``."""
    if op == "flip_dial":
        return Step(op=op, dial=ident(arg))
    keys = {"raise_dial": {"dial", "by"}, "lower_dial": {"dial", "by"}, "set_dial": {"dial", "to"}}
    f = Fields(arg, keys.get(op, {"dial", "do", "side", "at"}))
    dial = f.need("dial", ident)
    if op in ("raise_dial", "lower_dial"):
        if (
            f.get("by", lambda n: n.node.value if isinstance(n.node, yaml.ScalarNode) else "", "")
            == "half_roll"
        ):
            return Step(op=op, dial=dial, half=True, roll_sum=True)
        return Step(op=op, dial=dial, amount=f.need("by", lambda n: n.integer(1, 10)))
    if op == "set_dial":
        return Step(op=op, dial=dial, amount=f.need("to", lambda n: n.integer(0, 10)))
    if op == "empty_dial":
        return Step(op=op, dial=dial, steps=f.need("do", script))
    return Step(
        op=op,
        dial=dial,
        dice=f.get("side", lambda n: n.integer(0, 1), -1) + 1,
        numbers=f.get("at", lambda n: tuple(i.integer(0, 10) for i in n.items()), ()),
        steps=f.need("do", script),
    )


def _rider_step(op: str, arg: Node) -> Step:
    """``allow_reroll: {status, rerolled}``, ``reroll_if_allowed: {status, do}``,
    ``if_level: {slot, at_least, do}`` (``riders.py``)."""
    if op == "if_level":
        f = Fields(arg, {"slot", "at_least", "do"})
        return Step(
            op=op,
            topic=f.need("slot", ident),
            amount=f.need("at_least", lambda n: n.integer(2, 3)),
            steps=f.need("do", script),
        )
    nested = "rerolled" if op == "allow_reroll" else "do"
    f = Fields(arg, {"status", nested})
    none: Script = ()
    steps = f.get(nested, script, none) if op == "allow_reroll" else f.need(nested, script)
    return Step(op=op, status=f.need("status", ident), steps=steps)


def _holding_step(op: str, arg: Node) -> Step:
    """``relocate: {status, target, do}`` (the token, wherever it is, goes to the
    target; ``do`` when it changed hands), ``unless_first: [...]``, ``if_first: [...]``
    and ``if_roll_attempts: {fewer_than: 3, do}`` (the Samurai's Bushido)."""
    if op in ("unless_first", "if_first"):
        return Step(op=op, steps=script(arg))
    if op == "if_roll_attempts":
        f = Fields(arg, {"fewer_than", "do"})
        fewer = f.need("fewer_than", lambda n: n.integer(1, 10))
        return Step(op=op, amount=fewer, steps=f.need("do", script))
    if isinstance(arg.node, yaml.ScalarNode):
        return Step(op=op, status=ident(arg), target="self")
    f = Fields(arg, {"status", "target", "do"})
    return Step(
        op=op,
        status=f.need("status", ident),
        target=f.get("target", _target, "self"),
        steps=f.get("do", script, ()),
    )


def _piece_step(op: str, arg: Node) -> Step:
    """``send_piece: p`` / ``move_piece: p``, ``recall_piece: p`` or ``{piece, do}``,
    ``if_piece_home: {piece, do, else}``, ``if_piece_sent: {piece, times, do}`` and
    ``repeat: {times | up_to, do}`` (``topic`` "up_to": the owner picks how many)."""
    if op in ("send_piece", "move_piece", "recall_piece") and isinstance(arg.node, yaml.ScalarNode):
        return Step(op=op, piece=ident(arg))
    if op == "repeat":
        f = Fields(arg, {"times", "up_to", "do"})
        times = f.get("times", lambda n: n.integer(1, 10), 0)
        up_to = f.get("up_to", lambda n: n.integer(1, 10), 0)
        if bool(times) == bool(up_to):
            raise arg.fail("repeat needs either times or up_to")
        topic = "up_to" if up_to else "times"
        return Step(op=op, amount=times or up_to, topic=topic, steps=f.need("do", script))
    keys = {"recall_piece": {"piece", "do"}, "if_piece_home": {"piece", "do", "else"}}
    f = Fields(arg, keys.get(op, {"piece", "times", "do"}))
    piece = f.need("piece", ident)
    if op == "recall_piece":
        return Step(op=op, piece=piece, steps=f.get("do", script, ()))
    if op == "if_piece_home":
        return Step(
            op=op, piece=piece, steps=f.get("do", script, ()), otherwise=f.get("else", script, ())
        )
    if op != "if_piece_sent":
        raise arg.fail(f"write '{op}: <piece>'")
    return Step(
        op=op,
        piece=piece,
        amount=f.need("times", lambda n: n.integer(1, 10)),
        steps=f.need("do", script),
    )


def _holder_step(op: str, arg: Node) -> Step:
    """``activate_piece: p``, ``pass_piece: p``, ``opponent_discards: 1`` and
    ``at_piece_holder: {piece, among, do}`` (``among``: everyone, opponents or
    opponent; kept in the record's ``topic``)."""
    if op == "opponent_discards":
        return Step(op=op, amount=arg.integer(1, 1))
    if op in ("activate_piece", "pass_piece"):
        return Step(op=op, piece=ident(arg))
    f = Fields(arg, {"piece", "among", "do"})
    among = f.get("among", Node.text, "everyone")
    if among not in ("everyone", "opponents", "opponent"):
        raise arg.fail("among is 'everyone', 'opponents' or 'opponent'")
    return Step(op=op, piece=f.need("piece", ident), topic=among, steps=f.need("do", script))


def _deck_step(op: str, arg: Node) -> Step:
    """``if_upgrades: {at_least, do, else}``, ``for_each_upgrade: [...]``,
    ``advance_tokens: [ids]``, ``reveal_hand: opponent``, ``fetch_upgrade: {from,
    to, count}`` and ``look_at_top: {count, take_upgrades, if_none}``."""
    if op == "if_upgrades":
        f = Fields(arg, {"at_least", "do", "else"})
        return Step(
            op=op,
            amount=f.need("at_least", lambda n: n.integer(1, 10)),
            steps=f.need("do", script),
            otherwise=f.get("else", script, ()),
        )
    if op == "for_each_upgrade":
        return Step(op=op, steps=script(arg))
    if op == "advance_tokens":
        return Step(op=op, statuses=_idents(arg))
    if op == "reveal_hand":
        return Step(op=op, target=_target(arg))
    if op == "fetch_upgrade":
        f = Fields(arg, {"from", "to", "count"})
        source = f.get("from", Node.text, "deck")
        destination = f.get("to", Node.text, "play")
        if source not in ("deck", "hand") or destination not in ("play", "hand"):
            raise arg.fail("from is 'deck' or 'hand'; to is 'play' or 'hand'")
        return Step(
            op=op,
            amount=f.get("count", lambda n: n.integer(1, 5), 1),
            topic=f"{source}>{destination}",
        )
    f = Fields(arg, {"count", "take_upgrades", "if_none"})
    return Step(
        op=op,
        amount=f.need("count", lambda n: n.integer(1, 10)),
        topic="take_upgrades" if f.get("take_upgrades", Node.boolean, False) else "",
        otherwise=f.get("if_none", script, ()),
    )


def _idents(node: Node) -> tuple[str, ...]:
    return tuple(ident(i) for i in node.items())


def _pay(arg: Node) -> Step:
    """``pay: {status, count, do}`` (remove tokens of yours, or ``from: opponent``) or
    ``pay: {cp, do}``."""
    f = Fields(arg, {"status", "count", "cp", "do", "from"})
    steps = f.need("do", script)
    cp = f.get("cp", lambda n: n.integer(1, 15), 0)
    status = f.get("status", ident, None)
    if (status is None) == (not cp):
        raise arg.fail("pay names either a status (with count) or cp")
    if cp:
        return Step(op="pay", amount=cp, steps=steps)
    holder = f.get("from", Node.text, "self")
    if holder not in ("self", "opponent"):
        raise arg.fail("from is 'self' or 'opponent'")
    return Step(
        op="pay",
        status=status,
        amount=f.get("count", lambda n: n.integer(1, 10), 1),
        steps=steps,
        target=holder,
    )


def _or(arg: Node) -> Step:
    """ "Ou": two or more options, each a script or ``{text, do}``."""
    options = []
    for item in arg.items():
        if isinstance(item.node, yaml.SequenceNode):
            options.append(Step(op="option", steps=script(item)))
        else:
            f = Fields(item, {"text", "do"})
            options.append(Step(op="option", steps=f.need("do", script), text=f.need("text", text)))
    if len(options) < 2:
        raise arg.fail("'or' needs at least two options")
    return Step(op="or", steps=tuple(options))


def _damage(arg: Node) -> Step:
    if isinstance(arg.node, yaml.ScalarNode):
        return Step(op="damage", amount=arg.integer(1, 50))
    f = Fields(
        arg, {"amount", "kind", "per", "times", "roll_sum", "target", "isolated", "half", "best"}
    )
    kind = f.get("kind", lambda n: enum_value(n, DamageKind), DamageKind.NORMAL)
    step = Step(
        op="damage",
        amount=f.get("amount", lambda n: n.integer(1, 50), 0)
        or f.get("times", lambda n: n.integer(1, 50), 0),
        kind=kind,
        per=f.get("per", ident, None),
        roll_sum=f.get("roll_sum", Node.boolean, False),
        target=f.get("target", _damage_target, "opponent"),
        isolated=f.get("isolated", Node.boolean, False),
        half=f.get("half", Node.boolean, False),
        best=f.get("best", lambda n: n.integer(1, 4), 0),
    )
    if step.best and not step.roll_sum:
        raise arg.fail("best (the N highest dice) goes with roll_sum")
    if not step.amount and not step.roll_sum:
        raise arg.fail("damage needs amount, per/times or roll_sum")
    if step.target in SPREAD_TARGETS and kind is not DamageKind.COLLATERAL:
        # "Regras Especiais de Alvo" belong to collateral damage alone ("Tipos de Dano").
        raise arg.fail(f"target {step.target!r} is for collateral damage only")
    return step


def _damage_target(node: Node) -> str:
    value = node.text()
    if value not in ("self", "opponent", "chosen", *SPREAD_TARGETS):
        raise node.fail(
            "target is 'self', 'opponent', 'chosen' (the player a card names) or, for "
            "collateral damage, 'each_opponent', 'everyone', 'left', 'right' or 'teammates'"
        )
    return value


def _target(node: Node) -> str:
    value = node.text()
    if value not in ("self", "opponent", "chosen"):
        raise node.fail("target is 'self', 'opponent' or 'chosen' (the player a card names)")
    return value


def _dice_of(node: Node) -> str:
    value = node.text()
    if value not in ("offensive", "defensive", "any", "roll_phase"):
        raise node.fail(
            "of is 'offensive', 'defensive', 'roll_phase' or 'any' (which dice a card changes)"
        )
    return value


def _default_target(op: str) -> str:
    return "opponent" if op in ("inflict", "move") else "self"


def enum_value(node: Node, tp: Any) -> Any:
    value = node.text()
    try:
        return tp(value)
    except ValueError:
        known = ", ".join(m.value for m in tp)
        raise node.fail(f"{value!r} is not one of {known}") from None


def _upgrade_step(op: str, arg: Node) -> Step:
    """``for_each_upgrade_played: [...]`` and ``if_upgraded: {slot, level, do}``."""
    if op == "for_each_upgrade_played":
        return Step(op=op, steps=script(arg))
    f = Fields(arg, {"slot", "level", "do"})
    return Step(
        op=op,
        topic=f.need("slot", ident),
        amount=f.need("level", lambda n: n.integer(2, 3)),
        steps=f.need("do", script),
    )
