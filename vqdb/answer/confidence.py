"""Answer confidence: as FALCONEye defines it, from the backend's token log-probabilities, or from the
margin of the evidence for the chosen option over the next.

* free text: the geometric mean of the answer tokens' probabilities, ``exp(mean(logprob))``;
* multiple choice: the probability of the chosen letter at the first answer token (alternatives such
  as ``" B"`` and ``"B"`` in the top log-probabilities add up);
* multiple choice without a model (the evidence-only answerer): :func:`margin_confidence`, how far
  the chosen option's score stands above the next one's, scaled by how much of it was read.

Without log-probabilities or a margin the confidence is None (NULL in SQL), never a made-up number.

Example:
    >>> from vqdb.models.protocols import ChatResult
    >>> round(free_text_confidence(ChatResult("a dog", [-0.1, -0.3], {})), 4)
    0.8187
    >>> r = ChatResult("B", [-0.2], {}, ["B"], [{"B": -0.2, " B": -2.0, "A": -3.0}])
    >>> round(choice_confidence(r, "B"), 4)
    0.9541
    >>> free_text_confidence(ChatResult("a dog", None, {})) is None
    True
"""

from __future__ import annotations

import math

from vqdb.models.protocols import ChatResult

MARGIN_SCALE = 0.1  # margin_confidence: a margin of 0.05 gives 0.39, of 0.25 gives 0.92


def margin_confidence(margin: float, support: float = 1.0) -> float:
    """The confidence of an option whose score is ``margin`` above the next option's:
    ``1 - exp(-margin / MARGIN_SCALE)`` (0 for a tie, towards 1 as it stands out), times ``support``
    clipped to 0..1 (the share of the evidence it needs that was found: an option that wins on
    meaning alone, none of its words read, is no sure answer).

    Example:
        >>> [round(margin_confidence(m), 2) for m in (0.0, 0.05, 0.25, 1.0)]
        [0.0, 0.39, 0.92, 1.0]
        >>> round(margin_confidence(0.25, support=0.2), 2)
        0.18
    """
    return (1.0 - math.exp(-max(margin, 0.0) / MARGIN_SCALE)) * min(1.0, max(support, 0.0))


def free_text_confidence(result: ChatResult) -> float | None:
    """Geometric mean of the generated tokens' probabilities; None without log-probabilities.

    Example:
        >>> from vqdb.models.protocols import ChatResult
        >>> free_text_confidence(ChatResult("x", [0.0], {}))
        1.0
    """
    logprobs = result.token_logprobs
    if not logprobs:
        return None
    return math.exp(sum(logprobs) / len(logprobs))


def choice_confidence(result: ChatResult, letter: str) -> float | None:
    """Probability of ``letter`` at the first generated token that spells it (the answer token).

    Uses the top log-probabilities at that step (summing spellings that strip to the letter); falls
    back to the chosen token's own log-probability. None without log-probabilities.

    Example:
        >>> from vqdb.models.protocols import ChatResult
        >>> r = ChatResult('{"result": "C"}', [-0.01, -0.01, -0.7], {}, ['{"result": "', "C", '"}'])
        >>> round(choice_confidence(r, "C"), 4)
        0.99
    """
    if not result.token_logprobs or not result.tokens:
        return None
    step = _first_step_spelling(result.tokens, letter)
    if step is None:
        return None
    tops = result.top_logprobs[step] if result.top_logprobs and step < len(result.top_logprobs) else {}
    matching = [lp for token, lp in tops.items() if token.strip().upper() == letter.upper()]
    if matching:
        return min(1.0, sum(math.exp(lp) for lp in matching))
    return math.exp(result.token_logprobs[step])


def _first_step_spelling(tokens: list[str], letter: str) -> int | None:
    for i, token in enumerate(tokens):
        if token.strip().strip("\"'({[.:)}]").upper() == letter.upper():
            return i
    return None
