"""The rule planner on how people phrase text and speech questions: who speaks is the subject of a verb of
speech, not words said; examples in parentheses or after "such as" are what is read, not the noun they
illustrate; a capitalised label beside a button is read; a repeat ("the second time") is neither said nor
seen, and a voice that finishes or stops reading ends. Each with the phrasings the rules must leave alone."""

from __future__ import annotations

import pytest

from vqdb.planner import tools
from vqdb.planner.rules import evidence, rule_plan
from vqdb.planner.tools.said_answer import STATEMENTS
from vqdb.planner.vocabulary import CREDIT_ROLES

SPEECH, SCREEN, EITHER = (
    tuple(t for t in evidence.TOOLS_FOR[k] if t in tools.names())
    for k in (evidence.SPEECH, evidence.SCREEN, evidence.EITHER)
)
# a corpus without a picture model
UNSEEN = [t for t in tools.names() if t not in (evidence.SEEN, evidence.SEEN_IN_PART)]
VOICE = [("audio", "speech")]
ADDRESS_FORMS = ("my fellow", "ladies and gentlemen", "everyone", "everybody")


def calls(question: str, options=None, available_tools=None) -> list[tuple[str, str]]:
    return [(c.tool, c.query) for c in rule_plan(question, options, available_tools).queries]


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # who speaks is no words said; who is spoken to is, asked what is said to them (a speaker names those they
        # address, "my fellow Americans, ask …"): with what is said, or with the verb when nothing else is named
        ("What does Kennedy tell people to ask instead?", [(t, q) for q in ("ask", "people ask") for t in SPEECH]),
        ("What does Kennedy ask the American people to do?", [(t, "ask the American people") for t in SPEECH]),
        (
            "What does Kennedy call his audience?",
            [(t, q) for q in ADDRESS_FORMS for t in SPEECH],
        ),  # how he addresses it
        ("When does President Kennedy say the words your country?", [(t, "your country") for t in SPEECH]),
        (
            "What does the man tell viewers he will show?",
            [*((t, "will show") for t in SPEECH), ("audio", "a man's voice")],
        ),
        ("What does the narrator explain about movable metal letters?", [(t, "movable metal letters") for t in SPEECH]),
        ("When does Kennedy say ask not, and who claps?", [*((t, "ask not") for t in SPEECH), ("audio", "clapping")]),
        ("What did she ask the boy at the station?", VOICE),  # where she asks, not what
        ("when does the girl ask a question to the bikers", VOICE),
        # what is said to them is said to "you": reported speech back in the second person
        (
            "When does Kennedy tell them not to ask what the country can do for them?",
            [(t, "not ask what the country can do for you") for t in SPEECH],
        ),
        ("When does the host tell viewers to check their settings?", [(t, "check your settings") for t in SPEECH]),
        ("When does she tell him to wash his hands?", [(t, "wash your hands") for t in SPEECH]),
        ("When does the coach tell the boy to tie his shoes?", [(t, "tie your shoes") for t in SPEECH]),
        ("When does he tell us to sit down?", [(t, "sit down") for t in SPEECH]),  # "us": the asker
        # where the question is, between who speaks and the verb, is neither
        (
            "Why does the character in the video say that he must reach level 7?",
            [(t, "must reach level 7") for t in SPEECH],
        ),
    ],
)
def test_who_speaks_and_who_is_spoken_to_are_not_words_said(question, expected):
    for available in (None, UNSEEN):
        assert calls(question, None, available) == expected


@pytest.mark.parametrize(
    "question",
    [
        "Which option best describes the video?",  # a thing that describes: no speech
        "Can you tell what the man is holding?",  # "you" is the asker
        "What does the button between Upvote and Flag say?",  # a label's name, not who speaks
        "What does the narrator call the Gutenberg?",  # a name given to a thing, no one spoken to
        "when does he call the office",
    ],
)
def test_a_verb_of_speech_after_no_speaker_is_no_voice(question):
    assert ("audio", "speech") not in calls(question)
    assert ("audio", "speech") not in calls(question, None, UNSEEN)


def test_who_is_thanked_is_said():  # "thank you, everyone": thanking names who is addressed, said with the thanks
    assert all((t, "thank everyone") in calls("When does the host thank everyone?") for t in SPEECH)


@pytest.mark.parametrize(
    ("question", "examples"),
    [
        (
            "when does the directory listing (bin, include, lib64...) show up in the terminal?",
            ["bin", "include", "lib64"],
        ),
        ("When do the folder names (games, local, share) appear?", ["games", "local", "share"]),
        ("When do phrases like 'the way' or 'the truth' appear?", ["the way", "the truth"]),
        ("when are the titles (the alpha, the omega, the lamb) shown?", ["the alpha", "the omega", "the lamb"]),
    ],
)
def test_examples_of_text_are_read_any_of_them_without_what_they_illustrate(question, examples):
    for available in (None, UNSEEN):
        plan = rule_plan(question, None, available)
        assert [(c.tool, c.query) for c in plan.queries] == [("ocr", e) for e in examples]
        assert plan.combine == " OR ".join(c.id for c in plan.queries)


