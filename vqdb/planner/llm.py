"""The LLM planner: the ToolMerge prompt (question, options, duration, sampling rate, tools -> JSON plan).

Any chat backend with ``complete(messages, *, max_tokens, temperature, json_mode) -> ChatResult`` works:
``vqdb.models.openai_chat.ChatClient`` (vLLM, Ollama, llama.cpp server, OpenAI; configured from
``VQDB_LLM_BASE_URL`` / ``VQDB_LLM_MODEL`` / ``VQDB_LLM_API_KEY``),
``vqdb.models.transformers_chat.TransformersChat`` (a local causal LM) or
``vqdb.models.gguf_chat.GgufChat`` (a GGUF file run by llama.cpp, by default the bundled Gemma 3 270M).
The prompt describes the available tools from the registry and shows worked examples that use only
them. A reply that is not a valid plan gets one repair request quoting the error; if that fails too, or
the backend fails, the rule-based plan is used and ``notes`` say why.

Example:
    >>> from vqdb.models.protocols import ChatResult
    >>> class Canned:
    ...     def complete(self, messages, **kw):
    ...         return ChatResult('{"queries": [{"id": "Q1", "tool": "ocr", "query": "EXIT"}]}', None, {})
    >>> llm_plan("When is EXIT on screen?", llm=Canned()).to_json()
    '{"queries": [{"id": "Q1", "tool": "ocr", "query": "EXIT"}], "combine": "Q1"}'
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Iterable, Sequence
from typing import Any

from vqdb.errors import VqdbError
from vqdb.planner import tools as registry
from vqdb.planner.boolexpr import PlanError
from vqdb.planner.plan import ORDERS, PLACES, SIZES, Plan
from vqdb.planner.rules import rule_plan
from vqdb.planner.tools.audio import Audio
from vqdb.planner.tools.base import Tool
from vqdb.planner.tools.ocr import Ocr
from vqdb.planner.tools.siglip import Siglip
from vqdb.planner.tools.transcript import Transcript

MAX_REPLY_TOKENS = 512
MAX_CALLS = 4

SYSTEM_PROMPT = """You plan keyframe retrieval for questions about a video. Tools score every sampled frame
(tool: what it finds; what its query is):
{tools}
Reply with one JSON object and nothing else, of the form
{{"queries": [{{"id": "Q1", "tool": "<tool>", "query": "<short text>"}}, ...], "combine": "Q1 AND Q2"}}
Rules:
- Use only the tools listed above; 1 to 4 calls; ids Q1, Q2, ...; every id appears in "combine".
- "combine" joins ids with AND (all must hold), OR (any may hold) and parentheses; AND binds tighter than OR.
- A quoted phrase is text to find: on screen ({read}) if the question says it is shown or written, spoken
  ({said}) if it says it is said or heard, both ORed when it does not say.
