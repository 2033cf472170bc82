"""transcript: frames graded by the best span said around them (the phrase in its words, allowing
recognition errors and other spellings of numbers), or meant (a segment close in meaning, graded lower)."""

from __future__ import annotations

import dataclasses

import numpy as np
import pyarrow as pa
import pytest

from tests.planner.tools.conftest import evidence_rows, sampled_video
from vqdb.planner import Plan, columnar, tools
from vqdb.planner.boolexpr import PlanError
from vqdb.planner.compiler import compile_plan
from vqdb.planner.locate import ISLAND_SHARE, compile_locate
from vqdb.planner.rules import rule_plan
from vqdb.planner.video_frames import VideoFrames
from vqdb.schema import SENTENCE_DIM, TABLES


def words(video_id: str, *spoken: tuple[str, float, float]) -> list[dict]:
    return [{"video_id": video_id, "word": w, "start_s": s, "end_s": e} for w, s, e in spoken]


def segments(video_id: str, *said: tuple[str, float, float]) -> list[dict]:
    return [{"video_id": video_id, "text": t, "start_s": s, "end_s": e} for t, s, e in said]


SPEECH = words("va", ("Ask", 1.0, 1.3), ("not,", 1.5, 1.8), ("what", 3.0, 3.3)) + words("vb", ("ask", 0.0, 0.4))


def test_frames_inside_the_span_of_the_phrase(evidence):
    sampled = [("va", i, i / 2) for i in range(10)] + [("vb", 0, 0.0)]
    assert evidence("transcript", "ask not", sampled=sampled, transcript_words=SPEECH) == [
        ("va", 2, 1.0, 1.0, 1.8),
        ("va", 3, 1.0, 1.0, 1.8),
    ]
    assert evidence("transcript", "what", sampled=sampled, transcript_words=SPEECH) == [("va", 6, 1.0, 3.0, 3.3)]


def test_a_phrase_said_between_two_frames_gets_the_nearest(evidence):
    sampled = [("va", i, 2.0 * i) for i in range(3)] + [("vb", 0, 0.0)]
    # "what" is said from 3.0 to 3.3 s: no frame inside; widened to one period (2 s) around 3.15 s, it
    # reaches 4.0 s, not 2.0 s
    assert evidence("transcript", "what", sampled=sampled, transcript_words=SPEECH) == [("va", 2, 1.0, 3.0, 3.3)]
    assert evidence("transcript", "ask", video_id="vb", sampled=sampled, transcript_words=SPEECH) == [
        ("vb", 0, 1.0, 0.0, 0.4)
    ]


def test_recognition_errors_numbers_and_spellings_still_match(evidence):
    sampled = [("va", i, float(i)) for i in range(12)]
    said = words(
        "va",
        ("The", 0.0, 0.2),
        ("Guttenberg", 0.3, 0.9),
        ("bible.", 1.0, 1.4),
        ("in", 4.0, 4.1),
        ("fourteen", 4.2, 4.6),
        ("fifty-five,", 4.7, 5.2),
        ("the", 8.0, 8.1),
        ("city", 8.2, 8.5),
        ("centre.", 8.6, 9.1),
    )
    assert evidence("transcript", "the Gutenberg Bible", sampled=sampled, transcript_words=said) == [
        ("va", 0, 0.971, 0.0, 1.4),
        ("va", 1, 0.971, 0.0, 1.4),
    ]
    assert [r[1] for r in evidence("transcript", "1455", sampled=sampled, transcript_words=said)] == [5]
    assert [r[1] for r in evidence("transcript", "1456", sampled=sampled, transcript_words=said)] == []
    assert [r[1:3] for r in evidence("transcript", "city center", sampled=sampled, transcript_words=said)] == [(9, 1.0)]


