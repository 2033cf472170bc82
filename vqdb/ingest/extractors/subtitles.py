"""The ``subtitles`` extractor: cues of sidecar ``.srt`` / ``.vtt`` files into the ``subtitles`` table.

Each cue's sentence embedding is stored with it (``vqdb.ingest.sentence_vectors``). A video without a
sidecar file gets an empty table. One file is stored per language (``vqdb.ingest.subtitles.tracks``): beside
``clip.vtt`` a ``clip.srt`` is the same speech again, so it is read only when the ``.vtt`` gives no cue.
Blocks that cannot be read are skipped and reported in the extraction's error; a sidecar that cannot be read
at all is reported and the next of its language, or the other languages, still load.

Example:
    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "clip.srt").write_text("1\\n00:00:01,000 --> 00:00:02,000\\nHi\\n")
    >>> table, error = subtitles_table("v", folder / "clip.mp4")
    >>> table.drop_columns(["text_emb"]).to_pylist()
    [{'video_id': 'v', 'cue_id': 0, 'start_s': 1.0, 'end_s': 2.0, 'text': 'Hi', 'source': 'clip.srt'}]
"""

from __future__ import annotations

from pathlib import Path

import pyarrow as pa

from vqdb.errors import MediaError
from vqdb.ingest.extractors import register
from vqdb.ingest.extractors.base import Extractor, ExtractorOutput, VideoContext
from vqdb.ingest.sentence_vectors import text_model, with_sentence_vectors
from vqdb.ingest.subtitles import ParsedSubtitles, find_sidecars, read_subtitles, sidecar_digests, tracks
from vqdb.schema import TABLES


def subtitles_table(video_id: str, video_path: Path, beside: list[Path] | None = None) -> tuple[pa.Table, str | None]:
    """The ``subtitles`` rows of each language's sidecar of ``video_path`` (``text_emb`` NULL), and a message
    for what was skipped; ``beside`` as for ``find_sidecars``.

    Example:
        >>> subtitles_table("v", Path("/no/such/video.mp4"))[0].num_rows
        0
    """
    rows, problems = [], []
    for track in tracks(find_sidecars(video_path, beside)):
        if (read := _first_with_cues(track, problems)) is None:
            continue
        sidecar, parsed = read
        rows += [
            {
                "video_id": video_id,
                "cue_id": cue_id,
                "start_s": cue.start_s,
                "end_s": cue.end_s,
                "text": cue.text,
                "source": sidecar.name,
            }
            for cue_id, cue in enumerate(parsed.cues)
        ]
    return TABLES["subtitles"].from_rows(rows), "; ".join(problems) or None


def _first_with_cues(track: list[Path], problems: list[str]) -> tuple[Path, ParsedSubtitles] | None:
    """The first file of ``track`` that gives cues, and it parsed; what it and those before it skipped goes
    to ``problems``."""
    for sidecar in track:
        try:
            parsed = read_subtitles(sidecar)
        except MediaError as exc:
            problems.append(str(exc))
            continue
        if parsed.skipped_blocks:
            problems.append(f"{sidecar}: skipped {parsed.skipped_blocks} cue(s) with unreadable timing")
        if parsed.cues:
            return sidecar, parsed
    return None


@register("subtitles")
class SubtitlesExtractor(Extractor):
    """Sidecar subtitle files, with the sentence embedding of each cue (the text model loads for cues only)."""

    def run(self, ctx: VideoContext) -> ExtractorOutput:
        sidecars = find_sidecars(ctx.path)  # the folder listed once, for the rows and their digests
        table, error = subtitles_table(ctx.video_id, Path(ctx.path), sidecars)
        return ExtractorOutput(
            tables={"subtitles": with_sentence_vectors(table, self.config)},
            model=text_model(self.config),
            settings={
                "sources": sorted(set(table.column("source").to_pylist())),
                "sidecars": sidecar_digests(ctx.path, sidecars),
            },
            error=error,
        )
