"""Creepy Falls card text, rendered from the same data the engine runs.

The Spell Book and the Form tiles shown to people are written here from
``board.yaml``'s effect parameters, so what a learner reads can never disagree with
what the engine does.  Names and numbers marked illustrative in the data are the
project's own.
"""

from __future__ import annotations

from typing import Any

from tutor.games.creepy_falls.data import TOKEN_NAMES, TOKENS, BoardData


def tokens_phrase(mapping: dict[str, Any]) -> str:
    """``"1 Soul and 1 Blood"`` for a ``{token: count}`` mapping."""
    parts = [f"{int(v)} {TOKEN_NAMES[TOKENS.index(k)]}" for k, v in mapping.items() if v]
    if len(parts) <= 1:
        return parts[0] if parts else "nothing"
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def spell_text(board: BoardData, index: int) -> str:
    """The effect of Spell ``index`` in words, from its data.

    Raises:
        ValueError: for an effect the engine does not know.
    """
    spell = board.spells[index]
    p = spell.params
    e = spell.effect
    if e == "zone_bonus":
        ranks = int(p.get("ranks", 1))
        which = "first" if ranks == 1 else "first or second" if ranks == 2 else f"top {ranks}"
        return (
            f"Each time you take the {which} advantage in {p['zone']}, "
            f"you also get {tokens_phrase(p.get('tokens', {}))}."
        )
    if e == "cheaper_spells":
        return f"Every Spell you cast later costs {int(p.get('amount', 1))} Grimoire less."
    if e == "roll_die":
        faces = ", ".join(TOKEN_NAMES[k] for k in board.die_faces)
        return f"After each Store phase, roll the three-outcome die ({faces}) and take that token."
    if e == "extra_form":
        return "After everyone has chosen a Form, you choose one more Form if any is left."
    if e == "bigger_beasts":
        sizes = p.get("sizes", {})
        return (
            f"Your Werewolves have size {sizes.get('werewolf', 3)} "
            f"and your Witches size {sizes.get('witch', 1)}."
        )
    if e == "souls_per_spell":
        return (
            f"At the end of the game, take {int(p.get('souls', 2))} Souls for each Spell "
            "you have cast, this one included."
        )
    if e == "no_toll":
        return "You no longer pay the Toll of Blood."
    if e == "double_sales":
        return (
            f"Each token you sell earns {int(p.get('factor', 2))} Blood; "
            "with the Wild Animal Form its bonus is doubled too."
        )
    if e == "swap_values":
        return (
            f"At the end of the game each Blood is worth {int(p.get('blood', 2))} Power Points "
            f"and each Soul {int(p.get('soul', 1))}."
        )
    if e == "beasts_as_ghouls":
        return (
            "Your Werewolves and Witches are placed by the rules of a Ghoul: together with "
            "other units and in zones with your other units."
        )
    if e == "ignore_van_helsing":
        return "You may place in the zone where the Van Helsing die stands."
    raise ValueError(f"unknown spell effect {e!r}")


def form_text(board: BoardData, index: int) -> str:
    """The effect of Form ``index`` in words, from its data.

    Raises:
        ValueError: for an effect the engine does not know.
    """
    form = board.forms[index]
    p = form.params
    e = form.effect
    if e == "move_ghoul":
        return (
            "After the Placement phase, you may move one of your placed Ghouls to another "
            "zone, following the rules for placing a Mummy."
        )
    if e == "rats":
        return (
            f"Before the Placement phase, put {int(p.get('markers', 3))} Rat markers on "
            "different zones: in ties there, you count as having placed first."
        )
    if e == "pass":
        return (
            f"You may pass a placement turn up to {int(p.get('passes', 2))} times this "
            "round, never two turns in a row."
        )
    if e == "first_bonus":
        bonus = p.get("bonus", {})
        parts = [f"{zone}: {tokens_phrase(tokens)}" for zone, tokens in bonus.items()]
        return "When you take the first advantage of a zone, you also get " + "; ".join(parts) + "."
    if e == "sell_bonus":
        bonus = p.get("bonus", {})
        parts = [
            f"{int(v)} Blood if you sell {TOKEN_NAMES[TOKENS.index(k)]}"
            for k, v in bonus.items()
            if v
        ]
        return (
            "When you sell at least one token in the Store phase, you also get "
            + " or ".join(parts)
            + " (only your first sale counts in round 6)."
        )
    if e == "move_van_helsing":
        return (
            "Before the Placement phase (and before the Swarm of Rats), you may move the "
            "Van Helsing die to any zone; it stays there until moved again."
        )
    raise ValueError(f"unknown form effect {e!r}")


def board_text(board: BoardData) -> str:
    """The zones with their advantages, the Forms and the Spell Book, as text for people.

    Everything is written from the board data the engine runs; illustrative values are
    said to be so.
    """
    lines = ["Zones (resolved in this order; rewards are illustrative):"]
    for zone in board.zones:
        parts = []
        for i, adv in enumerate(zone.advantages):
            got = [f"{a} {TOKEN_NAMES[k]}" for k, a in enumerate(adv.tokens) if a]
            if adv.choose:
                got.append(f"pick {adv.choose} of the round tokens")
            if adv.action:
                got.append("a Karloff-113 action")
            parts.append(f"{i + 1}. {' + '.join(got)}")
        lines.append(f"  {zone.number} {zone.name}: {'; '.join(parts) or 'no advantages'}")
    lines.append("Forms:")
    for form in board.forms:
        lines.append(f"  {form.name}: {form_text(board, form.index)}")
    lines.append("Spell Book (names illustrative):")
    for spell in board.spells:
        lines.append(
            f"  {spell.name} (level {spell.level}, {spell.cost} Grimoire): "
            f"{spell_text(board, spell.index)}"
        )
    return "\n".join(lines)
