"""The ``answers`` table as a cache: an answer is reused when question, options, plan, model and frames match.

Rows are appended through ``vqdb.store`` (the corpus opened for writing) and read back with SQL over
the table's Lance dataset, so
the cache works before and after the ``answers`` view is part of the session.

Example:
    >>> cache_key("What?", None, None, "evidence-only:all-MiniLM-L6-v2", [("v", 1)])[:12]
    '34ebb6d6c47f'
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

import pyarrow as pa

from vqdb.errors import VqdbError
from vqdb.planner.corpus_reader import CorpusReader
from vqdb.schema.answers import ANSWERS
from vqdb.store import Store

# Bump when prompts or answer logic change in a way that makes old cached answers stale.
ANSWER_VERSION = 28  # 28: a time said is the part between the pauses a listener hears (extent23)
# 27: a code, a version or a person's role asked is the one the video shows
# 26: options' own letters ('A. Apples.'); 'the following'; an anchor in the subject's source
# 25: of near-misread twins ('Pad 398' read) the one the others come from; one display
# 24: 'None of the above' abstains; the video's length its duration; 'Part 1' read 'Part I'
# 23: who speaks and when are no topic; the named source first; start or end an order
# 22: near by snippet; options across screens; ellipsis blanks; reading/layout order; an address
# 21: a voice asked for is its whole turn; words said by a named voice ANDed with it
# 20: a phrase with a word it has twice read in order; the kind asked without the anchor clause
# 19: an open answer related to an anchor: its meaning without the anchor, its source asked
# 18: options compared with sentences, statements closer in meaning, negation both ways
# 16: the line asked, addresses, numbers read whole
# 10: a word an option has twice is read at its two places; a look is named near the read
# 9: an "X or Y" offers answers only in a yes/no or "which" question; word forms by stem
# 8: spellings close in letters, offered answers, kind words, word forms; 7: a split number before
# an amount's word is no clock time; 6: open answers, articles, spellings
# 4: evidence-only answers flag reads outside the moment, weigh where on screen and how big
# 3: "when" answered by a located interval, no answer without evidence, margin confidence


def cache_key(
    question: str,
    options: Sequence[str] | None,
    plan: str | None,
    model: str,
    frames: Sequence[tuple[str, int]],
) -> str:
    """SHA-256 of everything an answer depends on (and :data:`ANSWER_VERSION`)."""
    payload = {
        "version": ANSWER_VERSION,
        "question": question,
        "options": list(options) if options else None,
        "plan": plan,
        "model": model,
        "frames": [[str(v), int(i)] for v, i in frames],
    }
    return hashlib.sha256(json.dumps(payload, sort_keys=True).encode("utf-8")).hexdigest()


def lookup(corpus: CorpusReader, key: str) -> dict[str, Any] | None:
    """The most recent cached row for ``key`` as a dict, or None.

    Example:
        >>> import vqdb
        >>> from vqdb.testing.corpora import empty_corpus
        >>> lookup(vqdb.connect(empty_corpus()), "nope") is None
        True
    """
    if not corpus.store.exists(ANSWERS.name):
        return None
    uri = corpus.store.uri(ANSWERS.name).replace("'", "''")
    rows = corpus.sql_unchecked(f"SELECT * FROM '{uri}' WHERE key = ? ORDER BY created_at DESC LIMIT 1", params=[key])
    table = rows.arrow()
    if hasattr(table, "read_all"):
        table = table.read_all()
    found = table.to_pylist()
    return found[0] if found else None


def store(corpus: CorpusReader, row: dict[str, Any]) -> str | None:
    """Append one answer row (columns of :data:`vqdb.schema.answers.ANSWERS`); returns None, or why the
    answer could not be cached (the corpus is read-only, or another process is writing it: caching
    never waits and never loses the answer).

    Example:
        >>> import vqdb
        >>> store(vqdb.connect("no/such/corpus"), {})  # doctest: +ELLIPSIS
        'answer not cached: ... is not a vqdb corpus ...'
    """
    try:
        table: pa.Table = ANSWERS.from_rows([row])
        with Store.open(corpus.store.location, writable=True, wait=False) as writable:
            writable.append(ANSWERS.name, table)
    except (VqdbError, OSError) as exc:
        return f"answer not cached: {exc}"
    return None
