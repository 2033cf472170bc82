"""The answer asked for by its kind is looked for by the noun it is written and said with ("which gate" -> "Gate
B12"), and an answer of a known form by the words that introduce it ("how much did it come to" -> "Total")."""

from __future__ import annotations

import pytest

from vqdb.planner.rules import rule_plan
from vqdb.planner.rules.answer_forms import FORM_WORDS, LABEL_NOUNS, _add_answer_forms, asked_kind
from vqdb.planner.rules.evidence import EITHER, TOOLS_FOR, _Evidence


def _group_of(question: str, word: str) -> tuple[str, ...]:
    """The tools of ``question``'s plan that look for ``word``."""
    return tuple(c.tool for c in rule_plan(question).queries if c.query == word)


@pytest.mark.parametrize(
    ("question", "noun"),
    [
        ("which university is the professor from?", "university"),
        ("Which gate does the flight to Lisbon leave from?", "gate"),
        ("what floor is the cafe on?", "floor"),
        ("what's the platform for the Cambridge train?", "platform"),
        ("in which room were they hiding?", "room"),
        ("what aisle are the cereals in", "aisle"),
        ("which chapter does the title card announce?", "chapter"),
        ("what is the gate number?", "gate"),
        ("on which street is the bakery?", "street"),
        ("what's the name of the university she studied at?", "university"),
    ],
)
def test_a_kind_asked_is_read_and_heard(question, noun):
    plan = rule_plan(question)
    assert _group_of(question, noun) == TOOLS_FOR[EITHER]
    group = " OR ".join(c.id for c in plan.queries if c.query == noun)  # one group, its calls ORed
    rest = [c.id for c in plan.queries if c.query != noun]
    assert plan.combine == (f"{rest[0]} AND ({group})" if rest else group)  # ANDed with the rest, if any


@pytest.mark.parametrize(
    "question",
    [
        "which part of the car was damaged?",  # a part of a thing, not a label
        "which part of the video shows the dog?",  # a moment
        "in which scene does he leave?",
        "what stage of memories does the bread remind her of?",
        "what season's outfits does the show present?",
        "After the chat is cleared, which question is asked next?",  # a text itself
        "what item did he pick up?",
        "when is the gate shown?",  # not asked for
        "how much time does he spend on the bed?",
    ],
)
def test_not_a_kind_asked(question):
    evidence = _Evidence()
    _add_answer_forms(question, evidence)
    assert evidence.groups == []


def test_a_noun_asked_may_be_pictured_too():
    plan = rule_plan("what is the name of the bridge that the train passes through?")
    assert [c.query for c in plan.queries if c.tool == "siglip"] == ["bridge that the train passes through"]
    assert {c.query for c in plan.queries if c.tool != "siglip"} == {"bridge"}


def test_a_price_asked_is_found_by_its_total_or_price():
    plan = rule_plan("how much did the bill come to?")
    found = {c.query for c in plan.queries if c.tool in TOOLS_FOR[EITHER]}
    assert found == set(FORM_WORDS["price"])
    assert rule_plan("what's the total?").queries  # asked by its noun
    evidence = _Evidence()
    _add_answer_forms("how much longer is the film than the trailer?", evidence)
    assert evidence.groups == []  # not money


def test_a_phone_number_asked_is_found_by_the_words_that_introduce_it():
    plan = rule_plan("what's the phone number on the sign?")
    assert set(FORM_WORDS["phone"]) <= {c.query for c in plan.queries if c.tool == "ocr"}
    plan = rule_plan("What number does the card tell you to call?")
    assert set(FORM_WORDS["phone"]) <= {c.query for c in plan.queries if c.tool == "ocr"}
    given = rule_plan("When is the phone number 020 7946 0018 displayed?")  # its answer given: the number itself
    assert [c.query for c in given.queries if c.tool == "ocr"] == ["020 7946 0018"]


def test_every_label_noun_is_one_word_a_tool_accepts():
    for noun in LABEL_NOUNS:
        evidence = _Evidence()
        _add_answer_forms(f"which {noun} is it?", evidence)
        assert evidence.groups == [tuple((tool, noun) for tool in TOOLS_FOR[EITHER])]


def test_a_kind_asked_in_a_place_on_screen_is_whatever_is_read_there():
    plan = rule_plan("Which channel is this, according to the logo in the corner?", None, ("ocr", "transcript"))
    assert [(c.query, c.place) for c in plan.queries if c.tool == "ocr"] == [("", "corner")]


