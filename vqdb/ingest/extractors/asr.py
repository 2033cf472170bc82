"""The ``asr`` extractor: Whisper transcripts, tables ``transcript_segments`` and ``transcript_words``.

It transcribes the video's audio track (decoded once per video by ``VideoContext.audio``) and stores
each segment's sentence embedding (``vqdb.ingest.sentence_vectors``). A video without audio gets empty
tables; audio that failed part-way is transcribed as far as it decoded and the
decoding error is recorded.

Example:
    >>> from vqdb.schema import TABLES
    >>> transcript_tables("v1", Transcript(language="en", segments=()), "base")["transcript_words"].num_rows
    0
"""

from __future__ import annotations

import pyarrow as pa

from vqdb.config import Config
from vqdb.ingest.extractors import register
from vqdb.ingest.extractors.base import Extractor, ExtractorOutput, VideoContext, placement_settings
from vqdb.ingest.sentence_vectors import text_model, with_sentence_vectors
from vqdb.models import registry
from vqdb.models.protocols import Transcript
from vqdb.schema import TABLES


def transcript_tables(video_id: str, transcript: Transcript, model_id: str) -> dict[str, pa.Table]:
    """The ``transcript_segments`` and ``transcript_words`` rows of one transcript (``text_emb`` NULL).

    Example:
        >>> from vqdb.models.protocols import Segment, Word
        >>> seg = Segment(0.0, 1.0, "Hello.", -0.2, 0.01, (Word(" Hello.", 0.1, 0.6, 0.9),))
        >>> tables = transcript_tables("v1", Transcript("en", (seg,)), "base")
        >>> tables["transcript_words"].column("word").to_pylist()
        ['Hello.']
    """
    segments = [
        {
            "video_id": video_id,
            "seg_id": seg_id,
            "start_s": seg.start_s,
            "end_s": seg.end_s,
            "text": seg.text,
            "language": transcript.language,
            "avg_logprob": seg.avg_logprob,
            "no_speech_prob": seg.no_speech_prob,
            "model": model_id,
        }
        for seg_id, seg in enumerate(transcript.segments)
    ]
    words = [
        {
            "video_id": video_id,
            "seg_id": seg_id,
            "word": word.word.strip(),
            "start_s": word.start_s,
            "end_s": word.end_s,
            "probability": word.probability,
        }
        for seg_id, seg in enumerate(transcript.segments)
        for word in seg.words
    ]
    return {
        "transcript_segments": TABLES["transcript_segments"].from_rows(segments),
        "transcript_words": TABLES["transcript_words"].from_rows(words),
    }


@register("asr")
class AsrExtractor(Extractor):
    """Speech to text with faster-whisper (VAD, detected language or ``whisper_language``, word timestamps)."""

    @classmethod
    def unavailable_reason(cls, config: Config) -> str | None:
        return registry.unavailable_reason("asr", config)

    @classmethod
    def resolved_placement(cls, config: Config) -> dict[str, str]:
        """Whisper's device and CTranslate2 compute type (int8 on the CPU unless a precision is asked for).

        Example:
            >>> AsrExtractor.resolved_placement(Config(device="cpu"))
            {'device': 'cpu', 'precision': 'int8'}
        """
        from vqdb.models.device import placement
        from vqdb.models.whisper import compute_type

        place = placement(config)
        return {"device": place.device, "precision": compute_type(place)}

    def run(self, ctx: VideoContext) -> ExtractorOutput:
        track = ctx.audio()
        recognizer = registry.speech_recognizer(self.config)
        transcript = recognizer.transcribe(track.samples) if track.has_audio else Transcript("", ())
        tables = transcript_tables(ctx.video_id, transcript, recognizer.model_id)
        tables["transcript_segments"] = with_sentence_vectors(tables["transcript_segments"], self.config)
        return ExtractorOutput(
            tables=tables,
            model=recognizer.model_id,
            settings={
                "whisper_model": self.config.whisper_model,
                "whisper_language": self.config.whisper_language,
                **recognizer.settings,
                **placement_settings(recognizer),
                "text_model": text_model(self.config),
            },
            error=track.error,
        )
