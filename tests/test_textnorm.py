"""Normalization: the ways OCR, speech recognition and questions write the same words map to one form."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vqdb.textnorm import (
    base_form,
    canonical,
    canonical_spans,
    canonical_words,
    digits_in_numbers,
    form_query,
    glyph_key,
    holds_value,
    names_a_person,
    ordinal_as_digits,
    sound_key,
    split_numbers,
    squash,
    value_form,
    without_symbols,
    words,
)


@pytest.mark.parametrize(
    ("spoken", "written"),
    [
        ("twenty-five", "25"),
        ("one hundred and five", "105"),
        ("four hundred forty hertz", "440 Hertz"),
        ("nineteen eighty-four", "1984"),
        ("twenty oh five", "2005"),
        ("two thousand and twenty three", "2023"),
        ("three point five", "3.5"),
        ("a hundred people", "100 people"),
        ("fifth", "5th"),
        ("twenty first century", "21st century"),
        ("one thousand and one nights", "1001 nights"),
        ("three thousand", "3,000"),
        ("one million two hundred thousand", "1,200,000"),
    ],
)
def test_numbers_spoken_and_written_agree(spoken, written):
    assert canonical(spoken) == canonical(written)


def test_a_countdown_stays_a_countdown():
    assert canonical("T-minus ten, nine, eight, seven") == "t minus 10 9 8 7"
    assert canonical("one two three") == "1 2 3"


@pytest.mark.parametrize(
    ("british", "american"),
    [
        ("the colour of the centre", "the color of the center"),
        ("we organised a programme", "we organized a program"),
        ("analysing the catalogue", "analyzing the catalog"),
        ("travelled 5 kilometres", "traveled 5 kilometers"),
        ("grey tyres", "gray tires"),
    ],
)
def test_british_spellings_become_american(british, american):
    assert canonical(british) == canonical(american)


def test_case_accents_quotes_and_punctuation():
    assert words("Café “DON’T” — stop!") == ["cafe", "dont", "stop"]
    assert canonical("It's the END.") == canonical("its the end")


def test_compounds_compare_squashed():
    assert squash(canonical("touch down")) == squash(canonical("TOUCHDOWN"))
    assert squash(canonical("GETTING STARTED NOW?")) == squash(canonical("GettingStarted now"))


def test_words_that_are_not_numbers_stay():
    assert canonical_words("bread and butter, oh no") == ["bread", "and", "butter", "oh", "no"]
    assert canonical("a man") == "a man"


@given(st.text(max_size=80))
def test_any_text_normalizes_to_plain_words(text):
    result = canonical(text)
    assert result == " ".join(result.split())
    assert all(part and all(c.isalnum() or c == "." for c in part) for part in result.split())
    assert canonical(result) == result  # a fixed point: normalizing twice changes nothing


def test_canonical_spans_say_which_texts_each_word_comes_from():
    assert canonical_spans(["Twenty-", "five", "grey,", "touch down"]) == [
        ("25", 0, 1),  # a number said over two pieces
        ("gray", 2, 2),
        ("touch", 3, 3),
        ("down", 3, 3),
    ]
    assert [w for w, _, _ in canonical_spans(["In", "nineteen", "eighty-four"])] == canonical_words(
        "In nineteen eighty-four"
    )
    assert canonical_spans([]) == [] and canonical_spans(["", "?!"]) == []


@pytest.mark.parametrize(
    ("read", "asked"),
    [("Sunset 19.15", "sunset 19:15"), ("00.00.03,00", "00:00:03;00"), ("leaves at 7.45", "leaves at 7:45")],
)
def test_numbers_split_at_separators_compare_alike(read, asked):
    assert split_numbers(canonical_words(read)) == split_numbers(canonical_words(asked))


@given(st.text())
def test_split_numbers_keeps_every_digit_and_letter(text):
    tokens = canonical_words(text)
    assert "".join(split_numbers(tokens)) == "".join(tokens).replace(".", "").replace(",", "")


@pytest.mark.parametrize(
    ("asked", "said"),
    [
        ("the 1400s", "the fifteenth century"),
        ("the fourteen hundreds", "the 15th century"),
        ("mid-1900s", "mid twentieth century"),
        ("the eleven hundreds", "the 12th century"),
    ],
)
def test_a_century_named_by_its_years_is_the_century_said(asked, said):
    assert canonical(asked) == canonical(said)


@pytest.mark.parametrize(
    ("asked", "read"),
    [
        ("the nineteen-sixties", "the 1960s"),
        ("the nineteen sixties", "the 1960's"),
        ("the sixties", "the '60s"),
        ("the twenty twenties", "the 2020s"),
    ],
)
def test_a_decade_said_in_words_is_its_digits(asked, read):
    assert canonical(asked) == canonical(read)


def test_a_decade_after_a_number_that_is_no_century_stays_apart():
    assert canonical("five sixties") == "5 60s"


@pytest.mark.parametrize("text", ["100s of fans", "the 2000s", "1000s", "the 1960s", "two hundreds", "top 200s"])
def test_hundreds_that_name_no_century_stay(text):
    assert "century" not in canonical(text)


def test_digits_written_as_digits_never_join_into_a_year():
    assert canonical("Sunset 19:15") == "sunset 19 15"
    assert canonical("at 20 05 hours") == "at 20 05 hours"
    assert canonical("nineteen fifteen") == "1915"


def test_irregular_verbs_have_one_base_form():
    assert {base_form(w) for w in ("write", "wrote", "written")} == {"write"}
    assert {base_form(w) for w in ("say", "says", "said")} == {"say"}
    assert base_form("left") == "leave" and base_form("credits") == "credits"


@pytest.mark.parametrize(
    ("read", "word"), [("kecp", "keep"), ("N0W", "now"), ("cornrnon", "common"), ("VVORK", "work")]
)
def test_letters_ocr_confuses_share_a_glyph_key(read, word):
    assert glyph_key(read) == glyph_key(word)
    assert glyph_key("cold") != glyph_key("gold")


@pytest.mark.parametrize(("read", "word"), [("Progrom", "program"), ("Initiote", "initiate"), ("Tnunder", "thunder")])
def test_a_loose_key_makes_a_o_h_n_u_v_alike_in_long_words(read, word):
    assert glyph_key(read, loose=True) == glyph_key(word, loose=True)
    assert glyph_key(read) != glyph_key(word)


@pytest.mark.parametrize(("one", "other"), [("on", "an"), ("hot", "not"), ("home", "name"), ("farmer", "former")])
def test_a_loose_key_keeps_shorter_words_apart_where_a_misread_letter_is_another_word(one, other):
    assert glyph_key(one, loose=True) != glyph_key(other, loose=True)


@pytest.mark.parametrize(
    ("read", "ordinal"), [("Znd", "2nd"), ("lst", "1st"), ("IIth", "11th"), ("Srd", "Srd"), ("Ost", "Ost")]
)
def test_an_ordinal_read_with_letters_for_digits_is_written_with_digits_when_its_suffix_agrees(read, ordinal):
    assert ordinal_as_digits(read) == ordinal


def test_a_read_without_symbols_is_the_text_without_their_words():
    assert canonical(without_symbols("£250 a month")) == canonical("250 a month")
    assert canonical(without_symbols("R&D 10%")) == "r d 10"


@pytest.mark.parametrize(
    ("written", "said"),
    [
        ("10%", "ten percent"),
        ("£250 a month", "two hundred and fifty pounds a month"),
        ("$5", "five dollars"),
        ("R&D", "R and D"),
        ("€1,000,000", "one million euros"),
    ],
)
def test_symbols_read_as_their_words(written, said):
    assert canonical(written) == canonical(said)


@given(st.text(alphabet="abcdeilmnorsw018|!", max_size=12))  # no u or v: "vvv" reads two ways
def test_a_misread_word_has_the_glyph_key_of_the_word(word):
    misread = word.replace("e", "c").replace("o", "0").replace("m", "rn").replace("w", "vv").replace("l", "1")
    assert glyph_key(misread) == glyph_key(word)


def keys(text: str) -> str:
    """The sound keys of ``text``'s canonical words, joined (as ``phrase_spans`` compares them)."""
    return "".join(map(sound_key, canonical_words(text)))