@pytest.mark.parametrize(
    "question",
    [
        "at what point is the phone number shown",
        "when does the telephone number come up?",
        "the contact no. on a van",
        "the number to ring",  # calling said with a verb, no "phone number"
        "who do you phone",
        "which number should you dial?",
        "what's the number you need to call",
    ],
)
def test_a_phone_number_named_without_its_digits_is_found_by_the_words_that_introduce_it(question):
    evidence = _Evidence()
    _add_answer_forms(question, evidence)
    assert {q for group in evidence.groups for _, q in group} == set(FORM_WORDS["phone"])


def test_a_phone_number_given_is_its_own_answer():
    evidence = _Evidence()
    _add_answer_forms("when is the phone number 020 7946 0018 shown", evidence)
    assert evidence.groups == []


@pytest.mark.parametrize(
    ("question", "form", "rest"),
    [
        ("what time is sunrise?", "{time}", "sunrise"),  # "Sunrise 06.42": both in one read
        ("what time does the museum open?", "{time}", "museum open"),
        ("which year does the caption give?", "{year}", None),
        ("what date is shown on screen?", "{date}", None),
        ("what percentage of the vote did she win?", "{percent}", None),
        ("when is a year mentioned?", "{year}", None),
        ("at what hour is the next programme?", "{time}", "next programme"),  # an hour: a clock time
        ("which century do the captions name?", "{century}", None),
        ("when is the date of the speech shown?", "{date}", None),  # the value's noun, of what, no value given
        ("when is the time displayed", "{time}", None),
    ],
)
def test_a_value_asked_by_its_kind_is_looked_for_by_its_form_with_the_rest(question, form, rest):
    plan = rule_plan(question, available_tools=["ocr", "transcript", "subtitle"])
    assert {c.tool for c in plan.queries if c.query == form} == set(TOOLS_FOR[EITHER])
    assert rest is None or rest in {c.query for c in plan.queries}
    assert " AND " in plan.combine or rest is None


@pytest.mark.parametrize(
    "question",
    [
        "when does the chat window display What time does the museum open?",  # a sentence quoted
        "which year group is she in?",
        "what time period is the film set in?",
        "which gate number does the flight leave from?",  # a label with its number: the label's own group
        "what frame number is shown when the screen turns green?",  # any number: read in every frame of a counter
        "when is the weather on?",
        "at what time does the museum open?",  # when in the video ("at what time": when)
    ],
)
def test_no_form_where_no_value_is_asked_by_its_kind(question):
    assert not any(c.query.startswith("{") for c in rule_plan(question).queries)


@pytest.mark.parametrize(
    ("question", "form"),
    [
        ("what number do I ring?", "{phone}"),  # a phone's: groups of digits, whatever words stand beside them
        ("what's the phone number on the sign?", "{phone}"),
        ("what's the score?", "{score}"),  # a scoreboard writes no word: "HAWKS 1 - 1 OWLS"
        ("what is the final score", "{score}"),
        ("when is the half-time score shown?", "{score}"),
        ("how much are the tickets?", "{price}"),  # a price asked without a verb of costing
        ("what's the ticket price?", "{price}"),  # the words before the noun say which price
        ("when does the ticket price appear", "{price}"),
    ],
)
def test_a_value_asked_by_its_meaning_is_looked_for_by_its_form(question, form):
    assert form in {c.query for c in rule_plan(question, available_tools=["ocr", "transcript"]).queries}


@pytest.mark.parametrize(
    "question",
    ["who scored the goal?", "what is the score of the film?", "how much is the time left", "how much time is left?"],
)
def test_a_score_or_a_price_named_otherwise_asks_no_form(question):
    queries = {c.query for c in rule_plan(question, available_tools=["ocr", "transcript"]).queries}
    assert not queries & {"{score}", "{price}"}


def test_a_value_asked_in_a_place_named_is_read_there_by_its_form():
    plan = rule_plan("what's the phone number at the bottom of the screen?", available_tools=["ocr", "transcript"])
    assert ("{phone}", "bottom") in {(c.query, c.place) for c in plan.queries if c.tool == "ocr"}


def test_a_price_asked_is_also_any_amount_of_money():
    plan = rule_plan("how much money does saving give you in a year?")
    assert {c.query for c in plan.queries} >= {"total", "price", "{price}"}


@pytest.mark.parametrize(
    ("question", "noun"),
    [
        ("which course code is shown", "course"),  # the noun before "code": what the code is of
        ("which course number is on the card?", "course"),
        ("what flight number is announced", "flight"),
    ],
)
def test_a_number_asked_with_what_it_numbers_looks_for_that(question, noun):
    assert set(_group_of(question, noun)) == set(TOOLS_FOR[EITHER])


