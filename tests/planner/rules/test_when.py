"""The event of a question relating its answer to one ("right before X", "after the Y") is parsed whole: a question
word that is the object of the verb before it goes on with the event, an event of words a voice says or of a value
named by its kind is said, and words of a subject that happen to name letters or print are words to find."""

from __future__ import annotations

import pytest

from vqdb.planner.rules import rule_plan

_NO_VISUAL = ["ocr", "transcript", "subtitle", "audio"]


def _event(question: str, tools: list[str] | None = None) -> set[tuple[str, str]]:
    return {(c.tool, c.query) for c in rule_plan(question, None, tools).queries if c.when}


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("what is said just before he asks what the plan is for tomorrow", "what the plan is for tomorrow"),
        ("what does she say right after she explains how the engine works", "how the engine works"),
        ("what does the host say before telling us what we should buy", "telling us what we should buy"),
    ],
)
def test_a_question_word_after_a_verb_that_takes_it_is_part_of_the_event(question: str, said: str) -> None:
    assert any(tool == "transcript" and said in query for tool, query in _event(question))


def test_a_question_word_after_any_other_verb_still_starts_a_clause() -> None:
    assert _event("right after the bell rings what does he say") == {("audio", "bell")}


@pytest.mark.parametrize(
    "question",
    [
        "what does the narrator say immediately before the date",
        "what is said just after the year",
        "what does he say right before the year is mentioned",
    ],
)
def test_a_value_named_by_its_kind_in_an_event_is_looked_for_by_its_form(question: str) -> None:
    queries = {query for _, query in _event(question)}
    assert "{year}" in queries and not {"year", "date"} >= queries


@pytest.mark.parametrize("tools", [None, _NO_VISUAL])
def test_words_a_voice_says_in_an_event_are_said(tools: list[str] | None) -> None:
    event = _event("what does the coach say just before give it everything you have", tools)
    assert ("transcript", "give it everything you have") in event


def test_an_event_seen_stays_seen_in_a_question_of_speech() -> None:
    assert not any(tool == "transcript" for tool, _ in _event("what does she say right after you see the logo"))
    assert _event("what is on screen right after the year") == {("siglip", "year")}  # not a question of speech


@pytest.mark.parametrize(
    ("question", "words"),
    [
        ("what does he say right after the history of print", "history of print"),
        ("what is said just after the art of print", "art of print"),
    ],
)
def test_a_word_of_print_that_is_the_subject_of_an_event_is_looked_for(question: str, words: str) -> None:
    assert ("transcript", words) in _event(question, _NO_VISUAL)


@pytest.mark.parametrize(
    "question",
    ["when is the title shown in big letters", "what are the first row of letters on the sign?"],
)
def test_a_word_of_how_text_looks_is_still_no_words_to_read(question: str) -> None:
    queries = {c.query for c in rule_plan(question, None, _NO_VISUAL).queries}
    assert not any(w in q for q in queries for w in ("letters", "big", "row"))


@pytest.mark.parametrize(
    ("question", "number"),
    [
        ("which slide comes right after 4?", "4"),
        ("what is written just before the 12", "12"),
        ("what does the announcer say right after number 3", "3"),
    ],
)
def test_a_number_alone_as_the_event_is_looked_for_as_words(question: str, number: str) -> None:
    assert ("ocr", number) in _event(question) and ("transcript", number) in _event(question)


def test_a_number_of_something_as_the_event_is_not_a_number_alone() -> None:
    assert not any(query == "5" for _, query in _event("what happens right after 5 seconds of silence"))


@pytest.mark.parametrize(
    ("question", "after", "before"),
    [
        ("which slide comes between the agenda and the summary?", "agenda", "summary"),
        ("what is mentioned between the jingle and the weather", "jingle", "weather"),
    ],
)
def test_a_text_or_words_said_between_two_unquoted_events_is_after_one_before_the_other(
    question: str, after: str, before: str
) -> None:
    whens = {(query, c_when) for c_when, query in ((c.when, c.query) for c in rule_plan(question).queries) if c_when}
    assert (after, "after") in whens and (before, "before") in whens