def test_examples_of_other_things_replace_the_noun_they_illustrate():
    plan = rule_plan("When do directories such as bin and src appear on the screen?", None, UNSEEN)
    assert {c.query for c in plan.queries} == {"bin", "src"} and " AND " not in plan.combine
    assert {c.query for c in rule_plan("when does the output of ls, e.g. libexec or sbin, show up?").queries} == {
        "libexec",
        "sbin",
    }


@pytest.mark.parametrize(
    ("question", "kept"),
    [
        ("what was the weather like outside the window?", "weather"),  # "like" before one thing: no examples
        ("what does the logo look like, a star or a moon?", "logo"),  # a comparison
        ("when is the crowd shown (near the goal)?", "near the goal"),  # one phrase in parentheses
        ("When does she say £3,000 a year (the narrator, I mean)?", "£3,000 a year"),  # an aside of two phrases
    ],
)
def test_a_comparison_or_an_aside_is_no_list_of_examples(question, kept):
    assert any(kept in query for _, query in calls(question))


@pytest.mark.parametrize(
    ("question", "labels"),
    [
        ("Which button sits to the right of Regenerate?", ["Regenerate"]),
        ("Where is the Clear history button?", ["Clear history"]),
        ("When is the Send button shown?", ["Send"]),
        ("when does he click Send", ["Send"]),
        ("Is there an Upvote tab or a Downvote link?", ["Upvote", "Downvote"]),
        ("after the Pizi Library simplified the icon, what happens?", ["Pizi Library"]),  # not "simplified the"
    ],
)
def test_a_label_beside_a_part_of_an_interface_is_read(question, labels):
    assert calls(question, None, UNSEEN) == [("ocr", label) for label in labels]


@pytest.mark.parametrize(
    "question",
    [
        "Two men in button up suits chat while in the back of an SUV.",  # clothes, not an interface
        "when does the protagonist run across the Gemen field?",  # a field, a box, a menu: as often things
        "what shape of pattern is on the Lego toy box?",
        "What's the example question beside the picture of the Statue of Liberty?",  # no part of an interface
    ],
)
def test_capitalised_words_beside_no_part_of_an_interface_are_not_labels(question):
    assert "ocr" not in [tool for tool, _ in calls(question)]


@pytest.mark.parametrize(
    ("question", "order"),
    [
        ("When does he finish his speech?", "last"),
        ("When does the narrator stop reading?", "last"),  # "she": her voice (tests/planner/rules/test_voices.py)
        ("when does the narrator start reading aloud?", "first"),
    ],
)
def test_a_voice_that_ends_or_starts_reading_is_heard_at_its_edge(question, order):
    for available in (None, UNSEEN):
        plan = rule_plan(question, None, available)
        assert [(c.tool, c.query) for c in plan.queries] == VOICE and plan.order == order
        assert [c.extent for c in plan.queries] == ["phrase"]  # its first or last phrase, not the utterance


@pytest.mark.parametrize(
    ("question", "extent"),
    [
        ("When does the man finish talking?", "phrase"),  # who speaks: his last utterance, not his whole turn
        ("when does the narrator start speaking?", "phrase"),
        ("when does the voice-over end?", "phrase"),
        ("when does he start talking again?", "phrase"),  # the first phrase of the second time
        ("When is the man talking?", None),  # every utterance: no edge asked for
        ("when does the music end?", None),  # no voice
    ],
)
def test_a_voice_asked_where_it_starts_or_ends_is_answered_with_its_phrase(question, extent):
    assert [c.extent for c in rule_plan(question, None, UNSEEN).queries if c.tool == "audio"] == [extent]


@pytest.mark.parametrize(
    ("question", "order"),
    [
        ("What are the first words Kennedy says?", "first"),
        ("What is the last thing the narrator says?", "last"),
        ("What's the first thing she says?", "first"),
        ("What are his last words?", "last"),
        ("When does the host say her final words?", "last"),
        ("What's the final question the host asks?", "last"),
        ("What is the last word spoken?", "last"),
    ],
)
def test_words_said_named_by_their_place_are_a_voice_at_that_edge(question, order):
    for available in (None, UNSEEN):
        plan = rule_plan(question, None, available)
        assert [(c.tool, c.query, c.extent) for c in plan.queries] == [("audio", "speech", "phrase")]
        assert plan.order == order


