"""A source of what is asked named as people name it ("going by the banner", "per the caption", "judging by the
sign") is a source as "according to" names it: neither seen nor read itself."""

from __future__ import annotations

import pytest

from vqdb.planner.rules import rule_plan
from vqdb.planner.rules.cues import _ASKS_SOURCE, source_dropped

TEXT_TOOLS = ["ocr", "transcript", "subtitle", "audio"]


@pytest.mark.parametrize(
    "question",
    [
        "what time is the show on, going by the banner?",
        "what time is the show on, judging by the banner?",
        "what time is the show on, per the banner?",
        "what time is the show on, according to the banner?",
    ],
)
def test_a_source_named_any_way_is_no_words_to_find(question):
    found = _ASKS_SOURCE.search(question)
    assert next(g for g in found.groups() if g) == "banner"
    assert {c.query for c in rule_plan(question, available_tools=TEXT_TOOLS).queries} == {"{time}"}


@pytest.mark.parametrize("question", ["what price per month is on the screen", "how much is it per person"])
def test_per_before_no_determiner_is_a_rate_not_a_source(question):
    assert _ASKS_SOURCE.search(question) is None


@pytest.mark.parametrize(
    "question",
    ["Judging by the crowd, how many people attended?", "Going by the train, where are they heading?"],
)
def test_judging_by_a_thing_seen_names_no_source(question):
    """Only a source's noun (a text, a screen, a speaker) after "judging by" / "going by" names a source."""
    assert _ASKS_SOURCE.search(question) is None
    assert any(c.tool == "siglip" and ("crowd" in c.query or "train" in c.query) for c in rule_plan(question).queries)


@pytest.mark.parametrize(
    ("question", "tools"),
    [
        ("When does the chat show the answer that starts 'The video is funny because'", {"ocr"}),
        ("when does the answer 'forty two' come up", {"ocr", "transcript", "subtitle"}),
        ("when does she answer 'yes'", {"transcript", "subtitle"}),
        ("when is the shouted 'stop'", {"transcript", "subtitle"}),  # a participle: still said
        ("when is the spoken phrase 'next slide please'", {"transcript", "subtitle"}),
    ],
)
def test_a_verb_of_speech_after_an_article_is_a_noun_and_no_cue(question, tools):
    # "the answer" names the words (a chat's answer is written): it made the quote only said, shown nowhere
    quoted = ("The video is funny because", "forty two", "yes", "stop", "next slide please")
    assert {c.tool for c in rule_plan(question).queries if c.query in quoted} == tools


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("when does the man in the kitchen say hello", "hello"),
        ("when does the guy in the terminal clip say he will show a directory", "will show a directory"),
        ("When does the woman in the red dress say goodbye?", "goodbye"),
    ],
)
def test_a_speaker_described_by_where_or_what_they_wear_still_speaks(question: str, said: str) -> None:
    # the words after a speaker with a modifier ("the man in the kitchen say hello") were looked for as a picture
    said_calls = {(c.tool, c.query) for c in rule_plan(question).queries if c.tool != "audio"}  # and the voice
    assert said_calls == {("transcript", said), ("subtitle", said)}


@pytest.mark.parametrize(
    ("question", "read"),
    [
        ("when is Priya Raman's name on screen", "Priya Raman"),
        ("when is Dr Priya Raman's name strap on screen", "Dr Priya Raman"),
        ("when does Maria's name come up", "Maria"),
    ],
)
def test_a_name_owning_a_noun_is_no_speaker_of_it(question: str, read: str) -> None:
    # "Raman's name": a possessive before a noun that is also a verb of speech ("name", "list") is no subject
    assert [(c.tool, c.query) for c in rule_plan(question, None, ["ocr", "transcript"]).queries] == [("ocr", read)]


@pytest.mark.parametrize(
    "question",
    ["who did the illustrations according to the credits", "According to the credits, who did the music?"],
)
def test_a_source_named_is_no_word_to_find(question):
    """blind5 x4: the credits' noun taken, "according" was left and looked for as a word (said and read)."""
    plan = rule_plan(question, available_tools=TEXT_TOOLS)
    assert plan.queries and not any("according" in c.query.lower() for c in plan.queries)


@pytest.mark.parametrize(
    "question",
    ["According to the slide, what year was the Bible dated?", "what did the senate pass, according to the banner?"],
)
def test_the_words_of_a_shown_source_are_read_not_heard(question):
    """blind5 s6: the transcript's words beat the slide's span; the slide is where the answer is."""
    tools = {c.tool for c in rule_plan(question, available_tools=TEXT_TOOLS).queries}
    assert tools == {"ocr"}


def test_the_words_of_a_voice_named_as_source_are_still_heard():
    tools = {c.tool for c in rule_plan("According to the narrator, what year was it?", None, TEXT_TOOLS).queries}
    assert "transcript" in tools


def test_a_slate_is_a_shown_source():
    plan = rule_plan("Which take is it according to the slate?", ["3", "8"], TEXT_TOOLS)
    assert {c.tool for c in plan.queries} == {"ocr"}


@pytest.mark.parametrize(
    "question",
    ["According to the bullet points, when were the letters made?", "according to the lower third, who is it?"],
)
def test_a_source_named_in_two_words_is_no_words_to_find(question):
    # blind6 x5: "according to the bullet points" searched "points"
    assert not {"according", "bullet", "points", "lower", "third"} & set(source_dropped(question).lower().split())
