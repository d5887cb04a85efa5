"""The numbers a client message may hold (pure; shipped to the browser with the protocol).

Python will not convert an integer of more than 4,300 digits (a ValueError deep in the JSON
decoder, which reached the server's "could not handle that message" with a traceback), and a
huge number means nothing anywhere in a client message. So the decoder builds every number
through :func:`bounded_int` / :func:`bounded_float`, which refuse any beyond
:data:`MAX_NUMBER` (and the infinities that ``1e999`` turns into) before anything reads it.
"""

from __future__ import annotations

MAX_NUMBER = 2**53 - 1  # the largest integer a browser's JSON keeps exact
_DIGITS = len(str(MAX_NUMBER))


class NumberOutOfRange(ValueError):
    """A number past :data:`MAX_NUMBER` (or NaN, Infinity); ``message`` is a sentence a
    person can read."""

    def __init__(
        self, message: str = f"A number in the message is out of range (at most {MAX_NUMBER})."
    ) -> None:
        super().__init__(message)
        self.message = message


def reject_constant(name: str) -> float:
    """The decoders' ``parse_constant``: NaN and Infinity are not JSON."""
    raise NumberOutOfRange(f"{name} is not a number JSON allows.")


def bounded_int(digits: str) -> int:
    """The decoder's ``parse_int``: the length is checked before the integer is built."""
    if len(digits.lstrip("-")) > _DIGITS or abs(value := int(digits)) > MAX_NUMBER:
        raise NumberOutOfRange
    return value


def bounded_float(text: str) -> float:
    """The decoder's ``parse_float``: finite and within :data:`MAX_NUMBER`."""
    value = float(text)
    if not abs(value) <= MAX_NUMBER:  # NaN and the infinities fail this too
        raise NumberOutOfRange
    return value
