"""The ``answers`` table: cached answers of ``vqdb.answer``, one row per (question, plan, model, frames)."""

import pyarrow as pa

from vqdb.schema.table import Column, Table

INTERVAL = pa.struct(
    [("video_id", pa.string()), ("start_s", pa.float64()), ("end_s", pa.float64()), ("score", pa.float64())]
)
FRAME_REF = pa.struct([("video_id", pa.string()), ("frame_idx", pa.int32()), ("ts", pa.float64())])

ANSWERS = Table(
    "answers",
    "Answers given by `corpus.answer` / `vlm_answer`, kept so that asking again costs nothing. "
    "`key` hashes the question, options, plan, model and frames; a row is reused only when all match.",
    "answers",
    (
        Column("key", pa.string(), "SHA-256 of question, options, plan, model and frames (the cache key)."),
        Column("question", pa.string(), "The question as asked."),
        Column("options", pa.list_(pa.string()), "Answer options of a multiple-choice question; NULL when open-ended."),
        Column("video_id", pa.string(), "Video the keyframes come from; NULL when they span several videos."),
        Column("plan", pa.string(), "The retrieval plan as JSON (NULL when keyframes were given directly)."),
        Column("sql", pa.string(), "The SQL the plan compiled to (NULL when keyframes were given directly)."),
        Column(
            "model",
            pa.string(),
            "Answering model (`openai:<model>`, `transformers:<id>`, `llm:<chat model>`, `evidence-only:<embedder>`).",
        ),
        Column(
            "answerer",
            pa.string(),
            "'vlm' (a vision-language model saw the frames), 'llm' (a chat model read the text) or 'evidence-only'.",
        ),
        Column("frames", pa.list_(FRAME_REF), "The keyframes the answer used, in temporal order."),
        Column(
            "answer", pa.string(), "Option letter (multiple choice) or free-text answer; NULL when none could be given."
        ),
        Column("answer_text", pa.string(), "Text of the chosen option, or the free-text answer."),
        Column(
            "confidence",
            pa.float64(),
            "FALCONEye confidence from token log-probabilities; the evidence-only answerer's, with options, from "
            "the margin of the best option over the next; NULL without either.",
        ),
        Column(
            "clue_intervals",
            pa.list_(pa.list_(pa.float64())),
            "Predicted clue intervals [[start, end], ...] in seconds.",
        ),
        Column(
            "evidence", pa.string(), "JSON list of the text evidence near the keyframes (source, start_s, end_s, text)."
        ),
        Column("reply", pa.string(), "The model's raw reply text (evidence-only: JSON of every option's score)."),
        Column("notes", pa.list_(pa.string()), "How the answer was made (fallbacks, parsing problems)."),
        Column(
            "low_confidence",
            pa.bool_(),
            "True when the answer is weak (evidence-only: no option's words read, a small margin, or nothing read "
            "answers an open question); NULL when the answerer cannot tell.",
        ),
        Column(
            "interval",
            INTERVAL,
            "A 'when' question's answer: the located moment (video_id, start_s, end_s, score); NULL otherwise.",
        ),
        Column("created_at", pa.timestamp("us", tz="UTC"), "When the answer was computed."),
    ),
    per_video=False,
)
