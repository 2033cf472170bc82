"""Sidecar subtitles: find ``video.srt`` / ``video.vtt`` / ``video.<lang>.srt`` next to a video and parse them.

Parsing is lenient where real files are sloppy (a missing cue number, ``0:00:5,000`` with short fields,
``.`` or ``,`` before the milliseconds, a byte-order mark, Windows line ends, Latin-1 text) and strips
markup (``<i>``, ``<font ...>``, WebVTT ``<v Speaker>``/``<c.class>``/inline timestamps, ``{\\an8}``,
HTML entities). A block whose timing line cannot be read is skipped and counted, not guessed. Rolling
captions (YouTube's automatic captions: each cue repeats the line before, 10 ms cues between them), known by
their form, not their file name, become each line of speech once, timed from when it is said.

Example:
    >>> parse_subtitles("1\\n00:00:01,000 --> 00:00:02,500\\n<i>Hello</i>\\nworld!\\n").cues
    [Cue(start_s=1.0, end_s=2.5, text='Hello world!')]
"""

from __future__ import annotations

import dataclasses
import hashlib
import html
import itertools
import re
from collections.abc import Callable, Sequence
from pathlib import Path

from vqdb.errors import MediaError

SUBTITLE_SUFFIXES = (".srt", ".vtt")

_TIME = r"(?:(\d+):)?(\d{1,2}):(\d{1,2})(?:[,.](\d+))?"
_TIMING = re.compile(rf"^\s*{_TIME}\s*-->\s*{_TIME}")
_TAG = re.compile(r"<[^>]*>|\{\\[^}]*\}")
_SPACES = re.compile(r"\s+")
_INLINE_TIME = re.compile(rf"<{_TIME}>")
_FLASH_S = 0.05  # rolling captions' transition cues last 10 ms
_SECONDS_PER_LETTER = 0.08  # a last word lasts about this long a letter (speech runs 12-15 letters a second)
_SHORTEST_WORD_S = 0.3


@dataclasses.dataclass(frozen=True)
class Cue:
    """One subtitle cue: when it shows and its plain text."""

    start_s: float
    end_s: float
    text: str


@dataclasses.dataclass(frozen=True)
class ParsedSubtitles:
    """The cues of one subtitle text and how many blocks had to be skipped as unreadable."""

    cues: list[Cue]
    skipped_blocks: int = 0


def find_sidecars(video: str | Path, beside: Sequence[Path] | None = None) -> list[Path]:
    """Subtitle files beside ``video``: ``<stem>.srt``, ``<stem>.vtt`` and ``<stem>.<lang>.srt|vtt``; of
    ``beside`` (its folder's ``subtitle_files``, when the caller listed them once for many videos), else of
    its folder as it is now.

    Example:
        >>> import pathlib, tempfile
        >>> folder = pathlib.Path(tempfile.mkdtemp())
        >>> for name in ("talk.mp4", "talk.srt", "talk.pt-BR.vtt", "talk2.srt", "other.srt"):
        ...     _ = (folder / name).write_text("")
        >>> [p.name for p in find_sidecars(folder / "talk.mp4")]
        ['talk.pt-BR.vtt', 'talk.srt']
        >>> [p.name for p in find_sidecars(folder / "other.mp4", subtitle_files(folder))]
        ['other.srt']
    """
    video = Path(video)
    language = re.compile(rf"^{re.escape(video.stem)}(\.[A-Za-z0-9_-]+)?$")
    return sorted(p for p in (subtitle_files(video.parent) if beside is None else beside) if language.match(p.stem))


def subtitle_files(folder: str | Path) -> list[Path]:
    """The ``.srt`` and ``.vtt`` files of ``folder`` (none when it is not a folder).

    Example:
        >>> import pathlib, tempfile
        >>> folder = pathlib.Path(tempfile.mkdtemp())
        >>> for name in ("talk.mp4", "talk.SRT", "talk.en.vtt"):
        ...     _ = (folder / name).write_text("")
        >>> sorted(p.name for p in subtitle_files(folder))
        ['talk.SRT', 'talk.en.vtt']
    """
    folder = Path(folder)
    if not folder.is_dir():
        return []
    return [p for p in folder.iterdir() if p.suffix.lower() in SUBTITLE_SUFFIXES and p.is_file()]


