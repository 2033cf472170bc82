"""The rule planner never fails on words: how people phrase text and speech questions, the documented
vocabulary, arbitrary Unicode text, and every question of the real corpora the project has."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vqdb.planner import tools
from vqdb.planner.compiler import compile_plan
from vqdb.planner.plan import Plan, PlanError
from vqdb.planner.rules import evidence, rule_plan
from vqdb.planner.vocabulary import (
    ARRIVAL_VERBS,
    CREDIT_ROLES,
    CREDIT_VERBS,
    DISPLAY_VERBS,
    SPEAKERS,
    SPEECH_VERBS,
    SUBTITLE_NOUNS,
    TEXT_NOUNS,
    WRITTEN_VERBS,
)

SPEECH, SCREEN, SUBTITLE, EITHER = (
    tuple(t for t in evidence.TOOLS_FOR[k] if t in tools.names())
    for k in (evidence.SPEECH, evidence.SCREEN, evidence.SUBTITLE, evidence.EITHER)
)


def text_calls(plan: Plan) -> list[tuple[str, str]]:
    return [(c.tool, c.query) for c in plan.queries if c.tool not in ("siglip", "region")]


def expect(*groups: tuple[tuple[str, ...], str]) -> list[tuple[str, str]]:
    """The text calls of ``groups`` ((tools ORed, query), ANDed), in the planner's order."""
    return [(tool, query) for kinds, query in groups for tool in kinds]


def assert_valid(plan: Plan) -> None:
    """What every plan the rules make must satisfy: it parses back, and every call is one its tool accepts."""
    assert Plan.from_json(plan.to_json()).to_dict() == plan.to_dict()
    for call in plan.queries:
        assert any(ch.isalnum() for ch in call.query) or (call.query == "" and (call.place or call.size)), call
        tools.get(call.tool).check(call.query)


