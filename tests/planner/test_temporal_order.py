"""A plan's order: which frames have real evidence (as strong a kind of match as the best), the frame it
ranks first, and both execution paths giving it (the random plans of test_compiler.py draw orders too)."""

from __future__ import annotations

import duckdb
import numpy as np
import pytest

from vqdb.planner import columnar
from vqdb.planner.compiler import compile_plan
from vqdb.planner.plan import Call, Plan
from vqdb.planner.temporal_order import (
    floor,
    kinds,
    occurrence_gap,
    occurrences,
    promoted,
    qualifies,
    real_evidence,
    reference,
)
from vqdb.queries import load_sql_macros

nan = np.nan


def plan(*calls: tuple[str, str], combine: str = "", order: str | None = "first") -> Plan:
    queries = tuple(Call(f"Q{i}", tool, query) for i, (tool, query) in enumerate(calls, start=1))
    return Plan(queries, combine or " OR ".join(c.id for c in queries), order=order)


def test_words_read_or_said_outrank_a_sentence_that_means_them():
    said = plan(("transcript", "keep track of every penny"))  # min_score 0.7: words from 0.7, meaning below 0.6
    scores = np.array([0.45, nan, 0.98, 0.72, 0.88])  # a sentence meaning it first, a near hearing, the words
    assert qualifies(said, {"Q1": scores}).tolist() == [False, False, True, False, True]
    assert promoted(said, qualifies(said, {"Q1": scores}), np.arange(5.0)) == 4 - 2  # the first frame of the words


def test_the_words_read_inside_a_longer_line_are_the_words_read():
    # "echo" alone grades 1.0, inside "echo the ONE" 0.95 (the rest of the line), misread "ech0 the way" lower
    # still; "echo the lamb" read as "echo the life" is another text sharing some of its words
    read = plan(("ocr", "echo"), order="second")
    scores = np.array([0.95, 0.95, nan, nan, nan, 1.0, nan, nan, nan, 0.4])
    assert qualifies(read, {"Q1": scores}).tolist() == [True, True] + [False] * 3 + [True] + [False] * 4
    assert promoted(read, qualifies(read, {"Q1": scores}), np.arange(10.0)) == 5
    lamb = plan(("ocr", "echo the lamb"))  # read alone, "echo the life", in a longer line, misread
    assert qualifies(lamb, {"Q1": np.array([1.0, 0.842, 0.942, 0.855])}).tolist() == [True, False, True, False]
    longer = plan(("ocr", "echo"))  # never alone on screen: the best is a read in a longer line, a near miss below
    assert qualifies(longer, {"Q1": np.array([0.95, 0.93, 0.45])}).tolist() == [True, True, False]


def test_a_sentence_meaning_it_counts_when_no_words_match():
    meant = plan(("transcript", "money"))
    assert qualifies(meant, {"Q1": np.array([0.1, 0.3, 0.4, nan])}).tolist() == [False, True, True, False]


def test_every_utterance_is_the_voice_however_well_the_tagger_hears_it():
    voice = plan(("audio", "speech"), order="last")
    scores = np.array([0.95, 0.52, 0.4, nan])  # well heard, an utterance the tagger barely hears, tagger only
    assert qualifies(voice, {"Q1": scores}).tolist() == [True, True, False, False]
    assert promoted(voice, qualifies(voice, {"Q1": scores}), np.arange(4.0)) == 1


def test_a_sound_or_a_picture_counts_from_halfway_to_its_best():
    assert kinds(Call("Q1", "audio", "dog")) == kinds(Call("Q1", "siglip", "a dog")) == ((0.0, 0.5, None, 1.0),)
    assert floor(Call("Q1", "audio", "dog"), 0.8) == pytest.approx(0.4)
    assert floor(Call("Q1", "siglip", "a dog"), -0.2) == -0.2  # below every kind: the best alone


def test_calls_combine_as_the_plan_combines_them():
    both = {"Q1": np.array([1.0, 1.0, nan]), "Q2": np.array([0.1, 0.9, 0.9])}
    anded = plan(("ocr", "EXIT"), ("audio", "bark"), combine="Q1 AND Q2")
    ored = plan(("ocr", "EXIT"), ("audio", "bark"), combine="Q1 OR Q2")
    assert qualifies(anded, both).tolist() == [False, True, False]
    assert qualifies(ored, both).tolist() == [True, True, True]
    assert qualifies(anded, {"Q1": np.full(3, nan), "Q2": both["Q2"]}).tolist() == [False] * 3  # nothing read


def test_the_first_moment_ranks_first_and_the_others_keep_their_order():
    voice = {"Q1": np.array([nan, 0.6, 0.6, nan, 0.95, 0.97, nan, 0.7])}
    ts = np.arange(8.0)
    unordered = columnar.rank(plan(("audio", "speech"), order=None), voice, ts=ts, duration_s=8.0, k=2)
    first = columnar.rank(plan(("audio", "speech")), voice, ts=ts, duration_s=8.0, k=2)
    last = columnar.rank(plan(("audio", "speech"), order="last"), voice, ts=ts, duration_s=8.0, k=2)
    assert unordered.order[:4].tolist() == [5, 4, 7, 1]
    assert first.order[:4].tolist() == [1, 5, 4, 7] and last.order[:4].tolist() == [7, 5, 4, 1]