@pytest.mark.parametrize(
    "question",
    [
        "the cyclist who comes between the car and the bus",  # no text, no words said: a place
        "which sign is between the two trees",  # no verb of coming: a place
        "what appears between 8 and 9 seconds",  # times in the video
    ],
)
def test_between_as_a_place_or_a_time_is_no_pair_of_events(question: str) -> None:
    assert not any(c.when for c in rule_plan(question).queries)


def test_a_text_shown_between_two_things_is_where_it_is() -> None:
    assert not any(c.when for c in rule_plan("which sign is shown between the bank and the cafe").queries)


@pytest.mark.parametrize(
    "question",
    [
        "what does he say after the camera shows us the logo?",
        "what does the narrator say after the drone flies over our house?",
        "what does the guide say right after he hands me the map?",
        "What does the host say right after he hands you two tickets?",
        "What does the guide say after she walks you around the museum?",
        "What does she say just before the drone flies over you quickly?",
        "What does the narrator say right after the camera shows you how the engine works?",
    ],
)
def test_a_pronoun_that_is_no_speaking_subject_leaves_a_seen_event_seen(question):
    assert not any(c.tool == "transcript" and c.when for c in rule_plan(question).queries)


@pytest.mark.parametrize(
    "question",
    [
        "what is said between the coach and the player?",  # a talk between people
        "What is said between the man and his wife on the phone?",
        "What is said between him and the reporter at the press conference?",
        "which name comes between Smith and Jones on the list?",  # an order inside one list
    ],
)
def test_between_people_or_inside_a_list_is_no_time(question):
    assert not any(c.when for c in rule_plan(question).queries)


@pytest.mark.parametrize(
    "question",
    [
        "What is said between the opening of the show and the weather report?",  # "of the" inside an event
        "What is mentioned between her introduction and the weather forecast?",  # a person's, not a person
        "What is said between the host's greeting and the first ad?",
    ],
)
def test_between_two_events_that_name_a_person_or_a_part_is_a_time(question):
    whens = {c.when for c in rule_plan(question).queries}
    assert {"after", "before"} <= whens


def test_a_winner_announced_may_be_shown():
    queries = rule_plan("what does the crowd do after the winner is announced?").queries
    assert any(c.tool not in ("transcript", "subtitle") and c.when == "after" for c in queries)


@pytest.mark.parametrize(
    "question", ["What word is shown right before HANDS?", "What word is shown right before the word HANDS?"]
)
def test_an_event_in_capitals_is_text_read_not_a_sound_heard(question):
    # "HANDS" is a sound word (clapping): the event was heard, ("audio", "hands")
    assert _event(question) == {("ocr", "HANDS")}


def test_a_dash_between_spaces_ends_the_event():
    # the event ran on to "the second WE - when is it shown": its question words were looked for as text
    plan = rule_plan("the word ARE right after WE - when is it shown?")
    assert {(c.tool, c.query, c.when) for c in plan.queries} == {("ocr", "ARE", None), ("ocr", "WE", "after")}


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("What does the speaker say right after thanking everyone for coming?", "thank everyone for coming"),
        ("what does he say before announcing the winner", "the winner"),
        ("what is said right after apologising for the delay", "the delay"),
        ("After saying he will show a directory, what's the next thing the man says?", "will show a directory"),
        ("after saying goodbye, what does he do", "goodbye"),
    ],
)
def test_an_event_of_a_verb_of_speech_in_ing_is_said(question: str, said: str) -> None:
    assert ("transcript", said) in _event(question)


def test_a_capitalised_word_in_ing_starting_a_question_is_no_verb_of_speech() -> None:
    assert "transcript" not in {c.tool for c in rule_plan("Warning signs: when are they shown?").queries}


def test_a_dash_between_numbers_is_a_score_not_the_end_of_the_event():
    # the event ended at the dash of "3 - 0": '0 for the home team' was looked for as words said
    queries = rule_plan("What does the man say after the score is 3 - 0 for the home team?").queries
    assert ("ocr", "3 - 0", "after") in {(c.tool, c.query, c.when) for c in queries}


@pytest.mark.parametrize(
    "question",
    [
        "what happens after warning lights flash on the dashboard?",
        "what appears on screen after shouting fans fill the stadium?",
    ],
)
def test_an_ing_word_before_a_noun_is_no_verb_of_speech(question: str) -> None:
    # "warning" and "shouting" were read as speech: the event was searched as words said, not seen
    assert "transcript" not in {c.tool for c in rule_plan(question).queries}


