"""The calls the rules find, and the tools that find them: which tools each kind of cue sends text to
(``TOOLS_FOR``), the accumulator of groups of calls to OR (``_Evidence``), and what a tool accepts.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from vqdb.planner import tools as registry
from vqdb.planner.boolexpr import PlanError
from vqdb.planner.plan import MAX_QUERY_CHARS
from vqdb.planner.tools.audio import Audio
from vqdb.planner.tools.ocr import Ocr
from vqdb.planner.tools.region import Region
from vqdb.planner.tools.siglip import Siglip
from vqdb.planner.tools.subtitle import Subtitle
from vqdb.planner.tools.transcript import Transcript

# -- where each kind of cue sends a quote ----------------------------------------------------------------
# the tools by what they find (their names are the registry's): read on screen, said, subtitled, heard, seen
# whole, seen in a part of the frame
READ, SAID, SUBTITLED, HEARD, SEEN, SEEN_IN_PART = (t.name for t in (Ocr, Transcript, Subtitle, Audio, Siglip, Region))
SPEECH, SCREEN, SUBTITLE, EITHER = "speech", "screen", "subtitles", "either"
TOOLS_FOR = {
    SPEECH: (SAID, SUBTITLED),
    SCREEN: (READ,),
    SUBTITLE: (SUBTITLED, READ, SAID),
    EITHER: (READ, SAID, SUBTITLED),
}
_VISUAL = (SEEN, SEEN_IN_PART)


@dataclasses.dataclass
class _Evidence:
    """The text and sound calls found so far, in order: groups of (tool, query) calls to OR."""

    groups: list[tuple[tuple[str, str], ...]] = dataclasses.field(default_factory=list)

    def add(self, tools: Sequence[str], *queries: str) -> None:
        """One group: each of ``queries`` looked for with each of ``tools`` that accepts it, ORed."""
        self.add_calls([(t, q) for q in queries for t in tools])

    def add_calls(self, calls: Sequence[tuple[str, str]]) -> None:
        """One group of (tool, query) calls, ORed: those whose tool accepts the query."""
        found = tuple((t, q) for t, q in ((t, _trim(q)) for t, q in calls) if _searchable(t, q))
        if found and found not in self.groups:
            self.groups.append(found)

    def add_alternative(self, tool: str, query: str) -> None:
        """``(tool, query)`` ORed into the last group of calls of that tool alone (another name of what it
        looks for), or a group of its own when there is none."""
        same = [i for i, group in enumerate(self.groups) if all(t == tool for t, _ in group)]
        if not same:
            self.add((tool,), query)
        elif _searchable(tool, _trim(query)) and (tool, _trim(query)) not in self.groups[same[-1]]:
            self.groups[same[-1]] = (*self.groups[same[-1]], (tool, _trim(query)))


def _searchable(tool: str, query: str) -> bool:
    """Whether ``tool`` is registered and accepts ``query``, which has letters or digits (a letter for a
    visual tool: "2" alone is no picture)."""
    if not _has_alnum(query) or (tool in _VISUAL and not _has_letter(query)):
        return False
    try:
        registry.get(tool).check(query)  # the tool's own test (what the compiler asks), as the text tools define it
    except PlanError:
        return False
    return True


def _trim(query: str) -> str:
    """``query`` on one line, without the punctuation around it, cut to the plan's length limit at a word."""
    query = " ".join(query.split()).strip(" ,;:-–—")
    if len(query) > MAX_QUERY_CHARS:
        query = query[:MAX_QUERY_CHARS].rsplit(" ", 1)[0] if " " in query[:MAX_QUERY_CHARS] else query[:MAX_QUERY_CHARS]
    return query


def _has_alnum(text: str) -> bool:
    """Whether ``text`` has a letter or a digit."""
    return any(c.isalnum() for c in text)


def _has_letter(text: str) -> bool:
    """Whether ``text`` has a letter (a character of a word that is not a decimal digit)."""
    return any(c.isalnum() and not c.isdecimal() for c in text)
