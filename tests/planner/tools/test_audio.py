"""audio: a frame scores the best tag covering it whose label contains the query or is contained in it; a
voice is heard where speech recognition wrote words too, with their utterance as its span."""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pytest

from tests.planner.tools.conftest import evidence_rows, sampled_video
from vqdb.planner import tools
from vqdb.planner.tools.audio import OTHER_VOICE, SOUND_MEANING_MIN, VOICE_SHARE, Audio, voiced
from vqdb.planner.tools.base import FrameEvidence
from vqdb.schema import SENTENCE_DIM

SAMPLED = [("va", i, i / 2) for i in range(5)] + [("vb", 0, 0.0)]
TAGS = [
    {"video_id": "va", "start_s": 0.0, "end_s": 0.96, "label": "Dog", "score": 0.5},
    {"video_id": "va", "start_s": 0.5, "end_s": 1.46, "label": "Dog bark", "score": 0.75},
    {"video_id": "va", "start_s": 0.0, "end_s": 2.0, "label": "Music", "score": 1.0},
    {"video_id": "vb", "start_s": 0.0, "end_s": 1.0, "label": "Bark", "score": 0.25},
]


def scores(rows: list[tuple]) -> list[tuple]:
    """(video_id, frame_idx, score) of rows whose span is NULL: a sound that is no voice has none."""
    assert all(row[3:] == (None, None) for row in rows)
    return [row[:3] for row in rows]


def test_frames_get_the_best_matching_tag_covering_them(evidence):
    assert scores(evidence("audio", "DOG", sampled=SAMPLED, audio_tags=TAGS)) == [
        ("va", 0, 0.5),
        ("va", 1, 0.75),
        ("va", 2, 0.75),  # 1.0 s: only the bark covers it (the Dog tag ends at 0.96 s)
    ]


def test_a_label_inside_the_query_matches_too(evidence):
    assert scores(evidence("audio", "a dog barking", sampled=SAMPLED, audio_tags=TAGS)) == [
        ("va", 0, 0.5),
        ("va", 1, 0.75),  # "dog bark" is inside "a dog barking"
        ("va", 2, 0.75),
        ("vb", 0, 0.25),  # so is "bark"
    ]
    assert scores(evidence("audio", "bark", video_id="vb", sampled=SAMPLED, audio_tags=TAGS)) == [("vb", 0, 0.25)]


def test_a_tag_covers_up_to_but_not_including_its_end(evidence):
    assert scores(evidence("audio", "music", sampled=SAMPLED, audio_tags=TAGS)) == [("va", i, 1.0) for i in range(4)]


# movie-hello.mp4 as faster-whisper wrote it: "I" given the silence before it (the voice starts at 0.85 s by
# its spectrogram), "done." the key clicks after it; the tagger hears speech in windows from 0.0 s
HELLO_WORDS = [
    ("I", 0.46, 1.0), ("will", 1.0, 1.18), ("show", 1.18, 1.58), ("a", 1.58, 2.14), ("directory", 2.14, 2.76),
    ("done.", 2.76, 3.94),
]  # fmt: skip
HELLO_FRAMES = [("v", i, float(i)) for i in range(9)]
HELLO_TAGS = [
    {"video_id": "v", "start_s": 0.0, "end_s": 0.96, "label": "Speech", "score": 0.99},
    {"video_id": "v", "start_s": 0.96, "end_s": 1.92, "label": "Speech", "score": 0.68},
    {"video_id": "v", "start_s": 1.92, "end_s": 2.88, "label": "Speech", "score": 0.95},
    {"video_id": "v", "start_s": 5.76, "end_s": 6.72, "label": "Speech", "score": 0.82},
    {"video_id": "v", "start_s": 2.88, "end_s": 3.84, "label": "Typing", "score": 0.9},
]


def words(said, video_id="v"):
    return [{"video_id": video_id, "word": w, "start_s": s, "end_s": e} for w, s, e in said]


def test_a_voice_is_heard_over_the_utterance_the_words_are_said_in(evidence):
    rows = evidence(
        "audio", "speech", sampled=HELLO_FRAMES, audio_tags=HELLO_TAGS, transcript_words=words(HELLO_WORDS), focus=True
    )
    utterance = (0.6, 3.46)  # Whisper's silence taken out of "I" and "done." (the transcript tool's utterance)
    assert rows == [
        ("v", 0, 0.495, None, None, None, None),  # the tagger alone: below every frame where words are said
        ("v", 1, 0.84, *utterance, *utterance),  # words said and the tagger hears a voice: first
        ("v", 2, 0.975, *utterance, *utterance),
        ("v", 3, 0.5, *utterance, *utterance),  # words said, the tagger hears typing
        ("v", 6, 0.91, 5.76, 6.72, 5.76, 6.72),  # a voice no word was written for: an utterance of its own
    ]


