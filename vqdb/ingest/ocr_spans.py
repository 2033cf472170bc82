"""OCR spans: the same on-screen text tracked over time, from per-frame reads.

Frames are walked in time order. A read continues an open span when the span was last read at most
``max_gap_s`` earlier (the OCR interval, with room for a frame where EasyOCR missed the text) and the
two texts are near-duplicates: rapidfuzz ``ratio`` of the lower-cased, space-collapsed texts at least
``min_similarity`` (0..100) *and*, when both hold digits, the same digits in the same order. The digit
rule keeps ticking numbers apart: "00:00:01;00" and "00:00:02;00" are 91% alike, but a clock that moved
is new text (while "Hello wor1d", a misread with a digit in only one of the two, still merges).
Each read joins at most one span, each span takes at most one read per frame (the most similar to the
span's most confident read). A read that ``grows`` the span's last read (the same words and more after them: a
command being typed, a caption built word by word) starts a span of its own: voted with the shorter reads before
it, the words typed last lost to the reads that had not got them yet (movie-hello's "eriberto@canopus:~$ ls /usr"
was kept as the prompt alone).
A span reports its text as its reads agree on it (``consensus``: a vote, letter by letter and weighted by
confidence, of its distinct reads aligned to the one most like the others, a read cut short voting only on what it
saw; the most confident read where they disagree too much), with the box of the read nearest that text, and when it
is on screen:
from its first read's ``shown_from`` to its last read's ``shown_to`` (``vqdb.ingest.text_edges``: to the
frame, between reads) where those are given, else from its first read to its last (a text read once
would be a span of no length).

The vote is why a frame that misread a text more confidently than the frames that read it right does not
stand for it (videollava_demo's chat button, read "Clearlhistory" once at 0.99 and "Clear history" three times
at 0.95-0.98), and can mend a text no frame read whole ("of our han", "af our hands", "Sf our hands": "of our
hands"). A read the change gate handed on unchanged across frames (the same text and confidence, moved or
not) votes once: it is one look at the text. Two values of a number never vote together: the digit rule makes
them other spans, and a span whose reads still hold two (joined through a read without digits) keeps its most
confident read.
The vote costs a few alignments a span, once it is complete (about 3 % of tracking on the quality corpus).

Example:
    >>> from vqdb.models.protocols import TextBox
    >>> box = (0.1, 0.1, 0.5, 0.2)
    >>> frames = [(0.0, [TextBox("Hello world _", 0.9, box)]), (1.0, [TextBox("Hello world", 0.95, box)]),
    ...           (2.0, [TextBox("Hello wor1d", 0.6, box)]), (3.0, [])]
    >>> [(s.start_s, s.end_s, s.text) for s in track_spans(frames, max_gap_s=1.5)]
    [(0.0, 2.0, 'Hello world')]
    >>> shown = [[(0.0, 1.0)], [(0.0, 2.0)], [(1.0, 2.4)], []]  # each read's (shown_from, shown_to)
    >>> [(s.start_s, s.end_s) for s in track_spans(frames, max_gap_s=1.5, shown=shown)]
    [(0.0, 2.4)]
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Iterable, Sequence

import pyarrow as pa
from rapidfuzz import fuzz
from rapidfuzz.distance import Levenshtein

from vqdb.models.protocols import TextBox
from vqdb.schema import TABLES

MIN_SIMILARITY = 80.0
MIN_CONFIDENCE = 0.1
GAP_INTERVALS = 2.5  # OCR intervals a span stays open after its last read: room for a frame where OCR missed it
MAX_VOTING_TEXTS = 32  # a span's most weighty distinct texts that vote on its text (their likeness costs n^2)
_TWO_LETTERS = re.compile(r"[^\W_]{2}")  # more than a letter split off a word by OCR: a word grown or cut


@dataclasses.dataclass
class OcrSpan:
    """One text tracked over time: when it is on screen (``start_s`` to ``end_s``), its reads (each distinct read
    once), its most confident read ``best`` (what later reads are matched against), the time of its last
    read (``end_s`` unless given) and that read's text ``last_text`` (``best``'s unless given). Its ``text`` and
    ``box`` are its reads' ``consensus``."""

    start_s: float
    end_s: float
    best: TextBox
    last_read: float | None = None
    reads: dict[TextBox, None] = dataclasses.field(default_factory=dict)
    last_text: str = ""

    def __post_init__(self) -> None:
        if self.last_read is None:
            self.last_read = self.end_s
        self.last_text = self.last_text or self.best.text
        self.reads.setdefault(self.best)

    @functools.cached_property
    def agreed(self) -> TextBox:
        """The consensus of the span's reads (``consensus``), worked out once the span is complete."""
        return consensus(list(self.reads))

    @property
    def text(self) -> str:
        return self.agreed.text

    @property
    def box(self) -> tuple[float, float, float, float]:
        return self.agreed.box

    @property
    def max_confidence(self) -> float:
        return self.best.confidence

    def add(self, ts: float, read: TextBox, shown_to: float | None = None) -> None:
        """Continue the span with ``read``, read at ``ts`` and on screen until ``shown_to`` (``ts`` if None)."""
        self.__dict__.pop("agreed", None)
        self.last_read = ts
        self.end_s = ts if shown_to is None else shown_to
        self.reads.setdefault(read)
        self.last_text = read.text
        if read.confidence > self.best.confidence:
            self.best = read