def test_the_evidence_of_a_phrase_is_the_phrase_its_words_are_said_in(evidence):
    sampled = [("va", i, float(i)) for i in range(8)]
    said = words(
        "va",
        ("Welcome.", 0.0, 0.4),
        ("It's", 1.0, 1.2),  # after a pause (0.6 s): a new utterance
        ("important", 1.2, 1.8),
        ("to", 1.8, 1.9),
        ("keep", 2.0, 2.3),
        ("track", 2.3, 2.7),
        ("of", 2.7, 2.8),
        ("every", 2.8, 3.1),
        ("penny,", 3.1, 3.4),
        ("daily.", 3.6, 4.0),  # a comma's breath (0.2 s) apart: the same utterance
        ("Really.", 5.0, 5.5),
    )
    # frames where the words are said; the span, for locate, the phrase they are said in (a person marks "It's
    # important to keep track of every penny,": 1.0-3.4 s, not "keep track" alone), not "daily." after the comma
    assert evidence("transcript", "keep track", sampled=sampled, transcript_words=said) == [
        ("va", 2, 1.0, 1.0, 3.4),
    ]
    # and the focus, where a keyframe is placed: the words themselves
    assert evidence("transcript", "keep track", sampled=sampled, transcript_words=said, focus=True) == [
        ("va", 2, 1.0, 1.0, 3.4, 2.0, 2.7),
    ]
    # not before the utterance: "It's" starts it, after the pause that ends "Welcome."
    assert evidence("transcript", "it's important", sampled=sampled, transcript_words=said)[0][3:] == (1.0, 3.4)


def test_a_call_for_the_statement_is_answered_with_the_utterance_on_both_paths(con, evidence):
    # "when does she talk about every penny?": what she says of it, "It's important ... daily." (1.0-3.6 s),
    # not the words naming it; the words are still where a keyframe is placed (the focus)
    sampled = [("va", i, float(i)) for i in range(8)]
    said = words(
        "va",
        ("Welcome.", 0.0, 0.4),
        ("It's", 1.0, 1.2),
        ("important", 1.2, 1.8),
        ("to", 1.8, 1.9),
        ("keep", 2.0, 2.3),
        ("every", 2.3, 2.7),
        ("penny,", 2.7, 3.0),
        ("daily.", 3.2, 3.6),  # a comma's breath apart: the same utterance
        ("Really.", 5.0, 5.5),
    )
    found = evidence(
        "transcript", "every penny", sampled=sampled, transcript_words=said, focus=True, extent="statement"
    )
    assert found == [("va", 3, 1.0, 1.0, 3.6, 2.3, 3.0)]
    assert [r[3:5] for r in evidence("transcript", "every penny", sampled=sampled, transcript_words=said)] == [
        (1.0, 3.2)  # the phrase said, to the words' slack after "penny,"
    ]
    video = sampled_video(con, "va", 7.0)
    arrays = tools.get("transcript").frame_evidence(video, "every penny", "statement")
    assert evidence_rows(video, arrays) == found


def test_words_are_answered_with_the_phrase_they_are_said_in_on_both_paths(con, evidence):
    # "ask not what your country can do for you," is a clause of "And so, ask not ..., ask what you can do.":
    # a person marks the clause asked for most of it or a few of its words
    sampled = [("va", i, i / 2) for i in range(12)]
    text = "And so, ask not what your country can do for you, ask what you can do."
    said = words("va", *[(w, 0.3 * i, 0.3 * i + 0.3) for i, w in enumerate(text.split())])
    most = "not what your country can do for you"  # 0.9-3.3 s of the clause's 0.6-3.3 s
    found = evidence("transcript", most, sampled=sampled, transcript_words=said, focus=True)
    assert {r[3:] for r in found} == {(0.6, 3.5, 0.9, 3.3)}  # the clause, and the words' slack after it
    assert {r[3:5] for r in evidence("transcript", "your country", sampled=sampled, transcript_words=said)} == {
        (0.6, 3.3)  # the clause, not "ask what you can do." after it
    }
    video = sampled_video(con, "va", 5.5)
    arrays = tools.get("transcript").frame_evidence(video, most)
    assert evidence_rows(video, arrays) == found


