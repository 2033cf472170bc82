"""Who speaks, as an ``audio`` query names it: "a woman's voice", "the second speaker", "a man's voice after
a woman's", read from the ``voices`` table (``vqdb.ingest.voices``: utterances with the kind of voice and
the speaker who says them).

``who_speaks`` reads the query: the kind of voice (``KINDS``: "woman", "female", "man", "male", "child",
"kid"...), which speaker in order of appearance ("the first / second / third speaker", "the second voice"),
whether only the utterances where a speaker **takes over** are meant ("turn", "takes over", "replies",
"answers", or "after" another voice), and that other voice ("after a woman's": the speaker before was a
woman). ``condition`` is the SQL of the utterances it asks for (over ``voices`` with ``voice_before``, the
voice of the utterance before, a window's LAG) and ``chosen`` the same over arrays: both paths of the
``audio`` tool keep the same rows.

A voice asked for as such ("when does the woman talk?", "when is the man's voice heard?") is heard in her
whole **turn** (``whole_turns``): her run of utterances until another speaker opens one or she falls silent
(``turns``; pauses of a quarter second split her utterances, not what a person means by "when she talks").
A moment asked of it (``extent`` "phrase": "when does the woman start talking?") and a turn taken ("takes
over", "after a woman's") stay the one utterance.

Example:
    >>> who_speaks("a woman's voice")
    WhoSpeaks(voice='woman', speaker=None, turn=False, after=None)
    >>> who_speaks("the second speaker")
    WhoSpeaks(voice=None, speaker=2, turn=False, after=None)
    >>> who_speaks("a man's voice after a woman's")
    WhoSpeaks(voice='man', speaker=None, turn=True, after='woman')
    >>> who_speaks("speech") is None, who_speaks("male speech") is None  # a voice, whoever speaks; a tag's label
    (True, True)
"""

from __future__ import annotations

import dataclasses
import re

import numpy as np
import pyarrow as pa
from sqlglot import exp

from vqdb.planner.sqlbuild import col, number, string

KINDS = {
    "woman": "woman",
    "women": "woman",
    "female": "woman",
    "lady": "woman",
    "man": "man",
    "men": "man",
    "male": "man",
    "guy": "man",
    "gentleman": "man",
    "child": "child",
    "children": "child",
    "kid": "child",
    "kids": "child",
    "boy": "child",
    "girl": "child",
    "baby": "child",
}  # fmt: skip (no pronouns: "his voice" is whoever "he" is, a man or a boy)
ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4}
# the words of this tool's queries (what a plan writes: "a man's voice taking a turn"), not of questions, which
# ``vqdb.planner.rules.voices`` reads with a vocabulary of its own ("the narrator", "interrupts")
QUERY_VOICE_NOUNS = frozenset({"voice", "voices", "speaker", "speakers"})
QUERY_TURN_WORDS = frozenset({"turn", "takes", "take", "replies", "reply", "answers", "answer", "responds", "respond"})
TURN_SILENCE_S = 2.0  # a silence longer than this ends a turn too: the speaker stopped, not paused for breath
COLUMNS = ("start_s", "end_s", "voice", "speaker", "opens_turn", "pitch_hz")  # what the arrays read of a video's voices


@dataclasses.dataclass(frozen=True)
class WhoSpeaks:
    """The utterances an ``audio`` query asks for: of the kind of ``voice`` (None: any), of the ``speaker``
    numbered so (None: any), only those opening a ``turn``, and of those only where the voice ``after`` which
    it speaks is of that kind."""

    voice: str | None = None
    speaker: int | None = None
    turn: bool = False
    after: str | None = None


def who_speaks(query: str) -> WhoSpeaks | None:
    """What ``query`` asks of who speaks (module docstring), None when it names no voice or speaker of its
    own (a noun of ``QUERY_VOICE_NOUNS`` with a kind or an ordinal).

    Example:
        >>> who_speaks("the child's voice").voice, who_speaks("a man's voice taking a turn").turn
        ('child', True)
        >>> who_speaks("dog") is None, who_speaks("the voice-over") is None
        (True, True)
    """
    words = [w.removesuffix("'s").removesuffix("'") for w in re.findall(r"[\w']+", query.lower())]
    if not QUERY_VOICE_NOUNS & set(words):
        return None
    cut = words.index("after") if "after" in words else len(words)
    own, before = words[:cut], words[cut + 1 :]
    voice = next((KINDS[w] for w in own if w in KINDS), None)
    speaker = next((ORDINALS[w] for w in own if w in ORDINALS), None)
    if voice is None and speaker is None:
        return None
    after = next((KINDS[w] for w in before if w in KINDS), None)
    turn = bool(QUERY_TURN_WORDS & set(own)) or cut < len(words)
    return WhoSpeaks(voice, speaker, turn, after)


def condition(asked: WhoSpeaks, alias: str) -> exp.Expression:
    """The SQL condition on the ``voices`` rows of table ``alias`` (with ``voice_before``) that ``asked`` keeps.

    Example:
        >>> condition(WhoSpeaks("man", None, True, "woman"), "v").sql("duckdb")
        "v.voice = 'man' AND v.opens_turn AND v.voice_before = 'woman'"
        >>> condition(WhoSpeaks(None, 2), "v").sql("duckdb")
        'v.speaker = 2'
    """
    parts: list[exp.Expression] = []
    if asked.voice is not None:
        parts.append(col("voice", alias).eq(string(asked.voice)))
    if asked.speaker is not None:
        parts.append(col("speaker", alias).eq(number(asked.speaker)))
    if asked.turn:
        parts.append(col("opens_turn", alias))
    if asked.after is not None:
        parts.append(col("voice_before", alias).eq(string(asked.after)))
    return exp.and_(*parts) if parts else exp.true()


