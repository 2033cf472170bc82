"""word_rarity: the IDF of a corpus's words and the share of it a moment's text holds (search's weight of a
text call across videos), on committed OCR rows."""

from __future__ import annotations

import tempfile

import pytest

import vqdb
from vqdb.planner.word_rarity import WordRarity, word_found
from vqdb.store import Store, text_index
from vqdb.store.text_index import build_text_indexes, fuzzy_match

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


def test_a_canonical_word_is_as_rare_as_its_spelling_in_the_text(tmp_path):
    """A query's "first" is canonically "1st", which the full-text index (words as written) held nowhere: it
    weighed as a word no text has, more than "Gutenberg"."""
    store = Store.create(tmp_path)
    for i in range(8):
        commit_video(store, f"v{i}", {2: "the first news", 5: "the weather"})
    commit_video(store, "book", {3: "the Gutenberg Bible"})
    build_text_indexes(store)
    rarity = WordRarity(store)
    assert rarity.idf("1st") == rarity.idf("first") < rarity.idf("gutenberg")


def test_words_are_compared_in_their_canonical_forms():
    assert word_found("3", ["3"], "3") and word_found("liftoff", ["lift", "off"], "liftoff")
    assert not word_found("3", ["13"], "13")  # "three" is not in "thirteen"


def test_precision_prefers_the_text_that_is_the_query():
    assert WordRarity.precision("three", "3,") == 1.0
    assert WordRarity.precision("three", "half past three") < 0.5


def test_a_session_counts_a_word_once_until_a_commit_changes_its_table(tmp_path, monkeypatch):
    store = Store.create(tmp_path)
    commit_video(store, "sign", {3: "EMERGENCY EXIT"})
    build_text_indexes(store)
    counted = []  # the words looked up in a full-text index one at a time, exactly (as rarity counts them)

    def counting(query, column, *, fuzzy=True):
        if not fuzzy:
            counted.append(query)
        return fuzzy_match(query, column, fuzzy=fuzzy)

    monkeypatch.setattr(text_index, "fuzzy_match", counting)
    question = "when does the screen read EMERGENCY EXIT"
    with vqdb.connect(tmp_path) as corpus:
        first = corpus.search(question, k=3).moments.to_pylist()
        assert "exit" in counted
        counted.clear()
        assert corpus.search(question, k=3).moments.to_pylist() == first
        assert counted == []  # the tables kept their versions: nothing counted again
        with Store.open(tmp_path, writable=True) as writer:
            commit_video(writer, "late", {4: "EXIT"})
            build_text_indexes(writer)
        corpus.refresh()
        corpus.search(question, k=3)
        assert "exit" in counted  # ocr_spans changed: its words counted at its new version
        assert WordRarity(store).idf("exit") < WordRarity(store).idf("emergency")  # counted over both videos


def test_a_short_word_is_no_misreading_of_a_longer_one():
    """OCR misreads a letter ("EXlT") and may add one ("LIFTOFFI"), but a two-letter word is another word, not a
    three-letter one with a letter lost: 'to' holds no 'top', so text of common short words covers nothing."""
    assert word_found("exit", ["exlt"], "exlt") and word_found("exit", ["exi"], "exi")
    assert not word_found("top", ["trains", "to"], "trainsto") and not word_found("and", ["an"], "an")
    rarity = WordRarity(Store.create(tempfile.mkdtemp()))
    assert rarity.coverage("top story", "Trains to Cambridge") == 0.0
    assert rarity.coverage("top story", "the top story") == 1.0


def test_a_decimal_is_as_rare_as_its_rarest_part(tmp_path):
    """The index reads "150.000" as "150" and "000": a counter's every read holds ".000", so counting the rows
    holding any part made the number asked for weigh as little as the commonest read."""
    store = Store.create(tmp_path)
    commit_video(store, "counter", {i: f"{30 * i}.000" for i in range(1, 9)})
    build_text_indexes(store)
    rarity = WordRarity(store)
    assert rarity.idf("150.000") == rarity.idf("150") > 2 * rarity.idf("000")


def test_a_phrase_is_the_querys_words_in_order_one_article_apart(rarity):
    """The run of a query's words a text holds in order, at most one word of the text between two of them: a
    phrase with its articles ("the flag in the image" for "flag in image"); the same words scattered, or two
    alone, are no phrase."""
    query = "demo asking whether flag in image"
    assert rarity.phrase_share(query, "Does the flag in the image appear in the video?") > 0.3
    assert rarity.phrase_share(query, "an image of a flag in the wind") == 0.0
    assert rarity.phrase_share(query, "the flag") == 0.0
    assert rarity.phrase_share("the news at nine on the channel", "the news at nine") > 0
    assert rarity.phrase_share("out of the blue", "out of the") == 0.0  # function words alone: no phrase


def test_a_number_said_in_words_is_as_common_as_the_rows_saying_it(tmp_path):
    """A query's "twenty one" is canonically "21", which a transcript writing the words holds nowhere: it weighed
    as the rarest word, more than "Gutenberg" held once, though four rows say it."""
    store = Store.create(tmp_path)
    for i in range(4):
        commit_video(store, f"v{i}", {2: "gate twenty one is now boarding", 5: "the weather"})
    commit_video(store, "book", {3: "the Gutenberg Bible"})
    build_text_indexes(store)
    rarity = WordRarity(store)
    assert rarity.idf("21") < rarity.idf("gutenberg")
    assert rarity.idf("1455") > rarity.idf("gutenberg")  # said nowhere, in digits or words


def test_a_year_of_the_two_thousands_is_as_common_as_the_rows_saying_it_in_words(tmp_path):
    """ "2005" said "two thousand and five" or "twenty oh five" had no form in words (only years with two-digit
    tens did), so a transcript writing the words held it nowhere and it weighed as the rarest word."""
    store = Store.create(tmp_path)
    for i in range(4):
        commit_video(store, f"v{i}", {2: "the worst flood since two thousand and five", 5: "the weather"})
    commit_video(store, "book", {3: "the Gutenberg Bible"})
    build_text_indexes(store)
    assert WordRarity(store).idf("2005") < WordRarity(store).idf("gutenberg")


def test_two_words_of_a_three_word_query_held_in_order_are_a_phrase_of_it(tmp_path):
    rarity = WordRarity(Store.create(tmp_path))  # every word equally rare
    assert rarity.phrase_share("book now online", "Book now at skylineair.com/deals") == pytest.approx(2 / 3)
    assert rarity.phrase_share("book now online", "now book") == 0.0  # not in the query's order
    assert rarity.phrase_share("book online", "Book online now") == 0.0  # two words: no phrase, the query itself