@pytest.mark.parametrize(
    "question", ["What is the first word on the sign?", "what is the last word of the title?", "the first word"]
)
def test_words_named_by_their_place_with_no_speech_are_no_voice(question):
    assert ("audio", "speech") not in calls(question)


def test_reading_a_thing_is_no_voice():
    assert ("audio", "speech") not in calls("when does he start reading the book")


@pytest.mark.parametrize(
    ("question", "expected", "order"),
    [
        ("When does Kennedy say ask for the second time?", [(t, "ask") for t in SPEECH], "second"),
        ("When does the word echo appear for the third time?", [("ocr", "echo")], "third"),
        (
            "when does the narrator say 'the invention' the second time?",
            [(t, "the invention") for t in SPEECH],
            "second",
        ),
        ("When is EXIT shown for the 2nd time?", [("ocr", "EXIT")], "second"),
        ("when does he say 'thank you' a second time?", [(t, "thank you") for t in SPEECH], "second"),
        ("When is the word STOP shown again?", [("ocr", "STOP")], "second"),
        ("When does he say 'ask' once more?", [(t, "ask") for t in SPEECH], "second"),
        ("when does the word EXIT reappear?", [("ocr", "EXIT")], "second"),
        ("when does the host say 'for the second time'?", [(t, "for the second time") for t in SPEECH], None),  # quoted
        ("When does the line 'who is coming again' appear?", [("ocr", "who is coming again")], None),
        ("When does the sign say AGAIN?", [("ocr", "AGAIN")], None),  # capitals: text to find
    ],
)
def test_the_nth_time_is_neither_said_nor_seen_and_names_its_occurrence(question, expected, order):
    plan = rule_plan(question, None, UNSEEN)
    assert [(c.tool, c.query) for c in plan.queries] == expected and plan.order == order


@pytest.mark.parametrize(
    ("question", "order"),
    [
        ("when does the music start again?", "second"),  # the start of its second occurrence
        ("when does he start talking for the third time?", "third"),
        ("when does the music stop again?", None),  # the nth end: no order names it
        ("when does the logo appear for the second time and the third time?", None),  # two: none
        ("when making food for the second time, what does he put on the plate for the first time?", None),
        ("when is the second half shown?", None),  # "second" before anything but "time": no cue
        ("what does the second speaker say?", None),
        ("wait a second, when does he say hello?", None),
        ("when does the dog bark again and again?", None),
        ("when does the dog bark over and over again?", None),
        ("when does he click the Once More button?", None),  # a label
        ("the first time he says hello", "first"),
    ],
)
def test_an_nth_time_is_an_order_and_second_alone_is_not(question, order):
    assert rule_plan(question).order == order


@pytest.mark.parametrize(
    ("question", "options", "statement"),
    [
        # what is said on a topic, or what someone says: the answer is the statement, not the words naming it
        ("When does she talk about the 15th century?", None, True),
        ("when does the narrator first talk about money?", None, True),
        ("What does the narrator explain about movable metal letters?", None, True),
        ("What does the narrator announce about the Gutenberg Bible?", None, True),
        ("What does the man tell viewers he will show?", None, True),
        ("When does the host discuss the budget?", None, True),
        # words said, named or asked for by name: the words
        ("When does the narrator mention the Gutenberg?", None, False),
        ("when does she say the year 1455?", None, False),
        ("What does the narrator call the Gutenberg?", ["the forty-two line Bible", "the art of printing"], False),
        ('When does Kennedy say "ask not what your country can do for you"?', None, False),
    ],
)
def test_a_question_about_what_is_said_is_answered_with_the_statement(question, options, statement):
    plan = rule_plan(question, options)
    said = [c for c in plan.queries if "statement" in tools.get(c.tool).extents]
    assert said and all((c.extent in STATEMENTS) is statement for c in said)
    assert all(c.extent is None for c in plan.queries if "statement" not in tools.get(c.tool).extents)


@pytest.mark.parametrize(
    ("question", "statement"),
    [
        # a question for something said, not for when: the sentence that answers it
        ("According to the narrator, what is haunting Europe?", True),
        ("In which city, according to the narrator, did communists assemble to sketch the manifesto?", True),
        ("Which languages is the manifesto to be published in, according to the last sentence?", True),
        # a question for when, or for a name: the words
        ("at what point does he say the manifesto is published", False),
        ("find where he says all the powers of old Europe have entered into a holy alliance", False),
        ("where she says the manifesto is to be published", False),  # a request's clause, its framing gone
        ("Where in the video does he say the specter of communism?", False),
    ],
)
def test_a_question_for_what_is_said_is_answered_with_the_statement(question, statement):
    plan = rule_plan(question, None, ("ocr", "transcript", "subtitle", "audio"))  # no picture: words are said
    said = [c for c in plan.queries if "statement" in tools.get(c.tool).extents and c.when is None]
    assert said and all((c.extent in STATEMENTS) is statement for c in said), plan.to_json()


