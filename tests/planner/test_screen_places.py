"""screen_places: the phrases of where on screen, and how big, a question says its text is, and the ocr calls
of the rule planner that take them."""

from __future__ import annotations

import pytest

from vqdb.planner.plan import PLACES
from vqdb.planner.rules import rule_plan
from vqdb.planner.screen_places import where_on_screen

SAID = [  # (question, the question without the phrases, place, size)
    ("the caption at the bottom", "the caption", "bottom", None),
    ("the text in the top-left corner", "the text", "top-left", None),
    ("what is written in the upper right-hand corner?", "what is written?", "top-right", None),
    ("the text at the very bottom of the frame", "the text", "bottom", None),
    ("the banner across the top", "the banner", "top", None),
    ("what does the top banner say", "what does the banner say", "top", None),
    ("the name in the lower third", "the name", "bottom", None),
    ("what does the lower third say?", "what does the caption say?", "bottom", None),
    ("the score on the left side of the screen", "the score", "left", None),
    ("the logo in the middle of the screen", "the logo", "center", None),
    ("the lower left box shows 7.241", "the box shows 7.241", "bottom-left", None),  # a box of text by its side
    ("it appears in big letters", "it appears", None, "large"),
    ("it is written in huge white letters", "it is written", None, "large"),
    ("the title appears in small text", "the title appears", None, "small"),
    ("what does the small print say", "what does the print say", None, "small"),
    ("when does the big title come up", "when does the title come up", None, "large"),
    ("the fine print at the bottom", "the print", "bottom", "small"),
    ("at the top, on the right, in tiny letters", "", "top-right", "small"),
    # a corner without its sides is any of the four
    (
        "which channel is this, according to the logo in the corner?",
        "which channel is this, according to the logo?",
        "corner",
        None,
    ),
    ("what does the corner logo say", "what does the logo say", "corner", None),
    ("the watermark in one of the corners of the screen", "the watermark", "corner", None),
    # words in capitals are text to read, not a place; the place after them is one
    ("when does TOP SECRET come up at the bottom", "when does TOP SECRET come up", "bottom", None),
]

NOT_SAID = [  # other uses of the same words: no place, no size, the question as it is
    "what is the top story?",
    "what is the car's top speed",
    "who is standing on top of the car?",
    "the big dog barks",
    "a small boy waves",
    "he left the room",
    "right after the goal",
    "which is the right answer?",
    "the cat at the top of the stairs",
    "put them in the right order",
    "at the right time",
    "a large number of people",
    "in the middle of the night",
    "the left lane",
    "the corner of the room",
    "he turns the corner slowly",
    "when does 'AT THE TOP' appear?",
    'when does the sign say "in big letters"?',
]


@pytest.mark.parametrize(("question", "rest", "place", "size"), SAID)
def test_places_and_sizes_are_read_and_leave_the_question(question, rest, place, size):
    assert where_on_screen(question) == (rest, place, size)


@pytest.mark.parametrize("question", NOT_SAID)
def test_other_uses_of_the_words_are_none(question):
    assert where_on_screen(question) == (question, None, None)


def test_every_place_read_is_one_a_plan_takes():
    assert {where_on_screen(question)[1] for question, *_ in SAID} - {None} <= set(PLACES)


def test_the_rule_planner_gives_its_ocr_calls_the_place_and_size():
    plan = rule_plan("when does 'WE ARE HERE TO' appear in big letters?")
    assert [(c.tool, c.query, c.size) for c in plan.queries if c.tool == "ocr"] == [("ocr", "WE ARE HERE TO", "large")]
    assert all(c.place is None and c.size is None for c in plan.queries if c.tool != "ocr")
    plan = rule_plan("When does the counter in the bottom-left corner read 4.004?")
    assert [(c.tool, c.query, c.place) for c in plan.queries] == [
        ("siglip", "counter", None),
        ("ocr", "4.004", "bottom-left"),
    ]


def test_a_question_whose_plan_reads_no_text_keeps_its_words():
    # "on the right" of a car is not where text is: the visual query keeps it, no call gets a place
    plan = rule_plan("what color is the car on the right?")
    assert [(c.tool, c.query) for c in plan.queries] == [("siglip", "car on the right")]
    assert all(c.place is None for c in plan.queries)


