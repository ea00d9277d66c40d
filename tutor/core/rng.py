"""A tiny deterministic random number generator kept inside every State.

It is a SplitMix64 stream: one integer of state, so cloning a State costs nothing,
it serialises to JSON as a number, and the same seed gives the same numbers on every
machine and Python version (unlike ``random.Random`` whose internals may change).
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

_MASK = (1 << 64) - 1
T = TypeVar("T")


class Rng:
    """SplitMix64 generator.

    Args:
        seed: any integer; it is folded into 64 bits.
    """

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next_u64(self) -> int:
        """Return the next 64-bit unsigned integer."""
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Return a uniform integer in ``[0, n)``.

        Raises:
            ValueError: if ``n`` is not between 1 and 2**64 - 1.
        """
        if not 0 < n <= 0xFFFFFFFFFFFFFFFF:
            raise ValueError(f"Rng.below needs a bound from 1 to 2**64 - 1, got {n}")
        # Rejection sampling keeps the draw exactly uniform: x is accepted below
        # limit = 2**64 - 1 - (2**64 - 1) % n.  Since limit >= 2**64 - n, the cheap test
        # first accepts nearly every draw.  The body of next_u64 is repeated here (with
        # the mask written out): this is the hottest call of bulk simulation.
        while True:
            self.state = z = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
            x = z ^ (z >> 31)
            if x < 0x10000000000000000 - n or x < _MASK - (_MASK % n):
                return x % n

    def random(self) -> float:
        """Return a float in ``[0, 1)``."""
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        """Return one element of a non-empty sequence.

        Raises:
            ValueError: if the sequence is empty.
        """
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Shuffle a list in place (Fisher-Yates)."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def copy(self) -> Rng:
        """Return an independent generator in the same position."""
        r = Rng.__new__(Rng)
        r.state = self.state
        return r
