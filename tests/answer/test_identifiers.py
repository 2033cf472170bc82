"""Identifiers compared whole, letter by letter, as OCR really misreads them."""

from __future__ import annotations

import pytest

from vqdb.answer.evidence import Evidence
from vqdb.answer.evidence_answerer import EvidenceAnswerer
from vqdb.answer.identifiers import (
    find_identifier,
    identifier_of,
    identifier_run,
    identifier_similarity,
    identifiers_of,
    is_identifier,
)
from vqdb.answer.timeline import stream_of


def screens(*rows):
    return [stream_of("ocr", "v", [Evidence("ocr", "v", s, e, t, s)]) for s, e, t in rows]


def speech(*rows):
    return [stream_of("transcript", "v", [Evidence("transcript", "v", s, e, t, s) for s, e, t in rows])]


@pytest.fixture(scope="module")
def answerer():
    return EvidenceAnswerer()


@pytest.mark.parametrize(
    ("option", "identifier"),
    [
        ("https://www.Delamm.com/", "delamm.com"),
        ("soundcloud.com/delamm", "soundcloud.com/delamm"),
        ("press@delamm.co.uk", "press@delamm.co.uk"),
        ("report_final_v3.pdf", "report_final_v3.pdf"),
        ("Version 2.14.1", "2.14.1"),
        ("Gate B12", None),  # a word and a short code: mostly words
        ("Flight BA2490", "ba2490"),
        ("Channel 7", None),
        ("19:15", None),
        ("020 7946 0018", None),  # digits: the word matcher compares numbers exactly
        ("9pm", None),
        ("the 1960s", None),
        ("e.g. a dog", None),
        ("well-known", None),
        ("Video-LLaVA", "video-llava"),  # a coined name, in mixed case
        ("LLaVA-Video", "llava-video"),
        ("Coca-Cola", None),
    ],
)
def test_what_is_an_identifier(option, identifier):
    assert identifier_of(option) == identifier


def test_codes_and_versions_are_identifiers_numbers_with_units_are_not():
    assert all(is_identifier(t) for t in ("x7-42b", "sn-4471", "1.4.2", "v2.1", "a320neo", "index.html"))
    assert not any(is_identifier(t) for t in ("3.5", "10km", "2nd", "u.s", "mp3", "100%"))


def test_equal_after_folding_ocr_confusions_beats_a_closer_spelling_by_words():
    read = "soundcloud.com/de1amm"  # "l" read as "1"
    assert identifier_similarity("soundcloud.com/delamm", read) > identifier_similarity("soundcloud.com/delaudio", read)
    assert identifier_similarity("soundcloud.com/delamm", read) >= 0.95


def test_an_address_spaced_out_by_ocr_is_found_in_its_snippet():
    stream = screens((4.0, 7.0, "Follow us / SOUNDCLOUD. COM/ DELAMM"))[0]
    assert [round(m.score, 2) for m in find_identifier("soundcloud.com/delamm", stream)] == [1.0]


def test_the_address_read_on_screen_beats_one_whose_words_are_all_in_the_video(answerer):
    # "audio", "soundcloud" and "com" are all read or said; only one address is on screen, misread
    timeline = screens(
        (0.0, 4.0, "DELAMM AUDIO / Studio sessions"),
        (10.0, 14.0, "Listen on / soundcloud.com/de1arnm"),
    ) + speech((4.5, 9.0, "We make audio for films; find us on SoundCloud, dot com, under our name."))
    options = ["soundcloud.com/delaudio", "soundcloud.com/delamm", "delamm.audio", "soundcloud.com/audio"]
    found = answerer.answer("Where can you listen to the studio's work?", options, [], timeline=timeline)
    assert found.answer == "B" and not found.low_confidence and found.confidence > 0.5


def test_a_near_identical_read_favours_the_closest_option_by_edit_distance(answerer):
    timeline = screens((2.0, 6.0, "Download: setup-v2.14.l.exe"))  # "1" read as "l"
    options = ["setup-v2.14.1.exe", "setup-v2.41.1.exe", "setup-v2.14.11.exe", "setup-v3.14.1.exe"]
    found = answerer.answer("Which file does the tutorial download?", options, [], timeline=timeline)
    assert found.answer == "A"
    others = [o.lexical for o in found.options if o.letter != "A"]
    assert found.options[0].lexical > max(others)


def test_a_coined_name_misread_by_one_letter_beats_its_parts_read_in_another_order(answerer):
    # the demo's title "Video-LLaVA" read "Mideo-LLaVA"; "Input Video" is a label further on
    timeline = screens((0.0, 32.0, "Input Image Mideo-LLaVA / Input Video / Describe the video:"))
    options = ["Video-LLaMA", "Video-LLaVA", "LLaVA-Video", "Video-ChatGPT"]
    found = answerer.answer("What is the name of the demo shown at the top?", options, [], timeline=timeline)
    assert found.answer == "B"


@pytest.mark.parametrize(
    ("options", "compared"),
    [
        (["Visit delamm.com", "Visit our shop at delamm.org today"], ["delamm.com", "delamm.org"]),
        (["Visit our shop at delamm.com today", "Visit our stall at delamm.com today"], [None, None]),
        (["Firmware v2.1.4 fixed the fan", "Firmware v2.2.0 broke it"], ["v2.1.4", "v2.2.0"]),
        (["Firmware v2.1.4 fixed the fan", "Nothing changed at all"], [None, None]),  # one: words tell
    ],
)
def test_options_naming_different_identifiers_are_compared_by_them(options, compared):
    assert identifiers_of(options) == compared


def test_an_identifier_is_found_in_the_words_that_read_it_not_the_whole_snippet():
    # a footer line: a copyright holder's name beside the address, both one snippet
    (footer,) = screens((0.0, 24.0, "Copyright @ 2013 Brandon Castellano WWW bcastell com"))
    (found,) = find_identifier("bcastell.com", footer)
    assert footer.words[found.first : found.last + 1] == ("bcastell", "com")
    (name,) = find_identifier("brandoncastellano.com", footer)
    assert footer.words[name.first : name.last + 1][:2] == ("brandon", "castellano")
    # an address spoken word by word, inside a sentence
    assert identifier_run("delamm.com", ["visit", "delamm", "com", "today"]) == (1, 2)


def test_an_address_whose_dot_ocr_dropped_is_still_an_address():
    from vqdb.answer.answer_kind import holds_kind
    from vqdb.answer.identifiers import read_tokens

    assert "printhistory.org" in read_tokens("Music: Studio Nine / WWW printhistoryorg")
    assert "skylineair.com/deals" in read_tokens("Book now at skylineaircom/deals")
    assert holds_kind("address", "WWW printhistoryorg") and not holds_kind("address", "the sitcom tonight")
