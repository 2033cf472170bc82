"""``vqdb info CORPUS``: tables, row counts, models and disk use."""

from __future__ import annotations

import argparse


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("info", help="describe a corpus", description="Tables, row counts, models and disk use.")
    p.add_argument("corpus", help="corpus directory")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    import vqdb

    with vqdb.connect(args.corpus, progress=False) as corpus:
        manifest = corpus.store.manifest()
        print(f"corpus {corpus.root}")
        print(
            f"visual model: {manifest.get('embed_model') or 'none'}"
            + (f" (dim {manifest['embed_dim']})" if manifest.get("embed_dim") else "")
        )
        print(f"{'table':<22}{'rows':>10}{'on disk':>10}{'MiB':>9}  models")
        for row in corpus.info():
            print(
                f"{row['table']:<22}{row['rows']:>10}{row['rows_on_disk']:>10}"
                f"{row['bytes'] / 2**20:>9.2f}  {row['models'] or ''}"
            )
    return 0