PHRASINGS = [
    # a speech cue after the quote
    ("when is 'touchdown' spoken?", [(SPEECH, "touchdown")]),
    ("At what point is “lift off” heard?", [(SPEECH, "lift off")]),
    ('When is "hello" said by the host, and "bye" shown on screen?', [(SPEECH, "hello"), (SCREEN, "bye")]),
    # speakers the first rules did not know
    ("when does the announcer say 'channel four'", [(SPEECH, "channel four")]),
    ("When does the commentator shout «what a save»?", [(SPEECH, "what a save")]),
    ("when does the voice-over say 'the end of an era'?", [(SPEECH, "the end of an era")]),
    ('when does the host mention "sponsor"?', [(SPEECH, "sponsor")]),
    # parentheses, and the crash of a parenthetical remark after a quote
    ("When does 'GETTING STARTED' appear (the title card)?", [(SCREEN, "GETTING STARTED")]),
    ("when is 'ten' said (in the countdown) ) ( )", [(SPEECH, "ten")]),
    ("when does the sign say 'EXIT' (top right)?", [(SCREEN, "EXIT")]),
    # several quotes, each by its own cue
    (
        "when does the commentator say ‘it’s a goal’ and the scoreboard shows «2-1»?",
        [(SPEECH, "it’s a goal"), (SCREEN, "2-1")],
    ),
    ("when do 'Dong Erhua' and 'Latin Group' appear on the screen?", [(SCREEN, "Dong Erhua"), (SCREEN, "Latin Group")]),
    # a quote with no cue, or with both readings, is looked for both ways
    ("When is 'GETTING STARTED NOW?' there?", [(EITHER, "GETTING STARTED NOW?")]),
    ("when is the word 'welcome' written on screen and spoken", [(EITHER, "welcome")]),
    # descriptive words next to a quote are not a second text call
    ("when does the narrator say the frequency '440 hertz'?", [(SPEECH, "440 hertz")]),
    ("when is the frequency '440 hertz' spoken?", [(SPEECH, "440 hertz")]),
    ("when does he explain the word 'gaslight'?", [(SPEECH, "gaslight")]),
    # the phrasings of the CG-Bench questions
    (
        'In the video, when the woman in white said, "I\'ll show you a picture", what appeared on the left?',
        [(SPEECH, "I'll show you a picture"), (("audio",), "a woman's voice")],  # said by her voice
    ),
    (
        "when the subtitles say 'The moral requirement is four', what color is the arrow?",
        [(SUBTITLE, "The moral requirement is four")],
    ),
    ("How many signs with the letters 'KILLHIM!' are there in the audience?", [(SCREEN, "KILLHIM!")]),
    ('when the beer with the word "WEIZEN" appears, what is in the middle of the bottle?', [(SCREEN, "WEIZEN")]),
    (
        "when the protagonist says 'Then do the same here', what is under the model?",
        [(SPEECH, "Then do the same here")],
    ),
    # quotes of every kind, apostrophes inside words
    ("when does the sign read „Ausgang“?", [(SCREEN, "Ausgang")]),
    ("when does the sign read 「出口」?", [(SCREEN, "出口")]),
    ("when does the banner read 'don't stop'?", [(SCREEN, "don't stop")]),
    ("when does the man's sign read ‘it’s open’?", [(SCREEN, "it’s open")]),
    # unquoted speech and text
    (
        "when does he say ask not what your country can do for you",
        [(SPEECH, "ask not what your country can do for you")],
    ),
    ("When is the weather forecast mentioned?", [(SPEECH, "weather forecast")]),
    # what is said, with none of it given: the moments someone speaks; the event after which it is said
    ("What does the announcer say after mentioning the weather?", [(("audio",), "speech"), (SPEECH, "the weather")]),
    ("when does the timecode read 00:00:05", [(SCREEN, "00:00:05")]),
    # the noun naming a literal is not said or shown ("of about 1455", not "the year 1455")
    ("when does she say the year 1455?", [(SPEECH, "1455")]),
    ("When is the number 42 mentioned?", [(SPEECH, "42")]),
    # codes, numbers and names with digits that no cue placed: on screen or in speech
    ("when is the time code 00:00:08;00", [(EITHER, "00:00:08;00")]),
    ("when does the car with plate YT22FWX pass?", [(EITHER, "YT22FWX")]),
    (
        "how much does the Mijia T700 cost?",
        [(EITHER, "total"), (EITHER, "price"), (EITHER, "{price}"), (EITHER, "T700")],
    ),  # a price asked
    ("when is route 66 mentioned?", [(SPEECH, "route 66")]),
    # a score, a time or a price a value changes to: on screen or in speech
    ("when is the score 2-0", [(EITHER, "2-0")]),
    ("when does the departure time change to 09:15?", [(EITHER, "09:15")]),
    ("when does the fare rise to $3.75", [(EITHER, "$3.75")]),
    # times in the video, ordinals, counts and measures are not literals
    ("What color is the arrow that appears on the screen at [[1:03]] in the video?", []),
    ("What is the woman holding at 12 minutes and 5 seconds in the video?", []),
    ("what happened between [[31 seconds to 38 seconds]]?", []),
    ("what does the chef do after 90 seconds", []),
    ("what is the boy holding at the 14-minute mark?", []),
    ("What is the man doing from 413th to 415th seconds in the video?", []),
    ("when do 3 people walk in", []),
    # sounds a question hears are the tagger's labels; "hear him say" stays speech
    ("when does the jingle play?", [(("audio",), "jingle")]),
    ("when is a siren heard?", [(("audio",), "siren")]),
    # a verb of making a sound is the tagger's label for it
    ("When does the crowd applaud?", [(("audio",), "applause")]),
    ("at what point did the old man cough", [(("audio",), "cough")]),
    ("When does the bus honk?", [(("audio",), "honking")]),
    # a voice heard, whatever it says; "address" is a speech verb
    ("When is the man talking?", [(("audio",), "a man's voice")]),  # who speaks: a kind of voice
    ("When is the narrator talking?", [(("audio",), "speech")]),
    ("when does she sing in the video?", [(("audio",), "singing")]),
    ("when does the president address his fellow Americans?", [(SPEECH, "his fellow Americans")]),
    # speech acts, "it says" (shown or said), menu paths, "goes ding"
    ("When does the announcer apologise about the delay?", [(SPEECH, "the delay")]),
    ("when does the contestant answer Canberra", [(SPEECH, "Canberra")]),
    ("When does it say “Embed all fonts”?", [(EITHER, "Embed all fonts")]),
    ("When does the menu path File > Export > PDF appear?", [(EITHER, "File > Export > PDF")]),
    ("find the moment the kitchen timer goes ding", [(("audio",), "ding")]),
    ("when do you hear him say 'over here'?", [(SPEECH, "over here")]),
    ("when do you hear the man talk about his car", [(SPEECH, "his car")]),  # the man speaks
]


