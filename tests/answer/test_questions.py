"""Reading a question: relations and their anchors, ordinals, sources and context words."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vqdb.answer.questions import (
    about_sound,
    asks_when,
    blank_phrase,
    read_question,
    source_of,
    topic_words,
    video_span,
)
from vqdb.answer.timeline import match_words


@pytest.mark.parametrize(
    ("question", "relation", "anchor", "immediate"),
    [
        ("What does Kennedy say right after 'ask not'?", "after", "ask not", True),
        ("Which phrase comes right after “echo the life” in the lyrics?", "after", "echo the life", True),
        ("What is shown under 'echo' just before 'the ONE'?", "before", "the ONE", True),
        ("What does the announcer say after mentioning the weather?", "after", "mentioning the weather", False),
        ("Right after the title card, what does the narrator say?", "after", "the title card", True),
        (
            "While the president's name is on screen, what does he say first?",
            "while",
            "the president's name is on screen",
            False,
        ),
        (
            "What does the commentator say while the engines roar (after liftoff)?",
            "while",
            "the engines roar (after liftoff)",
            False,
        ),
        (
            "What timecode is burned in at the moment the big counter reads 90.000?",
            "while",
            "the big counter reads 90.000",
            False,
        ),
        ("What is written on screen when the dog barks?", "while", "the dog barks", False),
        ("When the dog barks, what is written on screen?", "while", "the dog barks", False),
        (
            "What did the man in blue do after he fished the food out of the water?",
            "after",
            "he fished the food out of the water",
            False,
        ),
        ("What happens during the second song?", "while", "the second song", False),
        ("What does she say following the applause?", "after", "the applause", False),
        ("Which of the following appears on screen first?", None, None, False),  # the options follow
        ("Which of these following lines is shown?", None, None, False),
        ("What was on the board prior to the meeting?", "before", "the meeting", False),
        ("Which loudspeaker is announced next after the Kestrel K2?", "after", "the Kestrel K2", True),
        ("Which speaker is announced after the Kestrel K2, next?", "after", "the Kestrel K2", True),
        ("Which model follows the Kestrel K2 in the list?", "after", "the Kestrel K2 in the list", True),
        ("Which slide precedes 'Thank you'?", "before", "Thank you", True),
        # what is between two moments is the very next thing after the first
        ("Which word is shown between 'WE' and 'HERE'?", "after", "WE", True),
        ("What step is shown between preheating the oven and baking?", "after", "preheating the oven", True),
        ("What is said between 'ask not' and 'your country'?", "after", "ask not", True),
    ],
)
def test_relations_and_their_anchors(question, relation, anchor, immediate):
    parts = read_question(question)
    assert (parts.relation, parts.anchor, parts.immediate) == (relation, anchor, immediate)


@pytest.mark.parametrize(
    "question",
    [
        "When does the timecode show 00:00:05?",
        "When is 'echo the lamb' shown?",
        "What is the sign saying 'before you go'?",  # the relation word is quoted text
        "Which is as big as the car?",
        "Which train leaves at 7:45?",
        "What is the difference between the red car and the blue one?",  # a comparison, not a moment
        "Which bird sits between the two trees?",  # one thing named, not two moments
    ],
)
def test_no_relation(question):
    parts = read_question(question)
    assert parts.relation is None and parts.anchor is None


def test_times_in_the_video():
    assert read_question("What did he do in the interval [[274, 278]]?").at_s == (274.0, 278.0)
    assert read_question("What happened at 8 minutes and 16 seconds in the video?").at_s == (496.0, 496.0)
    assert read_question("What did the protagonist do at the second minute and thirty-five seconds?").at_s == (
        155.0,
        155.0,
    )
    assert read_question("How many players are on screen at the 26th second?").at_s == (26.0, 26.0)
    assert read_question("What is shown at 1:02:03 in the clip?").at_s == (3723.0, 3723.0)


def test_sources_ordinals_and_context():
    parts = read_question("What does the narrator say while 'Step 2: Save 10%' is on screen?")
    assert (parts.source, parts.anchor_source, parts.quoted) == ("speech", "screen", True)
    assert read_question("What are the first words Kennedy says?").ordinal == "first"
    assert read_question("What does the sign say last?").ordinal == "last"
    assert read_question("What time is sunset, according to the card?").context == (
        "time",
        "sunset",
        "according",
        "card",
    )
    assert read_question("What does Kennedy tell people to ask instead?").context == (
        "kennedy",
        "tell",
        "people",
        "ask",
        "instead",
    )
    assert source_of("the card tells you") is None  # both a screen and a speech cue
    assert source_of("when the dog barks") == "sound"


@given(st.text())
def test_any_text_reads_without_error(text):
    parts = read_question(text)
    if parts.anchor is not None:
        assert match_words(parts.anchor), parts


def test_every_cgbench_question_reads(shared_data):
    questions = json.loads((shared_data / "annotations" / "cgbench" / "cgbench_mini.json").read_text())
    parts = [read_question(q["question"]) for q in questions]
    with_relation = [p for p in parts if p.relation]
    assert all(match_words(p.anchor) for p in with_relation if p.at_s is None)
    assert len(with_relation) > len(parts) / 5  # CG-Bench asks "when ..., what" a lot


@pytest.mark.parametrize(
    "question",
    [
        "When does the timecode show 00:00:05?",
        "when is 'echo the lamb' shown?",
        "At what point does the chef add the salt?",
        "At which moment in the video does the crowd cheer?",
        "How long after the bell does the narrator speak?",
        "Tell me when the dog barks",
        "Find the moment the logo appears",
        "At what time in the video is the LIVE tag shown?",
        "when does the directory listing (bin, include, lib64...) show up in the terminal?",
        "When does she say £3,000 a year (the narrator, I mean)?",
    ],
)
def test_questions_that_ask_when(question):
    assert asks_when(question) and read_question(question).asks_when


@pytest.mark.parametrize(
    "question",
    [
        "When the dog barks, what is written on screen?",
        "When the protagonist arrives at the station, what time is on the clock?",
        "When the protagonist walks towards Exit A3, we can see which exhibition this is?",
        "What time is sunset, according to the card?",
        "At what time does the shop open, according to the sign?",
        "When does the Cambridge train leave, according to the board?",
        "What is on screen when the music starts?",
        "Which train leaves at 7:45?",
    ],
)
def test_questions_that_ask_what(question):
    assert not asks_when(question)


def test_cgbench_when_questions_are_the_ones_answered_by_a_time(shared_data):
    """On CG-Bench's real phrasings: a 'when' question's options name seconds of the video; its many
    'When X, what...?' questions ask what."""
    questions = json.loads((shared_data / "annotations" / "cgbench" / "cgbench_mini.json").read_text())
    when = [q for q in questions if asks_when(q["question"])]
    assert 3 <= len(when) < 30, [q["question"] for q in when]
    assert all(all(video_span(c) is not None for c in q["choices"]) for q in when), [q["question"] for q in when]
    leading = [q for q in questions if q["question"].lower().startswith("when ") and "," in q["question"]]
    assert len(leading) > 100 and not any(asks_when(q["question"]) for q in leading)


def test_sound_labels_answer_questions_about_sounds():
    assert read_question("What animal can be heard barking?").about_sound
    assert read_question("What sound plays after the title?").about_sound
    assert not read_question("What colour is the cockatoo?").about_sound
    assert not read_question("What does the narrator say when the dog barks?").about_sound  # the anchor is a sound
    assert not about_sound("What is heard said by the host?")


def test_seconds_an_option_names():
    assert video_span("00:01:05") == (65.0, 65.0) and video_span("[0:06, 0:09]") == (6.0, 9.0)
    assert video_span("12.5 s") == (12.5, 12.5) and video_span("at 0:45 in the video") == (45.0, 45.0)
    assert video_span("SALE 50% OFF") is None and video_span("[0:09, 0:06]") is None


@pytest.mark.parametrize(
    ("question", "negated"),
    [
        ("Which of these products is NOT shown in the ad?", True),
        ("Which city does the narrator not mention?", True),
        ("Which topping isn't listed on the menu board?", True),
        ("Which word never appears on screen?", True),
        ("Which of these is NOT in the terminal window's menu bar?", True),
        ("Which of these items aren't on the shelf?", True),
        ("Which word is missing from the sign?", True),
        ("What is not in the box, according to the label?", False),
        ("What does he tell them not to ask?", False),
        ("According to the narrator, what has never been surpassed?", False),
        ("What is shown right after 'do not enter'?", False),
        ("Which car is not in motion?", False),  # the content's own "not": a car, not an option missing
        ("Which team was not in the lead at halftime?", False),
        ("Which player isn't there at the start?", False),
        # a reason asked: "not" is what someone in the video cannot do, the reason is read
        ("Why, according to the model, can the baby not read the book properly?", False),
        ("How come the letter was never read aloud?", False),
    ],
)
def test_a_negated_question_is_told_from_a_not_of_the_content(question, negated):
    assert read_question(question).negated is negated


@pytest.mark.parametrize(
    ("question", "with_anchor"),
    [
        ("After the Send Spike command, what message flashes up under it?", True),
        ("Right after the title appears, what is written below it?", True),
        ("What does the narrator say over it, just after the map is shown?", True),
        ("What is shown right after the title card?", False),
        ("What does he say after it ends?", False),  # "it" is not placed against anything
        ("What is written under it?", False),  # no moment to be with
    ],
)
def test_an_answer_placed_against_its_anchor_is_shown_with_it(question, with_anchor):
    assert read_question(question).with_anchor is with_anchor


@pytest.mark.parametrize(
    ("question", "place", "size", "source"),
    [
        ("What does it say in big letters either side of the fist on the cover image?", None, "large", "screen"),
        ("Which web address is printed in the bottom right corner of the footage?", "bottom-right", None, "screen"),
        ("Which channel is this, according to the logo in the corner?", "corner", None, "screen"),
        # the anchor's place and size are the anchor's, not the answer's
        ("What timecode is burned in at the moment the big counter reads 90.000?", None, None, None),
        ("What does the narrator say while the title at the top is shown?", None, None, "speech"),
        # a side or a size of something else is none
        ("Which car is on the right of the big dog?", None, None, None),
        # a place that is where a thing is, not a text
        ("What colour is the car on the right?", None, None, None),
    ],
)
def test_where_on_screen_and_how_big_the_answer_is(question, place, size, source):
    parts = read_question(question)
    assert (parts.place, parts.size, parts.source) == (place, size, source)


@pytest.mark.parametrize(
    "question", ["Until what time is the road closed?", "Since when has the shop been shut?", "By when are essays due?"]
)
def test_a_time_asked_with_until_or_since_is_no_relation(question):
    assert read_question(question).relation is None


def test_a_sound_cue_that_names_a_thing_makes_no_sound_question():
    assert not about_sound("Since when has the ring road been closed?") and not about_sound("Which ring road is shut?")
    assert about_sound("Does the bell ring at the end?")


def test_a_timecode_in_the_anchor_is_one_moment_not_a_clause_end():
    """ "00:00:03;29" goes on past its semicolon: cut there, the anchor named a moment a second earlier."""
    parts = read_question("What does the small counter read when the timecode shows 00:00:03;29?")
    assert parts.relation == "while" and parts.anchor == "the timecode shows 00:00:03;29"
    assert read_question("What is shown after the intro; what follows?").anchor == "the intro"


def test_the_first_time_of_the_anchor_is_an_ordinal():
    """ "After 'echo' the first time it is shown" asks for what follows its first showing."""
    parts = read_question("What comes after 'echo' the first time it is shown?")
    assert (parts.relation, parts.anchor, parts.ordinal, parts.asks_word) == ("after", "echo", "first", False)
    assert read_question("What does she say after 'hello' the last time?").ordinal == "last"


def test_what_is_listed_is_read_on_screen():
    """A list, its bullets, a terminal's command are text on screen: "Which folders are listed?" is not asked
    of the transcript."""
    assert read_question("Which folders are listed?").source == "screen"
    assert read_question("What does the ls command print in the terminal?").source == "screen"


def test_a_blank_is_an_ellipsis_only_where_the_question_asks_what_fills_it():
    assert blank_phrase("The lyrics say 'with the work of our ...' what?") == ("with the work of our", "")
    assert blank_phrase("Complete the line: because we are the … of his hands") == (
        "because we are the",
        "of his hands",
    )
    assert blank_phrase("What comes up after the 'Loading ...' screen?") is None
    assert blank_phrase("What does she say after 'and so...'?") is None


@pytest.mark.parametrize(
    "question",
    [
        "What does the female voice say near the end?",
        "What does the woman say at the very start?",
        "What's the name of the TV station?",
        "what is the name of the news channel?",
    ],
)
def test_who_speaks_when_and_which_broadcaster_are_no_topic_of_the_question(question):
    assert topic_words(read_question(question).context) == ()


@pytest.mark.parametrize(
    ("question", "ordinal"),
    [
        ("what does she say at the end?", "last"),
        ("what does he say near the beginning?", "first"),
        ("what does she say at the end of the speech?", None),  # the end of a thing, not of the video
        ("what does he say after the end of the song?", None),
    ],
)
def test_the_start_or_end_of_the_video_is_its_first_or_last(question, ordinal):
    assert read_question(question).ordinal == ordinal


@pytest.mark.parametrize(
    ("question", "anchor_source"),
    [
        ("What does the speaker mention right after 'the Gutenberg'?", "speech"),  # in his speech, not the slide
        ("What is written on the slide right before 'Thank you'?", "screen"),
        ("What does the narrator say right after the banner comes up?", "screen"),  # the anchor names its own
        ("What is on screen while 'ask not' is said?", "speech"),
        ("What is on screen while 'ask not'?", None),  # a moment "while" X: X is in another source
    ],
)
def test_the_anchor_is_found_where_its_clause_or_else_the_subject_says(question, anchor_source):
    assert read_question(question).anchor_source == anchor_source
