"""A tiny deterministic random number generator kept inside every State.

It is a SplitMix64 stream: one 64-bit integer of state, so cloning a State costs
nothing, it serialises to JSON as a number, and the same seed gives the same numbers on
every machine and Python version (unlike ``random.Random`` whose internals may change).

This is the one module of the random-number group (``tutor.core.random_engine``),
compiled with mypyc so that compiled game engines call it directly in C; import it as
``tutor.core.rng.Rng``.  Compiled, 64-bit Python integers would be boxed objects, so the
state is kept as two 32-bit halves in native ``i64`` fields and the compiled build steps
the generator on the halves (:meth:`Rng._below_halves`): every intermediate value stays
below 2**63, so the arithmetic never overflows and means the same compiled and
interpreted.  The source runs the plain big-integer formula, which is faster as Python;
both give exactly the same numbers (a test compares them with the reference formula).
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TYPE_CHECKING, Final, TypeVar

if TYPE_CHECKING:  # only annotations name it: Python ints convert to and from it
    from mypy_extensions import i64

_MASK: Final = (1 << 64) - 1
_M32: Final = 0xFFFFFFFF
# The SplitMix64 constants, and their 32-bit halves for the compiled arithmetic.
_GAMMA: Final = 0x9E3779B97F4A7C15
_MUL1: Final = 0xBF58476D1CE4E5B9
_MUL2: Final = 0x94D049BB133111EB
_GAMMA_HI: Final = 0x9E3779B9
_GAMMA_LO: Final = 0x7F4A7C15
_MUL1_HI: Final = 0xBF58476D
_MUL1_LO: Final = 0x1CE4E5B9
_MUL2_HI: Final = 0x94D049BB
_MUL2_LO: Final = 0x133111EB
T = TypeVar("T")


def _probe() -> None:
    """A function whose type tells whether this module runs compiled."""


# Compiled, functions are built-in functions, not Python functions.
_COMPILED: Final = type(_probe).__name__ != "function"


def _mul32(a: i64, b: i64) -> i64:
    """``(a * b) mod 2**32`` for ``a, b < 2**32``, with no intermediate of 2**49 or more."""
    return ((a & 0xFFFF) * b + ((((a >> 16) * b) & 0xFFFF) << 16)) & _M32


def _mul64(hi: i64, lo: i64, c_hi: i64, c_lo: i64) -> tuple[i64, i64]:
    """``(hi:lo * c_hi:c_lo) mod 2**64`` on 32-bit halves; returns the halves."""
    p0 = (lo & 0xFFFF) * c_lo
    p1 = (lo >> 16) * c_lo
    t = p0 + ((p1 & 0xFFFF) << 16)
    carry = (t >> 32) + (p1 >> 16)  # lo * c_lo == (t & _M32) + carry * 2**32
    return (carry + _mul32(hi, c_lo) + _mul32(lo, c_hi)) & _M32, t & _M32


class Rng:
    """SplitMix64 generator.

    Args:
        seed: any integer; it is folded into 64 bits.
    """

    __slots__ = ("_hi", "_lo")

    def __init__(self, seed: int = 0) -> None:
        seed &= _MASK
        self._hi: i64 = seed >> 32
        self._lo: i64 = seed & _M32

    @property
    def state(self) -> int:
        """The generator's position: its 64-bit state as a non-negative integer."""
        hi: int = self._hi  # a Python int (compiled: no 64-bit overflow below)
        lo: int = self._lo
        return (hi << 32) | lo

    @state.setter
    def state(self, value: int) -> None:
        value &= _MASK
        self._hi = value >> 32
        self._lo = value & _M32

    def next_u64(self) -> int:
        """Return the next 64-bit unsigned integer."""
        self.state = z = (self.state + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * _MUL1) & _MASK
        z = ((z ^ (z >> 27)) * _MUL2) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Return a uniform integer in ``[0, n)``.

        Raises:
            ValueError: if ``n`` is not between 1 and 2**64 - 1.
        """
        if _COMPILED and 0 < n <= 0x80000000:
            return self._below_halves(n)
        if not 0 < n <= 0xFFFFFFFFFFFFFFFF:
            raise ValueError(f"Rng.below needs a bound from 1 to 2**64 - 1, got {n}")
        # Rejection sampling keeps the draw exactly uniform: x is accepted below
        # limit = 2**64 - 1 - (2**64 - 1) % n.  Since limit >= 2**64 - n, the cheap test
        # first accepts nearly every draw.  The body of next_u64 is repeated here (with
        # the constants written out): this is the hottest call of bulk simulation.
        hi: int = self._hi  # a Python int (compiled: no 64-bit overflow below)
        lo: int = self._lo
        state = (hi << 32) | lo
        while True:
            state = z = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
            x = z ^ (z >> 31)
            if x < 0x10000000000000000 - n or x < _MASK - (_MASK % n):
                self._hi = state >> 32
                self._lo = state & _M32
                return x % n

    def _below_halves(self, n: i64) -> i64:
        """:meth:`below` on 32-bit halves, for a bound ``n`` from 1 to 2**31 (compiled way).

        The same draws as the big-integer formula of :meth:`below`: a draw ``x`` is rejected only if
        ``x >= 2**64 - 1 - (2**64 - 1) % n``, which needs its high half to be all ones
        (n <= 2**32); that rare case is decided on Python integers.
        """
        hi = self._hi
        lo = self._lo
        while True:
            lo += _GAMMA_LO
            hi = (hi + _GAMMA_HI + (lo >> 32)) & _M32
            lo &= _M32
            self._hi = hi
            self._lo = lo
            # z ^= z >> 30; z *= _MUL1
            zh = hi ^ (hi >> 30)
            zl = lo ^ (((hi << 2) & _M32) | (lo >> 30))
            zh, zl = _mul64(zh, zl, _MUL1_HI, _MUL1_LO)
            # z ^= z >> 27; z *= _MUL2
            zl ^= ((zh << 5) & _M32) | (zl >> 27)
            zh ^= zh >> 27
            zh, zl = _mul64(zh, zl, _MUL2_HI, _MUL2_LO)
            # x = z ^ (z >> 31)
            zl ^= ((zh << 1) & _M32) | (zl >> 31)
            zh ^= zh >> 31
            if zh != _M32:
                return ((zh % n) * 0x100000000 + zl) % n
            high: int = zh  # Python ints from here (compiled: no 64-bit overflow)
            low: int = zl
            bound: int = n
            x = (high << 32) | low
            if x < _MASK - (_MASK % bound):
                return x % bound

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
        r = Rng()
        r._hi = self._hi
        r._lo = self._lo
        return r
