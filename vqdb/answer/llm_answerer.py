"""A text-only chat model (an LLM) as the answerer: the video's text in the prompt, the option letter back.

An LLM sees no frames: it reads what was on screen, said, subtitled and heard, as timed lines
("[12.0, 14.5] screen: Step 1: Track every penny"), the lines nearest the keyframes first up to
``MAX_PROMPT_CHARS`` (then in time order), with the question and its options in CG-Bench's prompt
shape (``vqdb.answer.prompts``: tasks ``text_mcq`` and ``text_open``). Any ``ChatModel`` of the
registry answers: the ``llm_*`` settings (an OpenAI-compatible endpoint, a local transformers model,
or a GGUF run by llama.cpp such as the bundled Gemma 3 270M). With token log-probabilities the
answer's confidence is FALCONEye's, as for a VLM.

Example:
    >>> from vqdb.answer.evidence import Evidence, Keyframe
    >>> from vqdb.answer.timeline import streams_of
    >>> ev = [Evidence("ocr", "v", 1.0, 3.0, "EXIT", 2.0), Evidence("audio", "v", 5.0, 6.0, "sound: Dog", 5.5)]
    >>> streams = streams_of(ev)
    >>> text_lines(streams, [Keyframe("v", 0, 2.0)])
    ['[1.0, 3.0] screen: EXIT', '[5.0, 6.0] sound: Dog']
"""

from __future__ import annotations

from collections.abc import Sequence

from vqdb.answer.evidence import Keyframe
from vqdb.answer.prompts import build_messages
from vqdb.answer.timeline import Stream
from vqdb.models.protocols import ChatModel

MAX_PROMPT_CHARS = 6000  # about 1,500 tokens of text: room for the question in a 4,096-token context
LABELS = {"ocr": "screen", "transcript": "speech", "subtitle": "subtitle", "audio": ""}


class LlmAnswerer:
    """Answers from the video's text with a chat model (``chat``: a ``vqdb.models.protocols.ChatModel``).

    Example:
        >>> class Echo:
        ...     name = "echo"
        ...     def complete(self, messages, **kw): ...
        >>> LlmAnswerer(Echo()).name
        'llm:echo'
    """

    answerer = "llm"

    def __init__(self, chat: ChatModel, *, max_prompt_chars: int = MAX_PROMPT_CHARS):
        self.chat = chat
        self.max_prompt_chars = max_prompt_chars

    @property
    def name(self) -> str:
        """``llm:<chat model>``, the model id recorded with cached answers."""
        return f"llm:{self.chat.name}"

    def messages(
        self, question: str, options: Sequence[str] | None, streams: Sequence[Stream], keyframes: Sequence[Keyframe]
    ) -> list[dict]:
        """The prompt: the video's text lines (see :func:`text_lines`), the question and its options.

        Example:
            >>> from vqdb.answer.evidence import Evidence
            >>> from vqdb.answer.timeline import streams_of
            >>> streams = streams_of([Evidence("ocr", "v", 1, 2, "EXIT", 1)])
            >>> m = LlmAnswerer(None).messages("Sign?", ["EXIT", "SALE"], streams, [])
            >>> print(m[1]["content"][0]["text"])
            The text read and heard in the video, each line with its time in seconds:
            <BLANKLINE>
            [1.0, 2.0] screen: EXIT
            <BLANKLINE>
            Question: Sign?
            <BLANKLINE>
            A:EXIT
            B:SALE
        """
        lines = text_lines(streams, keyframes, self.max_prompt_chars)
        task = "text_mcq" if options else "text_open"
        return build_messages(task, question, options=options, subtitles=lines)


def text_lines(
    streams: Sequence[Stream], keyframes: Sequence[Keyframe], max_chars: int = MAX_PROMPT_CHARS
) -> list[str]:
    """Every snippet of ``streams`` as a line ``[start, end] source: text``: those nearest a keyframe
    first until ``max_chars``, then in time order (a sound is ``[start, end] sound: label``).

    Example:
        >>> from vqdb.answer.evidence import Evidence
        >>> from vqdb.answer.timeline import streams_of
        >>> ev = [Evidence("transcript", "v", t, t + 1, f"word {t}", t) for t in range(10)]
        >>> text_lines(streams_of(ev), [Keyframe("v", 0, 8.5)], max_chars=80)
        ['[7.0, 8.0] speech: word 7', '[8.0, 9.0] speech: word 8', '[9.0, 10.0] speech: word 9']
    """
    snippets = [s for stream in streams for s in stream.snippets]
    times = {}
    for k in keyframes:
        times.setdefault(k.video_id, []).append(k.ts)

    def distance(snippet) -> float:
        ts = times.get(snippet.video_id)
        if not ts:
            return snippet.start_s
        return min(max(snippet.start_s - t, t - snippet.end_s, 0.0) for t in ts)

    chosen, used = [], 0
    for snippet in sorted(snippets, key=lambda s: (distance(s), s.start_s)):
        label = LABELS.get(snippet.source, snippet.source)
        line = f"[{snippet.start_s:.1f}, {snippet.end_s:.1f}] " + (f"{label}: " if label else "") + snippet.text
        if used + len(line) + 1 > max_chars:
            break
        chosen.append((snippet.video_id, snippet.start_s, line))
        used += len(line) + 1
    return [line for _, _, line in sorted(chosen)]
