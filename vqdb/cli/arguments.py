"""Argument types shared by sub-commands: each turns the text of an option into its value, or says in
one line what is wrong with it (argparse prints it with the usage and exits with status 2).

Example:
    >>> keyframes("8"), gap("2.5"), sample_rate("0.5")
    (8, 2.5, 0.5)
"""

from __future__ import annotations

import argparse

from vqdb.config import MAX_SAMPLE_FPS, check_gap, check_keyframes
from vqdb.errors import ConfigError


def keyframes(text: str) -> int:
    """``-k``: keyframes per video.

    Example:
        >>> keyframes("1000000000")
        Traceback (most recent call last):
        ...
        argparse.ArgumentTypeError: k='1000000000' keyframes: give a whole number from 1 to 1000
    """
    try:
        return check_keyframes(int(text))
    except (ValueError, ConfigError):
        raise argparse.ArgumentTypeError(f"k={text!r} keyframes: give a whole number from 1 to 1000") from None


def gap(text: str) -> float:
    """``--gap``: the least seconds between two keyframes.

    Example:
        >>> gap("nan")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        argparse.ArgumentTypeError: gap=nan seconds: give a finite number >= 0, or leave it out for ...
    """
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"gap={text!r} seconds: give a finite number >= 0") from None
    try:
        return check_gap(value)
    except ConfigError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def sample_rate(text: str) -> float:
    """``--fps``: frames sampled per second, above 0 and at most MAX_SAMPLE_FPS.

    Example:
        >>> sample_rate("inf")
        Traceback (most recent call last):
        ...
        argparse.ArgumentTypeError: 'inf' is not a sampling rate: give frames per second, above 0 and at most 240
    """
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 < value <= MAX_SAMPLE_FPS:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a sampling rate: give frames per second, above 0 and at most {MAX_SAMPLE_FPS:g}"
        )
    return value