@pytest.mark.parametrize(("question", "groups"), PHRASINGS)
def test_how_people_phrase_text_and_speech_questions(question, groups):
    plan = rule_plan(question)
    assert text_calls(plan) == expect(*groups)
    assert_valid(plan)


@pytest.mark.parametrize(
    ("question", "shown", "said"),
    [
        ("when does the queue time go up to 35 minutes?", "35", "35 minutes"),
        ("when does the thermometer hit 30 degrees", "30", "30 degrees"),
        ("At what point is the tank down to 15 litres?", "15", "15 litres"),
    ],
)
def test_a_value_with_a_unit_is_read_as_a_number_and_heard_with_its_unit(question, shown, said):
    plan = rule_plan(question, available_tools=["ocr", "transcript", "subtitle"])  # no picture shows a quantity
    assert text_calls(plan) == [("ocr", shown), *((tool, said) for tool in SPEECH)]
    assert " AND " not in plan.combine
    assert_valid(plan)


def test_a_sound_named_twice_is_either_name():
    plan = rule_plan("When does a bus horn honk?")
    assert [(c.tool, c.query) for c in plan.queries] == [("siglip", "bus"), ("audio", "horn"), ("audio", "honking")]
    assert plan.combine == "Q1 AND (Q2 OR Q3)"


@pytest.mark.parametrize("role", sorted(CREDIT_ROLES))
def test_who_made_it_reads_the_credit_line(role):
    forms = [("ocr", form) for form in CREDIT_ROLES[role]]
    assert text_calls(rule_plan(f"who is the {role}, according to the credits?")) == forms
    assert rule_plan(f"who was the {role}?").combine == " OR ".join(f"Q{i + 1}" for i in range(len(forms)))


@pytest.mark.parametrize("question", ["Who wrote the video?", "when do the credits show who narrated it?"])
def test_who_did_it_reads_the_credit_line(question):
    assert {tool for tool, _ in text_calls(rule_plan(question))} == {"ocr"}
    assert any(query.endswith(" by") for _, query in text_calls(rule_plan(question)))


@pytest.mark.parametrize("adverb", ["right", "just", "shortly", "immediately"])
def test_an_adverb_before_after_or_before_is_not_looked_for(adverb):
    plan = rule_plan(f"{adverb.title()} after the title card, what does the sign show? And {adverb} before 'bye'?")
    assert all(adverb not in c.query.lower() for c in plan.queries), plan.queries


def test_a_numbered_list_in_the_question_is_its_options():
    question = 'Which is correct? 1. The sign says "EXIT (Part 1)", 2. $25, 3. a dog'
    plan = rule_plan(question, ["1 and 2", "Only 3"])
    assert ("siglip", "a dog") in [(c.tool, c.query) for c in plan.queries]
    assert {"$25", "EXIT (Part 1)"} <= {q for _, q in text_calls(plan)}
    assert all("Only" not in c.query and c.query != "1 and 2" for c in plan.queries)
    assert text_calls(rule_plan("when does the sign say 'Part 1) 2) 3)'")) == [("ocr", "Part 1) 2) 3)")]