@pytest.mark.parametrize(
    ("question", "extent"),
    [
        # what someone says, tells, promises: the answer is the rest of what is said, after the words asked ...
        ("What does the man say he will show?", "statement_after"),
        ("What does the teacher tell the children to bring?", "statement_after"),
        ("What does Kennedy ask the American people to do?", "statement_after"),
        ("What are the students asked to get their parents to sign?", "statement_after"),
        ("Who did they name the new library after?", "statement_after"),
        # ... or before them, where they are a verb with no subject: the subject is asked
        ("What does the narrator say was invented in the middle of the fifteenth century?", "statement_before"),
        ("What does the reader say has never been surpassed?", "statement_before"),
        ("What does the woman say is worth mentioning in passing?", "statement_after"),  # "it is worth … that X"
        # a topic, a mention or a value asked: the statement, its focus the words
        ("What does the mayor say about the parks?", "statement"),
        ("When does the host discuss the budget?", "statement"),
        ("According to the narrator, what is haunting Europe?", "statement"),
    ],
)
def test_a_question_for_what_someone_says_is_focused_where_its_answer_is_said(question, extent):
    plan = rule_plan(question, None, ("ocr", "transcript", "subtitle", "audio"))
    said = [c for c in plan.queries if "statement" in tools.get(c.tool).extents and c.when is None]
    assert said and {c.extent for c in said} == {extent}, plan.to_json()


def test_a_value_asked_of_what_is_said_is_the_answer_itself():
    plan = rule_plan("What year does she say the Gutenberg Bible is from?")
    assert {(c.query, c.extent) for c in plan.queries if c.tool == "transcript"} == {
        ("{year}", "statement"),
        ("the Gutenberg Bible is from", "statement_after"),
    }


@pytest.mark.parametrize(
    "question",
    [
        "What does the narrator call the Gutenberg?",
        "what did she call the earliest book printed with movable types",
        "What does the host name the new bridge?",
    ],
)
def test_a_name_asked_for_is_what_is_said_right_after_the_thing_named(question):
    # "the Gutenberg, or forty-two line Bible": the name follows the words that name the thing
    plan = rule_plan(question, None, ("ocr", "transcript", "subtitle", "audio"))
    said = [c for c in plan.queries if tools.get(c.tool).extents]
    assert said and all((c.when, c.extent) == ("after", "next") for c in said), plan.to_json()


def test_the_names_offered_as_answers_are_found_where_they_are_said():
    # the option is the name itself, said right after the thing's words: not what follows the name
    options = ["the forty-two line Bible", "the art of printing"]
    plan = rule_plan("What does the narrator call the Gutenberg?", options, ("ocr", "transcript", "subtitle"))
    relations = {(c.query.lower(), c.when) for c in plan.queries if c.tool == "transcript"}
    assert relations == {("the gutenberg", "after"), ("the forty-two line bible", None), ("the art of printing", None)}


@pytest.mark.parametrize(
    "question",
    [
        "When does the narrator mention the Gutenberg?",
        "when is the new bridge named",
        "what city is named in the speech?",
        "What does Kennedy call his audience?",  # a voice heard, no words said to follow
    ],
)
def test_words_named_without_a_name_asked_for_are_found_where_they_are_said(question):
    plan = rule_plan(question, None, ("ocr", "transcript", "subtitle", "audio"))
    assert all(c.when is None for c in plan.queries), plan.to_json()


