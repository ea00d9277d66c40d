"""Two toy games that exist only in the tests, registered through their specs.

They prove that every shared tool works for any game a spec declares, not just the
games shipped in ``tutor/games/``:

* **Toy Nim** (``toy_nim``): two players, deterministic, perfect information.
* **Toy High Hand** (``toy_high_hand``): two to six players, hidden hands, a shuffled
  deck dealt and drawn through explicit chance steps, ties possible.

Each toy reads its rule book from its own folder beside its code (no ``rulesets/``
entry), and is registered at run time with :func:`register_toys` (the test
conftest does this before collection, so parametrised suites see the toys).
"""

from __future__ import annotations

from tutor.core.spec import GameSpec, Hooks, register_spec, unregister_spec

NIM_SPEC = GameSpec(
    name="toy_nim",
    title="Toy Nim",
    game="toys.toy_nim.game:NimGame",
    players=(2, 2),
    information="perfect",
    chance=False,
    rule_prefix="nim",
    citation="topic",
    summary="Take one to three stones; the last stone decides.",
    option_sets=({"rulings": {"last_stone": "loses"}},),
    hooks=Hooks(bots="toys.toy_nim.bots:BOTS"),
)

HIGH_HAND_SPEC = GameSpec(
    name="toy_high_hand",
    title="Toy High Hand",
    game="toys.toy_high_hand.game:HighHandGame",
    players=(2, 6),
    information="imperfect",
    chance=True,
    rule_prefix="hh",
    citation="section",
    summary="Hidden two-card hands; keep or swap; the highest total wins.",
)

TOY_SPECS = (NIM_SPEC, HIGH_HAND_SPEC)
TOY_NAMES = frozenset(spec.name for spec in TOY_SPECS)
"""Suites about the games shipped with the kit (their rulesets, golden traces) skip these."""


def register_toys() -> list[str]:
    """Register both toy games; return their names."""
    for spec in TOY_SPECS:
        register_spec(spec)
    return [spec.name for spec in TOY_SPECS]


def unregister_toys() -> None:
    """Forget both toy games."""
    for spec in TOY_SPECS:
        unregister_spec(spec.name)


__all__ = [
    "HIGH_HAND_SPEC",
    "NIM_SPEC",
    "TOY_NAMES",
    "TOY_SPECS",
    "register_toys",
    "unregister_toys",
]