def test_a_clause_longer_than_a_breath_is_cut_into_phrases_and_bounds_them(evidence):
    sampled = [("va", i, float(i)) for i in range(14)]
    said = words("va", *[(f"word{i}" + ("," if i == 5 else ""), i + 0.1, i + 0.9) for i in range(12)])
    # "word6" to "word11" (6.1-11.9 s) is a clause of 5.8 s: two phrases of 2.9 s, the first word6 to word8
    assert evidence("transcript", "word7", sampled=sampled, transcript_words=said)[0][3:] == (6.1, 8.9)
    assert evidence("transcript", "word6", sampled=sampled, transcript_words=said)[0][3:] == (6.1, 8.9)  # "word5,"
    assert evidence("transcript", "word10", sampled=sampled, transcript_words=said)[0][3:] == (9.1, 11.9)


def test_words_out_of_order_or_apart_do_not_make_the_phrase(evidence):
    sampled = [("va", i, i / 2) for i in range(10)]
    assert evidence("transcript", "not ask", sampled=sampled, transcript_words=SPEECH) == []
    assert evidence("transcript", "ask what", sampled=sampled, transcript_words=SPEECH) == []


def test_a_segment_close_in_meaning_ranks_below_any_match_of_the_words(evidence):
    # the stand-in embedding makes texts with the same first letter mean the same thing
    sampled = [("va", i, float(i)) for i in range(10)]
    talk = segments("va", ("Budgets are hard", 0.0, 3.0), ("We saved a lot", 6.0, 8.0))
    said = words("va", ("we", 6.0, 6.5), ("saved", 6.5, 7.0), ("a", 7.0, 7.2), ("lot", 7.2, 8.0))
    found = evidence("transcript", "bank accounts", sampled=sampled, transcript_words=said, transcript_segments=talk)
    assert found == [
        ("va", 0, 0.6, 0.0, 3.0),
        ("va", 1, 0.6, 0.0, 3.0),
        ("va", 2, 0.6, 0.0, 3.0),
        ("va", 3, 0.6, 0.0, 3.0),
    ]
    found = evidence("transcript", "we saved", sampled=sampled, transcript_words=said, transcript_segments=talk)
    assert [(r[1], r[2]) for r in found] == [(6, 1.0), (7, 1.0), (8, 0.6)]  # the words said, then the segment


def test_a_query_without_letters_or_digits_is_refused():
    with pytest.raises(PlanError, match="has no letters or digits"):
        tools.get("transcript").check(" ... ")


def test_a_segment_meant_is_focused_where_its_words_say_the_query_on_both_paths(con, evidence):
    # the stand-in embedding makes texts with the same first letter mean the same thing: "how cold was the
    # winter" means the whole segment, whose word "winter" (3.3-3.9 s) says the query's; the breath group it is
    # said in, "then the long winter", is the span, and the segment with extent "statement"
    sampled = [("va", i, float(i)) for i in range(8)]
    talk = segments("va", ("Harvest time came, then the long winter.", 0.0, 6.0))
    timed = [("Harvest", 0.0, 0.5), ("time", 0.5, 1.0), ("came,", 1.0, 1.5), ("then", 2.2, 2.6), ("the", 2.6, 2.8)]
    said = words("va", *timed, ("long", 2.8, 3.3), ("winter.", 3.3, 3.9))
    query = "how cold was the winter"
    found = evidence("transcript", query, sampled=sampled, transcript_words=said, transcript_segments=talk, focus=True)
    assert [r[1] for r in found] == list(range(7))  # every frame of the segment, as before
    assert {r[2:] for r in found} == {(0.6, 2.2, 4.1, 3.3, 3.9)}
    statement = evidence(
        "transcript",
        query,
        sampled=sampled,
        transcript_words=said,
        transcript_segments=talk,
        focus=True,
        extent="statement",
    )
    assert {r[2:] for r in statement} == {(0.6, 0.0, 6.0, 3.3, 3.9)}
    unshared = evidence(
        "transcript", "how it went", sampled=sampled, transcript_words=said, transcript_segments=talk, focus=True
    )
    assert {r[2:] for r in unshared} == {(0.6, 0.0, 6.0, 0.0, 6.0)}  # no word shared: the whole segment
    video = sampled_video(con, "va", 7.0)
    for asked, extent, rows in ((query, None, found), (query, "statement", statement)):
        arrays = tools.get("transcript").frame_evidence(video, asked, extent)
        assert evidence_rows(video, arrays) == rows


