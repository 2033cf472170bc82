"""The package's imports only point down its layers, and the check itself catches what it should."""

from __future__ import annotations

import textwrap

import pytest

from vqdb._devtools.imports import LAYERS, cycles, import_graph, owner, upward_edges


def test_no_import_points_up_a_layer():
    graph = import_graph()
    assert [str(e) for e in upward_edges(graph)] == []


def test_no_cycle_between_layer_packages():
    assert cycles(import_graph()) == []


def test_every_module_is_on_a_floor():
    for module in import_graph().modules:
        owner(module)  # raises for a module no floor owns


def _package(tmp_path, files: dict[str, str]):
    root = tmp_path / "vqdb"
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
    return root


def test_a_lazy_upward_import_is_caught(tmp_path):
    root = _package(
        tmp_path,
        {
            "__init__.py": "",
            "udfs/__init__.py": "",
            "udfs/f.py": "def f():\n    from vqdb.answer import answer\n",
            "answer/__init__.py": "from vqdb.udfs import f\n",
        },
    )
    graph = import_graph(root)
    assert [str(e) for e in upward_edges(graph)] == ["vqdb.udfs.f:2 -> vqdb.answer"]
    assert cycles(graph) == [["vqdb.answer", "vqdb.udfs", "vqdb.answer"]]


def test_relative_imports_and_siblings_on_one_floor(tmp_path):
    root = _package(
        tmp_path,
        {
            "__init__.py": "",
            "models/__init__.py": "from . import x\n",
            "models/x.py": "from ..store import Store\n",
            "store/__init__.py": "",
        },
    )
    assert [str(e) for e in upward_edges(import_graph(root))] == ["vqdb.models.x:1 -> vqdb.store"]


def test_an_unknown_module_names_the_fix():
    with pytest.raises(ValueError, match="add it to LAYERS"):
        owner("vqdb_elsewhere.thing")
    assert [title for title, _ in LAYERS][:3] == ["foundation", "tables", "settings"]