def sidecar_digests(video: str | Path, beside: Sequence[Path] | None = None) -> dict[str, str]:
    """Each sidecar of ``video`` (``find_sidecars``) by file name, with a digest of its bytes ("unreadable"
    when it cannot be read): what the ``subtitles`` extractor records, so that an ingest which finds a
    sidecar added, changed or removed since reads the subtitles again. ``beside`` as for ``find_sidecars``.

    Example:
        >>> import pathlib, tempfile
        >>> folder = pathlib.Path(tempfile.mkdtemp())
        >>> _ = (folder / "talk.srt").write_text("1\\n00:00:01,000 --> 00:00:02,000\\nHi\\n")
        >>> before = sidecar_digests(folder / "talk.mp4")
        >>> list(before), len(before["talk.srt"])
        (['talk.srt'], 16)
        >>> _ = (folder / "talk.srt").write_text("1\\n00:00:01,000 --> 00:00:02,000\\nHello\\n")
        >>> sidecar_digests(folder / "talk.mp4") == before
        False
    """
    digests = {}
    for path in find_sidecars(video, beside):
        try:
            digests[path.name] = hashlib.sha256(path.read_bytes()).hexdigest()[:16]
        except OSError:
            digests[path.name] = "unreadable"
    return digests


def sidecars_changed(recorded: dict, video: str | Path, beside: Sequence[Path] | None = None) -> str | None:
    """What changed among ``video``'s sidecars since the ``subtitles`` extraction whose ``settings`` are
    ``recorded`` ("talk.srt added", "talk.en.vtt changed"...), or None. An extraction recorded before digests
    were kept (only its ``sources``) tells only that sidecars were added beside a video that had none.
    ``beside`` as for ``find_sidecars``.

    Example:
        >>> import pathlib, tempfile
        >>> folder = pathlib.Path(tempfile.mkdtemp())
        >>> print(sidecars_changed({"sources": [], "sidecars": {}}, folder / "talk.mp4"))
        None
        >>> _ = (folder / "talk.srt").write_text("1\\n00:00:01,000 --> 00:00:02,000\\nHi\\n")
        >>> sidecars_changed({"sources": [], "sidecars": {}}, folder / "talk.mp4")
        'talk.srt added'
        >>> sidecars_changed({"sources": []}, folder / "talk.mp4")  # recorded without digests
        'talk.srt added'
        >>> print(sidecars_changed({"sources": [], "sidecars": sidecar_digests(folder / "talk.mp4")},
        ...                        folder / "talk.mp4"))
        None
    """
    now = sidecar_digests(video, beside)
    if "sidecars" not in recorded:
        return f"{', '.join(now)} added" if now and not recorded.get("sources") else None
    before = recorded["sidecars"]
    changes = [
        f"{name} {'added' if name not in before else 'removed' if name not in now else 'changed'}"
        for name in sorted(set(before) | set(now))
        if before.get(name) != now.get(name)
    ]
    return ", ".join(changes) or None


def tracks(sidecars: list[Path]) -> list[list[Path]]:
    """``sidecars`` of one video grouped by language (``talk.srt`` and ``talk.vtt`` are one track), each
    group's files in the order to try them: WebVTT first (a ``.srt`` beside it is usually its conversion,
    and its inline word times end each line where it is said), then by name.

    Example:
        >>> names = ["talk.srt", "talk.vtt", "talk.de.srt", "talk.en.VTT", "talk.en.srt"]
        >>> [[p.name for p in group] for group in tracks([Path(n) for n in names])]
        [['talk.vtt', 'talk.srt'], ['talk.de.srt'], ['talk.en.VTT', 'talk.en.srt']]
    """
    groups: dict[str, list[Path]] = {}
    for path in sorted(sidecars, key=lambda p: (p.suffix.lower() != ".vtt", p.name)):
        groups.setdefault(path.stem.lower(), []).append(path)  # the stem holds the language, if any
    return [groups[stem] for stem in sorted(groups)]