def test_a_value_of_a_form_is_found_where_it_is_said_on_both_paths(con, evidence):
    # "what year is the Bible from?": "1455" said, whatever its words
    sampled = [("va", i, float(i)) for i in range(6)]
    said = words("va", ("The", 0.0, 0.2), ("Bible", 0.3, 0.9), ("of", 1.0, 1.1), ("about", 1.2, 1.5))
    said += words("va", ("1455.", 2.0, 2.9), ("Years", 4.0, 4.4), ("passed.", 4.5, 4.9))
    found = evidence("transcript", "{year}", sampled=sampled, transcript_words=said)
    assert found == [("va", 2, 0.85, 2.0, 2.9)]  # "1455.", not "Years"
    video = sampled_video(con, "va", 5.0)
    arrays = tools.get("transcript").frame_evidence(video, "{year}")
    assert evidence_rows(video, arrays, focus=False) == found


def test_a_segment_meant_is_focused_where_its_words_are_heard_on_both_paths(con, evidence):
    # Whisper gives Kennedy's pause to the word after it: "asked" 3.12-4.72 s, said in its last 0.8 s; the focus
    # of "not ask what the nation can do" (the stand-in embedding: same first letter, same meaning) is "asked
    # not" as heard, 3.92-5.26, not from 3.12 (where a keyframe would fall in the silence)
    sampled = [("va", i, float(i)) for i in range(8)]
    talk = segments("va", ("Now asked not what your country can do for you.", 2.58, 7.0))
    timed = [("Now", 2.58, 3.12), ("asked", 3.12, 4.72), ("not", 4.72, 5.26), ("what", 5.26, 5.6)]
    said = words("va", *timed, ("your", 5.6, 5.8), ("country", 5.8, 6.2), ("can", 6.2, 6.4), ("do", 6.4, 7.0))
    query = "not ask what the nation can"
    found = evidence("transcript", query, sampled=sampled, transcript_words=said, transcript_segments=talk, focus=True)
    assert {r[5:] for r in found} == {(3.92, 5.26)}
    video = sampled_video(con, "va", 8.0)
    arrays = tools.get("transcript").frame_evidence(video, query)
    assert evidence_rows(video, arrays) == found


def test_the_words_of_a_segment_meant_are_those_overlapping_it_on_both_paths(con, evidence):
    # the words are found by their times in order (a binary search on the array path): "winter," said across the
    # segments' boundary belongs to both, though words after it end before the second starts; "cold", starting
    # as the first ends, only to the second; a word without an end to neither
    sampled = [("va", i, float(i)) for i in range(12)]
    talk = segments("va", ("Harvest time came, winter, the long time.", 0.0, 4.0), ("How cold was.", 4.0, 9.0))
    timed = [("Harvest", 0.0, 0.5), ("time", 0.5, 1.0), ("came,", 1.0, 1.5), ("winter,", 2.2, 4.5), ("the", 2.6, 2.8)]
    later = [("long", 2.8, 3.3), ("time.", 3.3, 3.9), ("How", 4.2, 4.4), ("cold", 4.0, 8.5), ("was.", 8.5, None)]
    said = words("va", *timed, *later)
    query = "how cold was the winter"
    found = evidence("transcript", query, sampled=sampled, transcript_words=said, transcript_segments=talk, focus=True)
    # "winter," alone, as heard (2.3 s long, a clause's end: the silence is after it); "winter, ... cold"
    assert {r[5:] for r in found} == {(2.2, 3.1), (2.2, 8.5)}
    video = sampled_video(con, "va", 10.0)
    arrays = tools.get("transcript").frame_evidence(video, query)
    assert evidence_rows(video, arrays) == found