def test_bracketed_times_in_the_video_are_not_text_to_find():
    plan = rule_plan("What happened in the video between [[00:01:09, 00:01:15]]? And at [[10:42]]? At 5:01?")
    assert not any(":" in c.query or "5" in c.query for c in plan.queries)
    assert ("ocr", "2:04") in text_calls(rule_plan("when does the clock show 2:04?"))


def test_how_text_looks_is_not_text_to_read():
    plan = rule_plan("when does 'WE ARE HERE TO' appear in big letters?", available_tools=["ocr"])
    assert {c.query for c in plan.queries} == {"WE ARE HERE TO"}


def test_leading_question_words_are_not_looked_for():
    plan = rule_plan("How many people does the lemon risotto serve, according to the card?")
    assert all("many" not in c.query for c in plan.queries)
    plan = rule_plan("How strong could the gusts get, according to the forecaster?", available_tools=["transcript"])
    assert {c.query for c in plan.queries} == {"gusts"}


def test_a_source_with_a_possessive_is_not_looked_for():
    for question in (
        "According to the model's answer, why is the baby funny?",
        "According to the sign’s text, what is open?",
    ):
        assert all("'s" not in c.query and "’s" not in c.query for c in rule_plan(question).queries)
    assert [c.query for c in rule_plan("According to the model's answer, why is the baby funny?").queries] == [
        "baby funny"
    ]


def test_without_a_visual_tool_a_name_that_speaks_is_not_looked_for():
    plan = rule_plan('When does Kennedy say "ask not"?', available_tools=["ocr", "transcript", "subtitle"])
    assert [c.query for c in plan.queries] == ["ask not", "ask not"]
    weather = rule_plan("When does the weather presenter say it will rain?", available_tools=["transcript"])
    assert {c.query for c in weather.queries} == {"it will rain"}
    shown = rule_plan("when does the Kennedy sign appear?", available_tools=["ocr", "transcript", "subtitle"])
    assert {c.query for c in shown.queries} == {"Kennedy"}


def test_every_sound_word_a_question_hears_is_an_audio_call_ored():
    plan = rule_plan("When can you hear him typing on the keyboard?")
    assert text_calls(plan) == [("audio", "typing"), ("audio", "keyboard")] and plan.combine == "Q1 OR Q2"


def test_a_quote_looked_for_both_ways_ors_its_calls_and_ands_with_the_rest():
    plan = rule_plan("when does the man in a hat hold up 'SALE'")
    assert [c.tool for c in plan.queries] == ["siglip", *EITHER]
    assert plan.combine == "Q1 AND (" + " OR ".join(f"Q{i + 2}" for i in range(len(EITHER))) + ")"


@pytest.mark.parametrize("speaker", SPEAKERS)
def test_every_speaker_noun_makes_says_speech(speaker):
    plan = rule_plan(f"when does the {speaker} say 'over here'?")
    voice = [c for c in text_calls(plan) if c[0] == "audio"]  # a kind of voice who says it: ANDed
    assert text_calls(plan) == [*expect((SPEECH, "over here")), *voice] and all(
        c.tool not in ("siglip", "region") for c in plan.queries
    )


@pytest.mark.parametrize("verb", [v for v in SPEECH_VERBS if " " not in v])
def test_every_speech_verb_before_a_quote_is_a_speech_cue(verb):
    assert text_calls(rule_plan(f"when is it that someone {verb} 'over here'?")) == expect((SPEECH, "over here"))


