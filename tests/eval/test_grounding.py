"""Raw grounding replies parsed by each variant's rules (CG-Bench script vs VLMEvalKit)."""

from __future__ import annotations

import pytest

from vqdb.errors import ConfigError
from vqdb.eval.grounding import parse_grounding

FENCED = "```json\n{}\n```"


def fenced(body: str) -> str:
    return FENCED.format(body)


@pytest.mark.parametrize("variant", ["official", "vlmevalkit"])
def test_json_block_with_pairs(variant):
    assert parse_grounding(fenced('{"result": [[1, 2.5], [4, 8]]}'), variant) == [(1.0, 2.5), (4.0, 8.0)]


@pytest.mark.parametrize("variant", ["official", "vlmevalkit"])
def test_empty_or_missing_reply_is_unparseable(variant):
    assert parse_grounding(None, variant) is None
    assert parse_grounding("", variant) is None


def test_flat_pair_in_json_official_falls_back_to_the_numbers():
    assert parse_grounding(fenced('{"result": [3, 9]}'), "official") == [(3.0, 9.0)]


def test_flat_pair_in_json_vlmevalkit_is_wrapped():
    assert parse_grounding(fenced('{"result": [3, 9]}'), "vlmevalkit") == [(3.0, 9.0)]


def test_odd_number_count_official_is_unparseable_vlmevalkit_drops_the_last():
    reply = "The clue is between 12.5 and 20 seconds, maybe 31."
    assert parse_grounding(reply, "official") is None
    assert parse_grounding(reply, "vlmevalkit") == [(12.5, 20.0)]


def test_reply_without_numbers_official_scores_empty_vlmevalkit_drops():
    assert parse_grounding("I cannot tell.", "official") == []
    assert parse_grounding("I cannot tell.", "vlmevalkit") is None


def test_empty_json_result_official_is_empty_vlmevalkit_unparseable():
    assert parse_grounding(fenced('{"result": []}'), "official") == []
    assert parse_grounding(fenced('{"result": []}'), "vlmevalkit") is None


def test_non_list_json_result_vlmevalkit_is_unparseable_without_fallback():
    reply = fenced('{"result": "from 3 to 9"}')
    assert parse_grounding(reply, "vlmevalkit") is None
    assert parse_grounding(reply, "official") == [(3.0, 9.0)]  # the numbers of the whole reply


def test_fractions_stay_fractions_here():
    # the fractions rule needs the video duration: cgbench_metrics applies it in SQL
    assert parse_grounding(fenced('{"result": [[0.1, 0.2]]}'), "vlmevalkit") == [(0.1, 0.2)]


def test_a_reversed_pair_is_kept_as_the_references_keep_it():
    assert parse_grounding(fenced('{"result": [[9, 3]]}'), "official") == [(9.0, 3.0)]
    assert parse_grounding("from 9 back to 3", "vlmevalkit") == [(9.0, 3.0)]


def test_unknown_variant_is_a_clear_error():
    with pytest.raises(ConfigError, match="unknown CG-Bench variant 'loose'"):
        parse_grounding("1 2", "loose")
