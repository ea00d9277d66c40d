"""The random number generator gives the SplitMix64 numbers, in whichever build runs.

``Rng`` (``tutor/core/random_engine/splitmix.py``) is compiled with mypyc, and the
compiled build draws on two 32-bit halves while the source uses Python integers.  Saved
games, golden traces and state digests depend on every number it draws, so both ways are
held here to the plain SplitMix64 formula, including the rare draws that rejection
sampling throws away.
"""

from __future__ import annotations

import random

import pytest

from tutor.core.rng import Rng

MASK = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15
MUL1 = 0xBF58476D1CE4E5B9
MUL2 = 0x94D049BB133111EB


def reference_below(state: int, n: int) -> tuple[int, int]:
    """The draw below ``n`` from ``state`` by the formula; returns (value, new state)."""
    while True:
        state = z = (state + GAMMA) & MASK
        z = ((z ^ (z >> 30)) * MUL1) & MASK
        z = ((z ^ (z >> 27)) * MUL2) & MASK
        x = z ^ (z >> 31)
        if x < MASK - (MASK % n):
            return x % n, state


def unmix(x: int) -> int:
    """The state whose next draw is the 64-bit output ``x`` (SplitMix64 is invertible)."""

    def unxorshift(y: int, k: int) -> int:
        z = y
        for _ in range(64 // k + 1):
            z = y ^ (z >> k)
        return z

    z = unxorshift(x, 31)
    z = (z * pow(MUL2, -1, 1 << 64)) & MASK
    z = unxorshift(z, 27)
    z = (z * pow(MUL1, -1, 1 << 64)) & MASK
    z = unxorshift(z, 30)
    return (z - GAMMA) & MASK  # the step adds GAMMA to the state first


def first_output(state: int) -> int:
    """The 64-bit output of the first step from ``state``, by the formula."""
    z = (state + GAMMA) & MASK
    z = ((z ^ (z >> 30)) * MUL1) & MASK
    z = ((z ^ (z >> 27)) * MUL2) & MASK
    return z ^ (z >> 31)


BOUNDS = [1, 2, 3, 7, 52, 1000, (1 << 31) - 1, 1 << 31, (1 << 31) + 1, 1 << 40, MASK]


@pytest.mark.parametrize("seed", [0, 1, 12345, -1, 1 << 63, MASK, 1 << 70])
def test_draws_follow_the_formula(seed: int) -> None:
    rng = Rng(seed)
    state = seed & MASK
    assert rng.state == state
    picks = random.Random(seed)
    for _ in range(2000):
        n = picks.choice([*BOUNDS, picks.randint(1, 1 << 31), picks.randint(1, MASK)])
        expected, state = reference_below(state, n)
        assert rng.below(n) == expected, (seed, n)
        assert rng.state == state


def test_the_halves_arithmetic_matches_the_formula() -> None:
    # _below_halves is what the compiled build uses; as Python it must agree too.
    picks = random.Random(9)
    for _ in range(5000):
        state = picks.getrandbits(64)
        n = picks.choice([1, 2, 3, 5, 52, 1 << 31, picks.randint(1, 1 << 31)])
        rng = Rng(state)
        expected, after = reference_below(state, n)
        assert rng._below_halves(n) == expected
        assert rng.state == after


@pytest.mark.parametrize(
    ("x", "n"),
    [(MASK, 3), (MASK, 5), (MASK - 5, 2), (MASK - 1, 2), (MASK - (1 << 31), 1 << 31)],
)
def test_draws_at_the_top_of_the_range_are_kept_or_rejected_exactly(x: int, n: int) -> None:
    state = unmix(x)
    assert first_output(state) == x
    for draw in (Rng.below, Rng._below_halves):
        rng = Rng(state)
        assert draw(rng, n) == reference_below(state, n)[0]
        assert rng.state == reference_below(state, n)[1]


def test_copy_state_and_the_other_draws() -> None:
    rng = Rng(42)
    twin = rng.copy()
    assert [rng.below(10) for _ in range(5)] == [twin.below(10) for _ in range(5)]
    rng.state = 2**64 + 7  # folded into 64 bits
    assert rng.state == 7
    assert rng.next_u64() == first_output(7) and rng.state == (7 + GAMMA) & MASK
    assert 0.0 <= rng.random() < 1.0
    with pytest.raises(ValueError, match="bound"):
        rng.below(0)
    with pytest.raises(ValueError, match="bound"):
        rng.below(1 << 64)