def test_words_a_content_question_quotes_are_found_as_they_are():
    plan = rule_plan('When Katie says "sorry", what does she promise?', None, ("ocr", "transcript", "subtitle"))
    assert [(c.query, c.extent) for c in plan.queries if c.tool == "transcript"] == [("sorry", None)]


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # where the text is names no words: nothing of it is read (in a place of the screen: whatever is there,
        # no words, tests/planner/test_screen_places.py)
        ("What does the title at the top of the screen say?", [""]),
        ("Which channel is this, according to the logo in the corner?", [""]),
        ("what does the sign above the door say?", []),
        ("What is written in the top-left corner?", [""]),
        ("In the video, when the game starts, what text is at the top of the screen?", ["", "game"]),
        # the words written stay: on the text, or after its place
        ("When does the EXIT sign above the door light up?", ["EXIT"]),
        ("When does the Top Gear logo appear in the corner?", ["Top Gear"]),
        ("what is the red text in the upper right corner during the match between INTER MIAMI and CHARLOTTE?",
         ["", "during match between INTER MIAMI", "CHARLOTTE"]),
    ],
)  # fmt: skip
def test_without_a_visual_tool_where_a_text_is_is_not_read(question, read):
    assert [q for tool, q in calls(question, None, UNSEEN) if tool == "ocr"] == read


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # a request or a question of a moment asks when: its framing is neither read nor said
        ("show me where the copyright notice is", [(t, "copyright") for t in EITHER]),
        ("can you show me where the copyright notice is?", [(t, "copyright") for t in EITHER]),
        ("at what point does the computer ask for a password", [(t, "password") for t in EITHER]),
        ("in which scene does the computer ask for a password?", [(t, "password") for t in EITHER]),
        ("find the moment the buddy panel says Natalya is offline", [(t, "Natalya is offline") for t in EITHER]),
        ("take me to the part where the sign says EXIT", [("ocr", "EXIT")]),
        # a moment named alone, or asked whether there is one, frames the same way
        ("the bit where the commentator says it's full time", [(t, "it's full time") for t in SPEECH]),
        ("find where he says 'ask not'", [(t, "ask not") for t in SPEECH]),
        # a noun phrase typed as keywords: a noun of a text names it, a thing numbered is a label
        ("peach open movie project credit", [(t, "peach open movie project") for t in EITHER]),
        ("find frame 30", [(t, "frame 30") for t in EITHER]),
        ("what is step 2 of the recipe?", [(t, "step 2") for t in EITHER]),
        # a capitalised word before a display's noun starts the name written on it; lower case it describes
        ("When does the Big Buck Bunny title come up?", [("ocr", "Big Buck Bunny")]),
        ("When does the big Buck Bunny title come up?", [("ocr", "Buck Bunny")]),
        # a place of the footage is where the text is: whatever is there is read
        ("Which web address is printed in the bottom right corner of the footage?", [("ocr", "")]),
    ],
)
def test_a_request_and_its_framing_are_not_what_is_looked_for(question, expected):
    assert calls(question, None, UNSEEN) == expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # a noun of a moment before what it is of, or with no clause after it, is what is asked for
        ("find the part about taxes", [("siglip", "taxes")]),
        ("find the scene in the kitchen", [("siglip", "scene in the kitchen")]),
        # "show me" quoted is words said; "show" alone is no request
        ("when does he say 'show me the money'?", [(t, "show me the money") for t in SPEECH]),
        # after a word of time a number is a time in the video, and a count is no label: neither is read
        ("what does he say at frame 30?", [(t, "at frame 30") for t in SPEECH]),
        ("what does he say about the 3 steps?", [(t, "the 3 steps") for t in SPEECH]),
    ],
)
def test_words_a_request_shares_with_other_phrasings_stay_as_they_were(question, expected):
    assert calls(question) == expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("the bit where the sign says EXIT", [("siglip", "sign"), ("ocr", "EXIT")]),
        ("is there a scene where the sign says EXIT", [("siglip", "sign"), ("ocr", "EXIT")]),
        # no determiner before it, a noun of a moment is a verb; "is there" of no moment asks for a thing
        ("place the cup on the table", [("siglip", "place the cup on the table")]),
        ("is there a dog", [("siglip", "dog")]),
    ],
)
def test_a_moment_named_alone_is_the_moment_asked_for(question, expected):
    assert calls(question) == expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # typed without a comma, a question after the text shown ends it
        (
            "when the caption says next tennis from wimbledon what time does it say",
            [("ocr", "next tennis from wimbledon")],
        ),
        ("when the sign says exit what is he doing", [("siglip", "sign"), ("ocr", "exit")]),
        # a question word that starts the text is the text's
        ("when does the title say What Is Love", [("siglip", "title"), ("ocr", "What Is Love")]),
    ],
)
def test_a_question_typed_after_a_text_shown_is_not_the_text(question, expected):
    assert calls(question) == expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # how a text looks or whose it is, and where it is, are no words of it
        ("What does the white text say over the sky?", []),
        ("what is written on the red shirt?", []),
        ("when does the film's title appear?", [("ocr", "")]),  # a title alone: the biggest text, no words
        # a command named by its label (phrasing.UI_NOUNS): the label is read
        ("After the Send Spike command, what message flashes up under it?", [("ocr", "Send Spike")]),
        # a name's is written, and words after a display's verb without a determiner are what it says
        ("When does Maria Lopez's name come up?", [("ocr", "Maria Lopez")]),
        ("when does the sign say on sale", [("ocr", "on sale")]),
    ],
)
def test_without_a_visual_tool_how_a_text_looks_and_where_it_is_are_not_read(question, expected):
    assert calls(question, None, UNSEEN) == expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # a reporting verb after who speaks gives words; a preposition they start with is not said
        (
            "Which example does the reader give for the text version of the book?",
            [(t, "the text version of the book") for t in SPEECH],
        ),
        # a naming verb after who speaks: what is named is said with the name
        ("What does the narrator call the Gutenberg?", [(t, "the Gutenberg") for t in SPEECH]),
        ("why does the chef recommend the soup?", [(t, "the soup") for t in SPEECH]),
    ],
)
def test_reporting_and_naming_verbs_after_who_speaks_are_speech(question, expected):
    for available in (None, UNSEEN):
        assert calls(question, None, available) == expected


