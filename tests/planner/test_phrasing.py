"""Every word list the rule planner reads questions with earns its place: its example plans differently
without it (the list emptied, the rules' patterns rebuilt)."""

from __future__ import annotations

import importlib
import sys

import pytest

from vqdb.planner import phrasing, rules, sound_words, tools, vocabulary
from vqdb.planner.rules import evidence

ENTRIES = sorted(name for name, value in vars(phrasing).items() if isinstance(value, phrasing.Words))

# the documented vocabulary's lists (each tested phrase by phrase in test_rules_words.py): a question each decides
VOCABULARY = {
    (vocabulary, "SPEAKERS"): ("when does the announcer say the score", ()),
    (vocabulary, "SPEECH_VERBS"): ("A girl speaking from her car", ()),
    (vocabulary, "SCREEN_CUES"): ("Girl showing her home", ()),
    (vocabulary, "SCREEN_NOUNS"): ("find the 'Mind the Gap' sign", ()),
    (vocabulary, "TEXT_NOUNS"): ("when is the EXIT sign shown?", ()),
    (vocabulary, "DISPLAY_VERBS"): ("When does the screen show ticket A015?", ()),
    (vocabulary, "WRITTEN_VERBS"): ("When is the Edinburgh train listed as cancelled?", ()),
    (vocabulary, "ARRIVAL_VERBS"): ("when is the EXIT sign shown?", ()),
    (vocabulary, "SUBTITLE_NOUNS"): ("When does the caption read 'may justly be considered'?", ()),
    (vocabulary, "CREDIT_ROLES"): ("who is the narrator?", ()),
    (vocabulary, "CREDIT_VERBS"): ("who directed the film?", ()),
    (vocabulary, "NAMING_NOUNS"): ("when is the year 1455 mentioned?", ()),
    (vocabulary, "WEB_ADDRESS_NOUNS"): ("which website does the reader give?", ()),
    (vocabulary, "WEB_ADDRESS_SHOWN"): ("when is the URL shown?", ()),
    (vocabulary, "WEB_ADDRESS_SAID"): ("when does he mention the URL?", ()),
    (vocabulary, "EMAIL_ADDRESS_NOUNS"): ("what email address is shown?", ()),
    (vocabulary, "CREATING_VERBS"): ("who made the cake?", ()),
    (vocabulary, "WORKS"): ("who made this animation?", ()),
    (vocabulary, "UNITS"): ("when does the wait go up to 40 minutes", ()),
    (vocabulary, "SOUND_VERBS"): ("when does the audience applaud", ()),
    (sound_words, "NAMED_SOUNDS"): ("why did the girl scream", ()),
}


def plan_without(module, name: str, question: str, options, available_tools) -> str:
    """The plan of ``question`` with ``module.name`` emptied, the rules reloaded to rebuild what they build
    from it; the module and the rules as they were afterwards."""
    original = getattr(module, name)
    empty = phrasing.Words((), phenomenon="", example="") if isinstance(original, phrasing.Words) else type(original)()
    setattr(module, name, empty)
    try:
        return imported_anew().rule_plan(question, options, available_tools).to_json()
    finally:
        setattr(module, name, original)
        imported_anew()


def imported_anew():
    """The rules package imported again, all its modules with it (a reload of the package alone would keep
    its modules' patterns), so each rebuilds what it builds from the word lists as they are now."""
    for module in [m for m in sys.modules if m == rules.__name__ or m.startswith(rules.__name__ + ".")]:
        del sys.modules[module]
    return importlib.import_module(rules.__name__)


def unseen_tools() -> list[str]:
    return [t for t in tools.names() if t not in (evidence.SEEN, evidence.SEEN_IN_PART)]


@pytest.mark.parametrize("name", ENTRIES)
def test_each_phrasing_entry_decides_the_plan_of_its_example(name):
    entry = getattr(phrasing, name)
    assert entry.phenomenon and entry.example and all(w == w.lower() for w in entry)
    available = None if entry.seen else unseen_tools()
    with_it = rules.rule_plan(entry.example, list(entry.options), available).to_json()
    assert with_it != plan_without(phrasing, name, entry.example, list(entry.options), available)


@pytest.mark.parametrize(("module", "name"), VOCABULARY, ids=[name for _, name in VOCABULARY])
def test_each_vocabulary_list_decides_the_plan_of_its_example(module, name):
    question, options = VOCABULARY[module, name]
    with_it = rules.rule_plan(question, list(options)).to_json()
    assert with_it != plan_without(module, name, question, list(options), None)


def test_every_vocabulary_list_and_the_named_sounds_have_an_example():
    lists = {n for n, v in vars(vocabulary).items() if n.isupper() and isinstance(v, (tuple, dict))}
    assert {n for m, n in VOCABULARY if m is vocabulary} == lists
    assert (sound_words, "NAMED_SOUNDS") in VOCABULARY