@pytest.mark.parametrize("noun", ["sign", "screen", "title", "label", "banner", "shirt", "scoreboard", "poster"])
def test_a_thing_that_carries_text_makes_says_on_screen_text(noun):
    assert text_calls(rule_plan(f"when does the {noun} say 'over here'?")) == expect((SCREEN, "over here"))
    assert text_calls(rule_plan(f"when the man holds a {noun} that says 'over here'")) == expect((SCREEN, "over here"))


@pytest.mark.parametrize("noun", SUBTITLE_NOUNS)
def test_subtitle_nouns_look_in_subtitles_on_screen_and_in_speech(noun):
    assert text_calls(rule_plan(f"when do the {noun} say 'over here'?")) == expect((SUBTITLE, "over here"))


def test_options_are_looked_for_where_the_question_asks():
    written = rule_plan("What words are written on the wall?", ["BDZD", "RdZD"])
    assert [c.tool for c in written.queries] == ["siglip", "ocr", "ocr"] and written.combine == "Q1 AND (Q2 OR Q3)"
    said = rule_plan("What does the narrator say first?", ["hello", "goodbye"])
    assert [c.tool for c in said.queries][-2:] == ["transcript", "transcript"]
    looks = rule_plan("What color is the car?", ["red", "?"])  # an option without letters is not looked for
    assert [(c.tool, c.query) for c in looks.queries] == [("siglip", "car"), ("siglip", "red")]


def test_a_question_that_is_not_text_is_refused_by_name():
    with pytest.raises(PlanError, match="question must be text, got NoneType"):
        rule_plan(None)


def test_long_quotes_are_cut_to_the_query_limit_at_a_word():
    plan = rule_plan("when does he say '" + "word " * 200 + "'")
    assert all(len(c.query) <= 500 and c.query.endswith("word") for c in plan.queries)


CUE_WORDS = [
    *("say", "says", "said", "sign", "reads", "the word", "narrator", "spoken", "on screen", "subtitles", "hear"),
    *("and", "or", "while", "the sound of", "'", '"', "“", "”", "‘", "’", "«", "»", "(", ")", "[", ",", "?", "."),
]
QUESTIONISH = st.lists(st.one_of(st.sampled_from(CUE_WORDS), st.text(max_size=6)), max_size=12).map(" ".join)


@settings(deadline=None, max_examples=300)
@given(st.one_of(st.text(max_size=120), QUESTIONISH), st.lists(st.text(max_size=12), max_size=3))
def test_any_text_plans_and_every_call_has_a_query_its_tool_accepts(question, options):
    assert_valid(rule_plan(question, options))


@settings(deadline=None, max_examples=25)
@given(QUESTIONISH)
def test_any_plan_compiles(question):
    compile_plan(rule_plan(question), k=3)


def corpus_questions(root) -> dict[str, list[tuple[str, list[str] | None]]]:
    annotations = root / "annotations"
    cgbench = json.loads((annotations / "cgbench" / "cgbench_mini.json").read_text())
    qvhighlights = [
        json.loads(line)["query"]
        for path in sorted((annotations / "qvhighlights").glob("*.jsonl"))
        for line in path.read_text().splitlines()
        if line.strip()
    ]
    charades = [
        line.split("##", 1)[1]
        for path in sorted((annotations / "charades_sta").glob("*.txt"))
        for line in path.read_text().splitlines()
        if "##" in line
    ]
    return {
        "cgbench": [(q["question"], q["choices"]) for q in cgbench],
        "qvhighlights": [(q, None) for q in qvhighlights],
        "charades": [(q, None) for q in charades],
    }


def test_every_question_of_the_real_corpora_plans(shared_data):
    corpora = corpus_questions(shared_data)
    assert len(corpora["cgbench"]) == 3000 and len(corpora["qvhighlights"]) >= 3000 and corpora["charades"]
    quoted = 0
    for name, questions in corpora.items():
        for question, options in questions:
            plan = rule_plan(question, options)
            assert_valid(plan)
            assert not plan.is_uniform, (name, question)
            if '"' in question or "“" in question:  # a question that quotes a phrase looks for it as text
                assert text_calls(plan), question
                quoted += 1
    assert quoted > 200


