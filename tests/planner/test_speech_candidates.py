"""search's candidates for speech: the estimate from the words said puts the videos that say the phrase, or say
it misheard, before those where the transcript tool finds nothing."""

from __future__ import annotations

import tempfile

import numpy as np
import pyarrow as pa
from rapidfuzz.distance import Indel

import vqdb
from vqdb.planner.plan import Plan
from vqdb.planner.search import held_weights, in_runs, run_alignment, spoken_estimates
from vqdb.planner.spoken_words import spoken_words_of
from vqdb.planner.word_rarity import WordRarity
from vqdb.store import Store
from vqdb.store.text_index import build_text_indexes
from vqdb.udfs.text_grade import phrase_matches

from .test_search import commit_video, table_of

SAID = (
    "the of and to a in that it is was for on are as with his they at be this from have or by one had not but what "
    "all were when we there can an your which their said if do will each about how up out them then she many some "
    "so these would other into has more her two like him see time could no make than first been its who now people "
    "my made over did down only way find use may water long little very after words called just where most know "
    "launch engine rocket orbit crew signal countdown ignition capsule booster"
)


def said_table(said: dict[str, list[str]]) -> pa.Table:
    return pa.table(
        {
            "video_id": [v for v, words in said.items() for _ in words],
            "word": [w for words in said.values() for w in words],
            "start_s": [float(i) for words in said.values() for i in range(len(words))],
        }
    )


def graded(words: list[str], query: str) -> float:
    """The transcript tool's best grade of ``query`` in ``words`` (``phrase_matches``), 0 without a match."""
    return max(
        [score for _, _, score, _, _ in phrase_matches(words, range(len(words)), range(1, len(words) + 1), query)]
        or [0]
    )


def test_speech_estimates_put_the_videos_saying_the_phrase_or_near_it_first():
    rng = np.random.default_rng(5)
    query = "the booster ignition signal"
    said = {f"v{i}": [str(w) for w in rng.choice(SAID.split(), 400)] for i in range(12)}
    said["v3"][100:104] = query.split()  # said as asked
    said["v7"][200:204] = ["the", "boost", "her", "ignition"]  # misheard: a word split in two, the last dropped
    rarity = WordRarity(Store.create(tempfile.mkdtemp()))
    estimates = spoken_estimates(spoken_words_of(said_table(said)), query, rarity)
    grades = {v: graded(words, query) for v, words in said.items()}
    assert list(estimates)[:2] == ["v3", "v7"], (estimates, grades)
    assert grades["v3"] == 1.0 and grades["v7"] > 0
    assert max(e for v, e in estimates.items() if grades[v] == 0) < estimates["v7"], (estimates, grades)


