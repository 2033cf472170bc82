"""The Plan: tool calls (id, tool, query) and the boolean expression that combines them.

JSON form (what planners emit and ``vqdb plan`` prints)::

    {"queries": [{"id": "Q1", "tool": "siglip", "query": "man in a red jacket"},
                 {"id": "Q2", "tool": "ocr", "query": "EXIT"}],
     "combine": "Q1 AND Q2"}

A call may say ``"when": "after"`` (or ``"before"``): it then finds the frames just after (before) what its
tool finds (see ``Call``); ``"after_start"``: the frames after it starts, while it may still be there. An
``ocr`` call may say where its text is on screen, ``"place": "top"``
(``PLACES``), and how big, ``"size": "large"`` (or ``"small"``): reads elsewhere, or of another size, grade
lower (see ``Call``); with an empty query (``"query": ""``) and a place or size, it reads whatever text is
there ("what does the title at the top say?"). A ``transcript`` or ``subtitle`` call may say ``"extent":
"statement"``: its interval is the statement its words are said in, not the words (see ``Call``). A plan may
say ``"order": "first"`` (or ``"last"``): of the moments with real evidence, the earliest (latest) ranks
first; ``"order": "second"`` (``"third"``, ... ``"tenth"``): the start of that occurrence of the evidence
ranks first (see ``Plan`` and ``vqdb.planner.temporal_order``).

A plan with no calls samples frames uniformly (the uniform baseline).

Example:
    >>> plan = Plan.from_json('{"queries": [{"id": "Q1", "tool": "ocr", "query": "EXIT"}], "combine": "Q1"}')
    >>> plan.queries[0].tool, str(plan.expression)
    ('ocr', 'Q1')
    >>> Plan.from_json({"queries": [{"id": "Q1", "tool": "smell", "query": "x"}], "combine": "Q1"})
    Traceback (most recent call last):
    ...
    vqdb.planner.boolexpr.PlanError: call Q1: unknown tool 'smell'; choose from siglip, region, ocr, ...
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterable, Mapping
from typing import Any

from vqdb.planner import boolexpr, tools
from vqdb.planner.boolexpr import PlanError
from vqdb.planner.tools.ocr import PLACE_BANDS, SIZES
from vqdb.planner.tools.said_answer import STATEMENTS

MAX_QUERY_CHARS = 500
_ID = re.compile(r"^[A-Za-z][A-Za-z0-9_]{0,31}$")


CALL_KEYS = frozenset({"id", "tool", "query"})  # what every call has
OPTIONAL_CALL_KEYS = ("when", "place", "size", "extent")  # what a call may have
# a call's "extent": its span is the statement its words are said in, the phrase a voice says (words: said in),
# or the phrase said right after (before) its words ("next", with "when")
EXTENTS = (*STATEMENTS, "phrase", "next")
# a call's "when": the frames just after / before what it finds; "after_start": after it starts, while it may still
# go on (a text that appears and stays: "what does she say after the logo appears?")
RELATIONS = ("after", "before", "after_start")
FOLLOWING = ("after", "after_start")  # the relations that look at the frames after what a call finds
RELATION_DECAY = 0.001  # score lost per second away from the evidence: the nearest frames rank first
# a plan's "order": the earliest moment with real evidence ranks first, or the start of the nth occurrence of
# the evidence ("second", ...: ``Plan.occurrence``), or the latest moment ("last")
NTH_ORDERS = ("second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
ORDERS = ("first", *NTH_ORDERS, "last")
PLACES = tuple(PLACE_BANDS)  # an ocr call's "place": the third(s) of the screen its text is in


@dataclasses.dataclass(frozen=True)
class Call:
    """One tool call: ``tool`` scores every sampled frame against ``query``. With ``when`` ("after" or
    "before"), it scores the frames just after (before) what the tool finds instead: a frame takes the best
    score the tool gives a sampled frame up to ``RELATION_WINDOW_S`` seconds before (after) it, less
    ``RELATION_DECAY`` per second between them ("what does she say right after the applause": ``audio
    'applause'`` after), and none while what it finds is itself still going on (``temporal_order.reference``).
    With ``when`` "after_start", the frames after what it finds starts, while it may still go on: a text that
    appears and stays to the end has no frame after its end, but "what does she say after the logo appears?"
    asks what follows its first showing (``ocr 'logo'`` after_start).

    ``place`` (one of ``PLACES``) and ``size`` (``"large"`` or ``"small"``), for a tool that reads text boxes
    on screen (``Tool.screen_boxes``: ``ocr``), say where the text is and how big: a read whose text is
    elsewhere, or of another size, grades lower (a factor, so a wrong place still finds the text; the rules
    are ``vqdb.planner.tools.ocr``'s). "the title at the top of the screen": ``ocr`` place "top". With no words
    (``query`` empty) and a place or size, the call reads whatever text is in that place, of that size: "what
    does the title at the top say?" is ``ocr ''`` place "top" (a call with neither words nor a place or size is
    an error).

    ``extent`` ("statement"), for a tool whose spans are words said (``Tool.extents``: ``transcript``,
    ``subtitle``), makes a call's span the statement the words are said in (the utterance, the clause), not
    the words: "when does she talk about the 15th century?" is answered with what she says about it;
    "statement_after" ("statement_before") makes it the statement too, its focus the answer, the rest of it after
    (before) the words (``vqdb.planner.tools.said_answer``): "what does the man say he will show?" is keyframed on
    "a directory" of "I will show a directory".
    ``extent`` "phrase", for a voice (``audio``), makes its span the phrase said (a clause, at most 3 s), not
    the utterance: "when does he finish his speech?" is answered with his last phrase; for words said, it makes
    them reach through their clause where it ends within their phrase (``timed_text.reach``: a call with ``when``,
    "right after 'my fellow'", is after "And so, my fellow Americans,"). ``extent`` "next", for words said with
    ``when``, reaches as "phrase" does and makes the call's span and focus the phrase said right after (before)
    them (``vqdb.planner.tools.said_next``): "what does the narrator call the Gutenberg?" is answered with "or
    forty-two line Bible", said after "the Gutenberg,".

    Example:
        >>> Call("Q1", "siglip", "a red car").to_dict()
        {'id': 'Q1', 'tool': 'siglip', 'query': 'a red car'}
        >>> Call("Q2", "audio", "applause", when="after").to_dict()
        {'id': 'Q2', 'tool': 'audio', 'query': 'applause', 'when': 'after'}
        >>> Call("Q3", "ocr", "WE ARE HERE TO", place="top", size="large").to_dict()
        {'id': 'Q3', 'tool': 'ocr', 'query': 'WE ARE HERE TO', 'place': 'top', 'size': 'large'}
        >>> Call("Q6", "ocr", "", place="top").to_dict()
        {'id': 'Q6', 'tool': 'ocr', 'query': '', 'place': 'top'}
        >>> Call("Q7", "ocr", "")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        vqdb.planner.boolexpr.PlanError: call Q7: an ocr call needs words to read (query) or where its text is ...
        >>> Call("Q5", "transcript", "the 15th century", extent="statement").to_dict()["extent"]
        'statement'
        >>> Call("Q8", "transcript", "the Gutenberg", extent="next")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        vqdb.planner.boolexpr.PlanError: call Q8: extent 'next' needs when (the phrase said after or before the words)
        >>> Call("Q4", "siglip", "a red car", place="top")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        vqdb.planner.boolexpr.PlanError: call Q4: place and size need a tool that reads text boxes on screen (ocr); ...
    """

    id: str
    tool: str
    query: str
    when: str | None = None
    place: str | None = None
    size: str | None = None
    extent: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.id, str) or not _ID.match(self.id):
            raise PlanError(f"call id {self.id!r} is invalid: use a letter then letters/digits/_ (e.g. 'Q1')")
        try:
            tools.get(self.tool)
        except PlanError as exc:
            raise PlanError(f"call {self.id}: {exc}") from None
        if not isinstance(self.query, str):
            raise PlanError(f"call {self.id}: query must be a string, got {self.query!r}")
        if not self.query.strip():
            self._check_placed_only()
        if len(self.query) > MAX_QUERY_CHARS:
            raise PlanError(f"call {self.id}: query is {len(self.query)} characters; keep it under {MAX_QUERY_CHARS}")
        if self.when is not None and self.when not in RELATIONS:
            choices = ", ".join(RELATIONS)
            raise PlanError(f"call {self.id}: when must be one of {choices} (or left out), got {self.when!r}")
        if self.when is not None and tools.get(self.tool).evidence != "scores":
            raise PlanError(f"call {self.id}: when needs a tool that scores frames; {self.tool} gives hits")
        self._check_screen()
        self._check_extent()

    def _check_screen(self) -> None:
        """PlanError unless ``place`` and ``size`` are each left out or one of their choices, on a tool that
        reads text boxes on screen."""
        for key, value, choices in (("place", self.place, PLACES), ("size", self.size, SIZES)):
            if value is not None and value not in choices:
                raise PlanError(
                    f"call {self.id}: {key} must be one of {', '.join(choices)} (or left out), got {value!r}"
                )
        if (self.place or self.size) and not tools.get(self.tool).screen_boxes:
            boxed = ", ".join(name for name in tools.names() if tools.get(name).screen_boxes)
            raise PlanError(
                f"call {self.id}: place and size need a tool that reads text boxes on screen ({boxed}); "
                f"{self.tool} does not"
            )

    def _check_placed_only(self) -> None:
        """PlanError unless a call with no words (an empty ``query``) reads text boxes on screen and says where
        or how big its text is: it reads whatever text is there."""
        if not tools.get(self.tool).screen_boxes:
            raise PlanError(f"call {self.id}: query must be a non-empty string, got {self.query!r}")
        if self.place is None and self.size is None:
            raise PlanError(
                f"call {self.id}: an {self.tool} call needs words to read (query) or where its text is (place, size) "
                "to read whatever text is there; it has neither"
            )
        if self.query:
            raise PlanError(f"call {self.id}: query must be the words to read, or empty (''), got {self.query!r}")

    def _check_extent(self) -> None:
        """PlanError unless ``extent`` is left out or one of ``EXTENTS``, on a tool that has it (``Tool.extents``)."""
        if self.extent is None:
            return
        if self.extent not in EXTENTS:
            raise PlanError(
                f"call {self.id}: extent must be one of {', '.join(EXTENTS)} (or left out), got {self.extent!r}"
            )
        if self.extent == "next" and self.when is None:
            raise PlanError(f"call {self.id}: extent 'next' needs when (the phrase said after or before the words)")
        if self.extent not in tools.get(self.tool).extents:
            able = ", ".join(name for name in tools.names() if self.extent in tools.get(name).extents)
            raise PlanError(
                f"call {self.id}: extent {self.extent!r} needs a tool that has it ({able}); {self.tool} has not"
            )

    def to_dict(self) -> dict[str, str]:
        found = {"id": self.id, "tool": self.tool, "query": self.query}
        optional = {"when": self.when, "place": self.place, "size": self.size, "extent": self.extent}
        return found | {key: value for key, value in optional.items() if value}


@dataclasses.dataclass(frozen=True)
class Plan:
    """Tool calls and how to combine them; ``notes`` say what a planner changed or fell back on, and why.

    ``order`` (one of ``ORDERS``, or None) asks for one moment: among the frames with real evidence (as
    strong a kind of match as the video's best, ``vqdb.planner.temporal_order``), "first" ranks the earliest
    first and "last" the latest, and the others keep ToolMerge's order after it ("when does the narrator
    start talking?": the first utterance, not the best heard). "second", "third", ... "tenth" name an
    **occurrence** (``occurrence``): the frames with real evidence fall into runs separated by a stretch
    with none (``temporal_order.occurrence_gap``), and the first frame of that run ranks first ("when does he
    say 'ask' for the second time?"; "first" is the first run's first frame, the earliest). The order is a
    word, as the question says it: ``"order": "second"``, not 2.

    Example:
        >>> p = Plan((Call("Q1", "siglip", "dog"), Call("Q2", "audio", "bark")), "Q1 OR Q2")
        >>> p.to_dict()["queries"][1]
        {'id': 'Q2', 'tool': 'audio', 'query': 'bark'}
        >>> Plan.from_json(p.to_json()) == p
        True
        >>> Plan((Call("Q1", "audio", "speech"),), order="first").to_json()
        '{"queries": [{"id": "Q1", "tool": "audio", "query": "speech"}], "combine": "Q1", "order": "first"}'
        >>> Plan((Call("Q1", "audio", "speech"),), order=2)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        vqdb.planner.boolexpr.PlanError: order must be one of first, second, ..., tenth, last (or left out), got 2 ...
        >>> Plan((Call("Q1", "ocr", "echo"),), order="third").occurrence
        3
    """

    queries: tuple[Call, ...]
    combine: str = ""
    notes: tuple[str, ...] = ()
    planner: str = ""
    order: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "queries", tuple(self.queries))
        object.__setattr__(self, "notes", tuple(self.notes))
        ids = [c.id for c in self.queries]
        duplicates = sorted({i for i in ids if ids.count(i) > 1})
        if duplicates:
            raise PlanError(f"call id(s) {duplicates} used more than once; give every call its own id")
        if self.order is not None and self.order not in ORDERS:
            counted = type(self.order) is int and 1 <= self.order < len(ORDERS)
            hint = f" (the order is a word: {ORDERS[self.order - 1]!r})" if counted else ""
            raise PlanError(
                f"order must be one of first, second, ..., tenth, last (or left out), got {self.order!r}{hint}"
            )
        if not self.queries:
            if self.combine.strip():
                raise PlanError(f"combine {self.combine!r} given but the plan has no calls")
            if self.order is not None:
                raise PlanError(f"order {self.order!r} given but the plan has no calls: nothing is found to order")
            return
        if not self.combine.strip():
            if len(self.queries) > 1:
                raise PlanError(
                    f"plan has {len(self.queries)} calls but no combine expression; e.g. {' AND '.join(ids)!r}"
                )
            object.__setattr__(self, "combine", ids[0])
        used = boolexpr.names(self.expression)
        unknown = sorted(used - set(ids))
        if unknown:
            raise PlanError(f"combine {self.combine!r} refers to unknown call id(s) {unknown}; calls are {ids}")
        unused = [i for i in ids if i not in used]
        if unused:
            raise PlanError(f"call(s) {unused} are not used in combine {self.combine!r}; use them or remove them")

    @property
    def expression(self) -> boolexpr.Node:
        """The parsed combine expression."""
        return boolexpr.parse(self.combine)

    @property
    def occurrence(self) -> int | None:
        """Which occurrence of the evidence ``order`` names (1 for "first", 2 for "second", ...), None for
        "last" or no order."""
        return ORDERS.index(self.order) + 1 if self.order is not None and self.order != "last" else None

    @property
    def is_uniform(self) -> bool:
        """True for a plan with no calls: frames are sampled uniformly."""
        return not self.queries

    def call(self, call_id: str) -> Call:
        """The call with this id."""
        return next(c for c in self.queries if c.id == call_id)

    def to_dict(self) -> dict[str, Any]:
        found = {"queries": [c.to_dict() for c in self.queries], "combine": self.combine}
        return found | {"order": self.order} if self.order else found

    def to_json(self, indent: int | None = None) -> str:
        """The plan as JSON (without notes)."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_json(cls, data: str | Mapping[str, Any], *, planner: str = "") -> Plan:
        """Parse and validate a plan from JSON text or a dict; raises PlanError naming what is wrong."""
        if isinstance(data, str):
            try:
                data = json.loads(data)
            except json.JSONDecodeError as exc:
                raise PlanError(f"plan is not valid JSON ({exc}): {data[:200]!r}") from exc
        if not isinstance(data, Mapping):
            raise PlanError(f"plan must be a JSON object with 'queries' and 'combine', got {type(data).__name__}")
        extra = sorted(set(data) - {"queries", "combine", "order"})
        if extra:
            raise PlanError(f"plan has unknown key(s) {extra}; only 'queries', 'combine' and 'order' are allowed")
        queries = data.get("queries")
        if not isinstance(queries, list):
            raise PlanError(f"plan 'queries' must be a list of calls, got {queries!r:.200}")
        calls = []
        for i, item in enumerate(queries):
            if not isinstance(item, Mapping) or not CALL_KEYS <= set(item) <= CALL_KEYS.union(OPTIONAL_CALL_KEYS):
                raise PlanError(
                    f"plan call #{i + 1} must be an object with id, tool, query (and optionally when, place, size, "
                    f"extent); got {item!r:.200}"
                )
            calls.append(Call(**{key: item.get(key) for key in ("id", "tool", "query", *OPTIONAL_CALL_KEYS)}))
        combine = data.get("combine") or ""
        if not isinstance(combine, str):
            raise PlanError(f"plan 'combine' must be a string such as 'Q1 AND Q2', got {combine!r:.200}")
        return cls(tuple(calls), combine, planner=planner, order=data.get("order"))

    def with_notes(self, *notes: str) -> Plan:
        """A copy with notes added."""
        return dataclasses.replace(self, notes=self.notes + tuple(n for n in notes if n))

    def without_tools(self, unavailable: Iterable[str]) -> Plan:
        """Drop the calls of the ``unavailable`` tools (with a note each); the expression keeps the rest.
        PlanError when one of them is not a tool.

        Example:
            >>> p = Plan((Call("Q1", "siglip", "dog"), Call("Q2", "ocr", "EXIT")), "Q1 AND Q2")
            >>> q = p.without_tools({"siglip"})
            >>> q.combine, q.notes
            ('Q2', ("dropped Q1 (siglip 'dog'): tool siglip is not available in this corpus",))
        """
        unavailable = {tools.get(name).name for name in unavailable}
        removed = [c for c in self.queries if c.tool in unavailable]
        if not removed:
            return self
        remaining = boolexpr.drop(self.expression, {c.id for c in removed})
        kept = tuple(c for c in self.queries if c.tool not in unavailable)
        notes = [
            f"dropped {c.id} ({c.tool} {c.query!r}): tool {c.tool} is not available in this corpus" for c in removed
        ]
        if remaining is None:
            notes.append("no usable calls left: sampling frames uniformly")
        return dataclasses.replace(
            self,
            queries=kept,
            combine="" if remaining is None else str(remaining),
            notes=self.notes + tuple(notes),
            order=None if remaining is None else self.order,
        )


def uniform_plan(*notes: str) -> Plan:
    """The uniform-sampling baseline: a plan with no calls.

    Example:
        >>> uniform_plan().to_json()
        '{"queries": [], "combine": ""}'
    """
    return Plan((), "", notes=notes, planner="uniform")