def whole_turns(asked: WhoSpeaks, extent: str | None) -> bool:
    """Whether the utterances ``asked`` keeps are answered with their whole turns (module docstring): a voice
    asked for as such, not a moment of it (``extent`` "phrase") nor the turn it takes.

    Example:
        >>> whole_turns(WhoSpeaks("woman"), None), whole_turns(WhoSpeaks("woman"), "phrase")
        (True, False)
        >>> whole_turns(WhoSpeaks("man", None, True, "woman"), None)
        False
    """
    return extent != "phrase" and not asked.turn


def turns(
    opens_turn: np.ndarray, starts: np.ndarray, ends: np.ndarray, pitched: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """The (start_s, end_s) of the turn each utterance is in (utterances in time order, ``opens_turn`` where
    a speaker takes over, or after a silence of more than ``TURN_SILENCE_S``): from the start of its first
    ``pitched`` utterance to the end of its last one (one with no pitch, a click or a breath, is no voice to
    reach to); an utterance's own where its turn has none.

    Example:
        >>> opens = np.array([True, False, False, True, True, False])
        >>> starts, ends = np.array([0.0, 2.0, 4.0, 6.0, 9.0, 12.0]), np.array([1.5, 3.5, 5.0, 8.0, 9.5, 13.0])
        >>> pitched = np.array([True, True, False, True, True, True])
        >>> [a.tolist() for a in turns(opens, starts, ends, pitched)]  # a silence from 9.5 to 12 s ends a turn
        [[0.0, 0.0, 0.0, 6.0, 9.0, 12.0], [3.5, 3.5, 3.5, 8.0, 9.5, 13.0]]
    """
    silent = starts[1:] - ends[:-1] > TURN_SILENCE_S
    number = np.cumsum(np.r_[True, opens_turn[1:] | silent]) - 1 if len(opens_turn) else np.zeros(0, np.int64)
    first = np.full(number.max(initial=-1) + 1, np.nan)
    last = np.full(len(first), np.nan)
    np.fmin.at(first, number[pitched], starts[pitched])
    np.fmax.at(last, number[pitched], ends[pitched])
    return np.where(np.isnan(first[number]), starts, first[number]), np.where(
        np.isnan(last[number]), ends, last[number]
    )


def chosen(asked: WhoSpeaks, rows: pa.Table, whole: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """The (start_s, end_s) of a video's ``voices`` rows (``COLUMNS``) that ``asked`` keeps, as ``condition``
    keeps them (rows in time order: the voice before is the row before's); with ``whole``, each the whole
    turn it is in (``turns``), once.

    Example:
        >>> rows = pa.table({"start_s": [0.0, 2.0, 4.0], "end_s": [1.5, 3.5, 5.0], "voice": ["woman", "man", "man"],
        ...                  "speaker": [1, 2, 2], "opens_turn": [True, True, False], "pitch_hz": [220.0, 120, 110]})
        >>> [a.tolist() for a in chosen(WhoSpeaks("man", None, True, "woman"), rows)]
        [[2.0], [3.5]]
        >>> [a.tolist() for a in chosen(WhoSpeaks("man"), rows)]  # his utterances
        [[2.0, 4.0], [3.5, 5.0]]
        >>> [a.tolist() for a in chosen(WhoSpeaks("man"), rows, whole=True)]  # his turn
        [[2.0], [5.0]]
    """
    rows = rows.sort_by([("start_s", "ascending"), ("end_s", "ascending")])
    voice = np.asarray(rows.column("voice").to_pylist(), dtype=object)
    speaker = np.asarray(rows.column("speaker").fill_null(0).to_pylist(), dtype=np.int64)
    opens = np.asarray(rows.column("opens_turn").fill_null(False).to_pylist(), dtype=bool)
    keep = np.ones(rows.num_rows, bool)
    if asked.voice is not None:
        keep &= voice == asked.voice
    if asked.speaker is not None:
        keep &= speaker == asked.speaker
    if asked.turn:
        keep &= opens
    if asked.after is not None:
        keep &= np.r_[False, voice[:-1] == asked.after] if rows.num_rows else keep
    starts = rows.column("start_s").cast(pa.float64()).fill_null(np.nan).to_numpy(zero_copy_only=False)
    ends = rows.column("end_s").cast(pa.float64()).fill_null(np.nan).to_numpy(zero_copy_only=False)
    if whole:
        pitched = ~np.isnan(rows.column("pitch_hz").cast(pa.float64()).fill_null(np.nan).to_numpy(zero_copy_only=False))
        starts, ends = turns(opens, starts, ends, pitched)
    timed = keep & ~(np.isnan(starts) | np.isnan(ends))
    spans = np.unique(np.stack([starts[timed], ends[timed]], axis=1), axis=0).reshape(-1, 2)
    return spans[:, 0], spans[:, 1]
