"""Quick commands: vqdb --help imports no sub-command's libraries; an ingest with nothing to do loads no model.

(Their wall times, against ``python -c "import duckdb, polars"``, are in benchmarks/cli.py.)
"""

import ast
import subprocess
import sys

import pytest

from vqdb.cli import COMMANDS, build_parser, main
from vqdb.ingest.extractors.audio import AudioTagsExtractor
from vqdb.planner.planners import PLANNERS

HEAVY = ("duckdb", "pyarrow", "lance", "torch", "numpy", "vqdb.corpus", "vqdb.store")


def imported_by(argv: list[str], modules: tuple[str, ...]) -> list[str]:
    """Those of ``modules`` that ``vqdb ARGV`` imports, run in a new process."""
    probe = (
        "import sys\nfrom vqdb.cli import main\ntry:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
        f"print(sorted(m for m in {modules!r} if m in sys.modules))"
    )
    result = subprocess.run([sys.executable, "-c", probe, *argv], capture_output=True, text=True, check=True)
    return ast.literal_eval(result.stdout.splitlines()[-1])


@pytest.mark.parametrize("argv", [["--help"], ["--version"], ["sql", "--help"]])
def test_the_cli_imports_only_what_the_command_needs(argv):
    imported = imported_by(argv, HEAVY)
    if argv[0] == "sql":  # its module imports DuckDB and Arrow, and nothing of the other sub-commands
        assert not {"lance", "torch", "vqdb.corpus", "vqdb.store"} & set(imported), imported
    else:
        assert imported == [], imported


def test_help_lists_every_sub_command_with_its_module_s_help(capsys):
    full = build_parser()._subparsers._group_actions[0]
    assert {a.dest: a.help for a in full._choices_actions} == COMMANDS
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert all(name in out for name in COMMANDS)


def test_an_ingest_with_nothing_to_do_loads_no_model(tmp_path, sample_media, monkeypatch, capsys):
    root, video = str(tmp_path / "corpus"), str(sample_media / "birds.mp4")
    assert main(["ingest", root, video, "--with", "audio", "--no-progress"]) == 0

    def loads(config):
        raise AssertionError("a model was loaded to learn whether it can be, though no video needed it")

    monkeypatch.setattr(AudioTagsExtractor, "unavailable_reason", classmethod(lambda cls, config: loads(config)))
    assert main(["ingest", root, video, "--with", "audio", "--no-progress"]) == 0
    assert "skipped 1" in capsys.readouterr().out


QUESTION_COMMANDS = ("retrieve", "locate", "answer", "plan", "search")


@pytest.mark.parametrize("command", QUESTION_COMMANDS)
def test_every_question_command_takes_the_shared_question_arguments(command):
    parser = build_parser(command)._subparsers._group_actions[0].choices[command]
    actions = {action.dest: action for action in parser._actions}
    assert {"corpus", "question", "k"} <= set(actions), sorted(actions)
    assert actions["k"].type("3") == 3
    if command != "answer":  # answer plans with the default planner (--retrieval planner|uniform)
        assert actions["planner"].choices == PLANNERS and actions["planner"].default == "rules"
    if command != "search":  # search ranks moments across every video
        assert {"video", "option"} <= set(actions), sorted(actions)


@pytest.mark.parametrize("command", QUESTION_COMMANDS)
def test_a_question_command_s_help_does_not_load_the_planner(command):
    planner = ("duckdb", "sqlglot", "lance", "torch", "vqdb.store", "vqdb.planner.retrieve", "vqdb.planner.tools")
    assert imported_by([command, "--help"], planner) == []
