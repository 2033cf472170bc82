"""Arguments shared by sub-commands. The types turn the text of an option into its value, or say in one
line what is wrong with it (argparse prints it with the usage and exits with status 2);
``add_question_arguments`` adds what every question command (retrieve, locate, answer, plan, search) takes,
``add_format`` and ``add_clips`` the options several sub-commands share.

Example:
    >>> count_of("keyframes")("8"), gap("2.5"), sample_rate("0.5")
    (8, 2.5, 0.5)
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from vqdb.config import MAX_KEYFRAMES, MAX_SAMPLE_FPS, check_gap, check_keyframes
from vqdb.errors import ConfigError
from vqdb.planner.planners import PLANNERS

RESULT_FORMATS = ("table", "json", "csv")  # how retrieve, locate, search and videos print their rows


def count_of(unit: str) -> Callable[[str], int]:
    """The type of ``-k``: how many ``unit`` (keyframes, intervals, moments), a whole number from 1 to
    MAX_KEYFRAMES.

    Example:
        >>> count_of("intervals")("0")
        Traceback (most recent call last):
        ...
        argparse.ArgumentTypeError: k='0' intervals: give a whole number from 1 to 1000
    """

    def count(text: str) -> int:
        try:
            return check_keyframes(int(text))
        except (ValueError, ConfigError):
            message = f"k={text!r} {unit}: give a whole number from 1 to {MAX_KEYFRAMES}"
            raise argparse.ArgumentTypeError(message) from None

    return count


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


def add_question_arguments(
    parser: argparse.ArgumentParser,
    *,
    unit: str = "keyframes",
    k: int = 8,
    across_corpus: bool = False,
    corpus_optional: bool = False,
    planner: bool = True,
) -> None:
    """What a question command takes: the corpus and the question, ``--video`` and ``--option``, ``-k`` (how
    many ``unit`` per video, default ``k``) and ``--planner``.

    ``across_corpus``: the command ranks ``unit`` over every video at once (no ``--video``, no ``--option``;
    ``-k``: how many to list). ``corpus_optional``: the corpus is ``--corpus DIR``, which ``--video`` needs.
    ``planner`` False: no ``--planner`` (the command plans with the default).

    Example:
        >>> parser = argparse.ArgumentParser()
        >>> add_question_arguments(parser, unit="intervals", k=5)
        >>> args = parser.parse_args(["corpus", "when is EXIT shown", "--video", "v.mp4"])
        >>> args.corpus, args.question, args.video, args.option, args.k, args.planner
        ('corpus', 'when is EXIT shown', 'v.mp4', None, 5, 'rules')
    """
    if corpus_optional:
        parser.add_argument("question", help="the question, in quotes")
        parser.add_argument("--corpus", help="corpus directory: plan only with the tools it has")
    else:
        parser.add_argument("corpus", help="corpus directory")
        parser.add_argument("question", help="the question, in quotes")
    if across_corpus:
        parser.add_argument("-k", type=count_of(unit), default=k, help=f"{unit} to list (default {k})")
    else:
        each = "needs --corpus" if corpus_optional else f"default: every video, k {unit} each"
        parser.add_argument("--video", help=f"video id, path or file name ({each})")
        option = "an answer option (repeat for each; none: an open-ended question)"
        parser.add_argument("--option", action="append", help=option)
        parser.add_argument("-k", type=count_of(unit), default=k, help=f"{unit} per video (default {k})")
    if planner:
        _add_planner(parser)


def _add_planner(parser: argparse.ArgumentParser) -> None:
    """``--planner``: who turns the question into a plan, one of the planner's ``PLANNERS`` (default rules).

    Its names come from ``vqdb.planner.planners``, which imports nothing: a question command's ``--help``
    does not load the planner.
    """
    listed = ", ".join(f"{name} (default)" if name == "rules" else name for name in PLANNERS)
    parser.add_argument("--planner", choices=PLANNERS, default="rules", help=listed)


def add_ranking(parser: argparse.ArgumentParser) -> None:
    """``--mode`` and ``--gap``: how the calls' rankings merge into keyframes (retrieve, plan).

    Example:
        >>> parser = argparse.ArgumentParser()
        >>> add_ranking(parser)
        >>> parser.parse_args(["--gap", "2"]).mode, parser.parse_args(["--gap", "2"]).gap
        ('rank', 2.0)
    """
    parser.add_argument("--mode", choices=("rank", "score"), default="rank", help="merge ranks (default) or scores")
    parser.add_argument("--gap", type=gap, help="NMS gap in seconds (default: min(duration / 2k, 10))")


def add_explain(parser: argparse.ArgumentParser, what: str = "the plan, notes and SQL") -> None:
    """``--explain``: print ``what`` first (as SQL comments and text).

    Example:
        >>> parser = argparse.ArgumentParser()
        >>> add_explain(parser)
        >>> parser.parse_args(["--explain"]).explain
        True
    """
    parser.add_argument("--explain", action="store_true", help=f"print {what} first")


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
