"""The Full Circle module (topic 21): characters dealt face down and turned up at maximum
wounds, and the lasting drawback of its afflictions (topic 13).

The shared engine modules call in here only when the game has the module (setup, a
player reaching maximum wounds, the running total of wound and heal lines, wounds from
events), so base games never reach this code and play exactly as before.
"""

from __future__ import annotations

from tutor.games.mantis_falls.engine.data import MantisFallsData


def owner_sees_character(s: MantisFallsData) -> bool:
    """Whether a player may look at their own face-down character (ruling
    ``character_owner_looks``)."""
    return s._ruling("character_owner_looks") == "owner_looks"


def deal_characters(s: MantisFallsData) -> None:
    """Deal each player a character card face down at random (mf.21.2).

    The pool is the game's ``character_pool`` (ruling ``full_circle_urbanites``); the
    cards not dealt go back to the box unseen, so the state keeps no record of them.
    """
    game = s.game
    pool = game.character_pool[:]
    s.rng.shuffle(pool)
    characters = s.cards.character_cards
    n = game.num_players
    for p in range(n):
        s.characters[p] = pool[p]
        s.max_wounds[p] = characters[pool[p]].max_wounds
        s.character_shown[p] = False
    if not s.tracing:
        return
    sevens_nines = sorted({characters[c].max_wounds for c in pool})
    spread = ", ".join(str(m) for m in sevens_nines)
    s._log(
        "mf.21.2",
        f"The {len(pool)} character cards (maximum wounds {spread}) are shuffled; each player "
        "is dealt one face down and the others go back in the box unseen.",
    )
    if owner_sees_character(s):
        for p in range(n):
            card = characters[s.characters[p]]
            s._log(
                "mf.21.2",
                f"{s.name(p)} looks at their character: {card.name} "
                f"(maximum {card.max_wounds} wounds).",
                p,
                visible_to=(p,),
                public_text=f"{s.name(p)} looks at their character and keeps it face down.",
            )


def reveal_character(s: MantisFallsData, p: int) -> None:
    """Turn player ``p``'s character face up for the rest of the game (mf.21.3)."""
    s.character_shown[p] = True
    if s.tracing:
        card = s.cards.character_cards[s.characters[p]]
        s._log(
            "mf.21.3",
            f"{s.name(p)} has reached maximum wounds: their character card is turned face "
            f"up for the rest of the game — {card.name}, maximum {card.max_wounds} wounds.",
            p,
            changes=(("character", None, card.name),),
        )


def wound_total(s: MantisFallsData, p: int, wounds: int) -> str:
    """A running total for wound and heal lines: ``"5/8"``, or ``"5/?"`` while the
    character (and so the maximum) is face down (mf.21.3)."""
    if s.character_shown[p]:
        return f"{wounds}/{s.max_wounds[p]}"
    return f"{wounds}/?"


def afflicted_event_wounds(s: MantisFallsData, p: int, amount: int) -> int:
    """Wounds ``p`` receives from an event after their afflictions' drawback (mf.13.2)."""
    extra = s._passive(p, "extra_event_wounds")
    if not extra:
        return amount
    if s.tracing:
        s._log(
            "mf.13.2",
            f"An affliction of {s.name(p)} raises the event's {amount} wound"
            f"{'s' * (amount != 1)} to {amount + extra}.",
            p,
        )
    return amount + extra