def normalize(text: str) -> str:
    """Lower case, whitespace collapsed: the form texts are compared in.

    Example:
        >>> normalize("  Hello   World ")
        'hello world'
    """
    return " ".join(text.lower().split())


def digits_of(text: str) -> str:
    """The digits of a read, in order: two reads whose digits differ are not the same text (``same_text``).

    Example:
        >>> digits_of("00:00:01;00"), digits_of("EXIT")
        ('00000100', '')
    """
    return re.sub(r"\D", "", text)


def digits_may_match(a: str, b: str) -> bool:
    """Whether reads with the digits ``a`` and ``b`` (``digits_of``) may be the same text: one has none, or
    they are the same.

    Example:
        >>> digits_may_match("0001", "0001"), digits_may_match("", "0001"), digits_may_match("0001", "0002")
        (True, True, False)
    """
    return not (a and b and a != b)


def same_text(a: str, b: str, min_similarity: float = MIN_SIMILARITY) -> float:
    """Similarity 0..100 of two reads if they count as the same text, else 0.

    Example:
        >>> same_text("Hello world _", "Hello world") > 80
        True
        >>> same_text("00:00:01;00", "00:00:02;00")
        0.0
    """
    if not digits_may_match(digits_of(a), digits_of(b)):
        return 0.0
    score = fuzz.ratio(normalize(a), normalize(b))
    return score if score >= min_similarity else 0.0


def grows(before: str, after: str, min_similarity: float = MIN_SIMILARITY) -> bool:
    """Whether ``after`` is ``before`` with words added after it: its first words read as ``before``
    (``same_text``) and each word added holds two letters or digits in a row (a letter the recognizer split off
    a word, "Clear histor y", adds none). A line grown by whole words is another text (``cut_short`` is a read
    that only stopped before its line's end).

    Example:
        >>> grows("eriberto@canopus:~$", "eriberto@canopus:~$ ls /usr")
        True
        >>> grows("eribertoacanopus:~$", "eriberto@canopus:~$ ls")  # misread, then typed
        True
        >>> grows("Clear history", "Clear histor y"), grows("Sale ends", "Sale ends"), grows("Hello world", "Hello")
        (False, False, False)
    """
    words, more = before.split(), after.split()
    added = more[len(words) :]
    return (
        bool(words and added)
        and same_text(" ".join(words), " ".join(more[: len(words)]), min_similarity) > 0
        and all(_TWO_LETTERS.search(word) for word in added)
    )