- Add "order": "first" when the question asks for the first time or when something starts ("when does
  she start talking?", "when is EXIT first shown?"), "order": "last" for the last time or when it stops or
  ends, "order": "second" ("third", ... "tenth") for the second (third, ...) time it happens ("when does he
  say 'ask' for the second time?"; "again" is the second time); leave it out otherwise.
- A {read} call may add "place" ({places}) where the question says where the text is on screen ("the caption at
  the bottom": "bottom"; "the lower third": "bottom"), and "size" ("large" or "small") where it says how big
  ("in big letters", "the small print"); leave them out of its query and of other tools' calls.
- Queries are short: the words to look for, not the question. Answer options may hint at what to look
  for; do not answer the question.
{examples}"""


def _example(
    question: str,
    combine: str,
    *calls: tuple[type[Tool], str] | tuple[type[Tool], str, dict[str, str]],
    order: str | None = None,
) -> tuple[str, dict[str, Any]]:
    """A worked example of the prompt: ``question`` and its plan, the ``(tool class, query)`` calls as Q1, Q2...
    (a call's other keys, such as its place, in a dict after its query; and the plan's ``order``, when given)."""
    queries = [
        {"id": f"Q{i}", "tool": tool.name, "query": query, **(keys[0] if keys else {})}
        for i, (tool, query, *keys) in enumerate(calls, start=1)
    ]
    return question, {"queries": queries, "combine": combine} | ({"order": order} if order else {})


# Worked examples for the prompt: (question, plan). One is shown when every tool it uses is offered.
EXAMPLES = (
    _example(
        "When does the man in the red jacket hold up the sign that says EXIT?",
        "Q1 AND Q2",
        (Siglip, "a man in a red jacket holding a sign"),
        (Ocr, "EXIT"),
    ),
    _example("When does the announcer say 'welcome back'?", "Q1", (Transcript, "welcome back")),
    _example(
        "When does 'GETTING STARTED' come up?", "Q1 OR Q2", (Ocr, "GETTING STARTED"), (Transcript, "GETTING STARTED")
    ),
    _example(
        "When does a dog bark at the mailman?", "Q1 AND Q2", (Siglip, "a dog and a mailman"), (Audio, "dog barking")
    ),
    _example("When does the narrator stop talking?", "Q1", (Audio, "speech"), order="last"),
    _example("When does the word EXIT appear for the third time?", "Q1", (Ocr, "EXIT"), order="third"),
    _example(
        "When does the score in the top-left corner change to 2-1?",
        "Q1",
        (Ocr, "2-1", {"place": "top-left"}),
    ),
    _example("When does 'WE ARE HERE TO' appear in big letters?", "Q1", (Ocr, "WE ARE HERE TO", {"size": "large"})),
)


def build_messages(
    question: str,
    options: Sequence[str] | None = None,
    *,
    duration_s: float | None = None,
    sample_fps: float | None = None,
    tools: Iterable[str] | None = None,
) -> list[dict[str, str]]:
    """The chat messages of the planning prompt.

    Example:
        >>> messages = build_messages("Who waves?", ["Ann", "Bob"], duration_s=60, sample_fps=1, tools=["siglip"])
        >>> print(messages[1]["content"])
        Question: Who waves?
        Answer options: (A) Ann (B) Bob
        Video: 60.0 s, sampled at 1.0 frames per second (60 frames).
    """
    offered = [registry.get(t) for t in registry.names() if tools is None or t in set(tools)]
    described = "\n".join(f"- {t.name}: {t.description}; query: {t.query_hint}" for t in offered)
    names = {t.name for t in offered}
    examples = "\n".join(
        f"Example: {q!r} ->\n{json.dumps(plan)}"
        for q, plan in EXAMPLES
        if all(c["tool"] in names for c in plan["queries"])
    )
    lines = [f"Question: {question}"]
    if options:
        lines.append("Answer options: " + " ".join(f"({chr(65 + i)}) {o}" for i, o in enumerate(options)))
    if duration_s is not None:
        video = f"Video: {float(duration_s):.1f} s"
        if sample_fps:
            video += f", sampled at {float(sample_fps):.1f} frames per second ({round(duration_s * sample_fps)} frames)"
        lines.append(video + ".")
    return [
        {
            "role": "system",
            "content": SYSTEM_PROMPT.format(
                tools=described, examples=examples, read=Ocr.name, said=Transcript.name, places=", ".join(PLACES)
            ).rstrip(),
        },
        {"role": "user", "content": "\n".join(lines)},
    ]


def plan_schema(tools: Iterable[str] | None = None) -> dict[str, Any]:
    """The JSON schema of a plan the prompt asks for (1 to 4 calls of the offered tools, ids Q1..Q4, a
    combine of ids joined by AND and OR, an optional order; a place and size of a call when a tool that reads
    text boxes on screen is offered), for backends that constrain decoding to a schema.
    What a schema cannot say (every id used once, in combine) is checked by ``parse_reply``.

    Example:
        >>> plan_schema(["ocr", "audio"])["properties"]["queries"]["items"]["properties"]["tool"]
        {'type': 'string', 'enum': ['ocr', 'audio']}
    """
    offered = [t for t in registry.names() if tools is None or t in set(tools)]
    # where on screen and how big a text is: for a tool that reads text boxes (PlanError on another tool's call)
    screen = {"place": {"type": "string", "enum": list(PLACES)}, "size": {"type": "string", "enum": list(SIZES)}}
    call = {
        "type": "object",
        "properties": {
            "id": {"type": "string", "enum": [f"Q{i}" for i in range(1, MAX_CALLS + 1)]},
            "tool": {"type": "string", "enum": offered},
            "query": {"type": "string", "minLength": 1, "maxLength": 100},
        }
        | (screen if any(registry.get(t).screen_boxes for t in offered) else {}),
        "required": ["id", "tool", "query"],
        "additionalProperties": False,
    }
    ids = f"Q[1-{MAX_CALLS}]"  # no parentheses: AND binds tighter than OR, so "Q1 AND Q2 OR Q3" says most plans
    return {
        "type": "object",
        "properties": {
            "queries": {"type": "array", "items": call, "minItems": 1, "maxItems": MAX_CALLS},
            "combine": {"type": "string", "pattern": f"^{ids}( (AND|OR) {ids}){{0,{MAX_CALLS - 1}}}$"},
            "order": {"type": "string", "enum": list(ORDERS)},
        },
        "required": ["queries", "combine"],
        "additionalProperties": False,
    }


def parse_reply(text: str, tools: Iterable[str] | None = None) -> Plan:
    """The plan in a model's reply (code fences and text around the JSON object are ignored).

    Example:
        >>> parse_reply('Sure! ```json\\n{"queries": [{"id": "Q1", "tool": "audio", "query": "dog"}]}\\n```').combine
        'Q1'
        >>> parse_reply('{"queries": [{"id": "Q1", "tool": "ocr", "query": "x"}]}', tools=["siglip"])
        Traceback (most recent call last):
        ...
        vqdb.planner.boolexpr.PlanError: call Q1 uses tool 'ocr', which is not available here; use one of: siglip
    """
    start, end = text.find("{"), text.rfind("}")
    if start < 0 or end < start:
        raise PlanError(f"the reply holds no JSON object: {text[:200]!r}")
    try:
        data = json.loads(text[start : end + 1])
    except json.JSONDecodeError as exc:
        raise PlanError(f"the reply's JSON does not parse ({exc}): {text[start : end + 1][:200]!r}") from exc
    plan = Plan.from_json(data, planner="llm")
    if not plan.queries:
        raise PlanError("the plan has no calls; give at least one")
    if tools is not None:
        allowed = [t for t in registry.names() if t in set(tools)]
        for call in plan.queries:
            if call.tool not in allowed:
                raise PlanError(
                    f"call {call.id} uses tool {call.tool!r}, which is not available here; "
                    f"use one of: {', '.join(allowed)}"
                )
    return plan


def llm_plan(
    question: str,
    options: Sequence[str] | None = None,
    *,
    llm: Any,
    duration_s: float | None = None,
    sample_fps: float | None = None,
    tools: Iterable[str] | None = None,
) -> Plan:
    """Ask ``llm`` for a plan; one repair attempt; else the rule-based plan with notes saying why."""
    tools = None if tools is None else list(tools)
    messages = build_messages(question, options, duration_s=duration_s, sample_fps=sample_fps, tools=tools)
    errors: list[str] = []
    request = {"max_tokens": MAX_REPLY_TOKENS, "temperature": 0.0, "json_mode": True}
    if "json_schema" in inspect.signature(llm.complete).parameters:  # constrained decoding (the gguf backend)
        request["json_schema"] = plan_schema(tools)
    for attempt in range(2):
        try:
            reply = llm.complete(messages, **request).text
        except VqdbError as exc:
            errors.append(f"the LLM backend failed: {exc}")
            break
        try:
            plan = parse_reply(reply, tools)
        except PlanError as exc:
            errors.append(f"attempt {attempt + 1}: {exc}")
            messages = [
                *messages,
                {"role": "assistant", "content": reply},
                {"role": "user", "content": f"That plan is invalid: {exc}. Reply with the corrected JSON object only."},
            ]
            continue
        return plan.with_notes("plan repaired by the LLM after: " + errors[0]) if errors else plan
    fallback = rule_plan(question, options)
    return fallback.with_notes("LLM planner failed (" + "; ".join(errors) + "); used the rule-based plan")