@pytest.mark.parametrize(
    ("heard", "name"),
    [
        ("live tough", "liftoff"),
        ("Guttenberg", "Gutenberg"),
        ("frown hofer", "Fraunhofer"),  # a name heard as two words keeps its "h"
        ("Carl Hines", "Karlheinz"),
        ("Knight", "night"),
    ],
)
def test_names_heard_as_near_homophones_share_a_sound_key(heard, name):
    assert keys(heard) == keys(name)


@pytest.mark.parametrize(("word", "other"), [("Fraunhofer", "frown offer"), ("Hines", "Ines"), ("Sarah", "Sam")])
def test_a_said_h_or_another_consonant_tells_keys_apart(word, other):
    assert keys(word) != keys(other)


@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789", min_size=1, max_size=12))
def test_a_sound_key_keeps_every_digit_and_no_vowel_after_its_first_letter(word):
    key = sound_key(word)
    assert [c for c in key if c.isdigit()] == [c for c in word if c.isdigit()]
    assert not any(c in "aeiou" for c in key[1:])


@given(st.text(alphabet="0123456789OoIl|:.;-abxHC", min_size=1, max_size=12))
def test_only_numbers_read_as_digits_and_only_their_look_alikes_change(word):
    read = digits_in_numbers(word)
    if any(c in "abxHC" for c in word) or sum(c.isdigit() for c in word) < 2:
        assert read == word  # a word with another letter, or fewer than two digits, is left as read
    else:
        assert [c for c in read if not c.isdigit()] == [c for c in word if c in ":.;-"]
        assert len(read) == len(word)