def cut_short(read: str, fuller: str, min_similarity: float = MIN_SIMILARITY) -> bool:
    """Whether ``read`` stopped before the end of the line ``fuller`` reads (a command typed, a caption revealed
    letter by letter, read before the rest showed): ``fuller`` starts as ``read`` reads (``same_text``, spaces
    collapsed) and goes on with two letters or digits in a row (a letter the recognizer split off a word,
    "Clear histor y", or a stray mark, "Hello world _", is no more of it).

    Example:
        >>> cut_short("Send Spi", "Send Spike"), cut_short("Send S", "Send Spike")
        (True, True)
        >>> cut_short("of our han", "af our hands")  # typed on, misread: still the line read short
        True
        >>> cut_short("Clear history", "Clear histor y"), cut_short("Hello world", "Hello world _")
        (False, False)
        >>> cut_short("Send Spike", "Send Spi"), cut_short("Sale ends", "Sale ends")
        (False, False)
    """
    start, whole = normalize(read), normalize(fuller)
    added = whole[len(start) :]
    return bool(start and _TWO_LETTERS.search(added)) and same_text(start, whole[: len(start)], min_similarity) > 0


def consensus(reads: Sequence[TextBox], min_similarity: float = MIN_SIMILARITY) -> TextBox:
    """What the reads of one text say together: their character-by-character vote, weighted by confidence, with
    the box of the read nearest it; the most confident read where the reads disagree too much to vote.

    Each distinct read (text and confidence) votes once: the change gate hands a static frame's reads on
    unchanged, or moved with their text, and two recognitions that agree to the last digit of their confidence
    saw the same pixels: one look, not many. Texts are compared with their spacing collapsed, the confidences
    of one text's reads summed. The reads are aligned to the text that agrees most with the others
    (``same_text``, by weight) and vote, at each of its characters, for the character they read there (or
    none) and, between two of its characters, for what they read between (or nothing); a character wins by
    weight, lower-cased, and each word voted is written as the heaviest read of it writes it. A read
    ``cut_short`` (read before the end of another read's line showed: a command typed, a caption revealed) is no
    center and does not vote past its end: it did not see the rest, and would outvote it ("Send Spi", read
    more surely than "Send Spike", kept the dialog's button as "Send Spi"). Reads that are not
    ``same_text`` as that text do not vote; when the voters weigh no more than they, or hold two values of a
    number (a read without digits is like both "Score 1" and "Score 2"), there is no consensus. The result's
    confidence is that of the read whose box it keeps (the read nearest the result, by the similarity of
    their ``normalize`` forms, then confidence).

    Example:
        >>> box = (0.1, 0.1, 0.5, 0.2)
        >>> reads = [TextBox("Clearlhistory", 0.9, box), TextBox("Clear history", 0.7, box),
        ...          TextBox("Clear histor y", 0.6, box), TextBox("CIear history", 0.5, box)]
        >>> consensus(reads).text
        'Clear history'
        >>> consensus([TextBox("Sale ends", 0.8, box), TextBox("Open 24h", 0.6, box)]).text  # no consensus
        'Sale ends'
        >>> consensus([TextBox("Send Spi", 0.96, box), TextBox("Send Spike", 0.86, box)]).text  # read typing
        'Send Spike'
    """
    if not reads:
        raise ValueError("consensus needs at least one read")
    weights: dict[str, float] = {}
    nearest: dict[str, TextBox] = {}
    distinct: dict[tuple[str, float], TextBox] = {}
    for read in reads:
        distinct.setdefault((read.text, read.confidence), read)
    for read in distinct.values():
        text = " ".join(read.text.split())
        weights[text] = weights.get(text, 0.0) + read.confidence
        if text not in nearest or read.confidence > nearest[text].confidence:
            nearest[text] = read
    best = max(reads, key=lambda read: read.confidence)
    if len(weights) == 1:
        return best
    texts = sorted(weights, key=weights.__getitem__, reverse=True)[:MAX_VOTING_TEXTS]
    likeness = {(a, b): same_text(a, b, min_similarity) for a in texts for b in texts}
    whole = [a for a in texts if not any(cut_short(a, b, min_similarity) for b in texts)] or texts
    center = max(whole, key=lambda a: sum(weights[b] * likeness[a, b] for b in texts))
    voters = [text for text in texts if likeness[center, text]]
    if sum(weights[t] for t in voters) <= sum(weights[t] for t in texts) / 2:
        return best
    if len({digits_of(t) for t in voters} - {""}) > 1:  # two values of a number ("Score 1", "Score 2"): no vote
        return best
    voted = _cased(_vote(center, {text: weights[text] for text in voters}), {text: weights[text] for text in voters})
    if not voted:
        return best
    kept = max(voters, key=lambda t: (fuzz.ratio(normalize(t), normalize(voted)), nearest[t].confidence))
    return TextBox(voted, nearest[kept].confidence, nearest[kept].box)