def test_a_value_asked_with_no_other_word_is_its_form_alone() -> None:
    # "what time it is" left "it is" ORed in: words nearly any speech says
    queries = rule_plan("when does she say what time it is?").queries
    assert {c.query for c in queries if c.tool == "transcript"} == {"{time}"}


@pytest.mark.parametrize(
    "question",
    [
        "what's the very next thing said after 'has never been surpassed'",
        "After the man says done, who speaks next and what do they say?",
        "what does she say next after 'fine typography'",
    ],
)
def test_what_comes_next_after_an_event_is_the_first_voice_after_it(question: str) -> None:
    # "next" was looked for as words said ("very next thing"), and no order made the voice after the event first
    plan = rule_plan(question)
    assert plan.order == "first" and ("audio", "speech") in {(c.tool, c.query) for c in plan.queries if not c.when}
    assert not any("next" in c.query for c in plan.queries)


def test_next_to_a_thing_is_no_order() -> None:
    assert rule_plan("who is standing next to the car after the crash").order is None


def test_the_words_of_an_event_said_reach_through_their_phrase() -> None:
    plan = rule_plan("What does Kennedy say right after 'my fellow Americans'?")
    assert {(c.tool, c.extent) for c in plan.queries if c.when} >= {("transcript", "phrase"), ("subtitle", "phrase")}


def test_an_order_word_in_a_question_reported_as_said_is_what_is_said() -> None:
    # "earliest" of "say what the earliest printed book was" made the plan rank the first words said first
    plan = rule_plan("When does the narrator say what the earliest printed book was?")
    assert plan.order is None and any("earliest" in c.query for c in plan.queries if c.tool == "transcript")
    assert rule_plan("when does he first say what he wants").order == "first"  # before the verb: the order


def test_a_last_sentence_after_that_relates_to_the_sentences_before_it() -> None:
    # "... typography. what does she say right after that?": "that" named no event, "right" was looked for as said
    plan = rule_plan(
        "the narrator says something is an example of fine typography. what does she say right after that?"
    )
    assert plan.order == "first" and ("audio", "speech", None) in {(c.tool, c.query, c.when) for c in plan.queries}
    assert ("transcript", "after") in {(c.tool, c.when) for c in plan.queries if "fine typography" in c.query}
    assert not any(c.query == "right" for c in plan.queries)


@pytest.mark.parametrize(
    ("question", "order", "said"),
    [
        # an order phrase after a reported question is still when ("for the first time"), not words said
        ("when does she say how much it costs for the first time?", "first", None),
        ("when does the teacher explain what a noun is at the end of the video?", "last", "what a noun is"),
        ("when does she say what the earliest printed book was", None, "what the earliest printed book was"),
        ("what happens the next day after the meeting?", None, None),  # "the next day": a time named
    ],
)
def test_an_order_phrase_after_a_reported_question_is_when(question: str, order: str | None, said: str | None):
    plan = rule_plan(question)
    assert plan.order == order
    if said is not None:
        assert said in {c.query for c in plan.queries if c.tool == "transcript"}


@pytest.mark.parametrize(
    ("question", "event"),
    [
        # a closing quote after the sentence's end; "that" is the sentence just before
        ('The man said "Put it in a pot and steam it for 10 minutes." What should you do after that?', "steam"),
        ('She asks "are you ok?" What does he say after that?', "are you ok"),
        ("The dog barks. The man shouts. What does he say after that?", "shouts"),
    ],
)
def test_what_that_refers_back_to_is_the_sentence_before(question: str, event: str):
    after = [c.query for c in rule_plan(question).queries if c.when == "after"]
    assert after and all(event in q for q in after) and not any("dog" in q for q in after)


@pytest.mark.parametrize(
    ("question", "words"),
    [
        ("what is the name of the woman in the red dress who says goodbye?", "woman in the red dress"),
        ("what color is the shirt of the man in the kitchen who says hello?", "shirt of the man in the kitchen"),
    ],
)
def test_a_relative_clause_is_no_description_of_who_speaks(question: str, words: str):
    assert words in {c.query for c in rule_plan(question).queries}


@pytest.mark.parametrize("question", ["what happens after saying it?", "what does he do right after saying this?"])
def test_saying_a_pronoun_names_no_words(question: str):
    assert not any(c.tool == "transcript" for c in rule_plan(question).queries)