def test_a_voice_heard_apart_from_the_words_is_an_utterance_only_when_the_tagger_is_sure(evidence):
    tags = [
        {"video_id": "v", "start_s": 3.8, "end_s": 4.76, "label": "Speech", "score": 0.9},  # 0.34 s after the words
        {"video_id": "v", "start_s": 6.0, "end_s": 6.96, "label": "Speech", "score": 0.3},  # the tagger unsure
        {"video_id": "v", "start_s": 7.5, "end_s": 8.46, "label": "Music", "score": 0.9},  # no voice
    ]
    rows = evidence("audio", "speech", sampled=HELLO_FRAMES, audio_tags=tags, transcript_words=words(HELLO_WORDS))
    assert [row for row in rows if row[1] > 3] == [("v", 4, 0.45, None, None), ("v", 6, 0.15, None, None)]


def test_a_voice_asked_for_its_phrases_is_heard_over_the_phrase_said(evidence):
    said = [("Ask", 0.0, 0.4), ("not,", 0.4, 0.8), ("ask", 0.8, 1.2), ("what", 1.2, 1.6), ("you", 1.6, 2.0)]
    said += [("can", 2.0, 2.4), ("do.", 2.4, 2.8)]
    rows = evidence("audio", "speech", sampled=HELLO_FRAMES, audio_tags=[], transcript_words=words(said))
    assert rows == [("v", i, 0.5, 0.0, 2.8) for i in range(3)]  # one utterance
    rows = evidence(
        "audio", "speech", sampled=HELLO_FRAMES, audio_tags=[], transcript_words=words(said), extent="phrase"
    )
    assert rows == [("v", 0, 0.5, 0.0, 0.8), ("v", 1, 0.5, 0.8, 2.8), ("v", 2, 0.5, 0.8, 2.8)]


def test_an_utterance_between_two_frames_reaches_the_nearer(evidence):
    said = [("Hi.", 4.1, 4.4), ("Go!", 6.6, 6.9)]
    rows = evidence("audio", "talking", sampled=HELLO_FRAMES, audio_tags=[], transcript_words=words(said), focus=True)
    assert [row[:3] for row in rows] == [("v", 4, 1 - VOICE_SHARE), ("v", 7, 1 - VOICE_SHARE)]
    assert rows[1][3:5] == (6.6, 6.9)


def test_only_a_voice_whoever_speaks_is_heard_in_the_words(evidence):
    said = words(HELLO_WORDS)
    tags = [{**tag, "label": tag["label"].replace("Speech", "Male speech, man speaking")} for tag in HELLO_TAGS]
    rows = evidence("audio", "male speech", sampled=HELLO_FRAMES, audio_tags=tags, transcript_words=said)
    assert [row[:3] for row in scores(rows)] == [("v", 0, 0.99), ("v", 1, 0.68), ("v", 2, 0.95), ("v", 6, 0.82)]


def test_a_voice_in_a_video_without_words_is_the_tagger_s_speech(evidence):
    rows = evidence("audio", "a voice", sampled=HELLO_FRAMES, audio_tags=HELLO_TAGS, focus=True)  # "Speech" tags
    assert [row[:3] for row in rows] == [("v", 0, 0.995), ("v", 1, 0.84), ("v", 2, 0.975), ("v", 6, 0.91)]


@pytest.mark.parametrize(
    ("query", "heard_in_words"),
    [
        ("speech", True), ("Speech", True), ("the voice-over", True), ("Narration, monologue", True),
        ("talking", True), ("Conversation", True), ("a voice speaking", True), ("male speech", False),
        ("Female speech, woman speaking", False), ("singing", False), ("speech synthesizer", False), ("dog", False),
        ("", False),
    ],
)  # fmt: skip
def test_which_queries_are_a_voice(query, heard_in_words):
    assert voiced(query) is heard_in_words


def test_the_moment_of_a_voice_says_its_words_or_the_tag_heard():
    class Video:  # a stand-in for VideoFrames: its rows of a table
        def rows(self, name, columns):
            if name == "transcript_words":
                return pa.table({"word": ["hi", "there"], "start_s": [0.0, 0.4], "end_s": [0.3, 0.8]})
            return pa.table({"start_s": [0.0], "end_s": [2.0], "label": ["Speech"], "score": [0.8]})

    said = FrameEvidence(np.array([0.9, 0.4]), focus_start=np.array([0.0, np.nan]), focus_end=np.array([0.8, np.nan]))
    assert Audio().moment_evidence(Video(), said, 0, 0.5) == 'said: "hi there"'
    assert Audio().moment_evidence(Video(), said, 1, 1.5) == "heard: Speech"  # VOICE_SHARE of its 0.8
    missed = FrameEvidence(np.array([0.9]), focus_start=np.array([1.2]), focus_end=np.array([2.0]))
    assert Audio().moment_evidence(Video(), missed, 0, 1.5) == "heard: Speech"  # a voice no words were written for