@pytest.mark.parametrize(
    ("text", "form"),
    [
        ("COMING UP AT 9PM", "time"),  # a caption
        ("Sunset 19.15", "time"),  # OCR read the colon as a point
        ("Doors open O7:3O", "time"),  # O read for 0
        ("Coming up at nine o'clock, the weather", "time"),  # said in words
        ("half past three", "time"),
        ("Inaugural Address, January 20, 1961", "date"),
        ("on the 4th of July", "date"),
        ("Published 20/01/1961", "date"),
        ("Inaugural Address, January 20, 1961", "year"),
        ("the Bible of about 1455,", "year"),
        ("Total: $18.75", "price"),
        ("{250 month", "price"),  # OCR's misread of "£250"
        ("3,000 pounds a year", "price"),  # said
        ("Step 2: Save 10%", "percent"),
        ("Colour Theory 101", "number"),
        ("in the middle of the fifteenth century", "century"),  # an ordinal said in words
        ("art of the 1400s", "century"),
        ("info@harbourarts org", "email"),  # OCR lost the dot
        ("write to info at harbour arts dot org", "email"),  # said
    ],
)
def test_a_value_is_found_by_its_form_however_it_is_written_or_said(text, form):
    assert holds_value(text, form)


@pytest.mark.parametrize(
    ("text", "form"),
    [
        ("$18.75", "time"),  # an amount, not a time
        ("Frame 3.003", "time"),  # a decimal
        ("Call 020 7946 0018", "year"),  # a phone number's digits
        ("3,000 pounds a year", "year"),  # an amount
        ("May I come in", "date"),  # a month's name without a day
        ("Step 2: Save 10%", "price"),
        ("LIFTOFF", "number"),
        ("of about 1455", "century"),  # a year, not a century
        ("follow @vqdb", "email"),  # a handle
        ("we met at noon", "email"),
    ],
)
def test_a_text_without_a_value_of_the_form_holds_none(text, form):
    assert not holds_value(text, form)


def test_a_form_query_is_spelled_as_no_query_of_words_is():
    forms = ("time", "date", "year", "price", "percent", "century", "number")
    assert [value_form(form_query(form)) for form in forms] == list(forms)
    assert value_form("time") is None and value_form("what time {time}") is None and value_form("{color}") is None


