"""Who speaks, as an audio query names it: the kind of voice, the speaker's order, a turn and the voice before;
the SQL condition and the arrays keep the same utterances."""

from __future__ import annotations

import duckdb
import pyarrow as pa
import pytest

from vqdb.planner.tools.audio import Audio
from vqdb.planner.tools.voices import WhoSpeaks, chosen, condition, who_speaks, whole_turns

ROWS = pa.table(
    {
        "start_s": [0.0, 2.0, 3.0, 5.0, 7.0, 9.0],
        "end_s": [1.5, 2.8, 4.5, 6.0, 8.0, 9.5],
        "voice": ["woman", "man", "man", "woman", None, "child"],
        "speaker": pa.array([1, 2, 2, 1, 3, 4], pa.int32()),
        "opens_turn": [True, True, False, True, True, True],
        "pitch_hz": [220.0, 120.0, 125.0, 225.0, None, 320.0],
    }
)


@pytest.mark.parametrize(
    ("query", "asked"),
    [
        ("a woman's voice", WhoSpeaks("woman")),
        ("a female voice", WhoSpeaks("woman")),
        ("the kid's voice", WhoSpeaks("child")),
        ("the third speaker", WhoSpeaks(None, 3)),
        ("the 2nd voice", WhoSpeaks(None, 2)),
        ("the first speaker, a woman's voice", WhoSpeaks("woman", 1)),
        ("a man's voice after a woman's", WhoSpeaks("man", None, True, "woman")),
        ("a man's voice taking a turn", WhoSpeaks("man", None, True)),
        ("a man's voice that replies", WhoSpeaks("man", None, True)),
    ],
)
def test_what_a_query_asks_of_who_speaks(query, asked):
    assert who_speaks(query) == asked


@pytest.mark.parametrize(
    "query", ["speech", "a voice", "the voice-over", "male speech", "Female speech, woman speaking", "dog", "his voice"]
)
def test_a_voice_whoever_speaks_or_a_sound_is_not_who_speaks(query):
    assert who_speaks(query) is None


@pytest.mark.parametrize(
    ("asked", "starts"),
    [
        (WhoSpeaks("woman"), [0.0, 5.0]),
        (WhoSpeaks("man"), [2.0, 3.0]),
        (WhoSpeaks(None, 2), [2.0, 3.0]),
        (WhoSpeaks("man", None, True), [2.0]),
        (WhoSpeaks("woman", None, True, "man"), [5.0]),
        (WhoSpeaks("man", None, True, "woman"), [2.0]),
        (WhoSpeaks("child", None, True, "woman"), []),  # the voice before the child's is unknown
        (WhoSpeaks("child"), [9.0]),
    ],
)
def test_sql_and_arrays_keep_the_same_utterances(asked, starts):
    con = duckdb.connect()
    shuffled = ROWS.take([3, 0, 5, 1, 4, 2]).append_column("video_id", pa.array(["v"] * 6))
    con.register("voices", shuffled)
    in_turn = Audio.voices_in_turn(None).sql("duckdb")  # what the audio tool reads
    sql = f"SELECT start_s FROM ({in_turn}) AS v WHERE {condition(asked, 'v').sql('duckdb')} ORDER BY start_s"
    assert [r[0] for r in con.sql(sql).fetchall()] == starts
    assert chosen(asked, shuffled.drop_columns(["video_id"]))[0].tolist() == starts


@pytest.mark.parametrize(
    ("asked", "spans"),
    [
        (WhoSpeaks("man"), [(2.0, 4.5)]),  # his two utterances: one turn
        (WhoSpeaks("woman"), [(0.0, 1.5), (5.0, 6.0)]),  # two turns, the man's between them
        (WhoSpeaks(None, 2), [(2.0, 4.5)]),
        (WhoSpeaks("child"), [(9.0, 9.5)]),
        (WhoSpeaks(None, 5), [(12.0, 12.5), (16.0, 16.5)]),  # a silence of 3 s: two turns; a click reaches none
    ],
)
def test_a_voice_asked_for_is_answered_with_its_whole_turns_alike_in_sql_and_arrays(asked, spans):
    con = duckdb.connect()
    alone = pa.table(
        {
            "start_s": [12.0, 12.8, 16.0],
            "end_s": [12.5, 13.0, 16.5],
            "voice": pa.array([None] * 3, pa.string()),
            "speaker": pa.array([5] * 3, pa.int32()),
            "opens_turn": [True, False, False],
            "pitch_hz": [110.0, None, 115.0],  # a click with no pitch inside his first turn
        }
    )
    rows = pa.concat_tables([ROWS, alone])
    shuffled = rows.take([3, 0, 7, 5, 1, 6, 4, 2, 8]).append_column("video_id", pa.array(["v"] * 9))
    con.register("voices", shuffled)
    in_turn = Audio.voices_in_turn(None).sql("duckdb")
    where = condition(asked, "v").sql("duckdb")
    sql = f"SELECT DISTINCT turn_start, turn_end FROM ({in_turn}) AS v WHERE {where} ORDER BY turn_start"
    assert con.sql(sql).fetchall() == spans
    starts, ends = chosen(asked, shuffled.drop_columns(["video_id"]), whole_turns(asked, None))
    assert list(zip(starts.tolist(), ends.tolist(), strict=True)) == spans


def test_a_moment_of_a_voice_or_a_turn_taken_is_one_utterance():
    assert whole_turns(WhoSpeaks("man"), None)
    assert not whole_turns(WhoSpeaks("man"), "phrase")  # "when does the man start talking?"
    assert not whole_turns(WhoSpeaks("man", None, True, "woman"), None)  # "the man takes over from the woman"
    starts, ends = chosen(WhoSpeaks("man", None, True, "woman"), ROWS)
    assert (starts.tolist(), ends.tolist()) == ([2.0], [2.8])
