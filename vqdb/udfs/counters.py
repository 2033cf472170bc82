"""When a number that ticks on screen shows a value that no OCR read caught: the moment estimated between reads.

OCR reads frames about once a second, but a frame counter, a burned-in timecode (HH:MM:SS:FF), a clock, a
countdown or a presentation timestamp changes many times a second, or once a second between two reads: most of
its values are on screen only between two reads. "When does the counter read Frame = 15?" of a counter read
"Frame = 11" at 1.0 s and "Frame = 21" at 2.0 s finds no read of it, yet a person knows it is at about 1.4 s.

``counter_moments`` estimates that moment. A query holding one number (an integer, a decimal, a clock or
timecode: ``shown_number``) is looked for in the boxes that show a number **in the same template** (the text
around the number, letters only, other numbers aside: "Frame = 15" and "Frame = 11" are both ``frame#``; "2.5s"
is the ``#s`` of "PTS = 2.0s") and **of the same form** (as many parts, as many decimals; a whole number asked
is also of the form of a decimal shown with zero decimals, "195" of the counter "180.000"). Boxes of one
template that overlap from one read to the next are one **track** (the same counter in the same place). A pair
of consecutive reads of a track (at most ``gap`` s apart) changes the value at a **rate** (value per second); a
pair is **steady** when the pair before or after it, and every pair beside it that changes the value at all
(within ``gap``), changes the value the same way at a rate both allow, each
change give or take one step of the last digit (a read catches a value anywhere in its step: a 29.97 fps
frame counter read every second gains 30, 30, 29): a counter, a clock, a countdown tick steadily, while
numbers that jump (a phone number, a price list, a year in a caption, which stays for several reads and then
jumps) almost never make two such pairs in a row. Between
the two reads of a steady pair the value asked for is placed by interpolation; past the first or last read of
a run of steady pairs, at the rate of its pair, but only within the time that read's text is on screen
(``shown_from``, ``shown_to``; half an OCR period where unknown), never beyond the reads. A value that a read
of the track shows is read, not estimated. Timecodes and clocks compare as durations: H:M:S, M:S, and
H:M:S:FF with FF frames of the smallest usual frame rate (24, 25, 30, 50, 60) above every frame count the
video's reads of that form show (30 where none does more than 23).

The moment is when the value appears, for as long as one step of the value lasts at that rate (its last
digit's unit over the rate: a tenth of a second for a 10 fps frame counter; at least ``SHORTEST_S``, a frame,
where the display counts in finer steps than the video's frames, a stopwatch's thousandths), within the pair.
It is evidence scoring ``ESTIMATE_SCORE``, below an exact read, for the sampled frames from the nearer of its
two reads (half a sampling period wider) to its middle (``reach_from``, ``reach_to``), so a frame sampled once
a second reaches a moment between two of them, and only the frames on the nearer side do. ``shows_number``
says which texts show a number as the query names it (a search's candidate videos).

SQL function (an Arrow UDF registered in every corpus session):

- ``counter_moments(reads STRUCT(text VARCHAR, ts DOUBLE, shown_from DOUBLE, shown_to DOUBLE, x0 DOUBLE,
  y0 DOUBLE, x1 DOUBLE, y1 DOUBLE)[], query VARCHAR, period DOUBLE) -> STRUCT(start_s DOUBLE, end_s DOUBLE,
  reach_from DOUBLE, reach_to DOUBLE, score DOUBLE, x DOUBLE, y DOUBLE)[]``: a video's OCR boxes (any order) and
  the sampling period: the estimated moments of the value the query names, each with where its counter is
  (``x``, ``y``: the centre of its boxes), so a call that says where the counter is weighs the moments of the
  counters elsewhere down, as it weighs their reads.

Example:
    >>> texts = ["Frame = 1", "Frame = 11", "Frame = 21"]
    >>> found = moments(texts, np.array([0.0, 1.0, 2.0]), np.array([0.0, 1.0, 2.0]), np.array([0.1, 1.1, 3.0]),
    ...                 np.zeros((3, 4)), "Frame = 15", 1.0)
    >>> [(round(m.start_s, 2), round(m.end_s, 2)) for m in found]
    [(1.4, 1.5)]
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

import duckdb
import numpy as np
import pyarrow as pa

from vqdb.udfs.arrow_results import owned
from vqdb.udfs.text_match import is_registered

NUMBER = re.compile(r"\d+(?:[.:;]\d+)*")  # a number as shown: 15, 2.5, 12:30, 00:00:12;10
# a decimal point as OCR misreads it: with a space beside it ("6 .0"), or as a comma before one or two digits
# ("0,0", "18 , 0"; a comma before three is a thousands separator, "1,000")
MISREAD_POINT = re.compile(r"(?<=\d)(?:(?: \. ?|\. )(?=\d)|(?:,| , )(?=\d{1,2}(?!\d)))")
SEPARATOR = re.compile(r"[.:;]")  # between a number's parts
NOT_TEMPLATE = re.compile(r"[^\w#%]|[\d_]")  # what a template leaves out: all but letters and the numbers' marks
RUN_GAP = 2.5  # reads of a track at most this many OCR periods apart are consecutive (one may be missed)
SHORTEST_S = 0.04  # a moment lasts at least a frame (of 25 fps video): a display may count faster than frames
ESTIMATE_SCORE = 0.8  # an estimated moment's evidence: below an exact read of the value
MIN_READS = 3  # reads of a track an estimate needs: two pairs that agree (a pair is steady only beside one)
FRAME_RATES = (24, 25, 30, 50, 60)  # the frame counts a timecode's FF may count to
READ_FIELDS = ("text", "ts", "shown_from", "shown_to", "x0", "y0", "x1", "y1")
MOMENT_FIELDS = ("start_s", "end_s", "reach_from", "reach_to", "score", "x", "y")
READ = pa.struct([(name, pa.string() if name == "text" else pa.float64()) for name in READ_FIELDS])
MOMENT = pa.struct([(name, pa.float64()) for name in MOMENT_FIELDS])


class Moment(NamedTuple):
    """An estimated moment: shown from ``start_s`` to ``end_s``, evidence for the sampled frames from
    ``reach_from`` to ``reach_to``, scoring ``score``, on the counter whose boxes' centres are at ``x``, ``y``
    (their median, in the boxes' units): where a call's place is checked."""

    start_s: float
    end_s: float
    reach_from: float
    reach_to: float
    score: float
    x: float
    y: float


class Shown(NamedTuple):
    """A number as shown: its ``form`` (what two numbers must share to be compared: "n" an integer, ".2" two
    decimals, "t3" three parts of a clock), its value in ``whole`` units (seconds for a clock or timecode), the
    ``frames`` of a timecode (0 else) and the ``unit`` its last digit counts (None for a timecode's frames)."""

    form: str
    whole: float
    frames: int
    unit: float | None


def shown_number(token: str) -> Shown | None:
    """What a number as shown (``NUMBER``) is worth: an integer, a decimal, a clock (M:S, H:M:S) or a timecode
    (H:M:S:FF, ";" before the frames of a drop-frame one), None for anything else (a date "1.2.3"). A ";" marks
    the frames of a timecode however few parts are before it, as a person says it without its leading zeros:
    "6;15" is the timecode 00:00:06;15.

    Example:
        >>> shown_number("15"), shown_number("2.5")
        (Shown(form='n', whole=15.0, frames=0, unit=1.0), Shown(form='.1', whole=2.5, frames=0, unit=0.1))
        >>> shown_number("01:02:03;04"), shown_number("1.2.3")
        (Shown(form='t4', whole=3723.0, frames=4, unit=None), None)
        >>> shown_number("6;15") == shown_number("00:00:06;15")
        True
    """
    parts = SEPARATOR.split(token)
    separators = SEPARATOR.findall(token)
    if not separators:
        return Shown("n", float(token), 0, 1.0)
    if separators == ["."]:
        return Shown(f".{len(parts[1])}", float(token), 0, 10.0 ** -len(parts[1]))
    if "." in separators or len(parts) > 4 or ";" in separators[:-1] and len(parts) < 4:
        return None
    numbers = [int(p) for p in parts]
    timecode = len(numbers) == 4 or separators[-1] == ";"
    clock = numbers[:-1] if timecode else numbers
    seconds = sum(value * 60**power for power, value in enumerate(reversed(clock)))
    return Shown(
        f"t{4 if timecode else len(parts)}", float(seconds), numbers[-1] if timecode else 0, None if timecode else 1.0
    )


def template(text: str, at: re.Match) -> str:
    """``text`` with the number ``at`` as "#", its other numbers as "%", letters only, lower case: what stays
    of a box while the number ``at`` ticks.

    Example:
        >>> text = "Frame = 11 PTS = 1.0s"
        >>> [template(text, found) for found in NUMBER.finditer(text)]
        ['frame#pts%s', 'frame%pts#s']
    """
    marked = NUMBER.sub(lambda found: "#" if found.start() == at.start() else "%", text)
    return NOT_TEMPLATE.sub("", marked.lower())


@lru_cache(maxsize=100_000)
def numbers_shown(text: str) -> tuple[tuple[str, Shown], ...]:
    """The ``template`` and value (``shown_number``) of each number ``text`` shows (a text is read again and
    again: once each), a decimal point OCR misread (``MISREAD_POINT``) read as a point.

    Example:
        >>> [(form, shown.whole) for form, shown in numbers_shown("PTS = 1.0s, 12:30")]
        [('pts#s%', 1.0), ('pts%s#', 750.0)]
        >>> [shown.whole for _, shown in numbers_shown("T-MINUS 9 .0 ALT 3,0 km 1,000 ft")]
        [9.0, 3.0, 1.0, 0.0]
    """
    text = MISREAD_POINT.sub(".", text)
    found = ((at, shown_number(at.group())) for at in NUMBER.finditer(text))
    return tuple((template(text, at), shown) for at, shown in found if shown is not None)


def asked_number(query: str) -> tuple[str, Shown] | None:
    """The template and number of a query that names one number (``template``, ``shown_number``), None else.

    Example:
        >>> asked_number("Frame = 15"), asked_number("PTS 2.5s")[0], asked_number("the 3 and 4"), asked_number("x")
        (('frame#', Shown(form='n', whole=15.0, frames=0, unit=1.0)), 'pts#s', None, None)
    """
    found = list(NUMBER.finditer(query))
    if len(found) != 1 or (shown := shown_number(found[0].group())) is None:
        return None
    return template(query, found[0]), shown


def shows_number(query: str, texts: list[str]) -> np.ndarray:
    """Whether each of ``texts`` shows a number in the template and form of the one ``query`` names (all False
    for a query that names none): the texts a moment of ``moments`` may be estimated between.

    Example:
        >>> shows_number("Frame 15", ["Frame = 11 PTS = 1.0s", "Frame 2.5", "15 frames"]).tolist()
        [True, False, False]
    """
    asked = asked_number(query)
    if asked is None:
        return np.zeros(len(texts), dtype=bool)
    return np.array([bool(numbers_as_asked(text, asked)) for text in texts], dtype=bool)


def numbers_as_asked(text: str, asked: tuple[str, Shown]) -> list[tuple[str, Shown]]:
    """The numbers ``text`` shows (``numbers_shown``) in the template and form of the one ``asked``
    (``asked_number``): the same form, and a template that holds the query's. A whole number asked is also in
    the form of a decimal shown with zero decimals: a person reads the counter "195.000" as 195.

    Example:
        >>> numbers_as_asked("Frame = 11 PTS = 1.0s", asked_number("Frame 15"))
        [('frame#pts%s', Shown(form='n', whole=11.0, frames=0, unit=1.0))]
        >>> numbers_as_asked("Frame 2.5", asked_number("Frame 15"))  # another form
        []
        >>> [shown.whole for _, shown in numbers_as_asked("180.000 6.006", asked_number("195"))]
        [180.0]
    """
    wanted, value = asked
    return [(form, shown) for form, shown in numbers_shown(text) if _same_form(shown, value) and wanted in form]


def _same_form(shown: Shown, asked: Shown) -> bool:
    """Whether the number ``shown`` is in the form of the one ``asked``: the same form, or, for a whole number
    asked, a decimal whose decimals are all zero ("180.000")."""
    zero_decimals = shown.form.startswith(".") and shown.whole.is_integer()
    return shown.form == asked.form or (asked.form == "n" and zero_decimals)


def moments(
    texts: list[str],
    ts: np.ndarray,
    shown_from: np.ndarray,
    shown_to: np.ndarray,
    boxes: np.ndarray,
    query: str,
    period: float,
) -> list[Moment]:
    """The moments a video shows the number ``query`` names, estimated between its reads (see the module): of
    its OCR boxes' ``texts`` read at ``ts``, on screen from ``shown_from`` to ``shown_to`` (NaN where unknown),
    at ``boxes`` (x0, y0, x1, y1 rows), sampled every ``period`` s.

    Example:
        >>> ts = np.array([0.0, 1.0, 2.0, 3.0])
        >>> found = moments(["T-MINUS 10", "T-MINUS 9", "T-MINUS 8", "T-MINUS 7"], ts, ts, ts + 0.5,
        ...                 np.zeros((4, 4)), "T-MINUS 9", 1.0)
        >>> found  # read, not estimated
        []
        >>> moments(["Call 555 0100", "Call 555 0199", "Call 555 0123"], ts[:3], ts[:3], ts[:3] + 1,
        ...         np.zeros((3, 4)), "Call 555 0150", 1.0)  # numbers that jump
        []
    """
    asked = asked_number(query)
    if asked is None or not len(texts):
        return []
    _, value = asked
    order = sorted(range(len(texts)), key=lambda i: (ts[i], boxes[i, 1], boxes[i, 0], texts[i] or ""))
    distinct = np.unique(ts[~np.isnan(ts)])
    ocr_period = max(float(np.diff(distinct).min()) if len(distinct) > 1 else period, period)
    gap = RUN_GAP * ocr_period
    candidates: dict[str, list[tuple[int, Shown]]] = {}
    for i in order:
        if np.isnan(ts[i]) or texts[i] is None:
            continue
        for form, shown in numbers_as_asked(texts[i], asked):
            candidates.setdefault(form, []).append((int(i), shown))
    frame_base = _frame_base([shown for found in candidates.values() for _, shown in found] + [value])
    asked_value = value.whole + value.frames / frame_base
    unit = value.unit if value.unit is not None else 1.0 / frame_base
    found_moments: list[Moment] = []
    for reads in candidates.values():
        for track in _tracks(reads, ts, boxes, gap):
            times = np.array([ts[i] for i, _ in track])
            values = np.array([s.whole + s.frames / frame_base for _, s in track])
            if np.any(values == asked_value):
                continue  # read, not estimated
            ends = [(shown_from[i], shown_to[i]) for i, _ in track]
            rows = [i for i, _ in track]
            centre = ((boxes[rows, 0] + boxes[rows, 2]) / 2, (boxes[rows, 1] + boxes[rows, 3]) / 2)
            at = (float(np.median(centre[0])), float(np.median(centre[1])))
            found_moments += _estimated(times, values, ends, at, asked_value, unit, gap, ocr_period, period)
    return found_moments


def _frame_base(shown: list[Shown]) -> int:
    """The frame rate a timecode's frames count to: the smallest of ``FRAME_RATES`` above every frame count
    shown (30 where none is above 23)."""
    most = max((s.frames for s in shown), default=0)
    return 30 if most < 24 else next((rate for rate in FRAME_RATES if rate > most), most + 1)


def _tracks(
    reads: list[tuple[int, Shown]], ts: np.ndarray, boxes: np.ndarray, gap: float
) -> list[list[tuple[int, Shown]]]:
    """``reads`` of one template (in time order) split into tracks: each read continues the track whose last read
    is earlier, at most ``gap`` s before, and whose box overlaps its own (the same counter in the same place),
    else starts one (a track whose last read is further back is closed: no steady pair spans the gap)."""
    tracks: list[list[tuple[int, Shown]]] = []
    open_tracks: list[list[tuple[int, Shown]]] = []
    for read in reads:
        box, at = boxes[read[0]], ts[read[0]]
        open_tracks = [track for track in open_tracks if at - ts[track[-1][0]] <= gap]
        for track in open_tracks:
            last = boxes[track[-1][0]]
            overlaps = box[0] <= last[2] and last[0] <= box[2] and box[1] <= last[3] and last[1] <= box[3]
            if ts[track[-1][0]] < at and overlaps:
                track.append(read)
                break
        else:
            tracks.append([read])
            open_tracks.append(tracks[-1])
    return tracks


def _estimated(
    times: np.ndarray,
    values: np.ndarray,
    ends: list[tuple[float, float]],
    at: tuple[float, float],
    asked: float,
    unit: float,
    gap: float,
    ocr_period: float,
    period: float,
) -> list[Moment]:
    """The moments ``asked`` is shown in one track (reads at ``times`` showing ``values``, each on screen over
    ``ends``, its boxes' centre ``at``) from its steady pairs: between their reads, and past a run's first or
    last read within its time on screen."""
    if len(times) < MIN_READS:
        return []
    apart = np.diff(times)
    changed = np.diff(values)
    with np.errstate(divide="ignore", invalid="ignore"):
        rate = np.where((apart <= gap) & (changed != 0), changed / apart, np.nan)
    # the rates a pair allows: its change, give or take one step of the last digit (a read catches a value
    # anywhere in its step), over its time
    slowest, fastest = (np.abs(changed) - unit) / apart, (np.abs(changed) + unit) / apart
    agrees = (rate[:-1] * rate[1:] > 0) & (
        np.maximum(slowest[:-1], slowest[1:]) < np.minimum(fastest[:-1], fastest[1:])
    )
    # a pair ticks at the rate of the one before or after it, and of every one beside it that changes at all
    valid = ~np.isnan(rate)
    before_fits = np.r_[True, agrees | ~valid[:-1]]
    after_fits = np.r_[agrees | ~valid[1:], True]
    steady = (np.r_[agrees, False] | np.r_[False, agrees]) & before_fits & after_fits
    found: list[Moment] = []

    def moment(start: float, low: float, high: float, near: float, r: float) -> None:
        end = min(start + max(unit / abs(r), SHORTEST_S), high)
        if low <= start < high:
            middle = (start + end) / 2  # the frames from the nearer read to the moment, none past it
            reach = (near - period / 2, middle) if near <= middle else (middle, near + period / 2)
            found.append(Moment(float(start), float(end), float(reach[0]), float(reach[1]), ESTIMATE_SCORE, *at))

    for k in np.flatnonzero(steady):
        r, (a, b) = rate[k], (k, k + 1)
        if min(values[a], values[b]) < asked < max(values[a], values[b]):
            start = times[a] + (asked - values[a]) / r
            near = times[a] if start - times[a] <= times[b] - start else times[b]
            moment(start, times[a], times[b], near, r)
        if (k + 1 >= len(steady) or not steady[k + 1]) and (asked - values[b]) * r > 0:  # past the run's last read
            shown_to = ends[b][1] if not np.isnan(ends[b][1]) else times[b] + ocr_period / 2
            moment(times[b] + (asked - values[b]) / r, times[b], shown_to, times[b], r)
        if (k == 0 or not steady[k - 1]) and (values[a] - asked) * r > 0:  # before the run's first read
            shown_from = ends[a][0] if not np.isnan(ends[a][0]) else times[a] - ocr_period / 2
            moment(times[a] - (values[a] - asked) / r, max(shown_from, 0.0), times[a], times[a], r)
    return found


def counter_moments(reads: pa.Array, queries: pa.Array, periods: pa.Array) -> pa.Array:
    """The Arrow UDF ``counter_moments``: one list of ``moments`` per row (NULL when the reads or the query are
    NULL).

    Example:
        >>> reads = pa.array([[{"text": f"Frame = {v}", "ts": t, "shown_from": t, "shown_to": t + 0.1,
        ...     "x0": 0.0, "y0": 0.0, "x1": 0.0, "y1": 0.0} for v, t in ((1, 0.0), (11, 1.0), (21, 2.0))]])
        >>> counter_moments(reads, pa.array(["Frame 15"]), pa.array([1.0]))[0][0]["start_s"].as_py()
        1.4
    """
    reads = reads.combine_chunks() if isinstance(reads, pa.ChunkedArray) else reads
    out = []
    for row, (query, period) in enumerate(zip(queries.to_pylist(), periods.to_pylist(), strict=True)):
        if query is None or not reads[row].is_valid:
            out.append(None)
            continue
        listed = reads[row].values
        fields = {name: listed.field(name) for name in READ_FIELDS}
        seconds = {
            name: fields[name].cast(pa.float64()).fill_null(np.nan).to_numpy(zero_copy_only=False)
            for name in READ_FIELDS[1:]
        }
        boxes = np.nan_to_num(np.stack([seconds[name] for name in ("x0", "y0", "x1", "y1")], axis=1), nan=0.0)
        found = moments(
            fields["text"].to_pylist(),
            seconds["ts"],
            seconds["shown_from"],
            seconds["shown_to"],
            boxes.reshape(-1, 4),
            query,
            period or 0.0,
        )
        out.append([m._asdict() for m in found])
    return pa.array(out, type=pa.list_(MOMENT))


def register(con: duckdb.DuckDBPyConnection, ctx) -> None:
    """Register ``counter_moments`` in ``con`` unless it is there (``ctx`` is not needed: it holds no state).

    Example:
        >>> con = duckdb.connect()
        >>> register(con, None); register(con, None)  # the second call keeps the first
        >>> con.sql("SELECT counter_moments([], 'Frame 15', 1.0), counter_moments(NULL, 'Frame 15', 1.0)").fetchall()
        [([], None)]
    """
    if not is_registered(con, "counter_moments"):
        con.create_function(
            "counter_moments",
            owned(counter_moments),
            [_sql_list(READ), "VARCHAR", "DOUBLE"],
            _sql_list(MOMENT),
            type="arrow",
            null_handling="special",
        )


def _sql_list(struct: pa.StructType) -> str:
    """The SQL type of a list of ``struct`` (``READ``, ``MOMENT``): its fields' strings VARCHAR, floats DOUBLE."""
    types = {pa.string(): "VARCHAR", pa.float64(): "DOUBLE"}
    return f"STRUCT({', '.join(f'{field.name} {types[field.type]}' for field in struct)})[]"


__all__ = [
    "ESTIMATE_SCORE",
    "MIN_READS",
    "Moment",
    "asked_number",
    "counter_moments",
    "moments",
    "register",
    "shown_number",
    "shows_number",
]
