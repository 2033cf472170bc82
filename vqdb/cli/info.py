"""``vqdb info CORPUS [--format table|json]``: tables, row counts, models (and the device each ran on) and
disk use.

Example:
    >>> from vqdb.cli import build_parser
    >>> build_parser().parse_args(["info", "my-corpus", "--format", "json"]).format
    'json'
"""

from __future__ import annotations

import argparse

from vqdb.cli import COMMANDS
from vqdb.cli.arguments import add_format, print_json

# one row per (extractor, model, device, precision) that wrote rows; device and precision come from the
# extraction's settings (NULL for corpora ingested before they were recorded)
MODELS_SQL = """
SELECT extractor, model,
       coalesce(json_extract_string(settings, '$.device'), 'not recorded') AS device,
       coalesce(json_extract_string(settings, '$.precision'), '') AS precision,
       count(*) AS videos
FROM extractions WHERE model IS NOT NULL
GROUP BY ALL ORDER BY extractor, model, device
"""
MODEL_COLUMNS = ("extractor", "model", "device", "precision", "videos")


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "info",
        help=COMMANDS["info"],
        description="Tables, row counts, models with the device each ran on, and disk use.",
    )
    p.add_argument("corpus", help="corpus directory")
    add_format(p, ("table", "json"))
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    import vqdb

    with vqdb.connect(args.corpus, progress=False) as corpus:
        manifest = corpus.store.manifest()
        tables = corpus.info()
        models = corpus.sql(MODELS_SQL).fetchall()
        if args.format == "json":
            print_json(
                {
                    "corpus": str(corpus.root),
                    "embed_model": manifest.get("embed_model"),
                    "embed_dim": manifest.get("embed_dim"),
                    "tables": tables,
                    "models": [dict(zip(MODEL_COLUMNS, row, strict=True)) for row in models],
                }
            )
            return 0
        print(f"corpus {corpus.root}")
        print(
            f"visual model: {manifest.get('embed_model') or 'none'}"
            + (f" (dim {manifest['embed_dim']})" if manifest.get("embed_dim") else "")
        )
        print(f"{'table':<22}{'rows':>10}{'on disk':>10}{'MiB':>9}  models")
        for row in tables:
            print(
                f"{row['table']:<22}{row['rows']:>10}{row['rows_on_disk']:>10}"
                f"{row['bytes'] / 2**20:>9.2f}  {row['models'] or ''}"
            )
        if models:
            print(f"\n{'extractor':<12}{'device':<14}{'precision':<11}{'videos':>7}  model")
            for extractor, model, device, precision, videos in models:
                print(f"{extractor:<12}{device:<14}{precision:<11}{videos:>7}  {model}")
    return 0