# Unquoted words a display cue ties to the screen (none of these phrasings was tuned on)
DISPLAYED = [
    # a display of text shows, lists or reads its object
    ("When does the menu list the chicken curry?", [("siglip", "menu"), ("ocr", "chicken curry")], "Q1 AND Q2"),
    ("when does the scoreboard show Arsenal 2", [("siglip", "scoreboard"), ("ocr", "Arsenal 2")], "Q1 AND Q2"),
    (
        "when does the headline read storm hits coast",
        [("siglip", "headline"), ("ocr", "storm hits coast")],
        "Q1 AND Q2",
    ),
    # "X as Y": each part read
    ("when is the Glasgow flight listed as delayed", [("ocr", "Glasgow"), ("ocr", "delayed")], "Q1 AND Q2"),
    # the words naming a display of text, or an appositive after it, as it arrives
    ("When does the Top Stories banner pop up?", [("ocr", "Top Stories")], "Q1"),
    ("when is Tom Hardy's name displayed", [("ocr", "Tom Hardy")], "Q1"),
    ("when does the heading Our Results show up?", [("ocr", "Our Results")], "Q1"),
    # common words naming it may be a picture too: read OR seen
    ("when does the shopping list appear", [("ocr", "shopping"), ("siglip", "shopping list")], "Q1 OR Q2"),
    ("when does the list of prizes come up on screen", [("ocr", "prizes"), ("siglip", "list of prizes")], "Q1 OR Q2"),
]


@pytest.mark.parametrize(("question", "calls", "combine"), DISPLAYED)
def test_a_display_cue_reads_the_words_it_ties_to_the_screen(question, calls, combine):
    plan = rule_plan(question)
    assert [(c.tool, c.query) for c in plan.queries] == calls
    assert plan.combine == combine


@pytest.mark.parametrize(
    "question",
    [
        "when does the cat come up the steps",  # "come up" with an object is a movement
        "when does Batman appear",  # a name that appears is a picture
        "when is the Eiffel Tower shown",
        "when does the red banner appear",  # how a display looks is not what it says
        "when does the boy show his drawing",
        "when does the chart first appear",
        "when does the teacher come up to the board",
        "what are the four words written in green on the bus",
    ],
)
def test_a_display_cue_about_a_picture_or_a_person_reads_nothing(question):
    assert not text_calls(rule_plan(question))


@pytest.mark.parametrize("noun", [n for n in TEXT_NOUNS if n not in ("text", "word", "words", "phrase")])
def test_the_words_naming_a_display_of_text_are_read_as_it_appears(noun):
    plan = rule_plan(f"when does the Grand Final {noun} appear?")
    assert [(c.tool, c.query) for c in plan.queries] == [("ocr", "Grand Final")]


@pytest.mark.parametrize("verb", DISPLAY_VERBS)
def test_what_a_display_of_text_shows_is_read(verb):
    assert text_calls(rule_plan(f"when does the banner {verb} free delivery")) == [("ocr", "free delivery")]


@pytest.mark.parametrize("verb", WRITTEN_VERBS)
def test_a_name_that_is_written_is_read(verb):
    assert text_calls(rule_plan(f"when is the Boston game {verb}?")) == [("ocr", "Boston")]


@pytest.mark.parametrize("verb", ARRIVAL_VERBS)
def test_a_display_of_text_that_arrives_is_read(verb):
    assert text_calls(rule_plan(f"when does the Weekly Deals banner {verb}?")) == [("ocr", "Weekly Deals")]


def test_the_name_of_a_person_named_by_role_is_not_read():
    # the words are not given: the name is the caption under them (a person's name read in the lower third)
    plan = rule_plan("Show me the moment the presenter's name appears on screen")
    assert {(c.tool, c.query, c.place) for c in plan.queries} == {("ocr", "{person}", "bottom")}


