"""``vqdb index CORPUS``: vector (IVF_PQ) indexes on the embedding tables, full-text indexes and the per-video
tables' ``video_id`` indexes; with ``--ocr-spans``, first the ``ocr_spans`` rebuilt from the stored per-frame
reads, each text with its sentence embedding (``vqdb.ingest.respan``).

Example:
    >>> from vqdb.cli import build_parser
    >>> build_parser().parse_args(["index", "my-corpus", "--rebuild"]).rebuild
    True
    >>> build_parser().parse_args(["index", "my-corpus", "--ocr-spans"]).ocr_spans
    True
"""

from __future__ import annotations

import argparse
import dataclasses

from vqdb.cli import COMMANDS
from vqdb.cli.arguments import add_format, print_json
from vqdb.store.vector_index import MIN_INDEXED_ROWS, VECTOR_TABLES


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "index",
        help=COMMANDS["index"],
        description=(
            "IVF_PQ indexes for frame_search (tables of at least --min-rows rows), full-text indexes and "
            "video_id indexes (a video's rows read without scanning the table)."
        ),
    )
    p.add_argument("corpus", help="corpus directory")
    p.add_argument("--table", choices=VECTOR_TABLES, action="append", help="vector table(s) to index (default: all)")
    p.add_argument("--min-rows", type=int, default=MIN_INDEXED_ROWS, help="skip smaller tables (default %(default)s)")
    p.add_argument("--partitions", type=int, help="IVF partitions (default: about sqrt(rows))")
    p.add_argument("--sub-vectors", type=int, help="PQ sub-vectors (default: dimension / 16)")
    p.add_argument("--rebuild", action="store_true", help="retrain existing vector indexes instead of updating them")
    p.add_argument(
        "--ocr-spans",
        action="store_true",
        help="first rebuild ocr_spans from the stored per-frame OCR reads, each text with its sentence embedding "
        "(after an upgrade changed how reads make spans, or a corpus ingested before spans stored their "
        "embeddings), without running OCR again",
    )
    p.add_argument("--no-wait", action="store_true", help="fail instead of waiting while another process writes")
    add_format(p, ("text", "json"))
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from vqdb.config import Config
    from vqdb.ingest.respan import rebuild_ocr_spans
    from vqdb.store import Store
    from vqdb.store.text_index import build_text_indexes
    from vqdb.store.vector_index import build_vector_index
    from vqdb.store.video_index import build_video_indexes

    with Store.open(args.corpus, writable=True, wait=not args.no_wait) as store:
        spans = rebuild_ocr_spans(store, Config.load(args.corpus)) if args.ocr_spans else None
        vector = [
            build_vector_index(
                store,
                table,
                num_partitions=args.partitions,
                num_sub_vectors=args.sub_vectors,
                min_rows=args.min_rows,
                rebuild=args.rebuild,
            )
            for table in args.table or VECTOR_TABLES
        ]
        video = build_video_indexes(store)
        text = build_text_indexes(store)
    if args.format == "json":
        rebuilt = {} if spans is None else {"ocr_spans": spans}
        print_json({**rebuilt, "vector": [dataclasses.asdict(r) for r in vector], "full_text": text, "video_id": video})
        return 0
    if spans is not None:
        print(
            f"ocr_spans: rebuilt from the stored reads, {sum(spans.values())} spans of {len(spans)} videos, "
            "each text embedded"
        )
    print("\n".join(map(str, vector)))
    for table, rows in text.items():
        print(f"{table}: full-text index, {rows} rows newly indexed")
    for table, rows in video.items():
        print(f"{table}: video_id index, {rows} rows newly indexed")
    return 0
