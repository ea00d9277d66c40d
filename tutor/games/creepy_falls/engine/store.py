"""The Store (topic 12): buying units, casting Spells, selling tokens; Fortune's Die.

In turn order each player buys units for their tokens, no more than the pieces of their
colour (cf.12.1-12.2, cf.12.7), and casts Spells for Grimoire, each once, a level only
after one of the level below (cf.12.3-12.4; Arcane Thrift makes them cheaper, cf.16.2);
then each sells tokens of one type for Blood, twice in the last round (cf.12.5-12.6;
the Wild Animal Form and Blood Market add to it, cf.15.5, cf.16.9).  Last, whoever cast
Fortune's Die rolls it for a token (cf.16.3).
"""

from __future__ import annotations

from tutor.core.types import Action
from tutor.games.creepy_falls.engine.components import (
    BLOOD,
    GRIMOIRE,
    NS,
    NT,
    NU,
    ROUNDS,
    SELLABLE,
    TOKEN_NAMES,
    WILD_ANIMAL,
    article,
)
from tutor.games.creepy_falls.engine.data import CreepyFallsData
from tutor.games.creepy_falls.engine.frames import (
    PH_DIE,
    PH_SELL,
    PH_TOLL,
    W_BUY,
    W_CHANCE,
    W_SELL,
)


# ---------------------------------------------------------------- buying and casting
def buy_step(s: CreepyFallsData) -> None:
    """The next player in turn order who can buy something buys, or selling comes next.

    Args:
        s: The state; waits at ``W_BUY`` for the next player with more than finishing
            to choose.
    """
    while s.cursor < s.n:
        p = (s.first + s.cursor) % s.n
        if len(purchases(s, p)) > 1:
            s.actor = p
            s.wait = W_BUY
            return
        s.cursor += 1
    s.phase = PH_SELL
    s.cursor = 0
    s.count = 0


def spell_cost(s: CreepyFallsData, p: int, spell: int) -> int:
    """What Spell ``spell`` costs player ``p`` in Grimoire (Arcane Thrift counted).

    Args:
        s: The state.
        p: The player.
        spell: The Spell.

    Returns:
        The cost, never below 0.
    """
    g = s.game
    cost = int(g.board.spells[spell].cost)
    if s.has_spell(p, g.spell_thrift):
        cost = max(0, cost - int(g.thrift_amount))
    return cost


def may_cast(s: CreepyFallsData, p: int, spell: int) -> bool:
    """Whether ``p`` may cast Spell ``spell`` now: not yet cast, level reached, affordable.

    Args:
        s: The state.
        p: The player.
        spell: The Spell.

    Returns:
        True if the player may cast it.
    """
    base = p * NS
    if s.spells[base + spell]:
        return False
    g = s.game
    level: int = g.spell_levels[spell]
    if level > 1:
        below: tuple[int, ...] = g.spells_of_level[level - 1]
        if not any(s.spells[base + o] for o in below):
            return False
    return s.tokens[p * NT + GRIMOIRE] >= spell_cost(s, p, spell)


def purchases(s: CreepyFallsData, p: int) -> list[Action]:
    """What player ``p`` can buy now, and finishing (always last in sort order).

    Args:
        s: The state.
        p: The player buying.

    Returns:
        The units they can pay for and have pieces left of, finishing, then the Spells
        they may cast.
    """
    g = s.game
    acts: list[Action] = []
    for t in range(NU):
        pay = g.pay[t]
        if pay < 0:
            continue
        if s.tokens[p * NT + pay] >= g.costs[t] and s.owned(p, t) < g.limits[t]:
            acts.append(g.buy_actions[p][t])
    acts.append(g.done_buying[p])
    for spell in range(NS):
        if may_cast(s, p, spell):
            acts.append(g.spell_actions[p][spell])
    return acts


def buy_chosen(s: CreepyFallsData, action: Action) -> None:
    """The player buys a unit, casts a Spell, or finishes buying.

    Args:
        s: The state, waiting at ``W_BUY``.
        action: ``done``, ``buy`` (``args[0]`` the unit type) or a Spell (``args[0]``).
    """
    p = action.player
    g = s.game
    kind = action.kind
    if kind == "done":
        s.cursor += 1
        if s.tracing:
            s._log("cf.12.1", f"{s.name(p)} finishes buying.", p, "action")
        return
    if kind == "buy":
        t = int(action.args[0])
        s.tokens[p * NT + g.pay[t]] -= g.costs[t]
        s.reserve[p * NU + t] += 1
        if s.tracing:
            s._log(
                "cf.12.2",
                f"{s.name(p)} buys {article(g.board.units[t].name)} for "
                f"{g.costs[t]} {TOKEN_NAMES[g.pay[t]]}.",
                p,
                "action",
            )
        return
    spell = int(action.args[0])
    cost = spell_cost(s, p, spell)
    s.tokens[p * NT + GRIMOIRE] -= cost
    s.spells[p * NS + spell] = 1
    if s.tracing:
        book = g.board.spells[spell]
        s._log(
            "cf.12.3",
            f"{s.name(p)} casts {book.name} (level {book.level}) for "
            f"{cost} Grimoire: {g.spell_texts[spell]}",
            p,
            "action",
        )


