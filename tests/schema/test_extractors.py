"""The extractor vocabulary: schema.EXTRACTORS names every ingest extractor, in ingest order."""

from vqdb.ingest import extractors
from vqdb.schema import EXTRACTORS, TABLES, VISUAL_EXTRACTORS, tables_of

NOT_EXTRACTORS = {"frames", "bookkeeping", "answers"}  # the other writers of tables


def test_every_table_is_written_by_an_extractor_or_a_known_step():
    assert {t.extractor for t in TABLES.values()} == set(EXTRACTORS) | NOT_EXTRACTORS
    assert all(tables_of(name) for name in EXTRACTORS)


def test_the_ingest_registry_registers_exactly_the_schema_extractors_in_order():
    assert extractors.names() == list(EXTRACTORS)
    assert all(extractors.get(name).name == name for name in EXTRACTORS)


def test_visual_extractors_are_those_writing_embeddings():
    assert {"embed", "regions"} == VISUAL_EXTRACTORS
