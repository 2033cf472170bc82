"""The rule planner on how people ask about text typed, shown or answered on screen (a chat demo, a search
box, a caption), contractions of question words, and who speaks when nothing said is given: the words that
say where or how text is shown, or who says it, are no call of their own."""

from __future__ import annotations

import pytest

from vqdb.planner import tools
from vqdb.planner.rules import evidence, rule_plan

SPEECH, SCREEN, EITHER = (
    tuple(t for t in evidence.TOOLS_FOR[k] if t in tools.names())
    for k in (evidence.SPEECH, evidence.SCREEN, evidence.EITHER)
)
# a corpus without a picture model
UNSEEN = [t for t in tools.names() if t not in (evidence.SEEN, evidence.SEEN_IN_PART)]


def calls(question: str, options=None, available_tools=None) -> list[tuple[str, str]]:
    return [(c.tool, c.query) for c in rule_plan(question, options, available_tools).queries]


@pytest.mark.parametrize(
    ("contracted", "written"),
    [
        ("What's written on the blackboard?", "What is written on the blackboard?"),
        (
            "Who’s holding the red umbrella when it starts to rain?",
            "Who is holding the red umbrella when it starts to rain?",
        ),
        ("where're the keys after she leaves the kitchen?", "where are the keys after she leaves the kitchen?"),
        (
            "What's the price on the tag, according to the label?",
            "What is the price on the tag, according to the label?",
        ),
    ],
)
def test_a_contracted_question_word_plans_as_written_out(contracted, written):
    for available in (None, UNSEEN):
        assert (
            rule_plan(contracted, ["a", "b"], available).to_json()
            == rule_plan(written, ["a", "b"], available).to_json()
        )


def test_a_contraction_inside_a_quote_is_looked_for_as_written():
    assert calls("When does the host say ‘what’s next’?") == [(t, "what’s next") for t in SPEECH]


@pytest.mark.parametrize(
    ("question", "sentence"),
    [
        ("When does the input box show Can you describe this painting", "Can you describe this painting"),
        ("when does the chat window display What time does the museum open?", "What time does the museum open"),
        (
            "at what point does the screen read Please enter your password, and who types it",
            "Please enter your password",
        ),
    ],
)
def test_a_sentence_written_out_after_a_display_verb_is_read_whole(question, sentence):
    for available in (None, UNSEEN):
        found = calls(question, None, available)
        assert (("ocr", sentence) in found) and all(q == sentence or "type" in q for _, q in found), found


@pytest.mark.parametrize(
    "question",
    [
        "when is 'How tall is the tower?' typed into the search bar?",
        "When is “list three fruits” entered in the prompt box?",
        "when does 'hello world' get pasted into the text field?",
        "When does the textbox show 'Summarize this clip'?",
    ],
)
def test_where_text_is_typed_is_no_call_once_the_text_is_read(question):
    for available in (None, UNSEEN):
        found = calls(question, None, available)
        assert {tool for tool, _ in found} == {"ocr"} and len(found) == 1, found


@pytest.mark.parametrize(
    ("question", "read"),
    [("when does the man type the command pwd", ["pwd"]), ("When does she type the command cd /tmp?", ["cd", "/tmp"])],
)
def test_the_command_typed_is_read_and_who_types_it_is_no_call(question, read):
    for available in (None, UNSEEN):
        assert calls(question, None, available) == [("ocr", q) for q in read]


def test_a_picture_beside_text_read_stays_a_call():
    found = calls("when is 'SALE' shown on the poster behind the cashier?")
    assert ("ocr", "SALE") in found and any(tool in ("siglip", "region") for tool, _ in found), found


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        ("Is the kettle boiling? What did the chatbot reply?", "Is the kettle boiling?"),
        ("Which planet is the largest? How did the assistant respond?", "Which planet is the largest?"),
        ("In the demo. Can dogs eat grapes? What was the model's answer?", "Can dogs eat grapes?"),
    ],
)
def test_a_question_written_out_then_asking_for_its_answer_looks_for_the_question(question, asked):
    for available in (None, UNSEEN):
        found = calls(question, None, available)
        assert (EITHER[0], asked) in found and all(tool != "audio" for tool, _ in found), found
        assert all(q == asked or q == "demo" for _, q in found), found


def test_two_questions_that_ask_for_no_answer_stay_two_questions():
    assert ("audio", "speech") in calls("Is the man happy? What does he say?")


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("When does the navigation app warn about the speed camera?", "the speed camera"),
        ("find where the chatbot says the museum is closed on Mondays", "the museum is closed on Mondays"),
        ("when does the robot answer that it cannot swim", "it cannot swim"),
    ],
)
def test_what_a_thing_that_is_no_person_says_may_be_written_too(question, said):
    for available in (None, UNSEEN):
        found = calls(question, None, available)
        assert [c for c in found if c[1] == said] == [(t, said) for t in EITHER], found
    assert all(tool != "siglip" for tool, _ in calls(question, None, UNSEEN))  # who says it is no word to read