# ---------------------------------------------------------------- selling
def sales_allowed(s: CreepyFallsData) -> int:
    """How many sales a player may make this round (two in the last, cf.12.6).

    Args:
        s: The state.

    Returns:
        1, or 2 in the last round.
    """
    return 2 if s.round_no == ROUNDS else 1


def sell_step(s: CreepyFallsData) -> None:
    """The next player in turn order with tokens to sell sells, or Fortune's Die follows.

    Args:
        s: The state; waits at ``W_SELL`` for the next player with sales left.
    """
    while s.cursor < s.n:
        p = (s.first + s.cursor) % s.n
        if s.count < sales_allowed(s) and any(s.tokens[p * NT + k] for k in SELLABLE):
            s.actor = p
            s.wait = W_SELL
            return
        s.cursor += 1
        s.count = 0
    s.phase = PH_DIE
    s.cursor = 0


def sales(s: CreepyFallsData, p: int) -> list[Action]:
    """Every sale player ``p`` can make now, and selling nothing.

    Args:
        s: The state.
        p: The player selling.

    Returns:
        Selling nothing first, then 1 to 5 tokens of each sellable kind they have.
    """
    g = s.game
    acts = [g.done_selling[p]]
    for i, k in enumerate(SELLABLE):
        have = min(5, s.tokens[p * NT + k])
        for c in range(1, have + 1):
            acts.append(g.sell_actions[p][i * 5 + c - 1])
    return acts


def sell_chosen(s: CreepyFallsData, action: Action) -> None:
    """The player sells tokens of one kind for Blood, or sells nothing more.

    Args:
        s: The state, waiting at ``W_SELL``.
        action: ``done``, or a sale with ``args`` the token kind and how many.
    """
    p = action.player
    g = s.game
    if action.kind == "done":
        s.cursor += 1
        s.count = 0
        if s.tracing:
            s._log("cf.12.5", f"{s.name(p)} sells nothing more.", p, "action")
        return
    k, c = int(action.args[0]), int(action.args[1])
    factor = 2 if s.has_spell(p, g.spell_market) else 1
    s.tokens[p * NT + k] -= c
    blood = c * factor
    first_sale = s.count == 0
    s.count += 1
    bonus = 0
    if first_sale and s.holds_form(p, WILD_ANIMAL):
        bonus = int(g.sell_bonus[k]) * factor
    s._gain(p, BLOOD, blood + bonus)
    if s.tracing:
        rule = "cf.12.6" if s.round_no == ROUNDS else "cf.12.5"
        how = " (Blood Market: 2 Blood each)" if factor == 2 else ""
        s._log(
            rule,
            f"{s.name(p)} sells {c} {TOKEN_NAMES[k]} for {blood} Blood{how}.",
            p,
            "action",
        )
        if bonus:
            s._log("cf.15.5", f"{s.name(p)} gets {bonus} more Blood for the Wild Animal Form.")
        if factor == 2:
            s._log("cf.16.9", f"{s.name(p)}'s Blood Market doubles what the sale earns.")
    if s.count >= sales_allowed(s):
        s.cursor += 1
        s.count = 0


# ---------------------------------------------------------------- Fortune's Die
def die_step(s: CreepyFallsData) -> None:
    """Fortune's Die (cf.16.3): each owner in turn rolls the die, a chance step.

    Args:
        s: The state; waits for chance for the next owner, else moves on to the toll.
    """
    spell = s.game.spell_die
    while s.cursor < s.n:
        p = (s.first + s.cursor) % s.n
        if s.has_spell(p, spell):
            s.actor = p
            s.wait = W_CHANCE
            return
        s.cursor += 1
    s.phase = PH_TOLL
    s.cursor = 0


def die_rolled(s: CreepyFallsData, action: Action) -> None:
    """The die's face ``action`` gives the roller one token of that kind.

    Args:
        s: The state, waiting for chance.
        action: The face; ``args[0]`` is the token kind.
    """
    k = int(action.args[0])
    s._gain(s.actor, k, 1)
    if s.tracing:
        g = s.game
        s._log(
            "cf.16.3",
            f"{s.name(s.actor)} rolls the die ({g.board.spells[g.spell_die].name}): "
            f"{TOKEN_NAMES[k]}; takes 1 {TOKEN_NAMES[k]}.",
            s.actor,
            "chance",
        )
    s.cursor += 1
