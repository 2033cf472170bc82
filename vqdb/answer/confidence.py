"""Answer confidence as FALCONEye defines it, from the backend's token log-probabilities.

* free text: the geometric mean of the answer tokens' probabilities, ``exp(mean(logprob))``;
* multiple choice: the probability of the chosen letter at the first answer token (alternatives such
  as ``" B"`` and ``"B"`` in the top log-probabilities add up).

Without log-probabilities the confidence is None (NULL in SQL), never a made-up number.

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
