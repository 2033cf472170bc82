"""Every mistake on the command line is one line naming the value and what to do (findings 2 and 7)."""

from __future__ import annotations

import pytest

from vqdb.cli import main


@pytest.fixture(scope="module")
def corpus(tmp_path_factory, sample_media):
    root = tmp_path_factory.mktemp("cli") / "corpus"
    assert main(["ingest", str(root), str(sample_media / "birds.mp4"), "--with", "", "--no-progress"]) == 0
    return root


def _one_line_error(capsys) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


def test_querying_a_typo_creates_nothing_and_names_the_fix(tmp_path, capsys):
    typo = tmp_path / "corpsu"
    assert main(["sql", str(typo), "SELECT 1"]) == 1
    assert "is not a vqdb corpus (no corpus.json)" in _one_line_error(capsys)
    assert main(["retrieve", str(typo), "a bird"]) == 1
    assert "vqdb ingest" in _one_line_error(capsys)
    assert not typo.exists()


def test_swapped_ingest_arguments_write_no_corpus_into_the_videos(tmp_path, sample_media, capsys):
    videos = tmp_path / "videos"
    videos.mkdir()
    (videos / "birds.mp4").write_bytes((sample_media / "birds.mp4").read_bytes())
    assert main(["ingest", str(videos), str(tmp_path / "corpus"), "--no-progress"]) == 1
    assert "holds video files (birds.mp4) and is not a corpus" in _one_line_error(capsys)
    assert [p.name for p in videos.iterdir()] == ["birds.mp4"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["ingest", "c", "v.mp4", "--fps", "inf"], "'inf' is not a sampling rate"),
        (["ingest", "c", "v.mp4", "--fps", "0"], "'0' is not a sampling rate"),
        (["retrieve", "c", "q", "-k", "1000000000"], "k='1000000000' keyframes: give a whole number from 1 to 1000"),
        (["answer", "c", "q", "-k", "0"], "k='0' keyframes"),
        (["locate", "c", "q", "-k", "0"], "k='0' intervals"),
        (["search", "c", "q", "-k", "1001"], "k='1001' moments"),
        (["retrieve", "c", "q", "--gap", "nan"], "gap=nan seconds: give a finite number >= 0"),
        (["plan", "q", "--gap", "-1"], "gap=-1.0 seconds"),
    ],
)
def test_out_of_range_numbers_are_refused_where_they_enter(argv, message, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_python_api_checks_the_same_bounds(corpus):
    import vqdb
    from vqdb.errors import ConfigError

    with pytest.raises(ConfigError, match="sample_fps must be above 0 and at most 240, got inf"):
        vqdb.connect(corpus, sample_fps=float("inf"))
    with pytest.raises(ConfigError, match="k=1000000000 keyframes"):
        vqdb.connect(corpus).retrieve("a bird", k=10**9)
    with pytest.raises(ConfigError, match="gap=nan seconds"):
        vqdb.connect(corpus).retrieve("a bird", gap=float("nan"))


def test_sql_output_problems(corpus, tmp_path, capsys):
    assert main(["sql", str(corpus), "SELECT errors FROM videos", "--format", "csv"]) == 1
    assert "CSV cannot hold the list or struct column(s) errors" in _one_line_error(capsys)
    assert main(["sql", str(corpus), "SELECT 1", "-o", str(tmp_path)]) == 1
    assert "is a directory; give the path of a file" in _one_line_error(capsys)
    assert main(["sql", str(corpus), f"COPY (SELECT 1) TO '{tmp_path / 'x.csv'}'"]) == 1
    assert "statement refused: COPY" in _one_line_error(capsys)


def test_an_empty_query_says_so_and_exits_2(tmp_path, capsys, monkeypatch):
    import io

    from vqdb.testing.corpora import empty_corpus

    corpus = str(empty_corpus(tmp_path / "corpus"))
    assert main(["sql", corpus, ""]) == 2
    assert "the query is empty" in capsys.readouterr().err
    monkeypatch.setattr("sys.stdin", io.StringIO("  ;\n"))
    assert main(["sql", corpus, "-"]) == 2
    assert "the query is empty: pipe SQL into it" in capsys.readouterr().err
    for comments in ("-- count the videos", "/* nothing */ ;\n-- here either\n"):
        assert main(["sql", corpus, comments]) == 2
        assert "the query is empty (it holds only comments): give SQL text" in capsys.readouterr().err
    assert main(["sql", corpus, "/* never closed"]) == 1  # not empty: DuckDB says what is wrong
    assert "SQL failed: Parser Error: unterminated /* comment" in capsys.readouterr().err