def test_what_is_said_right_after_words_follows_the_phrase_they_are_said_in_on_both_paths(con):
    # "what does he say right after 'my fellow'?": the rest of the phrase "my fellow" is said in ("Americans of
    # every state,", to 2.4 s) is not what he says after it: "ask not ..." (3.6 s on) is
    plan = rule_plan("What does he say right after 'my fellow'?")
    assert {(c.tool, c.extent) for c in plan.queries if c.when == "after"} >= {("transcript", "phrase")}
    first = ["So", "my", "fellow", "Americans", "of", "every", "state,"]
    second = ["ask", "not", "what", "your", "country", "can", "do", "for", "you."]
    said = [(w, 0.3 + 0.3 * i, 0.6 + 0.3 * i) for i, w in enumerate(first)]  # 0.3-2.4 s, "my fellow" 0.6-1.2 s
    said += [(w, 3.6 + 0.3 * i, 3.9 + 0.3 * i) for i, w in enumerate(second)]  # 3.6-6.3 s
    rows = words("v", *said)
    con.register("transcript_words", pa.Table.from_pylist(rows, schema=TABLES["transcript_words"].arrow_schema(3)))
    for name in ("transcript_segments", "audio_tags", "audio_events", "subtitles", "ocr", "ocr_spans"):
        con.register(name, pa.Table.from_pylist([], schema=TABLES[name].arrow_schema(3)))
    con.execute(
        "CREATE TABLE frames AS SELECT 'v' AS video_id, i::INT AS frame_idx, i::DOUBLE AS ts FROM range(9) t(i)"
    )
    con.execute("CREATE TABLE videos AS SELECT 'v' AS video_id, 9.0 AS duration_s")
    video = VideoFrames.load(con, "v", k=1, gap=0.0)
    sql_first = con.sql(compile_plan(plan, k=1, gap=0.0)).fetchall()[0][2]
    arrays_first = columnar.keyframes(plan, video, 1).column("ts")[0].as_py()
    assert sql_first == arrays_first and 3.6 <= sql_first <= 6.3  # was 1.9 s: "of every state," still said
    # asked as the words' next phrase ("extent": "next"), the moment is "ask not ... for you." on both paths (the
    # sampled frames right after the words, 1.5-2.5 s, without it)
    named = Plan.from_json({"queries": [{"id": "Q1", "tool": "transcript", "query": "my fellow", "when": "after"}]})
    for extent, expected in ((None, (1.5, 2.5)), ("next", (3.6, 6.3))):
        asked = Plan((dataclasses.replace(named.queries[0], extent=extent),))
        sql_top = con.sql(compile_locate(asked, k=1)).fetchall()[0][1:3]
        arrays_top = columnar.intervals(asked, video, 1, ISLAND_SHARE)
        assert sql_top == (arrays_top["start_s"][0].as_py(), arrays_top["end_s"][0].as_py()) == expected