@pytest.mark.parametrize(
    ("question", "placed"),
    [
        # the place is where the text the question reads is shown: its ocr call takes it
        ('when the training progress on the left side of the screen shows "90%", what is she doing?', {"90%": "left"}),
        (
            'when "Water Basins" appears in the lower right corner of the screen, what color is it?',
            {"Water Basins": "bottom-right"},
        ),
        # a drop-frame timecode's semicolon ends no clause: the timecode is read in the place
        ("when does the timecode at the bottom right say 00:00:07;00", {"00:00:07;00": "bottom-right"}),
        # the place is where the answer is, in another clause: the text read is anywhere
        ('when the mouse moves to "Channels", what appears in the lower right corner of the screen?', {}),
        ('when the plate reads "YT22FWX", how many cars passed by on the right?', {}),
    ],
)
def test_a_place_goes_to_the_text_read_in_its_clause(question, placed):
    plan = rule_plan(question)
    assert {c.query: c.place for c in plan.queries if c.place} == placed
    if not placed:  # planned as asked: the words of the place stay in the calls that look for the answer
        assert any("right" in c.query for c in plan.queries if c.tool in ("siglip", "region"))


@pytest.mark.parametrize(
    ("question", "options", "place", "size"),
    [
        # a text asked for in its place, whose words are the options: they are read there
        ("What does the title at the top of the screen say?", ["Goodbye world", "Hello world..."], "top", None),
        ("In the video, what words appear in the middle of the screen at the beginning?", ["Scene 1", "Prologue"],
         "center", None),
        ("what is written on the small sign below the door?", ["Exit", "Entrance"], None, "small"),
    ],
)  # fmt: skip
def test_a_text_asked_for_in_its_place_reads_the_options_there(question, options, place, size):
    plan = rule_plan(question, options)
    read = [c for c in plan.queries if c.tool == "ocr"]
    assert sorted(c.query for c in read) == sorted(options)
    assert all(c.place == place and c.size == size for c in read)
    assert all(c.place is None and c.size is None for c in plan.queries if c.tool != "ocr")


def test_options_of_a_question_naming_no_text_take_no_place():
    plan = rule_plan("what is the dog on the left holding?", ["a ball", "a stick"])
    assert all(c.place is None for c in plan.queries)
    assert any("left" in c.query for c in plan.queries if c.tool in ("siglip", "region"))


@pytest.mark.parametrize(
    ("question", "tools", "plan"),
    [
        # what a text in its place says, with no options to read there: whatever text is there, no other call
        ("What does the title at the top of the screen say?", None, {"Q1": ("ocr", "", "top", None)}),
        ("what does the small print at the bottom say", None, {"Q1": ("ocr", "", "bottom", "small")}),
        ("what does the big title say?", ["ocr", "transcript"], {"Q1": ("ocr", "", None, "large")}),
        ("Which channel is this, according to the logo in the corner?", None, {"Q1": ("ocr", "", "corner", None)}),
        # the rest of the question is planned as it was, ANDed: the noun of the text is no call
        (
            "What does the lower third say when she first speaks?",
            None,
            {"Q1": ("ocr", "", "bottom", None), "Q2": ("audio", "speech", None, None)},
        ),
    ],
)
def test_a_text_asked_for_in_its_place_without_options_reads_whatever_is_there(question, tools, plan):
    found = rule_plan(question, available_tools=tools)
    assert {c.id: (c.tool, c.query, c.place, c.size) for c in found.queries} == plan
    assert found.combine == " AND ".join(plan)
    assert any("no words to look for" in note for note in found.notes)


@pytest.mark.parametrize(
    ("question", "place"),
    [
        ("Which web address is printed in the bottom right corner of the footage?", "bottom-right"),
        ("what does the caption at the bottom of the clip say?", "bottom"),
        ("what is written at the top of the film?", "top"),
        ("what is at the top of the hill?", None),
    ],
)
def test_the_screen_a_place_is_of_may_be_named_as_the_footage_or_the_clip(question, place):
    assert where_on_screen(question)[1] == place


def test_a_question_asking_which_address_is_printed_there_reads_whatever_text_is_there():
    plan = rule_plan("Which web address is printed in the bottom right corner of the footage?", None, ["ocr"])
    assert [(c.tool, c.query, c.place) for c in plan.queries] == [("ocr", "", "bottom-right")]


@pytest.mark.parametrize(
    ("question", "number", "place"),
    [
        ("when does the seconds counter at the bottom left pass 8?", "8", "bottom-left"),
        ("When does the big frame counter in the middle reach 200?", "200", "center"),
        ("when does the counter at the top hit 10?", "10", "top"),
    ],
)
def test_a_display_in_a_place_coming_to_a_value_reads_the_value_there(question: str, number: str, place: str) -> None:
    plan = rule_plan(question, available_tools=["ocr", "transcript"])
    assert [(c.tool, c.query, c.place) for c in plan.queries] == [("ocr", number, place)]


def test_a_size_said_of_the_answer_is_not_the_event_s():
    # "what big words come on screen right after HANDS?": big is the words asked, not HANDS (which is big too, but
    # also read small elsewhere): the answer reads the big text, the event is HANDS wherever it is read
    plan = rule_plan("What big words come on screen right after HANDS goes away?", None, ["ocr", "transcript"])
    assert [(c.query, c.size, c.when) for c in plan.queries if c.tool == "ocr"] == [
        ("", "large", None),
        ("HANDS", None, "after"),
    ], plan.to_json()


