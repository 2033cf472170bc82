"""A plan's order: which frames have real evidence (as strong a kind of match as the best), the frame it
ranks first, and both execution paths giving it (the random plans of test_compiler.py draw orders too)."""

from __future__ import annotations

import duckdb
import numpy as np
import pytest

from vqdb.planner import columnar
from vqdb.planner.compiler import compile_plan
from vqdb.planner.plan import Call, Plan
from vqdb.planner.temporal_order import floor, kinds, promoted, qualifies
from vqdb.queries import load_sql_macros

nan = np.nan


def plan(*calls: tuple[str, str], combine: str = "", order: str | None = "first") -> Plan:
    queries = tuple(Call(f"Q{i}", tool, query) for i, (tool, query) in enumerate(calls, start=1))
    return Plan(queries, combine or " OR ".join(c.id for c in queries), order=order)


def test_words_read_or_said_outrank_a_sentence_that_means_them():
    said = plan(("transcript", "keep track of every penny"))  # min_score 0.7: words from 0.7, meaning below 0.6
    scores = np.array([0.45, nan, 0.98, 0.72, 0.88])  # a sentence meaning it first, a near hearing, the words
    assert qualifies(said, {"Q1": scores}).tolist() == [False, False, True, False, True]
    assert promoted(said, qualifies(said, {"Q1": scores})) == 4 - 2  # the first frame of the words


def test_a_sentence_meaning_it_counts_when_no_words_match():
    meant = plan(("transcript", "money"))
    assert qualifies(meant, {"Q1": np.array([0.1, 0.3, 0.4, nan])}).tolist() == [False, True, True, False]


def test_every_utterance_is_the_voice_however_well_the_tagger_hears_it():
    voice = plan(("audio", "speech"), order="last")
    scores = np.array([0.95, 0.52, 0.4, nan])  # well heard, an utterance the tagger barely hears, tagger only
    assert qualifies(voice, {"Q1": scores}).tolist() == [True, True, False, False]
    assert promoted(voice, qualifies(voice, {"Q1": scores})) == 1


def test_a_sound_or_a_picture_counts_from_halfway_to_its_best():
    assert kinds(Call("Q1", "audio", "dog")) == kinds(Call("Q1", "siglip", "a dog")) == ((0.0, 0.5),)
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
    con.execute(
        "CREATE TABLE frames AS SELECT 'v' AS video_id, i::INT AS frame_idx, i::DOUBLE AS ts FROM range(8) t(i)"
    )
    con.execute("CREATE TABLE videos AS SELECT 'v' AS video_id, 8.0 AS duration_s")
    con.execute(
        "CREATE TABLE audio_tags AS SELECT 'v' AS video_id, s::DOUBLE AS start_s, s + 1.0 AS end_s, 'Dog' AS label,"
        " p AS score FROM (VALUES (1, 0.5), (2, 0.3), (4, 0.9), (6, 0.6), (7, 0.2)) t(s, p)"
    )
    con.execute("CREATE TABLE transcript_words (video_id VARCHAR, word VARCHAR, start_s DOUBLE, end_s DOUBLE)")
    for order, first_ts in (("first", 1.0), ("last", 6.0), (None, 4.0)):
        sql = compile_plan(plan(("audio", "dog"), order=order), k=1, gap=0.0)
        assert con.sql(sql).fetchall()[0][2] == first_ts, order  # halfway to 0.9: 0.5, 0.6 count, 0.3, 0.2 do not
