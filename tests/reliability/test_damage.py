"""Damage found and repaired: a data file deleted or cut in half, the latest manifest of a table lost,
garbage in vqdb.toml. Before (issue 25): queries failed with a Rust source path, ``vqdb info`` printed a
traceback, a lost manifest silently hid a video's frames, a re-run ingest said "skipped" (exit 0) and left
the damage in place, and nothing said what to do."""

from __future__ import annotations

import os
import shutil

import lance
import pytest

import vqdb
from vqdb.cli import main
from vqdb.testing.corpora import corpus_contents


@pytest.fixture(scope="module")
def built(clips, tmp_path_factory):
    """Three clips with their subtitles, ingested; and the ids of the clips by file name."""
    root = tmp_path_factory.mktemp("damage") / "corpus"
    media = [str(c) for c in clips[:3]]
    summary = vqdb.connect(root, progress=False).ingest(media, extractors=("subtitles",))
    assert "failed 0" in str(summary)
    with vqdb.connect(root) as corpus:
        ids = dict(corpus.sql("SELECT regexp_extract(path, '[^/]+$'), video_id FROM videos").fetchall())
    return root, media, ids


@pytest.fixture
def corpus(built, tmp_path):
    """A copy of the built corpus to damage."""
    root, media, ids = built
    copy = tmp_path / "corpus"
    shutil.copytree(root, copy)
    return copy, media, ids


def fragment_of(root, table: str, video_id: str):
    for fragment in lance.dataset(str(root / f"{table}.lance")).get_fragments():
        if video_id in fragment.to_table(columns=["video_id"])["video_id"].to_pylist():
            return fragment
    raise AssertionError(f"no fragment of {table} holds {video_id}")


def data_file(root, table: str, video_id: str):
    return root / f"{table}.lance" / "data" / fragment_of(root, table, video_id).data_files()[0].path


def cut_in_half(path) -> None:
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


def lose_latest_manifest(root, table: str) -> None:
    """The manifest of the table's last commit that wrote rows lost, with those of the index builds after it (as
    a crash right after that commit leaves the table: ingest builds the video_id index last)."""
    dataset = lance.dataset(str(root / f"{table}.lance"))
    kept = sorted(v["version"] for v in dataset.versions())
    rows = [dataset.checkout_version(v).count_rows() for v in kept]
    written = max(i for i in range(1, len(kept)) if rows[i] != rows[i - 1])
    versions = root / f"{table}.lance" / "_versions"
    newest_first = sorted(versions.glob("*.manifest"))  # Lance names versions from u64::MAX down
    for manifest in newest_first[: len(kept) - written]:
        manifest.unlink()
    (versions / "latest_version_hint.json").unlink(missing_ok=True)


