"""Credits asked by the part of a work they name ("who did the music?") and the credits named as such ("when do
the end credits roll?") read credit lines; a field that is no credit's stays what it was."""

from __future__ import annotations

import pytest

from vqdb.planner import phrasing
from vqdb.planner.rules import rule_plan
from vqdb.planner.rules.screen_text import _shown_words
from vqdb.planner.vocabulary import CREDIT_ROLES


def queries(question: str) -> set[tuple[str, str]]:
    return {(c.tool, c.query) for c in rule_plan(question).queries}


@pytest.mark.parametrize(
    ("question", "role"),
    [
        ("who did the music?", "composer"),
        ("who was responsible for the animation", "animator"),
        ("who did the voiceover", "narrator"),
        ("who's behind the script?", "writer"),
        ("who's credited for the writing", "writer"),  # credited, listed, billed for a field
        ("who is listed for the music?", "composer"),
    ],
)
def test_a_credit_asked_by_its_field_reads_its_role_line(question, role):
    assert queries(question) == {("ocr", form) for form in CREDIT_ROLES[role]}


@pytest.mark.parametrize(
    ("question", "role"),
    [
        ("who's listed as narrator", "narrator"),
        ("who is credited as the director?", "director"),
        ("who was billed as the host", "host"),
    ],
)
def test_a_credit_asked_as_a_role_reads_its_role_line(question, role):
    assert queries(question) == {("ocr", form) for form in CREDIT_ROLES[role]}


@pytest.mark.parametrize(
    "question",
    [
        "when do the end credits roll",
        "when do the closing credits start?",
        "when is the band credited",
        "who gets credited",
    ],
)
def test_the_credits_named_read_every_role_line(question):
    found = queries(question)
    assert ("ocr", "credits") in found
    assert all(("ocr", forms[0]) in found for forms in CREDIT_ROLES.values())


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("When is Henrik Saarinen credited?", "Henrik Saarinen"),
        ("When does the name Priya Raghunathan appear in the credits?", "Priya Raghunathan"),
        ("when does Margaret Okonkwo show up in the end credits", "Margaret Okonkwo"),
    ],
)
def test_a_person_credited_by_name_reads_the_line_with_the_name(question, name):
    assert queries(question) == {("ocr", name)}


def test_music_not_asked_as_a_credit_is_still_heard():
    assert queries("when does the music start") == {("audio", "music")}
    assert ("audio", "music") in queries("who did the music for the ad")


@pytest.mark.parametrize(
    "question",
    ["when does the title card come up", "what does the opening title say?", "title card at the beginning"],
)
def test_a_title_named_by_its_noun_alone_reads_the_biggest_text(question):
    plan = rule_plan(question, available_tools=["ocr", "transcript", "subtitle", "audio"])
    assert [(c.tool, c.query, c.size) for c in plan.queries] == [("ocr", "", "large")]


@pytest.mark.parametrize(
    ("question", "order"),
    [
        ("when is the title card shown?", "first"),
        ("when does the title screen come up?", "first"),
        ("when does the end card appear?", "last"),
        ("When is the end screen shown?", "last"),
        ("when does the closing title card appear?", "last"),
        ("what does the outro card say?", "last"),
        ("when does the headline appear?", None),  # many to a video: none is the first by its noun
    ],
)
def test_the_title_card_opens_a_video_and_the_end_card_closes_it(question, order):
    plan = rule_plan(question, available_tools=["ocr", "transcript", "subtitle", "audio"])
    assert [(c.tool, c.query, c.size) for c in plan.queries] == [("ocr", "", "large")]
    assert plan.order == order


@pytest.mark.parametrize(
    "question",
    [
        "When is the title 'A History of the Printed Book' shown?",
        "when does the title of the book appear",
        "the Big Buck Bunny title",
    ],
)
def test_a_title_given_its_words_or_what_it_is_of_is_no_guess(question):
    plan = rule_plan(question, available_tools=["ocr", "transcript", "subtitle", "audio"])
    assert all(c.query for c in plan.queries)


@pytest.mark.parametrize(
    ("question", "words"),
    [("what does the ticker say about the weather", "weather"), ("the sign says regarding Platform 9", "Platform 9")],
)
def test_what_a_display_says_about_a_topic_reads_the_topic(question, words):
    assert ("ocr", words) in queries(question)


@pytest.mark.parametrize("about", sorted(w for w in phrasing.ABOUT if " " not in w))
def test_every_word_saying_what_text_is_about_is_no_shown_word(about):
    """The words of ``phrasing.ABOUT`` are the one list of what says what a text is about ("mentioning the refund")."""
    assert _shown_words(f"{about} the refund") == "refund"