@pytest.mark.parametrize(
    ("question", "place"),
    [
        ("when does the lower third appear?", "bottom"),
        ("at what point does text appear at the bottom of the screen?", "bottom"),
        ("when does the caption at the bottom come up?", "bottom"),
        ("when does the text in the top right corner appear?", "top-right"),
        ("when is the badge in the top left shown?", "top-left"),
        ("when do we see the name caption?", "bottom"),
        ("when does the news ticker appear?", "bottom"),
        ("when do we see the watermark?", "corner"),
        ("when does the channel logo in the corner appear?", "corner"),
    ],
)
def test_a_text_asked_when_by_its_noun_or_place_reads_whatever_is_there(question, place):
    plan = rule_plan(question, available_tools=["ocr", "transcript", "subtitle"])
    assert [(c.tool, c.query, c.place) for c in plan.queries] == [("ocr", "", place)]


@pytest.mark.parametrize(
    ("question", "rest", "place"),
    [
        ("when does the news ticker start?", "when does the caption start?", "bottom"),
        ("what does the chyron say?", "what does the caption say?", "bottom"),
        ("when does the station's logo appear?", "when does the logo appear?", "corner"),
    ],
)
def test_a_display_s_noun_says_its_place(question, rest, place):
    assert where_on_screen(question) == (rest, place, None)


def test_a_picture_in_a_place_asked_when_is_still_looked_for_with_a_visual_tool():
    plan = rule_plan("when does the small logo in the corner appear?")
    assert [c.tool for c in plan.queries] == ["region"]


def test_words_said_in_a_place_asked_when_are_still_the_words():
    plan = rule_plan("when is the word storm shown at the bottom?", available_tools=["ocr", "transcript"])
    assert [(c.tool, c.query, c.place) for c in plan.queries] == [("ocr", "storm", "bottom")]


@pytest.mark.parametrize(
    "question",
    [
        "where did the little girl crawl to?",
        "when does the man crawl towards the tombstone?",
        "whose name tag was torn off?",  # a name tag is worn, not a caption
    ],
)
def test_a_display_s_noun_used_otherwise_says_no_place(question):
    assert where_on_screen(question)[1:] == (None, None)


@pytest.mark.parametrize(
    ("question", "rest"),
    [
        ("What was the vote count in the breaking news strip?", "What was the vote count in the caption?"),
        ("what does the news bar say?", "what does the caption say?"),
    ],
)
def test_a_news_strip_or_bar_is_a_caption_at_the_bottom(question, rest):
    assert where_on_screen(question) == (rest, "bottom", None)


def test_a_strip_of_something_else_is_no_caption():
    assert where_on_screen("when does he strip the wire?")[1] is None
    assert where_on_screen("when does the strip of paper fall?")[1] is None


@pytest.mark.parametrize(
    "question",
    ["when does the logo appear?", "when do we see the airline's logo?", "when is a logo shown?", "the channel logo"],
)
def test_a_logo_with_no_words_of_its_own_is_a_corner_display(question):
    assert where_on_screen(question)[1] == "corner"


def test_a_logo_named_by_its_words_is_those_words_wherever_they_are():
    assert where_on_screen("when is the Nike logo shown?")[1] is None


@pytest.mark.parametrize(
    "question",
    [
        "At the end, the 'TikTok' logo appears. What is written right of the logo?",
        "the Nike logo comes up; when does the logo leave?",
        "what is the logo on his shirt?",
        "Player 11 wears a badge on his chest: what does the badge say?",
    ],
)
def test_a_logo_named_before_or_worn_is_no_corner_display(question):
    assert where_on_screen(question)[1] is None


def test_a_logo_named_in_another_clause_is_that_logo_not_a_corner():
    plan = rule_plan(
        'At the end of the video, the "TikTok" logo appears. What is the English on the right side of the logo?',
        ["pcdovv", "pcdevv"],
        available_tools=["ocr", "transcript", "subtitle"],
    )
    assert not any(c.place == "corner" for c in plan.queries)


@pytest.mark.parametrize(
    "question", ["what's the lab name at the bottom of the slides?", "what is the footer at the bottom of the slide?"]
)
def test_a_text_described_by_its_kind_and_place_reads_what_is_there(question):
    """blind5 s7: "at the bottom of the slides" (a plural) was no place: the whole description was read as words."""
    plan = rule_plan(question, available_tools=["ocr", "transcript", "subtitle"])
    assert [(c.tool, c.query, c.place) for c in plan.queries] == [("ocr", "", "bottom")]
