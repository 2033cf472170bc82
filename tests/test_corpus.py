"""``Corpus`` as the layers below it see it: the protocols it satisfies."""

from __future__ import annotations

import inspect
import typing

import pytest

import vqdb
from vqdb.corpus import Corpus
from vqdb.planner.corpus_reader import CorpusReader
from vqdb.testing.corpora import empty_corpus
from vqdb.videos import CorpusSql

PROTOCOLS = (CorpusSql, CorpusReader)  # what the layers below vqdb.corpus take a corpus as


def _members(protocol: type) -> dict[str, object]:
    """The members ``protocol`` declares, its bases' included, as declared (a function or a property)."""
    found: dict[str, object] = {}
    for base in reversed(protocol.__mro__):
        if base is not protocol and base not in PROTOCOLS:
            continue
        found |= {name: value for name, value in vars(base).items() if not name.startswith("_")}
    return found


@pytest.mark.parametrize("protocol", PROTOCOLS, ids=lambda p: p.__name__)
def test_corpus_has_each_member_of_the_protocols_with_its_signature_and_type(protocol):
    corpus = vqdb.connect(empty_corpus())
    assert isinstance(corpus, protocol)
    for name, declared in _members(protocol).items():
        found = inspect.getattr_static(corpus, name)
        if isinstance(declared, property):  # an attribute: of the type the protocol names
            assert not inspect.isfunction(found), f"Corpus.{name} is a method; {protocol.__name__} reads a value"
            assert isinstance(getattr(corpus, name), typing.get_type_hints(declared.fget)["return"]), name
        else:  # a method: the same parameters (names, kinds, defaults) and return type
            assert inspect.isfunction(found), f"Corpus.{name} is not a method as {protocol.__name__} needs"
            assert inspect.signature(found).parameters == inspect.signature(declared).parameters, name
            wanted = typing.get_type_hints(declared)["return"]
            assert typing.get_type_hints(getattr(Corpus, name))["return"] == wanted, name
