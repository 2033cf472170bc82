"""Options that abstain: "None of the above", "The video does not say", "Not mentioned".

Benchmark authors add one where the video may hold none of the other options (Video-MME's "None of the
above", a quiz's "Cannot be determined"). It names nothing the video could show or say: its words read
somewhere ("the video", "say") are no evidence for it, and it is right exactly where none of the other options
is read. The evidence-only answerer scores it ``ABSTAIN_SCORE``, what an option read in part scores, so any
option read well enough wins over it and one read in part or not at all loses.

An option that says what the video holds ("No, there is no flag in the video", "Nothing, it's silent", "It
couldn't tell", a demo's reply) is an answer, not an abstention: only an option that is nothing but one of
these phrasings abstains.

Example:
    >>> [abstains(o) for o in ("None of the above", "The video does not say.", "Hyatt", "Nothing, it's silent")]
    [True, True, False, False]
"""

from __future__ import annotations

import re

_SUBJECT = r"(?:the (?:video|clip|text|speaker|narrator)|it)"
_VERB = r"(?:say|show|mention|tell|state|specify|give|name)"
ABSTAIN = re.compile(
    r"(?:none|neither)(?: of (?:the|these|those|them)(?: (?:above|options|answers|choices))?)?(?: (?:is|are) correct)?"
    rf"|(?:it is |it's )?not (?:mentioned|shown|stated|said|given|specified|visible|named)(?: in the video)?"
    rf"|{_SUBJECT} (?:does not|doesn't|did not|didn't|never) {_VERB}(?: it| this| that)?"
    r"|(?:it )?(?:cannot|can't|can not) be (?:determined|told|known|answered)(?: from the video)?"
    r"|not enough information|no answer is given",
    re.IGNORECASE,
)
ABSTAIN_SCORE = 0.5  # an abstaining option's score: an option read less than this (in part) loses to it


def abstains(option: str) -> bool:
    """Whether ``option`` is only an abstention ("None of these", "Not mentioned in the video", "The video
    doesn't say"), its full stop and letter case aside.

    Example:
        >>> abstains("none of these."), abstains("Not mentioned in the video"), abstains("Neither")
        (True, True, True)
        >>> abstains("None of the children cry"), abstains("No one answers the phone")
        (False, False)
    """
    return ABSTAIN.fullmatch(option.strip().rstrip(".!").strip()) is not None


def abstaining_option(options: list[str]) -> int | None:
    """The index of the one option of ``options`` that abstains; None where none does or several do (then
    they are ordinary options: "Neither" beside "None of the above" says nothing on its own).

    Example:
        >>> abstaining_option(["Hilton", "Marriott", "Hyatt", "None of the above"])
        3
        >>> abstaining_option(["Hilton", "Marriott"]), abstaining_option(["Neither", "None of them"])
        (None, None)
    """
    found = [i for i, option in enumerate(options) if abstains(option)]
    return found[0] if len(found) == 1 else None