@pytest.mark.parametrize(
    "question",
    ["what web address is shown at the end?", "which website does the reader give?", "when does he mention the URL?"],
)
def test_a_web_address_asked_by_its_noun_is_found_by_its_marks(question):
    found = text_calls(rule_plan(question))
    assert ("ocr", "www") in found and ("transcript", "www") in found
    assert not any("web" in query.lower() or "url" in query.lower() for _, query in found)


@pytest.mark.parametrize(
    ("question", "site"),
    [("when do they show the donation web address", "donation"), ("When's the github link shown?", "github")],
)
def test_a_web_address_named_by_its_site_and_shown_is_found_by_either(question, site):
    # the word before the noun may be in the address ("github.com/…") or not ("Donate at www…"): ORed with its marks
    plan = rule_plan(question)
    found = text_calls(plan)
    assert ("ocr", site) in found and ("ocr", "www") in found and " AND " not in plan.combine
    assert not any(word in query.lower() for _, query in found for word in ("link", "address", "web "))


def test_a_website_visited_is_no_address_asked():
    plan = rule_plan("when the protagonist entered the website for writing code, what did he do?")
    assert ("ocr", "www") not in text_calls(plan)


@pytest.mark.parametrize(
    ("question", "forms"),
    [
        ("Which studio presents the film?", CREDIT_ROLES["presenter"]),
        ("what company produced it?", CREDIT_ROLES["producer"]),
        ("who made this animation?", CREDIT_ROLES[CREDIT_VERBS["made"]]),
    ],
)
def test_which_maker_of_a_work_reads_the_credit_line(question, forms):
    assert text_calls(rule_plan(question)) == [("ocr", form) for form in forms]


@pytest.mark.parametrize("question", ["who made the cake?", "what words are written on the wall?"])
def test_making_a_thing_or_a_passive_is_no_credit(question):
    assert not any(query.endswith(" by") for _, query in text_calls(rule_plan(question)))


@pytest.mark.parametrize("question", ["who is speaking?", "who is the speaker", "In the video, who talks first?"])
def test_who_speaks_reads_the_name_caption_while_a_voice_is_heard(question):
    plan = rule_plan(question)
    assert [(c.tool, c.query, c.place) for c in plan.queries] == [
        ("audio", "speech", None),
        ("ocr", "{person}", "bottom"),
    ]
    assert plan.combine == "Q1 AND Q2"


def test_who_is_interviewed_reads_the_name_caption_under_them():
    plan = rule_plan("what's the name of the woman being interviewed?")
    assert [(c.tool, c.query, c.place) for c in plan.queries][-1] == ("ocr", "{person}", "bottom")
    assert " OR " not in plan.combine


def test_a_relative_who_is_no_question_of_who_speaks():
    plan = rule_plan("on which side of the woman is the man who is talking on the phone?")
    assert not any(c.tool == "ocr" for c in plan.queries)


@pytest.mark.parametrize(
    ("question", "value"),
    [("At what point does the frame count reach 240?", "240"), ("when does the score hit 21", "21")],
)
def test_a_count_or_score_coming_to_a_value_reads_it(question, value):
    assert text_calls(rule_plan(question)) == [("ocr", value)]


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("when does the woman list the ingredients", "the ingredients"),
        ("what does the caption say when the voice names the centre speaker", "the centre speaker"),
    ],
)
def test_a_person_listing_or_naming_says_it(question, said):
    assert ("transcript", said) in text_calls(rule_plan(question))


def test_what_he_lists_after_an_event_is_heard_after_it():
    unseen = [t for t in tools.names() if t not in ("siglip", "region")]
    plan = rule_plan("after the pope and tsar, who else does he list?", None, unseen)
    assert [(c.tool, c.when) for c in plan.queries][0] == ("audio", None)
    assert {(c.tool, c.query) for c in plan.queries if c.when == "after"} >= {("transcript", "pope")}


