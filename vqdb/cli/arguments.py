"""Arguments shared by sub-commands. The types turn the text of an option into its value, or say in one
line what is wrong with it (argparse prints it with the usage and exits with status 2); ``add_format`` and
``add_clips`` add the options several sub-commands share.

Example:
    >>> keyframes("8"), gap("2.5"), sample_rate("0.5")
    (8, 2.5, 0.5)
"""

from __future__ import annotations

import argparse

from vqdb.config import MAX_SAMPLE_FPS, check_gap, check_keyframes
from vqdb.errors import ConfigError

# vqdb.planner.retrieve.PLANNERS, written here so that parsing does not import the planner (a test checks)
PLANNERS = ("rules", "llm", "uniform", "siglip-q")
RESULT_FORMATS = ("table", "json", "csv")  # how retrieve, locate, search and videos print their rows


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


def add_format(parser: argparse.ArgumentParser, choices: tuple[str, ...], what: str = "") -> None:
    """``--format``: one of ``choices``, the first the default.

    Example:
        >>> parser = argparse.ArgumentParser()
        >>> add_format(parser, ("text", "json"))
        >>> parser.parse_args([]).format, parser.parse_args(["--format", "json"]).format
        ('text', 'json')
    """
    listed = f"{', '.join(choices[:-1])} or {choices[-1]}"
    parser.add_argument(
        "--format", choices=choices, default=choices[0], help=f"{what or 'output'}: {listed} (default {choices[0]})"
    )


def add_planner(parser: argparse.ArgumentParser) -> None:
    """``--planner``: who turns the question into a plan (default rules).

    Example:
        >>> parser = argparse.ArgumentParser()
        >>> add_planner(parser)
        >>> parser.parse_args([]).planner
        'rules'
    """
    parser.add_argument("--planner", choices=PLANNERS, default="rules", help="rules (default), llm, uniform, siglip-q")


def add_clips(parser: argparse.ArgumentParser) -> None:
    """``--clips DIR``: write one video clip per hit into DIR (``vqdb.cli.media``).

    Example:
        >>> parser = argparse.ArgumentParser()
        >>> add_clips(parser)
        >>> parser.parse_args(["--clips", "hits"]).clips
        'hits'
    """
    parser.add_argument(
        "--clips",
        metavar="DIR",
        help="also write one clip per hit into DIR (stream copy where START is on a keyframe, else re-encoded)",
    )


def print_json(value: object) -> None:
    """Print ``value`` as indented JSON (what ``--format json`` prints); values JSON lacks become text.

    Example:
        >>> print_json({"rows": 2})
        {
          "rows": 2
        }
    """
    import json

    print(json.dumps(value, indent=2, default=str))


def seconds(text: str) -> float:
    """A time in a video: seconds (``12.5``) or ``m:ss`` / ``h:mm:ss`` (``1:02.5``), at least 0.

    Example:
        >>> seconds("12.5"), seconds("1:02.5"), seconds("1:00:00")
        (12.5, 62.5, 3600.0)
        >>> seconds("-1")
        Traceback (most recent call last):
        ...
        argparse.ArgumentTypeError: '-1' is not a time in the video: give seconds (12.5) or m:ss (1:02.5), at least 0
    """
    try:
        value = 0.0
        for part in text.split(":"):
            value = value * 60 + float(part)
    except ValueError:
        value = float("nan")
    if not 0 <= value < float("inf"):
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a time in the video: give seconds (12.5) or m:ss (1:02.5), at least 0"
        )
    return value