def test_what_is_said_next_in_a_video_where_nothing_is_said_is_no_evidence_on_both_paths(con):
    # "which line comes right after 'with our lives'?" over a song with no words transcribed: the arrays path
    # raised AttributeError cutting the phrases of nothing said
    for name in TABLES:
        if name not in ("frames", "videos"):
            con.register(name, pa.Table.from_pylist([], schema=TABLES[name].arrow_schema(3)))
    frames = "SELECT 'v' AS video_id, i::INT AS frame_idx, i::DOUBLE AS ts FROM range(4) t(i)"
    con.execute(f"CREATE TABLE frames AS {frames}")
    con.execute("CREATE TABLE videos AS SELECT 'v' AS video_id, 4.0 AS duration_s")
    asked = Plan.from_json(
        {"queries": [{"id": "Q1", "tool": "transcript", "query": "with our lives", "when": "after", "extent": "next"}]}
    )
    sql_rows = con.sql(compile_locate(asked, k=1)).fetchall()
    arrays_rows = columnar.intervals(asked, VideoFrames.load(con, "v", k=1, gap=0.0), 1, ISLAND_SHARE).to_pylist()
    assert [row[1:4] for row in sql_rows] == [(r["start_s"], r["end_s"], r["score"]) for r in arrays_rows]
    assert sql_rows == [] or sql_rows[0][3] is None  # no moment scored


def test_a_call_for_the_phrase_reaches_the_frames_of_the_phrase_its_words_are_said_in_on_both_paths(con, evidence):
    # "my fellow" (0.6-1.2 s) of "So my fellow Americans of every state," (0.3-2.4 s): its frames are the phrase's
    # (0.5-2 s at 2 frames a second), on both paths; without the extent, only the words' (1 s)
    said = words(
        "v",
        *[
            (w, 0.3 + 0.3 * i, 0.6 + 0.3 * i)
            for i, w in enumerate(["So", "my", "fellow", "Americans", "of", "every", "state,"])
        ],
    )
    sampled = [("v", i, i / 2) for i in range(8)]
    found = evidence("transcript", "my fellow", sampled=sampled, transcript_words=said, extent="phrase")
    assert [r[1] for r in found] == [1, 2, 3, 4]
    assert [r[1] for r in evidence("transcript", "my fellow", sampled=sampled, transcript_words=said)] == [2]
    video = sampled_video(con, "v", 3.5)
    arrays = tools.get("transcript").frame_evidence(video, "my fellow", "phrase")
    assert evidence_rows(video, arrays, focus=False) == found


def test_a_call_for_the_phrase_reaches_no_further_in_a_long_clause_cut_by_time_on_both_paths(con, evidence):
    # "the Guttenberg or 42 line Bible of about 1455," said for 3.6 s with no comma: cut by time into phrases, its
    # clause ends outside the phrase "the Guttenberg" is said in, and what follows them is said right after them
    text = ["the", "Guttenberg", "or", "42", "line", "Bible", "of", "about", "1455,"]
    said = words("v", *[(w, 0.4 * i, 0.4 * i + 0.4) for i, w in enumerate(text)])
    sampled = [("v", i, i / 2) for i in range(8)]
    found = evidence("transcript", "the Guttenberg", sampled=sampled, transcript_words=said, extent="phrase")
    assert [r[1] for r in found] == [0, 1]  # the words (0-0.8 s), not the clause to 3.6 s
    video = sampled_video(con, "v", 3.5)
    arrays = tools.get("transcript").frame_evidence(video, "the Guttenberg", "phrase")
    assert np.flatnonzero(~np.isnan(arrays.score)).tolist() == [0, 1]