def _cased(voted: str, weights: dict[str, float]) -> str:
    """``voted`` with each word written as the heaviest of ``weights``' texts writes it, where one reads that word
    (its letters, case folded, and which of the text's words with those letters it is: "The" and "the" of "The
    Theory of the Thing" stay apart); letters voted one by one would mix cases no read has ("Exit onLy").

    Example:
        >>> _cased("Exit onLy", {"EXIT ONLY": 0.9, "Exit only": 0.5, "Exit onIy": 0.45})
        'EXIT ONLY'
        >>> _cased("The Theory of the Thing", {"The Theory of the Thing": 0.9, "The Theory of the Thinq": 0.5})
        'The Theory of the Thing'
    """
    written: dict[tuple[str, int], tuple[float, str]] = {}
    for text, weight in weights.items():
        for key, word in _counted(text.split()):
            if weight > written.get(key, (0.0, ""))[0]:
                written[key] = (weight, word)
    return " ".join(written.get(key, (0.0, word))[1] for key, word in _counted(voted.split()))


def _counted(words: list[str]) -> list[tuple[tuple[str, int], str]]:
    """Each of ``words`` keyed by its letters (case folded) and how many words before it have them."""
    seen: dict[str, int] = {}
    keyed = []
    for word in words:
        letters = word.casefold()
        keyed.append(((letters, seen.get(letters, 0)), word))
        seen[letters] = seen.get(letters, 0) + 1
    return keyed


def _vote(center: str, weights: dict[str, float]) -> str:
    """The text ``weights``' texts vote for, aligned to ``center`` (one of them): ``consensus``'s vote."""
    n = len(center)
    at: list[dict[str, float]] = [{} for _ in range(n)]  # what each of center's characters was read as ('' none)
    between: list[dict[str, float]] = [{} for _ in range(n + 1)]  # what was read before character i ('' nothing)
    for text, weight in weights.items():
        inserted = [""] * (n + 1)
        a, b = center.lower(), text.lower()
        if len(a) != n or len(b) != len(text):  # a letter whose lower case is longer: aligned as read
            a, b = center, text
        ops = Levenshtein.opcodes(a, b)
        seen = n  # the characters of center it saw: all but the end it lacks when ``cut_short``
        if ops and ops[-1].tag == "delete" and ops[-1].src_end == n and cut_short(text, center):
            seen = ops[-1].src_start
        for op in ops:
            if op.tag == "insert":
                inserted[op.src_start] += text[op.dest_start : op.dest_end]
            for i in range(op.src_start, min(op.src_end, seen)):
                read = "" if op.tag == "delete" else text[op.dest_start + i - op.src_start]
                at[i][read] = at[i].get(read, 0.0) + weight
        for i, piece in enumerate(inserted[: seen + 1]):
            between[i][piece] = between[i].get(piece, 0.0) + weight
    out = []
    for i in range(n + 1):
        out.append(_winner(between[i]))
        if i < n:
            out.append(_winner(at[i]))
    return " ".join("".join(out).split())


def _winner(votes: dict[str, float]) -> str:
    """The reading with the most weight, compared lower-cased, written as most of its weight wrote it (the first
    given wins a tie)."""
    by_key: dict[str, float] = {}
    for reading, weight in votes.items():
        by_key[reading.lower()] = by_key.get(reading.lower(), 0.0) + weight
    key = max(by_key, key=by_key.__getitem__)
    return max((r for r in votes if r.lower() == key), key=votes.__getitem__)