def read_subtitles(path: str | Path) -> ParsedSubtitles:
    """Parse an ``.srt`` or ``.vtt`` file; raises ``MediaError`` naming the file when it cannot be read.

    Example:
        >>> import pathlib, tempfile
        >>> srt = pathlib.Path(tempfile.mkdtemp()) / "a.srt"
        >>> _ = srt.write_bytes("\\ufeff1\\r\\n00:00:00,500 --> 00:00:01,000\\r\\nCafé\\r\\n".encode())
        >>> read_subtitles(srt).cues[0].text
        'Café'
    """
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise MediaError(f"cannot read subtitle file {path}: {exc}") from exc
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = raw.decode("cp1252", errors="replace")  # the usual encoding of older .srt files
    parsed = parse_subtitles(text)
    if not parsed.cues and parsed.skipped_blocks:
        raise MediaError(
            f"{path}: no readable cue in {parsed.skipped_blocks} block(s); expected SRT or WebVTT timing "
            "lines like '00:00:01,000 --> 00:00:02,000'"
        )
    return parsed


def parse_subtitles(text: str) -> ParsedSubtitles:
    """Parse SRT or WebVTT text into cues (the two formats differ only in ways this parser tolerates).

    A cue starts at its timing line and runs to the next blank line (or the next timing line, for files
    that forget the blank line); numbers and identifiers before a timing line and WebVTT header, NOTE,
    STYLE and REGION blocks are not text. Rolling captions (``is_rolling``) become one cue per line of
    speech (``rolling_cues``).

    Example:
        >>> vtt = "WEBVTT\\n\\nNOTE a comment\\n\\n00:01.000 --> 00:02.000 align:start\\n<v Ann>Hi &amp; bye\\n"
        >>> parse_subtitles(vtt).cues
        [Cue(start_s=1.0, end_s=2.0, text='Hi & bye')]
    """
    lines = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    rolling = _blocks(lines, ends_cue=lambda line: line == "")  # a line of spaces is a (blank) caption line
    if is_rolling(rolling.blocks):
        return ParsedSubtitles(rolling_cues(rolling.blocks), rolling.skipped)
    ordinary = _blocks(lines, ends_cue=lambda line: not line.strip())
    cues = [Cue(start_s, end_s, text) for start_s, end_s, raw in ordinary.blocks if (text := plain_text(" ".join(raw)))]
    return ParsedSubtitles(cues, ordinary.skipped)


@dataclasses.dataclass(frozen=True)
class _Blocks:
    blocks: list[tuple[float, float, list[str]]]  # start, end and the raw text lines of each cue
    skipped: int


def _blocks(lines: list[str], ends_cue: Callable[[str], bool]) -> _Blocks:
    """The timed cue blocks of ``lines``, a block ending where ``ends_cue`` says or at the next timing line."""
    blocks: list[tuple[float, float, list[str]]] = []
    skipped = 0
    reading = False  # inside a cue whose timing was read
    for i, line in enumerate(lines):
        if "-->" in line:
            match = _TIMING.match(line)
            start_s, end_s = (_seconds(*match.groups()[:4]), _seconds(*match.groups()[4:])) if match else (0, -1)
            reading = end_s >= start_s
            if reading:
                blocks.append((start_s, end_s, []))
            else:
                skipped += 1
        elif ends_cue(line):
            reading = False
        elif reading and not _is_cue_number(line, lines[i + 1 : i + 2]):
            blocks[-1][2].append(line)
    return _Blocks(blocks, skipped)