@pytest.mark.parametrize(
    "question",
    ["When does the man give the dog a bone?", "after the protagonist gave the money to his brother, what happens?"],
)
def test_giving_a_thing_is_no_speech(question):  # only words given are said (an example, advice, a website)
    assert not {tool for tool, _ in calls(question)} & set(SPEECH)


def test_a_title_read_out_is_said_and_its_credit_said_too():
    # said as "TITLE by NAME" (blind3's LibriVox reading): "book's title", never said, ANDed with the credit
    # forms found nothing (rules/speech_acts.py)
    expected = [(t, form) for form in ("by", "written by") for t in SPEECH]
    for available in (None, UNSEEN):
        assert calls("at what point is the book's title read out along with who wrote it", None, available) == expected
    assert calls("when does the board read out of order?", None, UNSEEN) == [("ocr", "out of order")]  # a display


@pytest.mark.parametrize(
    ("question", "labels"),
    [
        ("What does the button between Upvote and Flag say?", ["Upvote", "Flag"]),
        ("Which button is just left of Flag?", ["Flag"]),
    ],
)
def test_where_a_part_sits_among_labels_is_no_call(question, labels):
    for available in (None, UNSEEN):
        assert calls(question, None, available) == [("ocr", label) for label in labels]


def test_a_label_keeps_its_capitalised_words_and_not_how_it_looks():
    question = "what does the empty Input Video box say (the chinese text)?"
    assert calls(question, None, UNSEEN) == [(t, "Input Video") for t in EITHER]


@pytest.mark.parametrize(
    "question",
    ["What does the caption next to the drum kit picture ask?", "when is the photo of a siren shown?"],
)
def test_a_sound_in_a_picture_is_not_heard(question):
    assert "audio" not in {tool for tool, _ in calls(question)}


def test_a_noun_of_text_in_ing_after_be_is_a_verb():  # "heading" is no text, so nothing here speaks of words
    assert calls("When the protagonist takes out the ticket, where is it heading to?", None, UNSEEN) == []
    assert calls("When the protagonist takes out the ticket, where is the heading?", None, UNSEEN) != []


@pytest.mark.parametrize("question", ["When does the man call his friend?", "When does Mary call her mom?"])
def test_calling_someone_is_no_name_said(question):  # a phone call or a visit: a name is said only when asked
    assert not {tool for tool, _ in calls(question)} & set(SPEECH)


@pytest.mark.parametrize(
    ("question", "text", "tools"),
    [
        # who acts on a piece of text and how frame it: what it is about is the text; typed, pasted, opened, popped
        # up, a slide or a prompt are on screen only
        ("When does the user type the question about the flag?", "flag", SCREEN),
        ("When does the chatbot's answer about the weather pop up?", "weather", SCREEN),
        ("At what point does someone paste the prompt about a cat wearing a hat?", "cat wearing a hat", SCREEN),
        ("When does the presenter open the slide about climate change?", "climate change", SCREEN),
        ("When is the comment about the goal posted?", "goal", SCREEN),
        ("When does the assistant display the message about the server error?", "server error", SCREEN),
        ("When does he scroll to the note about taxes?", "taxes", SCREEN),
        ("When is the answer about the red boxing glove shown?", "red boxing glove", SCREEN),
        ("When does the user enter the question asking which planet is largest?", "which planet is largest", SCREEN),
        # what an answer or a reply says may be read or heard
        ("show me the moment the answer mentions a blue ball on a scale", "blue ball on a scale", EITHER),
        ("When does the model reply with the warning about expired passwords?", "expired passwords", EITHER),
        ("What does the note about the meeting say?", "meeting", EITHER),
    ],
)
def test_text_framed_by_who_acts_on_it_is_what_it_is_about(question, text, tools):
    for available in (None, UNSEEN):
        assert calls(question, None, available) == [(t, text) for t in tools]


@pytest.mark.parametrize(
    ("question", "label"),
    [("When does the user click the settings tab?", "settings"), ("when does she open the file menu", "file")],
)
def test_the_lower_case_label_of_a_part_used_is_read(question, label):
    for available in (None, UNSEEN):
        assert calls(question, None, available) == [("ocr", label)]


@pytest.mark.parametrize(
    "question",
    [
        "When does the author click the question mark icon?",  # an icon's words name its picture
        "When does the man in the red shirt hold up the note?",  # a note about nothing: a picture
        "When does the teacher answer the question?",
    ],
)
def test_a_piece_of_text_about_nothing_named_frames_nothing(question):
    assert ("ocr", "question mark") not in calls(question)
    assert all(query not in ("", "question", "note") for _, query in calls(question, None, UNSEEN))