@pytest.mark.parametrize(
    ("question", "groups"),
    [
        ("what frame number is it", []),  # a moment
        ("what's the phone number", [FORM_WORDS["phone"]]),  # its own words
        ("which gate number", [("gate",)]),  # a label, once
    ],
)
def test_a_number_of_a_moment_a_phone_or_a_label_adds_no_noun_of_its_own(question, groups):
    evidence = _Evidence()
    _add_answer_forms(question, evidence)
    assert [tuple(dict.fromkeys(q for _, q in group)) for group in evidence.groups] == [tuple(g) for g in groups]


@pytest.mark.parametrize(
    "question",
    [
        "how much is knocked off in the sale",
        "what's the discount?",
        "how much off are the shoes",
        "how much does it take off the bill?",
    ],
)
def test_a_discount_asked_is_read_as_its_words_and_a_percentage(question):
    evidence = _Evidence()
    _add_answer_forms(question, evidence)
    assert {q for group in evidence.groups for _, q in group} == set(FORM_WORDS["discount"])


@pytest.mark.parametrize(
    "question",
    ["how much did he cut off?", "how much is the sauce reduced?", "which hour-long special is advertised?"],
)
def test_an_amount_cut_or_an_hour_long_show_asks_no_value(question):
    evidence = _Evidence()
    _add_answer_forms(question, evidence)
    assert not evidence.groups


@pytest.mark.parametrize(
    "question", ["the last number before liftoff", "what number is displayed just before blast off?"]
)
def test_a_bare_number_asked_before_an_event_reads_any_number_and_the_event(question):
    plan = rule_plan(question, available_tools=["ocr", "transcript", "subtitle", "audio"])
    assert {c.tool for c in plan.queries if c.query == "{number}"} == set(TOOLS_FOR[EITHER])
    assert {c.when for c in plan.queries if c.query != "{number}"} == {"before"}  # the event: read or heard
    assert plan.order == "last"


@pytest.mark.parametrize(
    ("question", "form"),
    [
        ("when is the date on screen", "{date}"),
        ("when does the date appear", "{date}"),
        ("when is the year visible", "{year}"),
        ("when does the date come up", "{date}"),
    ],
)
def test_a_value_named_by_its_kind_with_an_on_screen_cue_is_looked_for_by_its_form(question, form):
    # only "shown", "displayed", "mentioned"... were cues: "on screen", "appear", "visible" read the noun alone
    assert form in {c.query for c in rule_plan(question).queries}


@pytest.mark.parametrize(
    ("question", "kind"),
    [("Which pad is the launch from?", "pad"), ("What folder does he list in the terminal?", "folder")],
)
def test_a_kind_asked_with_nothing_else_to_find_is_read_beside_its_answer(question, kind):
    """blind5 l6: "which pad" was dropped and 'launch from' unseen: frames sampled uniformly ("Live from Pad 39B")."""
    plan = rule_plan(question, available_tools=["ocr", "transcript", "subtitle", "audio"])
    assert ("ocr", kind) in {(c.tool, c.query) for c in plan.queries}


def test_a_kind_asked_is_read_beside_few_words_and_not_instead_of_many():
    # blind3 b3-mf-london: the kind alone ("city") was read, the sentence said ("communists of various
    # nationalities have assembled in London") no longer heard; across a corpus "city" is read in any video
    question = "In which city did communists of various nationalities assemble to sketch the manifesto?"
    plan = rule_plan(question, available_tools=["ocr", "transcript"])
    assert not plan.queries  # no call of its own: plan_for reads and hears the unseen sentence instead
    queries = {(c.tool, c.query) for c in rule_plan("Which pad is the launch from?", available_tools=["ocr"]).queries}
    assert {("ocr", "pad"), ("ocr", "launch from")} <= queries


def test_a_kind_asked_is_no_word_where_options_are_given_or_a_place_is_read():
    plan = rule_plan("Which pad is the launch from?", ["39B", "39A"], ["ocr", "transcript"])
    assert "pad" not in {c.query for c in plan.queries}
    assert asked_kind("which option is correct?") is None


def test_a_short_thing_s_name_asked_is_read_without_a_picture():
    plan = rule_plan("what is the name of the mission?", available_tools=["ocr", "transcript", "subtitle"])
    assert ("ocr", "mission") in {(c.tool, c.query) for c in plan.queries}