@pytest.mark.parametrize(
    ("said", "holds"),
    [
        ("The next train leaves from platform I at 745.", True),
        ("the shop is open until 1030", True),
        ("driving at 100 miles an hour", False),
        ("the price went up by 250 in a year", False),  # a change, not a moment
        ("from 100 to 200 participants", False),
        ("lift it at 100 kg", False),  # a number a word measures, whatever the unit
        ("at 120 beats per minute", False),
        ("doors open at 730 in the evening", True),
        ("the train leaves at 745 pm", True),
        ("we open at 930 am", True),
        ("until 1030 at night", True),
        ("about 1455", False),
    ],
)
def test_a_time_whisper_writes_as_digits_at_a_moment_is_a_time(said: str, holds: bool) -> None:
    assert holds_value(said, "time") is holds


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("the first hundreds of fans arrived", ["the", "1st", "hundreds", "of", "fans", "arrived"]),
        ("twelve hundreds of soldiers", ["12", "hundreds", "of", "soldiers"]),
        ("printed in the fourteen hundreds", ["printed", "in", "the", "15th", "century"]),
    ],
)
def test_hundreds_are_a_century_only_of_years(text: str, words: list[str]) -> None:
    assert canonical_words(text) == words


def test_a_letter_of_a_script_without_spaces_is_a_word():
    """Chinese, Japanese and Thai are written without spaces: each letter is a word, as full-text engines split
    them, so a phrase is the same words in a longer line; a Latin word beside them stays whole."""
    assert words("请点击上传视频") == ["请", "点", "击", "上", "传", "视", "频"]
    assert canonical_words("Video-LLaVA 東京駅 step2") == ["video", "llava", "東", "京", "駅", "step2"]
    assert words("สวัสดี") == list("สวัสดี") and words("Café") == ["cafe"]


@pytest.mark.parametrize(
    ("text", "form", "holds"),
    [
        ("Donations: call 1-800-555-0199", "phone", True),
        ("Call 020 7946 0018", "phone", True),
        ("call one eight hundred five five five", "phone", False),  # words, no digits written
        ("14.03.2026", "phone", False),  # a date
        ("182.000 4.004 00:00:06;02", "phone", False),  # readings side by side
        ("HAWKS 1 - 1 OWLS", "score", True),
        ("FT 3-1", "score", True),
        ("1-800-555-0199", "score", False),  # a run of numbers
        ("14-03-2026", "score", False),
    ],
)
def test_a_phone_number_and_a_score_are_values_of_their_form(text: str, form: str, holds: bool) -> None:
    assert holds_value(text, form) is holds


@pytest.mark.parametrize(
    "text",
    [
        "President John F. Kennedy",
        "PRESIDENT JOHN F. KENNEDY",
        "Dr: Maria Keller; Historian",  # OCR's colon for the title's full stop
        "JOHN SMITH | REPORTER",
        "CHANNEL 7 President John F Kennedy Inaugural Address, Washington 1961",  # a frame's lines joined
        "Narration: Linda Johnson",
    ],
)
def test_a_person_named_as_a_caption_writes_it_holds_a_name(text: str) -> None:
    assert names_a_person(text) and holds_value(text, "person")


@pytest.mark.parametrize(
    "text",
    [
        "BREAKING NEWS",
        "BREAKING: SENATE PASSES BUDGET BILL 62-38",
        "www.channel7news.com/live",
        "channelZnews comllive",
        "Tips? Call 1-800-555-0199",
        "CHANNEL 7",
        "HOW PRINTING CHANGED THE WORLD",
        "JSlsq MM// RaemKee/A9",  # a phantom read of a box that left
        "Senate Passes The Budget Bill Today",
        "Kennedy",  # one word: a logo, a label, a surname alone
    ],
)
def test_other_texts_of_a_caption_band_hold_no_name(text: str) -> None:
    assert not holds_value(text, "person")


def test_a_name_is_asked_by_its_form_query() -> None:
    assert form_query("person") == "{person}"
