"""LatestVersions: a dataset opened once still answers its latest version after other processes write it,
and reads that version after a compaction removed the one it was opened at."""

from __future__ import annotations

import subprocess
import sys
import textwrap

from vqdb.store import Store
from vqdb.store.maintenance import compact
from vqdb.testing.corpora import empty_corpus
from vqdb.udfs.versions import LatestVersions

COMMIT = textwrap.dedent(
    """
    import sys
    from vqdb.schema import TABLES
    from vqdb.store import Store
    with Store.create(sys.argv[1]) as store:
        empty = {t: TABLES[t].arrow_schema().empty_table() for t in ("frames", "videos")}
        store.commit(sys.argv[2], "frames", empty, model=None, settings={})
    """
)


def _commit_in_another_process(root, video: str) -> None:
    subprocess.run([sys.executable, "-c", COMMIT, str(root), video], check=True)


def _videos(versions: LatestVersions) -> list[str]:
    table = versions.dataset("extractions", versions("extractions")).to_table(columns=["video_id"])
    return sorted(table.column("video_id").to_pylist())


def test_the_latest_version_follows_other_processes_and_compaction(tmp_path):
    versions = LatestVersions(Store.open(empty_corpus(tmp_path)))
    first = versions("extractions")
    assert _videos(versions) == []
    _commit_in_another_process(tmp_path, "a")
    assert versions("extractions") > first and _videos(versions) == ["a"]
    with Store.create(tmp_path) as store:
        compact(store)  # removes the version the dataset was opened at
    assert _videos(versions) == ["a"]
    _commit_in_another_process(tmp_path, "b")
    assert _videos(versions) == ["a", "b"]