def test_the_sql_ranks_the_same_frame_first():
    con = duckdb.connect()
    load_sql_macros(con)  # temporal_nms, text_normalize
    con.execute("CREATE MACRO text_embed(t) AS [1.0]::FLOAT[1]")  # a stand-in: the audio tool weighs labels by it
    con.execute(
        "CREATE TABLE frames AS SELECT 'v' AS video_id, i::INT AS frame_idx, i::DOUBLE AS ts FROM range(8) t(i)"
    )
    con.execute("CREATE TABLE videos AS SELECT 'v' AS video_id, 8.0 AS duration_s")
    con.execute(
        "CREATE TABLE audio_tags AS SELECT 'v' AS video_id, s::DOUBLE AS start_s, s + 1.0 AS end_s, 'Dog' AS label,"
        " p AS score FROM (VALUES (1, 0.5), (2, 0.3), (4, 0.9), (6, 0.6), (7, 0.2)) t(s, p)"
    )
    con.execute(
        "CREATE TABLE audio_events (video_id VARCHAR, start_s DOUBLE, end_s DOUBLE, label VARCHAR, max_score DOUBLE)"
    )
    con.execute("CREATE TABLE transcript_words (video_id VARCHAR, word VARCHAR, start_s DOUBLE, end_s DOUBLE)")
    # halfway to 0.9: 0.5 (1-2 s), 0.9 (4-5 s), 0.6 (6-7 s) count, 0.3, 0.2 do not; 1 s to 4 s is 3 s apart: two
    # occurrences, 4 s to 6 s one
    for order, first_ts in (("first", 1.0), ("second", 4.0), ("third", None), ("last", 6.0), (None, 4.0)):
        sql = compile_plan(plan(("audio", "dog"), order=order), k=1, gap=0.0)
        assert con.sql(sql).fetchall()[0][2] == (first_ts or 4.0), order  # no third: the best first


def test_a_word_said_twice_in_one_sentence_is_two_occurrences():
    # "ask not what your country can do for you, ask what you can do for your country": "ask" at 6.3 s and 11.2 s,
    # each reaching the sampled frame nearest it (1 frame a second)
    said = plan(("transcript", "ask"), order="second")
    scores = np.full(24, nan)
    scores[[6, 11]] = 1.0
    assert occurrences(qualifies(said, {"Q1": scores}), np.arange(24.0)).tolist() == [6, 11]
    assert promoted(said, qualifies(said, {"Q1": scores}), np.arange(24.0)) == 11


def test_a_word_said_in_another_form_is_an_occurrence_of_it():
    # "asked not what your country can do for you, ask what ...": Whisper's "asked" (0.9) is Kennedy's first "ask"
    said = plan(("transcript", "ask"), order="first")
    scores = np.full(12, nan)
    scores[4], scores[9] = 0.9, 1.0
    assert promoted(said, qualifies(said, {"Q1": scores}), np.arange(12.0)) == 4


def test_a_read_missed_now_and_then_is_one_showing_a_title_gone_and_back_is_two():
    ts = np.arange(14.0)
    read = np.array([0, 1, 1, 0, 1, 1, 1, 0, 0, 1, 1, 0, 0, 0], dtype=bool)  # 1 frame missed at 3 s; gone 7-8 s
    assert occurrences(read, ts).tolist() == [1, 9]
    again = plan(("ocr", "echo"), order="second")
    assert promoted(again, read, ts) == 9 and promoted(plan(("ocr", "echo"), order="third"), read, ts) is None
    assert promoted(plan(("ocr", "echo"), order="first"), read, ts) == 1  # the first occurrence's start: the earliest


def test_at_a_low_sampling_rate_an_occurrence_needs_a_frame_without_evidence_to_end():
    assert occurrence_gap(1.0) == 2.5 and occurrence_gap(4.0) == 6.0
    ts = np.arange(0.0, 40.0, 4.0)  # one frame every 4 s: consecutive frames are one run
    assert occurrences(np.array([1, 1, 1, 0, 1, 1, 0, 0, 0, 0], dtype=bool), ts).tolist() == [0, 4]


def test_the_nth_occurrence_ranks_first_in_both_paths():
    voice = {"Q1": np.array([0.9, 0.9, nan, nan, nan, 0.8, 0.85, nan, 0.7, nan])}
    ts = np.arange(10.0)
    second = columnar.rank(plan(("audio", "dog"), order="second"), voice, ts=ts, duration_s=10.0, k=2)
    third = columnar.rank(plan(("audio", "dog"), order="third"), voice, ts=ts, duration_s=10.0, k=2)
    assert second.order[0] == 5 and third.order[0] == 0  # 8 s is 2 s after 6 s: no third, the best first


def test_a_related_calls_reference_is_real_evidence_as_the_call_alone_would_be():
    caption = Call("Q1", "ocr", "has never been surpassed", when="after")
    assert reference(caption) == Call("Q1", "ocr", "has never been surpassed")
    read = np.array([1.0, 0.97, 0.5, np.nan])  # read well twice, a near miss, nothing
    assert real_evidence(reference(caption), read).tolist() == [True, True, False, False]
    assert not real_evidence(reference(caption), np.full(3, np.nan)).any()