def cli(capsys, *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def assert_one_clear_line(err: str) -> None:
    assert "Traceback" not in err and ".rs:" not in err and len(err.strip().splitlines()) == 1, err


def repaired_and_reingested(capsys, root, media, damaged: set[str]) -> None:
    """--repair removes the damage; the next ingest redoes exactly the damaged videos and the corpus is whole."""
    status, out, _ = cli(capsys, "check", str(root), "--repair")
    assert status == 0 and "removed the damaged data" in out
    assert cli(capsys, "check", str(root))[0] == 0
    summary = vqdb.connect(root, progress=False).ingest(media, extractors=("subtitles",))
    assert sorted(p for p, *_ in summary.ingested) == sorted(p for p in media if os.path.basename(p) in damaged)
    assert cli(capsys, "check", str(root))[0] == 0


def test_a_deleted_data_file_is_found_named_and_repaired(corpus, built, capsys):
    root, media, ids = corpus
    victim = ids["clip01.mp4"]
    data_file(root, "frames", victim).unlink()
    status, out, _ = cli(capsys, "check", str(root))
    assert status == 1
    named = [line for line in out.splitlines() if victim in line]
    assert named and "frames" in named[0] and "--repair" in named[0]
    for args in (("sql", str(root), "SELECT count(*) FROM frames"), ("info", str(root))):
        status, _, err = cli(capsys, *args)
        assert status == 1 and "table frames" in err and "vqdb check" in err
        assert_one_clear_line(err)
    repaired_and_reingested(capsys, root, media, {"clip01.mp4"})
    assert corpus_contents(root) == corpus_contents(built[0])


def test_a_data_file_cut_in_half_is_found_and_repaired(corpus, built, capsys):
    root, media, ids = corpus
    victim = ids["clip02.mp4"]
    cut_in_half(data_file(root, "subtitles", victim))
    report = vqdb.connect(root).check()
    assert not report.ok and any(p.video_id == victim and "subtitles" in p.table for p in report.problems)
    repaired_and_reingested(capsys, root, media, {"clip02.mp4"})
    assert corpus_contents(root) == corpus_contents(built[0])


def test_a_lost_manifest_is_found_not_silently_read(corpus, built, capsys):
    root, media, ids = corpus
    lose_latest_manifest(root, "frames")
    report = vqdb.connect(root).check()
    last = ids["clip02.mp4"]  # the last video committed: its frames went with the manifest
    assert [p.video_id for p in report.problems] == [last]
    repaired_and_reingested(capsys, root, media, {"clip02.mp4"})
    assert corpus_contents(root) == corpus_contents(built[0])


DAMAGE = {
    "frames file deleted": (lambda root, ids: data_file(root, "frames", ids["clip01.mp4"]).unlink(), "frames"),
    "frames file cut in half": (lambda root, ids: cut_in_half(data_file(root, "frames", ids["clip00.mp4"])), "frames"),
    "subtitles file cut in half": (
        lambda root, ids: cut_in_half(data_file(root, "subtitles", ids["clip02.mp4"])),
        "subtitles",
    ),
    "frames manifest lost": (lambda root, ids: lose_latest_manifest(root, "frames"), "videos/frames"),
}


@pytest.mark.parametrize("damage", DAMAGE.values(), ids=DAMAGE.keys())
def test_a_rerun_ingest_names_the_damaged_table_and_the_repair(corpus, capsys, damage):
    root, media, ids = corpus
    harm, table = damage
    harm(root, ids)
    status, out, err = cli(capsys, "ingest", str(root), *media, "--with", "subtitles", "--no-progress")
    assert status == 1 and "skipped" not in out, out
    assert_one_clear_line(err)
    assert f"table {table}:" in err and f"run vqdb check {root} --repair" in err


@pytest.mark.parametrize(
    "garbage",
    [b"sample_fps = 1.0\njobs = 2\nthis is not toml\n", b"sample_fps = 1.0\njobs = 2\n\xf8\x81\x00\xff garbage"],
)
def test_garbage_settings_name_the_file_and_line(corpus, capsys, garbage):
    root, _, _ = corpus
    (root / "vqdb.toml").write_bytes(garbage)
    for command in ("info", "check", "sql"):
        status, _, err = cli(capsys, command, str(root), *(["SELECT 1"] if command == "sql" else []))
        assert status == 1 and "vqdb.toml" in err and "line 3" in err
        assert_one_clear_line(err)


def test_the_web_app_names_the_damaged_table(corpus):
    from starlette.testclient import TestClient

    from vqdb.serve import create_app

    root, _, ids = corpus
    data_file(root, "frames", ids["clip00.mp4"]).unlink()
    app = create_app(root)
    with TestClient(app, base_url="http://127.0.0.1", headers={"X-Vqdb-Token": app.state.token}) as client:
        error = client.post("/api/sql", json={"sql": "SELECT count(*) FROM frames"}).json()["error"]
        assert error.startswith("table frames:") and "vqdb check" in error and ".rs:" not in error
        page = client.get("/api/corpus").json()["error"]  # the Corpus page counts frames: it says the same
        assert page.startswith("table frames:") and "vqdb check" in page
