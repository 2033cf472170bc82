"""word_rarity: the IDF of a corpus's words and the share of it a moment's text holds (search's weight of a
text call across videos), on committed OCR rows."""

from __future__ import annotations

import pytest

from vqdb.planner.word_rarity import WordRarity, word_found
from vqdb.store import Store
from vqdb.store.text_index import build_text_indexes

from .test_search import commit_video


@pytest.fixture
def rarity(tmp_path):
    """Eight videos whose lines all hold 'the'; one of them also 'Gutenberg'."""
    store = Store.create(tmp_path)
    for i in range(8):
        commit_video(store, f"v{i}", {2: "the news at nine", 5: "the weather"})
    commit_video(store, "book", {3: "the Gutenberg Bible"})
    build_text_indexes(store)
    return WordRarity(store)


def test_a_rare_word_weighs_more_than_a_common_one(rarity):
    assert rarity.idf("gutenberg") > 3 * rarity.idf("the") > 0


def test_a_text_holding_only_the_common_word_covers_little_of_the_query(rarity):
    common_only = rarity.coverage("the Gutenberg", "store the energy")
    assert 0 < common_only < 0.25
    assert rarity.coverage("the Gutenberg", "the Guttenberg or") == 1.0  # one letter off: still the word
    assert rarity.coverage("the Gutenberg", "") == 0.0


def test_words_are_compared_in_their_canonical_forms():
    assert word_found("3", ["3"], "3") and word_found("liftoff", ["lift", "off"], "liftoff")
    assert not word_found("3", ["13"], "13")  # "three" is not in "thirteen"


def test_precision_prefers_the_text_that_is_the_query():
    assert WordRarity.precision("three", "3,") == 1.0
    assert WordRarity.precision("three", "half past three") < 0.5
