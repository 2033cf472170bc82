"""The ``audio`` extractor: YAMNet sound tags, tables ``audio_tags`` and ``audio_events``, and who speaks
when (``voices``: ``vqdb.ingest.voices``, where the tagger hears speech).

``audio_tags`` holds the ``config.audio_topk`` best labels of every 0.96 s patch (one every 0.48 s);
``audio_events`` the spans where a label's score stays at or above ``config.audio_event_threshold`` over
consecutive patches. A video without audio gets empty tables.

Example:
    >>> import numpy as np
    >>> scores = np.array([[1.0, 0.1], [0.5, 0.25], [0.25, 0.75]])
    >>> events = events_table("v", scores, ["Speech", "Music"], threshold=0.5, duration_s=1.92).to_pylist()
    >>> events[0]
    {'video_id': 'v', 'start_s': 0.0, 'end_s': 1.44, 'label': 'Speech', 'max_score': 1.0, 'mean_score': 0.75}
    >>> events[1]["label"], events[1]["start_s"], events[1]["end_s"]
    ('Music', 0.96, 1.92)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pyarrow as pa

from vqdb.config import Config
from vqdb.ingest.extractors import register
from vqdb.ingest.extractors.base import Extractor, ExtractorOutput, VideoContext, placement_settings
from vqdb.ingest.voices import frame_count, speech_per_frame, utterances, voices_table
from vqdb.models import registry
from vqdb.models.logmel import PATCH_HOP_SECONDS, PATCH_SECONDS, SAMPLE_RATE
from vqdb.schema import TABLES


def patch_times(n_patches: int, duration_s: float) -> tuple[np.ndarray, np.ndarray]:
    """Start and end seconds of each patch; the last ones end at the end of the audio.

    Example:
        >>> [t.tolist() for t in patch_times(3, 1.5)]
        [[0.0, 0.48, 0.96], [0.96, 1.44, 1.5]]
    """
    starts = np.arange(n_patches) * PATCH_HOP_SECONDS
    return starts, np.minimum(starts + PATCH_SECONDS, max(duration_s, 0.0))


def tags_table(
    video_id: str, scores: np.ndarray, labels: Sequence[str], topk: int, duration_s: float, model: str
) -> pa.Table:
    """The ``audio_tags`` rows: the ``topk`` best labels of each patch (ties: lower class index first).

    Example:
        >>> import numpy as np
        >>> table = tags_table("v", np.array([[0.2, 0.9, 0.5]]), ["a", "b", "c"], 2, 0.96, "m")
        >>> table.column("label").to_pylist(), table.column("score").to_pylist()
        (['b', 'c'], [0.9, 0.5])
    """
    n_patches, n_labels = scores.shape
    k = max(0, min(topk, n_labels))
    best = np.argsort(-scores, axis=1, kind="stable")[:, :k]
    starts, ends = patch_times(n_patches, duration_s)
    return TABLES["audio_tags"].conform(
        pa.table(
            {
                "video_id": pa.array([video_id] * (n_patches * k), pa.string()),
                "start_s": np.repeat(starts, k),
                "end_s": np.repeat(ends, k),
                "label": np.asarray(labels, dtype=object)[best.reshape(-1)] if k else np.array([], object),
                "score": np.take_along_axis(scores, best, axis=1).reshape(-1).astype(np.float64),
                "model": pa.array([model] * (n_patches * k), pa.string()),
            }
        )
    )


def events_table(
    video_id: str, scores: np.ndarray, labels: Sequence[str], threshold: float, duration_s: float
) -> pa.Table:
    """The ``audio_events`` rows: runs of consecutive patches whose score for a label is >= ``threshold``.

    Rows are ordered by start time, then label index.

    Example:
        >>> import numpy as np
        >>> events_table("v", np.array([[0.1], [0.6], [0.7], [0.1], [0.9]]), ["Dog"], 0.5, 2.4).column(
        ...     "start_s").to_pylist()
        [0.48, 1.92]
    """
    n_patches, n_labels = scores.shape
    above = np.zeros((n_patches + 2, n_labels), bool)
    above[1:-1] = scores >= threshold
    change = np.diff(above.astype(np.int8), axis=0)
    run_starts, start_labels = np.nonzero(change == 1)  # patch index where a run begins, per label
    run_ends, end_labels = np.nonzero(change == -1)  # one past its last patch
    order_starts = np.lexsort((run_starts, start_labels))
    order_ends = np.lexsort((run_ends, end_labels))
    run_starts, run_labels = run_starts[order_starts], start_labels[order_starts]
    run_ends = run_ends[order_ends]
    # runs are disjoint slices of the label-major score array: reduce each [start, end) slice at once
    flat = np.append(scores.T.reshape(-1), 0.0)
    bounds = np.stack([run_labels * n_patches + run_starts, run_labels * n_patches + run_ends], axis=1).reshape(-1)
    maxima = np.maximum.reduceat(flat, bounds)[::2] if len(bounds) else np.zeros(0)
    sums = np.add.reduceat(flat, bounds)[::2] if len(bounds) else np.zeros(0)
    starts, ends = patch_times(n_patches, duration_s)
    table = pa.table(
        {
            "video_id": pa.array([video_id] * len(run_starts), pa.string()),
            "start_s": starts[run_starts] if len(run_starts) else np.zeros(0),
            "end_s": ends[run_ends - 1] if len(run_ends) else np.zeros(0),
            "label": np.asarray(labels, dtype=object)[run_labels] if len(run_labels) else np.array([], object),
            "max_score": maxima.astype(np.float64),
            "mean_score": (sums / (run_ends - run_starts)).astype(np.float64),
            "_label_index": run_labels,
        }
    )
    table = table.sort_by([("start_s", "ascending"), ("_label_index", "ascending")])
    return TABLES["audio_events"].conform(table)


def voices_of(video_id: str, samples: np.ndarray, scores: np.ndarray, labels: Sequence[str]) -> pa.Table:
    """The ``voices`` rows of a 16 kHz track: its utterances where the tagger's ``scores`` (per patch) hear
    speech, the best of its labels that name speech ("Speech", "Male speech, man speaking"...).

    Example:
        >>> t = np.arange(16000) / 16000
        >>> tone = (0.3 * np.sin(2 * np.pi * 120 * t)).astype(np.float32)
        >>> rows = voices_of("v", tone, np.array([[0.9, 0.0]]), ["Speech", "Music"]).to_pylist()
        >>> [(r["start_s"], r["end_s"], r["voice"]) for r in rows]
        [(0.0, 0.96, 'man')]
    """
    spoken = [i for i, label in enumerate(labels) if "speech" in label.lower()]
    speech = scores[:, spoken].max(axis=1) if spoken and len(scores) else np.zeros(len(scores))
    starts, ends = patch_times(len(scores), len(samples) / SAMPLE_RATE)
    per_frame = speech_per_frame(speech, starts, ends, frame_count(samples))
    return voices_table(video_id, utterances(samples, per_frame))


@register("audio")
class AudioTagsExtractor(Extractor):
    """YAMNet sound tags per 0.96 s patch and the events they form; the utterances and their voices."""

    @classmethod
    def unavailable_reason(cls, config: Config) -> str | None:
        return registry.unavailable_reason("audio", config)

    @classmethod
    def resolved_placement(cls, config: Config) -> dict[str, str]:
        """Where the tagger runs, whatever ``device`` says (its provider's class attributes).

        Example:
            >>> AudioTagsExtractor.resolved_placement(Config(device="cpu", precision="fp32"))
            {'device': 'cpu', 'precision': 'int8'}
        """
        tagger = registry.provider_class("audio", config)
        return {"device": tagger.device, "precision": tagger.precision}

    def run(self, ctx: VideoContext) -> ExtractorOutput:
        track = ctx.audio()
        tagger = registry.audio_tagger(self.config)
        scores = tagger.scores(track.samples) if track.has_audio else np.zeros((0, len(tagger.labels)))
        return ExtractorOutput(
            tables={
                "audio_tags": tags_table(
                    ctx.video_id, scores, tagger.labels, self.config.audio_topk, track.duration_s, tagger.model_id
                ),
                "audio_events": events_table(
                    ctx.video_id, scores, tagger.labels, self.config.audio_event_threshold, track.duration_s
                ),
                "voices": voices_of(ctx.video_id, track.samples, scores, tagger.labels),
            },
            model=tagger.model_id,
            settings={
                "audio_topk": self.config.audio_topk,
                "audio_event_threshold": self.config.audio_event_threshold,
                "patch_s": PATCH_SECONDS,
                "patch_hop_s": PATCH_HOP_SECONDS,
                **placement_settings(tagger),
            },
            error=track.error,
        )