def commit_speech(store: Store, video_id: str, words: list[str]) -> None:
    """A video sampled at 1 fps that says ``words``, one a second, in segments of 12 words."""
    commit_video(store, video_id, {}, seconds=len(words))
    n, seg = len(words), [i // 12 for i in range(len(words))]
    said = table_of(
        "transcript_words",
        {
            "video_id": [video_id] * n,
            "seg_id": seg,
            "word": words,
            "start_s": [float(i) for i in range(n)],
            "end_s": [i + 0.9 for i in range(n)],
            "probability": [0.9] * n,
        },
    )
    firsts = list(range(0, n, 12))
    segments = table_of(
        "transcript_segments",
        {
            "video_id": [video_id] * len(firsts),
            "seg_id": list(range(len(firsts))),
            "start_s": [float(i) for i in firsts],
            "end_s": [min(i + 12, n) - 0.1 for i in firsts],
            "text": [" ".join(words[i : i + 12]) for i in firsts],
        },
    )
    store.commit(video_id, "asr", {"transcript_words": said, "transcript_segments": segments}, model="t", settings={})


def test_a_speech_search_over_two_candidates_lists_the_phrase_said_and_said_misheard(tmp_path):
    """Of eight videos saying the same common words, the two the estimate puts first (the phrase said, the phrase
    misheard) are the candidates of a search limited to two videos, and its moments are the exhaustive scan's."""
    rng = np.random.default_rng(11)
    query = "the booster ignition signal"
    said = {f"v{i}": [str(w) for w in rng.choice(SAID.split(), 120)] for i in range(8)}
    said["v2"][60:64] = query.split()
    said["v6"][30:34] = ["the", "boost", "her", "ignition"]
    store = Store.create(tmp_path)
    for video_id, words in said.items():
        commit_speech(store, video_id, words)
    build_text_indexes(store)
    plan = Plan.from_json({"queries": [{"id": "Q1", "tool": "transcript", "query": query}], "combine": "Q1"})
    question = f'when does someone say "{query}"'
    with vqdb.connect(tmp_path) as corpus:
        indexed = corpus.search(question, plan=plan, k=2, max_videos=2)
        every = corpus.search(question, plan=plan, k=2, exhaustive=True)
    assert set(indexed.candidates) == {"v2", "v6"}, indexed.candidates
    assert indexed.moments.to_pylist() == every.moments.to_pylist(), (indexed.moments, every.moments)


def test_a_sentence_close_in_meaning_lists_a_video_that_says_none_of_the_words():
    said = {"a": ["hello", "there"], "b": ["good", "morning"]}
    rarity = WordRarity(Store.create(tempfile.mkdtemp()))
    estimates = spoken_estimates(spoken_words_of(said_table(said)), "xyzzy", rarity, {"c": 0.6, "b": 0.6})
    assert list(estimates)[:2] == ["b", "c"] and estimates["c"] == 0.3, estimates


def test_a_runs_alignment_is_its_words_joined_compared_with_the_query():
    """``run_alignment`` (the runs spelled for all positions at once) against its definition, run by run."""
    rng = np.random.default_rng(3)
    vocabulary = ["ask", "not", "what", "your", "country", "liftoff", "lift", "off", "3", "a"]
    for _ in range(200):
        videos = [f"v{i}" for i in range(int(rng.integers(1, 4))) for _ in range(int(rng.integers(1, 8)))]
        words = [str(w) for w in rng.choice(vocabulary, len(videos))]
        said = spoken_words_of(
            pa.table({"video_id": videos, "word": words, "start_s": [float(i) for i in range(len(words))]})
        )
        width, gap = int(rng.integers(1, 6)), len(said.words)
        starts = np.flatnonzero(np.r_[True, said.video_of[1:] != said.video_of[:-1]])
        sequence = np.insert(said.said, np.repeat(starts[1:], width - 1), gap)
        at = np.flatnonzero(sequence != gap)
        query = "".join(rng.choice(vocabulary, int(rng.integers(1, 4))))
        expected = [
            max(
                Indel.normalized_similarity(
                    query, "".join(said.words[i] for i in sequence[start : start + count] if i != gap)
                )
                for count in range(max(1, width - 2), width + 1)
            )
            for start in at.tolist()
        ]
        np.testing.assert_allclose(run_alignment(said, sequence, at, query, width, gap), expected, rtol=1e-6)


def test_runs_combined_by_doubling_windows_equal_each_window_combined_word_by_word():
    """``in_runs`` (windows doubled in place) gives each position what combining it with the ``width - 1`` after it
    one at a time gives, at every width and at the end of the array; ``held_weights`` looked up per set of words
    gives the float32 sums of the words held, in word order, bit for bit."""
    rng = np.random.default_rng(0)
    for width in range(1, 12):
        values = rng.integers(0, 256, 300).astype(np.uint8)
        bits = rng.integers(0, 1 << 8, 300).astype(np.uint8)
        expected = [values[i : i + width].max() for i in range(len(values))]
        assert in_runs(values.copy(), width, np.maximum).tolist() == expected
        ored = [np.bitwise_or.reduce(bits[i : i + width]) for i in range(len(bits))]
        assert in_runs(bits.copy(), width, np.bitwise_or).tolist() == ored
    for count in (1, 5, 16, 20):
        idf = rng.random(count).astype(np.float32)
        idf /= idf.sum()
        holds = rng.integers(0, 1 << count, 500).astype(np.uint64)
        share = np.zeros(len(holds), np.float32)
        for j in range(count):
            share += idf[j] * ((holds >> np.uint64(j)) & np.uint64(1)).astype(np.float32)
        assert np.array_equal(held_weights(holds, idf), 0.5 + 0.5 * share)