def is_rolling(blocks: list[tuple[float, float, list[str]]]) -> bool:
    """Whether cue blocks are rolling captions (YouTube's automatic captions, as yt-dlp saves them).

    Each cue there shows the previous line again above a new one, and between cues a cue of about 10 ms
    repeats the new line; the new line carries inline word times (``word<00:00:01.920><c> next</c>``). Both
    marks must be there: most cues (after the first) start with the line the cue before ended on, and the
    file has inline word times or cues shorter than 50 ms.

    Example:
        >>> blocks = [(1.0, 2.0, [" ", "hello<00:00:01.500><c> there</c>"]), (2.0, 2.01, ["hello there", " "]),
        ...           (2.01, 3.0, ["hello there", "general<00:00:02.400><c> kenobi</c>"])]
        >>> is_rolling(blocks), is_rolling([(1.0, 2.0, ["hello"]), (2.0, 3.0, ["there"])])
        (True, False)
    """
    texts = [[plain_text(line) for line in raw if plain_text(line)] for _, _, raw in blocks]
    repeats = sum(1 for before, now in itertools.pairwise(texts) if before and now and now[0] == before[-1])
    word_times = any(_INLINE_TIME.search(line) for _, _, raw in blocks for line in raw)
    flashes = any(end_s - start_s < _FLASH_S for start_s, end_s, _ in blocks)
    return repeats >= 2 and 2 * repeats >= len(blocks) - 1 and (word_times or flashes)


def rolling_cues(blocks: list[tuple[float, float, list[str]]]) -> list[Cue]:
    """Each line of rolling captions once, timed from when it is said.

    A cue's new line is its last one; a cue whose last line is blank (the 10 ms transitions, the gaps), or
    that only shows again the line before, adds nothing. A line starts with its cue and ends where the next
    line starts, or sooner: after its last word (its inline time plus a word's length, about 80 ms a letter,
    at least 0.3 s), and never after its cue.

    Example:
        >>> blocks = [(1.0, 4.0, [" ", "this<00:00:01.900><c> is</c><00:00:02.100><c> it</c>"]),
        ...           (4.0, 4.01, ["this is it", " "]), (4.01, 6.0, ["this is it", "next"])]
        >>> rolling_cues(blocks)
        [Cue(start_s=1.0, end_s=2.4, text='this is it'), Cue(start_s=4.01, end_s=4.33, text='next')]
    """
    lines: list[tuple[float, float, str]] = []  # start, end of the speech in it at most, text
    for start_s, end_s, raw in blocks:
        text = plain_text(raw[-1]) if raw else ""
        shown = [line for line in raw if plain_text(line)]
        if not text or (len(shown) == 1 and lines and text == lines[-1][2] and not _INLINE_TIME.search(raw[-1])):
            continue
        times = [start_s, *(_seconds(*match.groups()) for match in _INLINE_TIME.finditer(raw[-1]))]
        said_until = max(times) + max(_SHORTEST_WORD_S, _SECONDS_PER_LETTER * len(text.split()[-1]))
        lines.append((start_s, min(end_s, said_until), text))
    follows = [start_s for start_s, _, _ in lines[1:]] + [float("inf")]
    return [
        Cue(start_s, max(start_s, min(end_s, next_s)), text)
        for (start_s, end_s, text), next_s in zip(lines, follows, strict=True)
    ]


def _is_cue_number(line: str, following: list[str]) -> bool:
    """A bare number directly followed by a timing line numbers the next cue (files missing blank lines)."""
    return line.strip().isdigit() and bool(following) and "-->" in following[0]


def plain_text(text: str) -> str:
    """Cue text without markup, entities decoded, whitespace collapsed.

    Example:
        >>> plain_text('{\\\\an8}<font color="#ff0">Look</font> &lt;here&gt;')
        'Look <here>'
    """
    return _SPACES.sub(" ", html.unescape(_TAG.sub("", text))).strip()


def _seconds(hours: str | None, minutes: str, seconds: str, fraction: str | None) -> float:
    whole = int(hours or 0) * 3600 + int(minutes) * 60 + int(seconds)
    return whole + (int(fraction) / 10 ** len(fraction) if fraction else 0.0)