@pytest.mark.parametrize(
    "question",
    ["who speaks after the guy at the computer says done?", "Who talks after the woman introduces Mrs. Nguyen?"],
)
def test_who_speaks_after_an_event_is_the_next_voice_not_a_caption(question: str) -> None:
    """ANDed with the name caption (``ocr '{person}'`` in the lower third), any text down there (a demo's buttons)
    outranked the voice right after the event."""
    plan = rule_plan(question)
    assert not any(c.tool == "ocr" and c.query in ("", "{person}") for c in plan.queries)
    assert [c.tool for c in plan.queries][0] == "audio" and any(c.when == "after" for c in plan.queries)


def test_who_speaks_with_no_event_still_reads_the_name_caption() -> None:
    plan = rule_plan("who is speaking?")
    assert any(c.tool == "ocr" and c.query == "{person}" and c.place == "bottom" for c in plan.queries)


@pytest.mark.parametrize(
    ("question", "read"),
    [
        ("when does WORK come back on its own?", "WORK"),  # capitals arriving again: text, its second showing
        ("when does the caption about the storm come back?", "storm"),
        ("when is the phone number back on screen?", "{phone}"),
        ("when does the title return?", ""),  # a title named by its noun: the biggest text, again
    ],
)
def test_a_thing_coming_back_is_its_second_showing(question: str, read: str) -> None:
    plan = rule_plan(question, None, _NO_VISUAL)
    assert plan.order == "second"
    assert read in {c.query for c in plan.queries if c.tool == "ocr"}


@pytest.mark.parametrize(
    "question",
    ["when does he return the ball?", "when does the narrator come back to the topic of money?"],
)
def test_returning_a_thing_or_coming_back_to_a_topic_is_no_second_showing(question: str) -> None:
    assert rule_plan(question, None, _NO_VISUAL).order is None


@pytest.mark.parametrize(
    "question",
    [
        "What's on screen when he says 'done'?",
        "When she says 'the Gutenberg', what's on screen?",
        "what is written at the top of the screen when he says he will show a directory?",
        "what caption is shown as the narrator mentions the Bible?",
        "What place name is shown while the president is saying ask not what your country can do for you",
    ],
)
def test_words_said_in_a_clause_of_a_moment_are_found_as_the_words(question):
    said = [c for c in rule_plan(question).queries if c.tool in ("transcript", "subtitle")]
    assert said and all(c.extent is None for c in said)


@pytest.mark.parametrize(
    ("question", "extent"),
    [
        ("what does she say when he says 'done'?", "statement_after"),  # what is said is asked
        ("what is on screen when he talks about the budget?", "statement"),  # a topic: its statement
    ],
)
def test_a_clause_of_a_moment_keeps_the_statement_where_it_is_asked(question, extent):
    said = [c for c in rule_plan(question).queries if c.tool == "transcript"]
    assert said and all(c.extent == extent for c in said)


@pytest.mark.parametrize(
    ("question", "read", "relation"),
    [
        ("What does she say after the museum logo appears?", {"museum"}, "after_start"),
        ("what does he say after the folder names show up", {"folder names"}, "after_start"),
        ("What does the man say after typing ls /usr?", {"ls", "/usr"}, "after_start"),
        ("What does Kennedy say after the WORLD NEWS logo goes away?", {"WORLD NEWS"}, "after"),
        ("what is said right after the LIVE badge disappears?", {"LIVE"}, "after"),
    ],
)
def test_an_event_coming_on_screen_is_after_its_start_and_one_leaving_after_its_end(
    question: str, read: set[str], relation: str
) -> None:
    # a text that appears and stays until the clip ends has nothing after its end: after it appears is after its
    # first showing, the first moment first; a thing leaving is after its end, still a thing shown, its verb no
    # words to read
    plan = rule_plan(question, None, _NO_VISUAL)
    shown = [c for c in plan.queries if c.tool == "ocr" and c.when]
    assert {c.query for c in shown} == read and {c.when for c in shown} == {relation}, plan.to_json()
    assert all(c.when == "after" for c in plan.queries if c.tool in ("transcript", "subtitle") and c.when)
    assert plan.order == ("first" if relation == "after_start" or "right after" in question else None)
