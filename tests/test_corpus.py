"""``Corpus`` as the layers below it see it: the protocols it satisfies, and its one ``Store``."""

from __future__ import annotations

import inspect
import typing

import pytest

import vqdb
from vqdb.corpus import Corpus
from vqdb.errors import VqdbError
from vqdb.planner.corpus_reader import CorpusReader
from vqdb.store import Store
from vqdb.testing.corpora import empty_corpus
from vqdb.testing.examples import captioned_corpus
from vqdb.videos import CorpusSql, resolve_video

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


def _counting_opens(monkeypatch) -> list[object]:
    """Every ``Store.open`` from now on (its root), in order."""
    opened: list[object] = []
    open_store = Store.open.__func__

    def counting(cls, root, **kw):
        opened.append(root)
        return open_store(cls, root, **kw)

    monkeypatch.setattr(Store, "open", classmethod(counting))
    return opened


def test_a_corpus_opens_its_store_once_for_its_session_and_every_question(monkeypatch):
    root = captioned_corpus()
    opened = _counting_opens(monkeypatch)
    corpus = vqdb.connect(root)
    result = corpus.retrieve("when does it fly away?", video="cockatoo.mp4", k=1)
    assert result.keyframes.num_rows == 1
    assert len(opened) == 1  # the corpus's store: its session (views, SQL functions) and the planner share it
    corpus.retrieve("when does it fly away?", k=2)
    corpus.locate("when does it fly away?", video="cockatoo.mp4")
    corpus.search("when does it fly away over the trees", k=3)
    corpus.plan("what does it raise?")
    assert len(opened) == 1


def test_reads_through_the_same_corpus_see_its_own_ingests_deletes_and_compaction(sample_media, tmp_path):
    corpus = vqdb.connect(empty_corpus(tmp_path / "corpus"), progress=False)
    store = corpus.store
    assert corpus.store.finished() == {} and corpus.sql("SELECT count(*) FROM frames").fetchone() == (0,)
    corpus.ingest([sample_media / "birds.mp4", sample_media / "cockatoo.mp4"], extractors=())
    birds = resolve_video(corpus, "birds.mp4")["video_id"]
    assert corpus.store is store and len(corpus.store.finished()) == 2
    frames = corpus.sql("SELECT count(*) FROM frames WHERE video_id = $v", params={"v": birds}).fetchone()[0]
    assert frames > 0
    assert corpus.retrieve("a bird", video="birds.mp4", k=2, planner="uniform").keyframes.num_rows == 2

    assert corpus.delete("birds.mp4") == [birds]
    assert birds not in corpus.store.finished()
    assert corpus.sql("SELECT count(DISTINCT video_id) FROM frames").fetchone() == (1,)
    with pytest.raises(VqdbError, match="no video 'birds.mp4'"):
        corpus.retrieve("a bird", video="birds.mp4")

    corpus.compact()
    assert corpus.sql("SELECT count(DISTINCT video_id) FROM frames").fetchone() == (1,)
    assert corpus.retrieve("a bird", video="cockatoo.mp4", k=2, planner="uniform").keyframes.num_rows == 2
    assert corpus.store is store