@pytest.mark.parametrize(
    ("question", "title", "role"),
    [
        ("Where does it say who wrote the Manifesto?", "Manifesto", "writer"),
        ("When are we told who directed Metropolis?", "Metropolis", "director"),
        ("Who composed the Moonlight Sonata, according to the video?", "Moonlight Sonata", "composer"),
        ("When does the narrator say who wrote Pride and Prejudice?", "Pride and Prejudice", "writer"),
        ("Who wrote the poem The Road Not Taken?", "The Road Not Taken", "writer"),
        ("Who directed the film Nosferatu?", "Nosferatu", "director"),
        ("at what point do we hear who the Manifesto was written by", "Manifesto", "writer"),
        ("Who are the authors of the Communist Manifesto?", "Communist Manifesto", "writer"),
        ("When does the narrator mention the writer of Hamlet?", "Hamlet", "writer"),
    ],
)
def test_who_made_a_named_work_finds_its_title_where_its_credit_is_given(question, title, role):
    # "X by Y" names no role: the title is read or heard, the credit line's forms only add to it (ORed)
    for available in (None, UNSEEN):
        plan = rule_plan(question, None, available)
        expected = [*((t, title) for t in EITHER), *(("ocr", form) for form in CREDIT_ROLES[role])]
        assert [(c.tool, c.query) for c in plan.queries] == expected
        assert plan.combine == " OR ".join(c.id for c in plan.queries)


@pytest.mark.parametrize(
    "question",
    [
        "Who wrote it?",
        "Who directed the film?",
        "Who is the lady next to the host of the Shanghai Securities News in the poster?",  # a post, no credit
        "When does the narrator mention the director of the FBI?",
    ],
)
def test_a_credit_without_a_title_or_a_post_is_no_work_heard(question):
    assert not any(
        tool in SPEECH and query in ("it", "film", "FBI", "Shanghai Securities News") for tool, query in calls(question)
    )
    assert ("ocr", "Shanghai Securities News") not in calls(question)


ANY_TEXT = ("ocr", "", None, "large")  # whatever text is on screen, graded by how it stands out


def placed_calls(question: str, options=None) -> list[tuple]:
    plan = rule_plan(question, options, UNSEEN)
    return [(c.tool, c.query, c.when, c.size) for c in plan.queries]


@pytest.mark.parametrize(
    ("question", "others"),
    [
        # a text asked for only by how it looks, whose it is or what it is beside, at a moment something else
        # finds: whatever text is on screen then is read (its words are the answer, not the search)
        ("What does the white text say after the applause?", [("audio", "applause", "after", None)]),
        ("What does the caption next to the drum kit read when the music starts?", [("audio", "music", None, None)]),
        ("Right after the title card, what does the narrator say?", [("audio", "speech", None, None)]),
        ("what does the error message under the box say after the beep?", [("audio", "beep", "after", None)]),
    ],
)
def test_a_text_only_described_is_read_wherever_text_is_at_the_moment_asked(question, others):
    found = placed_calls(question)
    assert found.count(ANY_TEXT) + sum(c[:3] == ANY_TEXT[:2] + ("after",) for c in found) == 1
    assert all(call in found for call in others)
    assert all(query == "" for tool, query, _, _ in found if tool == "ocr")


def test_a_text_only_described_before_an_event_is_read_with_its_options_just_before_it():
    options = ["The Peach Open Movie Project presents", "Big Buck Bunny"]
    question = "What does the white text say over the sky just before the film's title appears?"
    assert placed_calls(question) == [ANY_TEXT, ("ocr", "", "before", "large")]  # the text just before another
    read = [("ocr", option, None, None) for option in options]
    assert placed_calls(question, options) == [*read, ("ocr", "", "before", "large")]
    assert rule_plan(question, options, UNSEEN).combine == "(Q1 OR Q2) AND Q3"