@pytest.mark.parametrize(
    "question",
    [
        "When does the teacher warn about the exam?",
        "when does she mention the holidays",
        "When does the old man answer that the sea is calm?",
    ],
)
def test_what_a_person_says_is_speech(question):
    said = {tool for tool, query in calls(question) if tool not in ("siglip", "region") and "voice" not in query}
    assert said == set(SPEECH)  # and the voice of the man or woman named


def test_the_words_before_the_quote_a_speech_cue_gives_are_not_said():
    found = calls("when the guide says to the tourists, 'follow me', what is on the wall?")
    assert [c for c in found if c[0] in SPEECH] == [(t, "follow me") for t in SPEECH], found


@pytest.mark.parametrize(
    ("question", "voice"),
    [
        ("who talks after this woman?", "speech"),
        ("who speaks first?", "speech"),
        ("when does the boy talk again?", "a child's voice"),  # who speaks: a kind of voice (rules/voices.py)
        ("who sings last?", "singing"),
    ],
)
def test_who_speaks_when_is_a_voice_heard(question, voice):
    assert ("audio", voice) in calls(question)


@pytest.mark.parametrize(
    "question",
    [
        "is anyone talking while the title is shown?",
        "when does she speak during the interview?",
        "does the host keep talking until the break?",
    ],
)
def test_talking_while_something_happens_is_a_voice_heard_with_it(question):
    found = calls(question)
    assert ("audio", "speech") in found and len(found) > 1, found  # and what happens meanwhile


@pytest.mark.parametrize(
    "question",
    [
        "at what time does someone first say something?",
        "when does the narrator say anything?",
        "does he say a word before the door opens?",
        "what does the narrator first say?",
    ],
)
def test_saying_no_words_in_particular_is_a_voice_heard(question):
    found = calls(question)
    assert ("audio", "speech") in found and not any(tool in SPEECH for tool, _ in found), found


@pytest.mark.parametrize(
    "question",
    [
        "when does the voice-over stop?",
        "when is there speech?",
        "when can we hear the speaker's voice?",
        "when is the narration heard?",
        "when does the commentary end?",
    ],
)
def test_a_noun_of_a_voice_is_a_voice_heard(question):
    found = calls(question)
    assert ("audio", "speech") in found and not any(tool in SPEECH for tool, _ in found), found


def test_a_voice_that_says_words_or_names_a_thing_is_not_only_heard():
    assert ("audio", "speech") not in calls("When does the voice-over talk about the new city center?")
    assert ("audio", "speech") not in calls("when does the voice assistant appear on screen?")


def test_saying_something_about_a_topic_is_still_what_is_said():
    found = calls("when does the guide say something about the ship?")  # talking about it (routes23): the topic said
    assert (SPEECH[0], "the ship") in found and ("audio", "speech") not in found, found


def test_a_voice_next_to_something_is_still_a_picture():
    assert ("siglip", "Old woman speaks next to a fountain") not in calls("Old woman speaks next to a fountain.")
    assert any("fountain" in q for _, q in calls("Old woman speaks next to a fountain."))


@pytest.mark.parametrize(
    "question", ["As the train leaves the station, who waves?", "as 'GAME OVER' appears, what does the player press?"]
)
def test_as_starting_a_clause_is_no_picture(question):
    assert all(q.split()[0].lower() != "as" and q.split()[-1].lower() != "as" for _, q in calls(question))


def test_options_of_words_a_name_says_are_heard_and_of_words_a_card_tells_are_read():
    said = calls("What are the last words Lincoln says?", ["a new birth", "of the people"])
    assert [c for c in said if c[1] == "of the people"][:1] == [(SPEECH[0], "of the people")]
    shown = calls("What number does the card tell you to call?", ["0800 123", "0800 456"])
    assert {t for t, q in shown if q.startswith("0800")} == set(EITHER)  # a code: read or heard
    read = calls("What words does the card tell you to remember?", ["keep calm", "stay home"])
    assert [c for c in read if c[1] == "keep calm"] == [("ocr", "keep calm")]


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("When does she say £3,000 a year?", "£3,000 a year"),
        ("when does the announcer say 12,500 tickets were sold", "12,500 tickets were sold"),
        ("At what point does he say it costs $4.99?", "it costs $4.99"),
        ("When is 1,000,000 mentioned by the host?", "1,000,000"),
    ],
)
def test_a_number_written_with_a_comma_or_point_is_said_whole(question, said):
    assert (SPEECH[0], said) in calls(question)


def test_a_quantity_written_with_a_thousands_comma_is_read_and_said_whole():
    planned = calls("When the climber reached 5,700 meters, what did he see?")
    assert ("ocr", "5,700") in planned and (SPEECH[0], "5,700 meters") in planned