# MiniLM's similarities to "engine", stood in: "Car" 0.8 (a car is heard by its engine), "Dog" 0
GRADED_EMBEDDING = (
    "[CASE WHEN i = 0 THEN (CASE t WHEN 'engine' THEN 1 WHEN 'Car' THEN 0.8 ELSE 0 END) "
    "WHEN i = 1 THEN (CASE t WHEN 'Car' THEN 0.6 ELSE 0 END) "
    f"WHEN i = 2 THEN (CASE WHEN t IN ('engine', 'Car') THEN 0 ELSE 1 END) ELSE 0 END FOR i IN range({SENTENCE_DIM})]"
    f"::FLOAT[{SENTENCE_DIM}]"
)
ENGINE_TAGS = [
    {"video_id": "va", "start_s": 0.0, "end_s": 0.96, "label": "Car", "score": 0.5},
    {"video_id": "va", "start_s": 1.0, "end_s": 1.96, "label": "Engine starting", "score": 0.25},
    {"video_id": "va", "start_s": 0.0, "end_s": 2.0, "label": "Dog", "score": 1.0},
]


def test_a_label_in_other_words_matches_by_meaning_below_the_query_s_own_words(con, evidence):
    con.execute(f"CREATE OR REPLACE MACRO text_embed(t) AS {GRADED_EMBEDDING}")
    car = round(0.5 * (0.8 - SOUND_MEANING_MIN) / (1 - SOUND_MEANING_MIN), 3)  # the tagger's score, weighted
    assert scores(evidence("audio", "engine", sampled=SAMPLED, audio_tags=ENGINE_TAGS)) == [
        ("va", 0, car),
        ("va", 1, car),
        ("va", 2, 0.25),  # "Engine starting" holds the query's word: weight 1
        ("va", 3, 0.25),
    ]

    class Video:  # the arrays' labels are embedded by the same session function
        def value(self, sql, params):
            return con.sql(sql, params=params).fetchone()[0]

    weights = Audio.label_weights(Video(), ["Car", "Engine starting", "Dog"], "engine")
    assert {label: round(w * 0.5, 3) for label, w in weights.items() if label == "Car"} == {"Car": car}
    assert set(weights) == {"Car", "Engine starting"}


def test_a_voice_is_heard_in_labels_by_their_words_only(evidence):
    # the stand-in text_embed: "Shout" means "speech" (one first letter); a voice is the tagger's "Speech" only
    tags = [{"video_id": "vb", "start_s": 0.0, "end_s": 1.0, "label": "Shout", "score": 0.9}]
    assert evidence("audio", "speech", sampled=SAMPLED, audio_tags=tags) == []
    assert scores(evidence("audio", "screams", sampled=SAMPLED, audio_tags=tags)) == [("vb", 0, 0.9)]


EVENTS = [  # the tagger's runs above its threshold: the music goes on after the sampled frames
    {"video_id": "va", "start_s": 0.0, "end_s": 6.0, "label": "Music", "max_score": 1.0},
    {"video_id": "va", "start_s": 1.5, "end_s": 1.9, "label": "Music", "max_score": 0.4},
    {"video_id": "va", "start_s": 0.0, "end_s": 0.96, "label": "Dog", "max_score": 0.5},
    {"video_id": "va", "start_s": 0.5, "end_s": 1.46, "label": "Dog bark", "max_score": 0.75},
]


def test_a_sound_is_answered_with_the_loudest_event_it_is_heard_in_on_both_paths(con, evidence):
    music = evidence("audio", "music", sampled=SAMPLED, audio_tags=TAGS, audio_events=EVENTS, focus=True)
    assert music == [("va", i, 1.0, 0.0, 6.0, 0.0, 6.0) for i in range(4)]  # not the 1.5-1.9 s run
    dog = evidence("audio", "dog", sampled=SAMPLED, audio_tags=TAGS, audio_events=EVENTS, focus=True)
    assert [row[3:5] for row in dog] == [(0.0, 0.96), (0.5, 1.46), (0.5, 1.46)]  # the bark where it is louder
    video = sampled_video(con, "va", 2.0)
    for query, found in (("music", music), ("dog", dog)):
        assert evidence_rows(video, tools.get("audio").frame_evidence(video, query)) == found