def test_a_segment_meant_sharing_no_word_is_focused_on_its_clause_closest_in_meaning_on_both_paths(con, evidence):
    # Whisper's one segment "I will show a directory done." for two utterances 3 s apart: "decided to stop" shares
    # no word with it, and means its clause "done." more than the whole segment (the stand-in embedding: texts with
    # the same first letter mean the same; the segment's stored vector is 0.6 along "d", 0.8 along "i"), so the
    # focus is "done." and the span its phrase, not the 6 s segment
    sampled = [("va", i, float(i)) for i in range(7)]
    vector = np.zeros(SENTENCE_DIM, np.float32)
    vector[[3, 8]] = 0.6, 0.8
    talk = [
        {"video_id": "va", "text": "I will show a directory done.", "start_s": 0.0, "end_s": 6.0, "text_emb": vector}
    ]
    timed = [("I", 0.0, 0.5), ("will", 0.5, 0.8), ("show", 0.8, 1.2), ("a", 1.2, 1.4), ("directory", 1.4, 2.0)]
    said = words("va", *timed, ("done.", 5.0, 5.3))
    query = "decided to stop"
    found = evidence("transcript", query, sampled=sampled, transcript_words=said, transcript_segments=talk, focus=True)
    assert [r[1] for r in found] == list(range(7))  # the segment's frames, scored by its meaning as before
    assert {r[2:] for r in found} == {(0.3, 4.8, 5.5, 5.0, 5.3)}
    video = sampled_video(con, "va", 6.0)
    arrays = tools.get("transcript").frame_evidence(video, query)
    assert evidence_rows(video, arrays) == found


def test_a_call_for_the_answer_is_focused_on_the_rest_of_its_statement_on_both_paths(con, evidence):
    # "what does the man say he will show?" finds "will show" in "I will show a directory" (one utterance): the
    # answer, where a keyframe goes, is what it says after them (1.6-2.8 s); the statement stays the span.
    # "what does she say was shown?" finds "was shown" in "The folder was shown": the answer is said before them
    sampled = [("va", i, i / 2) for i in range(14)]
    said = words(
        "va",
        ("I", 0.5, 1.0),
        ("will", 1.0, 1.2),
        ("show", 1.2, 1.6),
        ("a", 1.6, 1.9),
        ("directory.", 1.9, 2.8),
        ("The", 4.0, 4.3),
        ("folder", 4.3, 5.0),
        ("was", 5.0, 5.3),
        ("shown.", 5.3, 6.0),
    )
    for query, extent, focus in (
        ("will show", "statement_after", (1.6, 2.8)),
        ("will show", "statement", (1.0, 1.6)),
        ("was shown", "statement_before", (4.0, 5.0)),
    ):
        found = evidence("transcript", query, sampled=sampled, transcript_words=said, focus=True, extent=extent)
        assert found and {r[3:] for r in found} == {(found[0][3], found[0][4], *focus)}, (extent, found)
        video = sampled_video(con, "va", 7.0)
        arrays = tools.get("transcript").frame_evidence(video, query, extent)
        assert evidence_rows(video, arrays) == found


def test_a_call_for_the_answer_after_a_statement_that_says_none_is_focused_on_the_phrase_said_next(con, evidence):
    # "what does he urge his fellow citizens to do?" finds "my fellow Americans," a statement of its own, a breath
    # before "ask not what your country can do for you": the answer is that phrase, on both paths
    sampled = [("va", i, i / 2) for i in range(14)]
    said = words(
        "va",
        ("my", 0.3, 0.6),
        ("fellow", 0.6, 1.0),
        ("Americans,", 1.0, 1.6),
        ("ask", 2.4, 2.8),
        ("not", 2.8, 3.1),
        ("what", 3.1, 3.4),
        ("your", 3.4, 3.6),
        ("country", 3.6, 4.0),
        ("can", 4.0, 4.2),
        ("do", 4.2, 4.4),
        ("for", 4.4, 4.6),
        ("you.", 4.6, 5.0),
    )
    found = evidence(
        "transcript",
        "my fellow Americans",
        sampled=sampled,
        transcript_words=said,
        focus=True,
        extent="statement_after",
    )
    assert found and all(r[3] == 0.3 and r[4] == r[6] >= 3.0 and r[5] == 2.4 for r in found), found  # span reaches it
    video = sampled_video(con, "va", 7.0)
    arrays = tools.get("transcript").frame_evidence(video, "my fellow Americans", "statement_after")
    assert evidence_rows(video, arrays) == found