@pytest.mark.parametrize(
    ("question", "forms"),
    [
        ("the writer's name in the end roll", {"written by", "writer", "author"}),
        ("what's the narrator's name?", {"narrated by", "narrator"}),
        ("when is the name of the director shown", {"directed by", "director", "a film by"}),
        ("who did the music in the end credits", {"music by", "composer", "composed by"}),
    ],
)
def test_a_credit_asked_by_its_role_reads_that_role_s_credit_line(question, forms):
    """The role's name or credit is its credit line; a field "in the credits" is still the field's, not a sound."""
    plan = rule_plan(question, available_tools=["ocr", "transcript", "subtitle", "audio"])
    assert {c.query for c in plan.queries} == forms
    assert {c.tool for c in plan.queries} == {"ocr"}


def test_a_presenter_s_name_is_no_credit_line():
    plan = rule_plan("the presenter's name", available_tools=["ocr", "transcript", "subtitle"])
    assert all(c.query != "presented by" for c in plan.queries)


@pytest.mark.parametrize(
    ("question", "read"),
    [("when does it say T-MINUS 2", "T-MINUS 2"), ("when does the counter read LAP 3?", "LAP 3")],
)
def test_a_label_and_its_value_after_a_cue_are_one_text(question, read):
    """A counter's label and its number are read together (two boxes on screen, one text), not the label alone."""
    plan = rule_plan(question, available_tools=["ocr", "transcript", "subtitle"])
    assert [(c.tool, c.query) for c in plan.queries] == [("ocr", read)]


def calls(question: str, tools: list[str] | None = None) -> set[tuple[str, str]]:
    return {(c.tool, c.query) for c in rule_plan(question, None, tools).queries}


@pytest.mark.parametrize(
    ("question", "read"),
    [
        ("When does WE show up for the second time?", "WE"),  # a stop word in capitals: before, no call at all
        ("when is THE written in capitals all by itself", "THE"),
        ("When does the single word WORK fill the screen?", "WORK"),
    ],
)
def test_a_word_in_capitals_before_a_verb_of_showing_is_read(question, read):
    assert ("ocr", read) in calls(question)


def test_a_word_in_capitals_before_lower_case_words_is_no_sentence_written_out():
    # "ARE - when is it shown?" was read whole as a question written out ("Are you ready?")
    assert calls("the word ARE - when is it shown?") == {("ocr", "ARE")}
    assert calls("when does the screen show ARE YOU READY?") == {("ocr", "ARE YOU READY")}


def test_a_word_in_capitals_naming_where_text_is_is_not_read():
    question = "how many lines of text were written on the white sheet below the QR code?"
    assert not any(query == "QR" for _, query in calls(question))


def test_a_site_named_with_a_possessive_is_read_without_it() -> None:
    read = {q for tool, q in queries("When is the zoo's website address shown?") if tool == "ocr"}
    assert "zoo" in read and "www" in read
    assert not {q for q in read if "'" in q or q == "s"}  # the possessive is no quote, its "s" no word


@pytest.mark.parametrize("question", ["when does the intertitle come up?", "what does the intertitle say?"])
def test_an_intertitle_named_by_its_noun_is_the_biggest_text(question: str) -> None:
    plan = rule_plan(question, available_tools=["ocr", "transcript"])
    assert [(c.tool, c.query, c.size) for c in plan.queries] == [("ocr", "", "large")]


def test_what_an_intertitle_is_about_is_read() -> None:
    assert ("ocr", "aviary") in queries("when is the intertitle about the aviary shown?")


def test_a_command_named_by_its_label_reads_the_label() -> None:
    plan = rule_plan("After the Send Spike command, what message flashes up under it?", available_tools=["ocr"])
    assert [(c.tool, c.query, c.when) for c in plan.queries] == [("ocr", "Send Spike", "after")]


@pytest.mark.parametrize(
    ("question", "order"),
    [
        ("when does the second slide appear?", "second"),
        ("when is the second title card shown?", "second"),
        ("when does the third caption appear?", "third"),
        ("when does the second headline appear?", "second"),
    ],
)
def test_the_nth_text_named_by_its_noun_is_its_nth_showing(question, order):
    plan = rule_plan(question, available_tools=["ocr", "transcript", "subtitle", "audio"])
    assert [(c.tool, c.query) for c in plan.queries] == [("ocr", "")]
    assert plan.order == order


@pytest.mark.parametrize(
    ("question", "order"),
    [
        ("when does the second street sign appear", "second"),
        ("when does the third road sign show up?", "third"),
        ("when does the second sign saying EXIT appear?", "second"),
    ],
)
def test_a_text_named_by_its_kind_after_an_ordinal_is_that_showing(question, order):
    """routes23 probe p06: 'the second street sign' read 'street' anywhere, its order dropped (only a text named by
    its noun alone, 'the second slide', was ordered)."""
    plan = rule_plan(question, available_tools=["ocr", "transcript", "subtitle", "audio"])
    assert plan.order == order and any(c.tool == "ocr" for c in plan.queries)
