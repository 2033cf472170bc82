"""FALCONEye confidence from token log-probabilities (None without them); the margin confidence."""

from __future__ import annotations

import math

import pytest

from vqdb.answer.confidence import choice_confidence, free_text_confidence, margin_confidence
from vqdb.models.protocols import ChatResult


def test_free_text_is_the_geometric_mean_of_token_probabilities():
    probs = [0.9, 0.5, 0.8]
    result = ChatResult("a red car", [math.log(p) for p in probs], {})
    assert free_text_confidence(result) == pytest.approx((0.9 * 0.5 * 0.8) ** (1 / 3))


def test_choice_is_the_probability_of_the_chosen_letter():
    tops = [{"B": math.log(0.6), " B": math.log(0.1), "A": math.log(0.3)}]
    result = ChatResult("B", [math.log(0.6)], {}, ["B"], tops)
    assert choice_confidence(result, "B") == pytest.approx(0.7)
    # the letter inside a JSON wrapper: the step that spells it counts, not the first token
    wrapped = ChatResult('{"result": "A"}', [-0.01, math.log(0.4), -0.01], {}, ['{"result": "', "A", '"}'])
    assert choice_confidence(wrapped, "A") == pytest.approx(0.4)


def test_absent_logprobs_give_none_never_a_number():
    assert free_text_confidence(ChatResult("x", None, {})) is None
    assert free_text_confidence(ChatResult("", [], {})) is None
    assert choice_confidence(ChatResult("B", None, {}, ["B"]), "B") is None
    assert choice_confidence(ChatResult("B", [-0.1], {}, None), "B") is None
    assert choice_confidence(ChatResult("maybe", [-0.1], {}, ["maybe"]), "B") is None


def test_margin_confidence_grows_with_the_margin_and_the_evidence_read():
    margins = [0.0, 0.02, 0.1, 0.3, 2.0]
    values = [margin_confidence(m) for m in margins]
    assert values == sorted(values) and values[0] == 0.0 and values[-1] == pytest.approx(1.0)
    assert margin_confidence(0.3, support=0.5) == pytest.approx(margin_confidence(0.3) / 2)
    assert margin_confidence(0.3, support=3.0) == margin_confidence(0.3)  # support is a share: at most 1
    assert margin_confidence(-0.1) == 0.0