def test_text_put_somewhere_about_a_topic_is_the_topic():
    plan = rule_plan("when does someone type a question into the prompt box about the flag")
    assert text_calls(plan) == [("ocr", "flag")]


@pytest.mark.parametrize(
    ("question", "value"), [("when does the countdown reach zero", "0"), ("when does the score get to ten", "10")]
)
def test_a_display_coming_to_a_value_in_words_reads_its_digits(question, value):
    assert text_calls(rule_plan(question)) == [("ocr", value)]


def test_who_does_it_in_the_present_reads_the_credit_line():
    assert text_calls(rule_plan("who narrates the video")) == [("ocr", form) for form in CREDIT_ROLES["narrator"]]


def test_a_contraction_typed_without_its_apostrophe_is_written_out():
    assert rule_plan("whats the name on the card?", ["Ann Lee", "Bo Chen"]) == rule_plan(
        "what is the name on the card?", ["Ann Lee", "Bo Chen"]
    )


def test_a_countdown_time_is_looked_for_as_it_is_said():
    plan = rule_plan("when does the announcer say T-10?")
    assert text_calls(plan) == [("transcript", "T minus 10"), ("subtitle", "T-10")]
    assert text_calls(rule_plan("when does T-10 appear?")) == [("ocr", "T-10")]


@pytest.mark.parametrize(
    ("question", "value"),
    [("when does the counter show one hundred and fifty", "150"), ("when does the timer read forty two", "42")],
)
def test_a_display_showing_a_value_in_words_reads_its_digits(question, value):
    assert [q for t, q in text_calls(rule_plan(question)) if t == "ocr"] == [value]


@pytest.mark.parametrize(
    "question",
    [
        "when does kennedy say ask not",
        "when does presdent kenedy say ask not",
        "when does President Kennedy say ask not",
    ],
)
def test_a_name_typed_in_lower_case_before_a_speech_verb_is_who_speaks(question):
    assert text_calls(rule_plan(question)) == [("transcript", "ask not"), ("subtitle", "ask not")]


@pytest.mark.parametrize(
    "question", ["what does it say?", "what does the sign say?", "what does he spend recommending?"]
)
def test_no_name_is_typed_where_a_pronoun_or_a_text_stands(question):
    assert all(c.tool != "audio" for c in rule_plan(question).queries)


@pytest.mark.parametrize(
    "question", ["what does kennedy say while his name is on screen", "when does the reporter's name come up?"]
)
def test_a_speakers_name_shown_reads_the_name_caption_while_a_voice_is_heard(question):
    plan = rule_plan(question)
    assert {(c.tool, c.query, c.place) for c in plan.queries} >= {("ocr", "{person}", "bottom")}


def test_a_name_shown_on_a_thing_is_no_name_caption():
    assert all(c.place != "bottom" for c in rule_plan("when does his name appear on the board").queries)


@pytest.mark.parametrize(
    ("question", "call"),
    [
        ("when does the banner appear?", ("ocr", "", None, "large")),
        ("when does the text first appear?", ("ocr", "", None, "large")),
        ("when do the subtitles appear?", ("ocr", "", "bottom", None)),
    ],
)
def test_a_text_asked_when_by_its_noun_alone_reads_whatever_text_is_shown(question, call):
    plan = rule_plan(question, available_tools=["ocr", "transcript", "subtitle"])
    assert [(c.tool, c.query, c.place, c.size) for c in plan.queries] == [call]


@pytest.mark.parametrize("question", ["when is the phone number shown?", "when is the price shown?"])
def test_a_value_asked_when_by_its_noun_is_read_in_its_forms_alone(question):
    plan = rule_plan(question, available_tools=["ocr", "transcript", "subtitle"])
    assert " AND " not in plan.combine
    assert any(c.query.startswith("{") for c in plan.queries)
