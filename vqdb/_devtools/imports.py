"""The package's import graph, by layer: ``python -m vqdb._devtools.imports`` prints it and every edge
that points up a layer or closes a cycle (exit status 1 when there is one).

Layers, bottom to top; a module may import from its own layer's package and from lower layers only.
Two packages on the same floor (``models`` and ``store``, ``answer`` and ``eval``) never import each
other. Imports inside functions count as much as those at the top of a module: a lazy import that
points up is still a loop at run time.

Example:
    >>> graph = import_graph()
    >>> ("vqdb.corpus", "vqdb.session") in graph.edges
    True
    >>> [str(e) for e in upward_edges(graph)]
    []
"""

from __future__ import annotations

import ast
import dataclasses
import sys
from collections.abc import Iterable
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parents[1]
ROOT = "vqdb"

# (floor, packages or modules on it); a name owns itself and everything below it in the dotted tree,
# except the package root "vqdb" (the public facade: connect, attach, Config), which owns only itself.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("foundation", ("vqdb._version", "vqdb.errors", "vqdb.textnorm")),
    ("tables", ("vqdb.schema",)),  # the table definitions and extractor names, which the settings check
    ("settings", ("vqdb.config",)),
    ("models, store", ("vqdb.models", "vqdb.store")),
    ("ingest", ("vqdb.ingest",)),
    ("sql: macro files", ("vqdb.queries", "vqdb.polars")),
    ("sql: functions", ("vqdb.udfs",)),
    ("sql: session", ("vqdb.session", "vqdb.videos")),
    ("planner", ("vqdb.planner",)),
    ("answer, eval", ("vqdb.answer", "vqdb.eval")),
    ("corpus", ("vqdb.corpus", "vqdb.viz")),
    ("package", ("vqdb",)),
    ("web app", ("vqdb.serve",)),  # below the command line, whose `vqdb serve` starts it
    ("command line", ("vqdb.cli",)),
    ("entry point", ("vqdb.__main__",)),
    ("development", ("vqdb.testing", "vqdb._devtools")),
)


@dataclasses.dataclass(frozen=True)
class Edge:
    """``source`` imports ``target`` (both module names), at ``line`` of the source file."""

    source: str
    target: str
    line: int

    def __str__(self) -> str:
        return f"{self.source}:{self.line} -> {self.target}"


@dataclasses.dataclass
class ImportGraph:
    """Modules of the package and the vqdb modules each imports."""

    modules: list[str]
    imports: list[Edge]

    @property
    def edges(self) -> set[tuple[str, str]]:
        return {(e.source, e.target) for e in self.imports}


def owner(module: str) -> tuple[int, str]:
    """The floor number and the layer package (or module) that ``module`` belongs to.

    Example:
        >>> owner("vqdb.planner.tools.ocr")
        (8, 'vqdb.planner')
        >>> owner("vqdb"), owner("vqdb.cli.sql")
        ((11, 'vqdb'), (13, 'vqdb.cli'))
    """
    best: tuple[int, str] | None = None
    for floor, (_, names) in enumerate(LAYERS):
        for name in names:
            inside = module == name or (name != ROOT and module.startswith(name + "."))
            if inside and (best is None or len(name) > len(best[1])):
                best = (floor, name)
    if best is None:
        raise ValueError(f"module {module} is on no floor: add it to LAYERS in {__file__}")
    return best


def import_graph(package_dir: Path = PACKAGE_DIR) -> ImportGraph:
    """Every ``import vqdb...`` / ``from vqdb... import`` in the package, wherever it stands in a file."""
    modules, edges = [], []
    for path in sorted(package_dir.rglob("*.py")):
        module = _module_name(path, package_dir)
        modules.append(module)
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            for target in _targets(node, module, path.name == "__init__.py"):
                if target.split(".")[0] == ROOT and target != module:
                    edges.append(Edge(module, target, node.lineno))
    return ImportGraph(modules, edges)


def upward_edges(graph: ImportGraph) -> list[Edge]:
    """Imports of a higher floor, or of another package on the same floor."""
    bad = []
    for edge in graph.imports:
        (src_floor, src_pkg), (dst_floor, dst_pkg) = owner(edge.source), owner(edge.target)
        if dst_floor > src_floor or (dst_floor == src_floor and dst_pkg != src_pkg):
            bad.append(edge)
    return bad


def cycles(graph: ImportGraph) -> list[list[str]]:
    """Cycles among layer packages (each as the packages in order), found by depth-first search."""
    succ: dict[str, set[str]] = {}
    for edge in graph.imports:
        a, b = owner(edge.source)[1], owner(edge.target)[1]
        if a != b:
            succ.setdefault(a, set()).add(b)
    found, state = [], {}

    def visit(node: str, path: list[str]) -> None:
        state[node] = "open"
        for nxt in sorted(succ.get(node, ())):
            if state.get(nxt) == "open":
                found.append(path[path.index(nxt) :] + [nxt])
            elif nxt not in state:
                visit(nxt, path + [nxt])
        state[node] = "done"

    for node in sorted(succ):
        if node not in state:
            visit(node, [node])
    return found


def layer_edges(graph: ImportGraph) -> dict[tuple[str, str], int]:
    """How many imports go from each layer package to each other one."""
    counts: dict[tuple[str, str], int] = {}
    for edge in graph.imports:
        a, b = owner(edge.source)[1], owner(edge.target)[1]
        if a != b:
            counts[(a, b)] = counts.get((a, b), 0) + 1
    return counts


def report(graph: ImportGraph) -> str:
    """The layers, the edges between layer packages, and every upward edge and cycle."""
    lines = ["floors, bottom first (imports point down):"]
    for floor, (title, names) in enumerate(LAYERS):
        lines.append(f"  {floor}  {title:15s} {', '.join(names)}")
    lines.append("")
    lines.append("imports between layer packages (count):")
    for (a, b), n in sorted(layer_edges(graph).items(), key=lambda kv: (owner(kv[0][0])[0], kv[0])):
        lines.append(f"  {a:16s} -> {b:16s} {n:3d}")
    bad, loops = upward_edges(graph), cycles(graph)
    lines.append("")
    lines.append(f"upward edges: {len(bad)}")
    lines += [f"  {e}" for e in bad]
    lines.append(f"cycles: {len(loops)}")
    lines += ["  " + " -> ".join(c) for c in loops]
    return "\n".join(lines)


def _module_name(path: Path, package_dir: Path) -> str:
    parts = list(path.relative_to(package_dir.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _targets(node: ast.AST, module: str, is_package: bool) -> Iterable[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if isinstance(node, ast.ImportFrom):
        if node.level:
            base = module.split(".")
            base = base[: len(base) - node.level + (1 if is_package else 0)]
            prefix = ".".join(base + ([node.module] if node.module else []))
        else:
            prefix = node.module or ""
        # "from vqdb.x import y" may import the module vqdb.x.y or the name y of vqdb.x: both are vqdb.x's floor
        return [prefix]
    return []


def main() -> int:
    graph = import_graph()
    print(report(graph))
    return 1 if upward_edges(graph) or cycles(graph) else 0


if __name__ == "__main__":
    sys.exit(main())
