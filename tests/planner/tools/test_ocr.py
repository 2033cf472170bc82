"""ocr: the sampled frames with a text box that matches the query (fuzzily, or exactly when numeric)."""

from __future__ import annotations

import pytest

from vqdb.planner import tools
from vqdb.planner.boolexpr import PlanError
from vqdb.planner.tools.ocr import OCR_MIN_MATCH

SAMPLED = [("va", i, float(i)) for i in range(6)] + [("vb", 0, 0.0)]


def boxes(*texts: tuple[str, int, str]) -> list[dict]:
    return [{"video_id": v, "frame_idx": f, "ts": float(f), "text": t} for v, f, t in texts]


def test_fuzzy_match_finds_the_text_inside_longer_lines_once_per_frame(evidence):
    rows = boxes(("va", 0, "EXIT"), ("va", 0, "exit sign"), ("va", 1, "Emergency EXIT"), ("va", 2, "E X I T"))
    rows += boxes(("va", 3, "Alpha"), ("va", 9, "EXIT"), ("vb", 0, "exits"))  # frame 9 was not sampled
    assert evidence("ocr", "exit", sampled=SAMPLED, ocr=rows) == [
        ("va", 0, 0.0),
        ("va", 1, 1.0),
        ("vb", 0, 0.0),
    ]
    assert evidence("ocr", "exit", video_id="vb", sampled=SAMPLED, ocr=rows) == [("vb", 0, 0.0)]


def test_a_numeric_query_matches_whole_words_after_undoing_digit_misreads(evidence):
    rows = boxes(("va", 0, "O0:00:05"), ("va", 1, "00:00:050"), ("va", 2, "l00:00:05"), ("va", 3, "at 00:00:05 !"))
    rows += boxes(("va", 4, "00:00:06"))
    assert evidence("ocr", "00:00:05", sampled=SAMPLED, ocr=rows) == [("va", 0, 0.0), ("va", 3, 3.0)]


def test_a_query_without_letters_or_digits_is_refused():
    with pytest.raises(PlanError, match=r"ocr query '\?!' has no letters or digits"):
        tools.get("ocr").check("?!")


def test_the_documented_threshold_is_the_one_used():
    assert f">= {OCR_MIN_MATCH}" in tools.get("ocr").summary()