VOICES = [  # a woman, a man taking over, the woman again, a short word of the man's, then a child
    {
        "video_id": "v",
        "start_s": 0.2,
        "end_s": 2.4,
        "voice": "woman",
        "speaker": 1,
        "opens_turn": True,
        "pitch_hz": 150.0,
    },
    {
        "video_id": "v",
        "start_s": 2.9,
        "end_s": 4.6,
        "voice": "man",
        "speaker": 2,
        "opens_turn": True,
        "pitch_hz": 150.0,
    },
    {
        "video_id": "v",
        "start_s": 4.9,
        "end_s": 5.3,
        "voice": "man",
        "speaker": 2,
        "opens_turn": False,
        "pitch_hz": 150.0,
    },
    {
        "video_id": "v",
        "start_s": 5.6,
        "end_s": 6.2,
        "voice": "woman",
        "speaker": 1,
        "opens_turn": True,
        "pitch_hz": 150.0,
    },
    {
        "video_id": "v",
        "start_s": 6.9,
        "end_s": 7.1,
        "voice": "man",
        "speaker": 2,
        "opens_turn": True,
        "pitch_hz": 150.0,
    },
    {
        "video_id": "v",
        "start_s": 7.4,
        "end_s": 8.0,
        "voice": "child",
        "speaker": 3,
        "opens_turn": True,
        "pitch_hz": 150.0,
    },
]


@pytest.mark.parametrize(
    ("query", "spans"),
    [
        ("a woman's voice", [(0.2, 2.4), (5.6, 6.2)]),
        ("a man's voice", [(2.9, 4.6), (4.9, 5.3), (6.9, 7.1)]),
        ("the child's voice", [(7.4, 8.0)]),
        ("the second speaker", [(2.9, 4.6), (4.9, 5.3), (6.9, 7.1)]),
        ("a man's voice after a woman's", [(2.9, 4.6), (6.9, 7.1)]),  # where he takes over from her
        ("a woman's voice after a man's", [(5.6, 6.2)]),
        ("a man's voice taking a turn", [(2.9, 4.6), (6.9, 7.1)]),
        ("the fourth speaker", []),
    ],
)
def test_who_speaks_is_heard_over_their_utterances_on_both_paths(con, evidence, query, spans):
    rows = evidence(
        "audio", query, sampled=HELLO_FRAMES, audio_tags=HELLO_TAGS, voices=VOICES, focus=True, extent="phrase"
    )
    assert sorted({row[3:5] for row in rows if row[2] == 1.0}) == spans
    others = {row[3:5] for row in rows if row[2] != 1.0}  # every other voice is still speech, below them
    assert all(row[2] == OTHER_VOICE for row in rows if row[3:5] in others) and not others & set(spans)
    assert others | set(spans) == {(v["start_s"], v["end_s"]) for v in VOICES if v["start_s"] < 7.5}
    assert all(row[3:5] == row[5:7] for row in rows)
    assert [row[1] for row in rows if row[3:5] == (6.9, 7.1)] in ([7], [])  # a short one reaches the nearer frame
    video = sampled_video(con, "v", 8.0)
    assert evidence_rows(video, tools.get("audio").frame_evidence(video, query, "phrase")) == rows


@pytest.mark.parametrize(
    ("query", "spans"),
    [
        ("a man's voice", [(2.9, 5.3), (6.9, 7.1)]),  # his two utterances in a row are one turn
        ("a woman's voice", [(0.2, 2.4), (5.6, 6.2)]),
        ("a man's voice after a woman's", [(2.9, 4.6), (6.9, 7.1)]),  # the turn he takes: where he takes it
    ],
)
def test_a_voice_asked_for_is_heard_over_its_whole_turns_on_both_paths(con, evidence, query, spans):
    rows = evidence("audio", query, sampled=HELLO_FRAMES, audio_tags=HELLO_TAGS, voices=VOICES, focus=True)
    assert sorted({row[3:5] for row in rows if row[2] == 1.0}) == spans
    assert {row[3:5] for row in rows if row[2] == OTHER_VOICE}.isdisjoint(spans)
    video = sampled_video(con, "v", 8.0)
    assert evidence_rows(video, tools.get("audio").frame_evidence(video, query)) == rows


def test_who_speaks_in_a_video_ingested_before_voices_were_is_no_evidence(evidence):
    assert evidence("audio", "a woman's voice", sampled=HELLO_FRAMES, audio_tags=HELLO_TAGS) == []


def test_videos_with_the_voice_asked_for_rank_first(con):
    con.register("voices", pa.Table.from_pylist([*VOICES, {**VOICES[0], "video_id": "w", "voice": "man"}]))
    ranked = con.sql(Audio().ranked_videos("a woman's voice").sql("duckdb")).fetchall()
    assert ranked == [("v",)]
    assert [r[0] for r in con.sql(Audio().ranked_videos("a man's voice").sql("duckdb")).fetchall()] == ["v", "w"]