@pytest.mark.parametrize(
    "question",
    [
        # nothing else says which text, nor where or when: the video's biggest text is a guess, frames are sampled
        "What does the caption next to the drum kit picture ask?",
        "What's the example question beside the picture of the Statue of Liberty?",
        "What does the white text say over the sky?",
        "What did the sign on the stall that appeared after the ambulance arrived say?",  # a moment found by nothing
        "what does the notice on the wall say?",
    ],
)
def test_a_text_only_described_with_nothing_else_to_find_samples_frames(question):
    plan = rule_plan(question, None, UNSEEN)
    assert plan.is_uniform and "no words of the text" in plan.notes[0]


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # a place the question gives is where whatever text is read (as screen_places plans a question asking what)
        ("When the music starts, what does the caption next to the logo in the top-left corner say?",
         [("ocr", "", None, None), ("audio", "music", None, None)]),
        # words read on screen find the text: no reading of whatever is there beside them
        ("What does the Big Buck Bunny title say after the applause?", [("ocr", "Big Buck Bunny", None, None)]),
        # a count, not what a text says; a carrier of text, not a text
        ("How many times did the woman raise her glass during the chat after the bell?", []),
        ("what is written on the red shirt after the whistle?", []),
    ],
)  # fmt: skip
def test_a_text_read_by_its_words_place_or_not_asked_reads_no_other_text(question, expected):
    found = placed_calls(question)
    assert [c for c in found if c[0] == "ocr"] == [c for c in expected if c[0] == "ocr"]
    assert all(call in found for call in expected)


def test_with_a_visual_tool_a_text_described_is_seen():
    plan = rule_plan("What does the caption next to the drum kit picture ask?")
    assert [(c.tool, c.query) for c in plan.queries] == [("siglip", "caption next to the drum kit picture")]


def test_what_is_said_while_a_speakers_name_is_shown_reads_the_name_caption():
    plan = rule_plan("While the president's name is on screen, what does he say first?", None, UNSEEN)
    assert {(c.tool, c.query, c.place) for c in plan.queries} == {
        ("audio", "speech", None),
        ("ocr", "{person}", "bottom"),
    }
    assert plan.order == "first"


@pytest.mark.parametrize("question", ["4.004", "pts 2.0"])
def test_a_number_with_decimals_is_a_reading_looked_for_both_ways(question):
    assert {tool for tool, query in calls(question, None, UNSEEN) if query in ("4.004", "2.0")} >= {"ocr", "transcript"}


def test_what_comes_next_is_when_not_what():
    assert all("next" not in query for _, query in calls("After 'the way', what phrase comes up next?", None, UNSEEN))


@pytest.mark.parametrize(
    ("question", "said"),
    [("the part where he says he's done", "done"), ("when does she say she is ready to go", "ready to go")],
)
def test_words_reported_in_the_third_person_are_found_as_said_in_the_first(question, said):
    assert calls(question) == [("transcript", said), ("subtitle", said)]


def test_they_reported_is_mostly_others_so_it_is_kept():
    assert calls("when does the narrator say they are coming")[0] == ("transcript", "they are coming")


def test_who_presents_a_part_of_a_programme_finds_the_part_beside_the_credit():
    found = calls("who presents the weather")
    assert ("ocr", "presented by") in found and {("ocr", "weather"), ("transcript", "weather")} <= set(found)
    assert ("ocr", "film") not in calls("which studio presents the film?")  # a work: the credit alone


def test_a_moment_between_two_quoted_events_is_after_the_first_and_before_the_second():
    plan = rule_plan("which phrase comes up between 'the truth' and 'the alpha'?", None, UNSEEN)
    whens = {(c.query, c.when) for c in plan.queries}
    assert whens == {("the truth", "after"), ("the alpha", "before")}, plan.to_json()
    assert " AND " in plan.combine


def test_a_part_of_an_interface_between_two_labels_is_no_moment():
    plan = rule_plan("which button is between 'Upvote' and 'Flag'?", None, UNSEEN)
    assert all(c.when is None for c in plan.queries)


def test_a_that_clause_after_words_said_is_another_way_to_find_them():  # ORed, not ANDed: one statement
    question = "where he says the first of the two things, that every European power accepts communism"
    plan = rule_plan(question, None, UNSEEN)
    assert {c.query for c in plan.queries} == {"the first of the two things", "every European power accepts communism"}
    assert " AND " not in plan.combine
    assert ("transcript", "hello") in calls("when does he say hello, that is when the door opens", None, UNSEEN)


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("when does she say she is finished", "finished"),
        ("when does he tell us he is finished", "finished"),
        ("when does he say he has finished", "has finished"),
    ],
)
def test_an_end_reported_after_a_verb_of_saying_is_words_said_not_an_order(question, said):
    plan = rule_plan(question)
    assert plan.order is None and [(c.tool, c.query) for c in plan.queries][0] == ("transcript", said)


@pytest.mark.parametrize(
    "question",
    ["When does Kennedy mention the country for the first time?", "When does President Kennedy talk about the moon?"],
)
def test_a_name_before_a_verb_of_speech_is_who_speaks_not_a_picture(question):
    assert "siglip" not in {tool for tool, _ in calls(question)}


def test_a_contrast_after_words_said_names_nothing_to_find():
    found = calls("When does she mention the forty two line bible, not the Gutenberg")
    assert found == [("transcript", "the forty two line bible"), ("subtitle", "the forty two line bible")]
