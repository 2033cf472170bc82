"""Every example of docs/sql_functions.md runs in a corpus session and prints what the doc shows."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import vqdb
from vqdb.schema import TABLES
from vqdb.store import Store
from vqdb.store.text_index import build_text_indexes
from vqdb.testing.tiny import build_tiny_siglip

REPO = Path(__file__).resolve().parents[2]
REFERENCE = REPO / "docs" / "sql_functions.md"
# Public macros of these files must each have a `### name` section in the reference.
DOCUMENTED_FILES = [
    "queries/intervals.sql",
    "queries/nms.sql",
    "queries/ranks.sql",
    "queries/text.sql",
    "queries/similarity.sql",
    "queries/corpus/similarity.sql",
    "queries/corpus/text_search.sql",
]

# A ```sql block, optionally followed by a ```result block with the exact output as a pipe table.
EXAMPLE = re.compile(r"```sql\n(?P<sql>.*?)```(?:\s*```result\n(?P<result>.*?)```)?", re.DOTALL)
SECTION = re.compile(r"^### (\S+)", re.MULTILINE)


def examples():
    """(id, sql, expected rows or None) for every example, named after its section."""
    text = REFERENCE.read_text()
    sections = [(m.start(), m.group(1)) for m in SECTION.finditer(text)]
    found = []
    for number, match in enumerate(EXAMPLE.finditer(text), start=1):
        section = next((name for start, name in reversed(sections) if start < match.start()), "intro")
        expected = match.group("result")
        rows = [_cells(line) for line in expected.strip().splitlines()] if expected else None
        found.append(pytest.param(match.group("sql"), rows, id=f"{number}-{section}"))
    return found


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def _render(value) -> str:
    return "NULL" if value is None else str(value)


@pytest.fixture(scope="module")
def corpus(tmp_path_factory, sample_media):
    """birds.mp4 ingested with a tiny random SigLIP (frames, embeddings, regions), plus text rows."""
    model = build_tiny_siglip(tmp_path_factory.mktemp("tiny-siglip"))
    root = tmp_path_factory.mktemp("corpus")
    with vqdb.connect(root, embed_model=str(model), progress=False) as opened:
        summary = opened.ingest(sample_media / "birds.mp4", extractors=("embed", "regions"))
        assert summary.ok and summary.ingested
        writer = Store.open(opened.root, writable=True)
        _commit_text_rows(writer, summary.ingested[0][1])
        build_text_indexes(writer)
        opened.refresh()
        yield opened


def _commit_text_rows(store: Store, vid: str) -> None:
    box = {"x0": 0.1, "y0": 0.1, "x1": 0.6, "y1": 0.2}
    segments = [
        {
            "video_id": vid,
            "seg_id": 0,
            "start_s": 3.0,
            "end_s": 6.5,
            "language": "en",
            "avg_logprob": -0.2,
            "no_speech_prob": 0.01,
            "model": "test",
            "text": "And so my fellow Americans, ask not what your country can do for you",
        }
    ]
    words = [
        {"video_id": vid, "seg_id": 0, "word": w, "start_s": 3.0 + i * 0.4, "end_s": 3.3 + i * 0.4, "probability": 0.9}
        for i, w in enumerate(segments[0]["text"].split())
    ]
    store.commit(
        vid,
        "asr",
        {
            "transcript_segments": TABLES["transcript_segments"].from_rows(segments),
            "transcript_words": TABLES["transcript_words"].from_rows(words),
        },
        model="test",
        settings={},
    )
    reads = [
        {
            "video_id": vid,
            "frame_idx": i,
            "ts": float(i),
            "text": "Hello world",
            "confidence": 0.9,
            "box": box,
            "model": "test",
        }
        for i in range(2)
    ]
    spans = [
        {
            "video_id": vid,
            "span_id": 0,
            "start_s": 0.0,
            "end_s": 1.0,
            "text": "Hello world",
            "max_confidence": 0.9,
            "box": box,
        }
    ]
    store.commit(
        vid,
        "ocr",
        {"ocr": TABLES["ocr"].from_rows(reads), "ocr_spans": TABLES["ocr_spans"].from_rows(spans)},
        model="test",
        settings={},
    )
    cues = [
        {
            "video_id": vid,
            "cue_id": 0,
            "start_s": 0.0,
            "end_s": 1.0,
            "text": "Birds fly over the lake",
            "source": "birds.srt",
        }
    ]
    store.commit(vid, "subtitles", {"subtitles": TABLES["subtitles"].from_rows(cues)}, model=None, settings={})


@pytest.mark.parametrize(("query", "expected"), examples())
def test_example_runs_and_shows_its_result(corpus, query, expected):
    relation = corpus.sql(query)
    rows = relation.fetchall()
    assert rows, "an example should return at least one row"
    if expected is not None:
        header, *body = expected
        assert relation.columns == header
        assert [[_render(value) for value in row] for row in rows] == body


def test_every_public_macro_has_a_section():
    documented = set(SECTION.findall(REFERENCE.read_text()))
    defined = {
        name
        for file in DOCUMENTED_FILES
        for name in re.findall(r"CREATE OR REPLACE MACRO (\w+)", (REPO / "vqdb" / file).read_text())
        if not name.startswith(("_", "vq_"))
    }
    assert defined - documented == set()