def ticks(a: str, b: str) -> bool:
    """Whether two reads are two values of one counter, clock or score: both hold digits, their digits
    differ, and their letters (lower case) are the same.

    Example:
        >>> ticks("00:00:05;00", "00:00:06;00"), ticks("HOME 3-1", "home 3-2"), ticks("Episode 3", "Credits 4")
        (True, True, False)
    """
    digits_a, digits_b = re.sub(r"\D", "", a), re.sub(r"\D", "", b)
    letters_a, letters_b = ("".join(filter(str.isalpha, text.lower())) for text in (a, b))
    return bool(digits_a and digits_b) and digits_a != digits_b and letters_a == letters_b


def span_gap_s(interval_s: float) -> float:
    """The ``max_gap_s`` of ``track_spans`` for reads ``interval_s`` apart: ``GAP_INTERVALS`` intervals.

    Example:
        >>> span_gap_s(1.0)
        2.5
    """
    return GAP_INTERVALS * interval_s


def track_spans(
    frames: Iterable[tuple[float, Sequence[TextBox]]],
    max_gap_s: float,
    min_similarity: float = MIN_SIMILARITY,
    min_confidence: float = MIN_CONFIDENCE,
    shown: Iterable[Sequence[tuple[float | None, float | None]]] | None = None,
) -> list[OcrSpan]:
    """Merge per-frame reads ``(ts, [TextBox...])`` (in time order) into spans, sorted by start; ``shown``,
    when given, holds each read's ``(shown_from, shown_to)`` (``vqdb.ingest.text_edges.shown_times``; None
    where unknown), frame by frame.

    Reads less confident than ``min_confidence`` (EasyOCR's near-zero junk) are left out.
    """
    open_spans: list[OcrSpan] = []
    closed: list[OcrSpan] = []
    frames = list(frames)
    shown = list(shown) if shown is not None else [[(None, None)] * len(reads) for _, reads in frames]
    if len(shown) != len(frames):
        raise ValueError(f"shown has {len(shown)} frames, frames {len(frames)}: give one list of times per frame")
    for (ts, reads), times in zip(frames, shown, strict=True):
        still_open = [s for s in open_spans if ts - s.last_read <= max_gap_s]
        closed += [s for s in open_spans if ts - s.last_read > max_gap_s]
        continued: list[OcrSpan] = []
        kept = [(r, t) for r, t in zip(reads, times, strict=True) if r.confidence >= min_confidence and r.text.strip()]
        for read, (shown_from, shown_to) in kept:
            scores = [
                (
                    0.0
                    if grows(s.last_text, read.text, min_similarity)
                    else same_text(s.best.text, read.text, min_similarity),
                    i,
                )
                for i, s in enumerate(still_open)
            ]  # a line that grew (typed, built word by word) is a text of its own
            score, index = max(scores, default=(0.0, -1))
            if score > 0:
                span = still_open.pop(index)
                span.add(ts, read, shown_to)
            else:
                start, end = ts if shown_from is None else shown_from, ts if shown_to is None else shown_to
                span = OcrSpan(start_s=start, end_s=end, best=read, last_read=ts)
            continued.append(span)
        open_spans = still_open + continued
    spans = closed + open_spans
    return sorted(spans, key=lambda s: (s.start_s, s.box[1], s.box[0]))


def spans_table(video_id: str, spans: Sequence[OcrSpan]) -> pa.Table:
    """The ``ocr_spans`` rows of one video, ``span_id`` numbered from 0 in start order.

    Example:
        >>> from vqdb.models.protocols import TextBox
        >>> span = OcrSpan(1.0, 3.0, TextBox("Hi", 0.8, (0.0, 0.0, 0.5, 0.5)))
        >>> spans_table("v1", [span]).to_pylist()[0]["end_s"]
        3.0
    """
    rows = [
        {
            "video_id": video_id,
            "span_id": i,
            "start_s": span.start_s,
            "end_s": span.end_s,
            "text": span.text,
            "max_confidence": span.max_confidence,
            "box": span.agreed.box_dict(),
        }
        for i, span in enumerate(spans)
    ]
    return TABLES["ocr_spans"].from_rows(rows)
