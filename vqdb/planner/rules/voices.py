"""Questions about who speaks, not what is said: "when does the woman speak?", "when does the man start
talking?", "when does the woman stop and the man take over?", "when does the second speaker begin?", "when
does the man reply to her?", "what does the female narrator say first?".

Such a question names a kind of voice (a woman, a man, a child: ``KINDS``, also as "female", "guy",
"kid"...; "she" or "he" who speaks, not says: ``SUBJECT_PRONOUNS``) or a speaker by their order ("the second
speaker / voice"), with speaking ("speak", "talk", "say", "voice", "heard", "narrator"...: ``SPEAKING``) and
nothing else to find: its evidence is an ``audio`` call the audio tool answers from the ``voices`` table
(``vqdb.planner.tools.voices``): "a woman's voice", "the second speaker". Where a voice **takes over** from
another ("the woman stops and the man takes over", "the man takes over from the woman", "he replies to
her", "interrupts", ``TAKING_OVER``), the call asks for the utterances where the voice opens a turn, after
the other voice where one is named ("a man's voice after a woman's"). A question that also names something
else (words said, a picture: "when does the man in the webcam speak?", "when does the woman say 'hello'?")
or offers voices as options ("who speaks first, the man or the woman?") is not one: the other rules plan it.

A question that names a voice **and words said** ("when does the woman say 'thank you'?", "when does the man
mention the budget?", "what does the female reporter say about the weather?") is planned by the other rules
as the words; ``take_speaker_of_words`` then ANDs them with that voice (``speaker_of_words``: a kind of voice
before the verb of saying). Where both voices say the words, the asked one's utterance ranks
first; where only one does, or the voices table is absent or tells the voices apart wrongly, every other
voice is still speech (the audio tool's ``OTHER_VOICE``), and the words' own ranking stands.

The event of "when does the man speak after the woman?" (split off by ``rules.when._relation``) names a
person only; where the question's own call is a voice, that person is their voice (``voice_if_a_person``).

Example:
    >>> from vqdb.planner.rules.evidence import _Evidence
    >>> found = _Evidence()
    >>> take_voices("when does the woman stop and the man take over?", found).strip(), found.groups
    ('', [(('audio', "a man's voice after a woman's"),)])
"""

from __future__ import annotations

import itertools
import re

from vqdb.planner import phrasing
from vqdb.planner.plan import Plan
from vqdb.planner.rules.cues import _QUOTED
from vqdb.planner.rules.evidence import HEARD, SPEECH, TOOLS_FOR, _Evidence
from vqdb.planner.tools.voices import KINDS, ORDINALS, who_speaks

SPEAKING = frozenset(
    {
        "speak", "speaks", "speaking", "spoke", "talk", "talks", "talking", "talked", "say", "says", "saying",
        "said", "voice", "voices", "heard", "hear", "narrate", "narrates", "narrating", "narrator", "narration",
        "speaker", "speech", "reply", "replies", "respond", "responds", "answer", "answers", "interrupt",
        "interrupts", "chime", "chimes", "presenter", "announcer", "host", "reporter", "interviewer",
        "over",  # "takes over"
    }
)  # fmt: skip
TAKING_OVER = frozenset(
    {"over", "reply", "replies", "respond", "responds", "answer", "answers", "interrupt", "interrupts", "chime"}
)
ENDING = frozenset({"stop", "stops", "finish", "finishes", "end", "ends", "pause", "pauses", "done"})
PRONOUN_KINDS = {"her": "woman", "she": "woman", "him": "man", "he": "man"}
# words a question about who speaks holds besides the voices and speaking: asking, time, order, turns
FRAME_WORDS = frozenset(
    {
        "when", "what", "at", "which", "point", "moment", "time", "times", "does", "do", "did", "is", "are", "was",
        "were", "the", "a", "an", "we", "you", "first", "last", "for", "again", "start", "starts", "begin",
        "begins", "take", "takes", "taking", "and", "then", "from", "to", "something", "anything", "in", "video",
        "clip", "on", "up", "with", "has", "have", "its", "their", "her", "him", "she", "he", "it", "this",
        "that", "turn", "come", "comes", "back", "after", "over", "next", "other", "another", "person", "one",
        "s", "can", "will", "would", "there",
    }
    | ENDING
)  # fmt: skip
SPEAKER_NOUNS = frozenset({"speaker", "voice", "person", "narrator"})
# the verbs of saying a speaker comes before: "the woman says", "the man mentions", "she asks about"
SAYING_CUES = SPEAKING | phrasing.SAYING | phrasing.SUBJECT_SPEECH_VERBS | phrasing.TALKING_ABOUT | phrasing.EXPLAINING
SUBJECT_PRONOUNS = {w: PRONOUN_KINDS[w] for w in ("she", "he")}  # who speaks; "her" / "him" is spoken to


def take_voices(text: str, evidence: _Evidence) -> str:
    """A question about who speaks (module docstring) as an ``audio`` call in ``evidence``, its words taken
    out; any other ``text`` as it is.

    Example:
        >>> found = _Evidence()
        >>> take_voices("when does the second speaker  ?", found).strip(), found.groups
        ('', [(('audio', 'the second speaker'),)])
        >>> take_voices("when does the man reply to her?", found).strip(), found.groups[-1]
        ('', (('audio', "a man's voice after a woman's"),))
        >>> take_voices("when does the man in the webcam speak?", found)  # a man seen: not only his voice
        'when does the man in the webcam speak?'
    """
    query = voice_asked(text)
    if query is None:
        return text
    evidence.add((HEARD,), query)
    return " "


def voice_asked(text: str) -> str | None:
    """The ``audio`` query of the voice a question asks about (module docstring), None when it asks something
    else.

    Example:
        >>> voice_asked("when does the woman speak?"), voice_asked("what does the female narrator say  ?")
        ("a woman's voice", "a woman's voice")
        >>> voice_asked("when does a man's voice interrupt the narrator?")
        "a man's voice taking a turn"
        >>> voice_asked("when does the first speaker, a woman,  ?")
        "the first speaker, a woman's voice"
        >>> voice_asked("when does the woman say 'hello'?") is None, voice_asked("when does the man wave?") is None
        (True, True)
        >>> voice_asked("when does she start talking?"), voice_asked("when does he reply to her?")  # the subject's
        ("a woman's voice", "a man's voice after a woman's")
        >>> voice_asked(""), voice_asked("?"), voice_asked("when does the man say done?")  # a word said
        (None, None, None)
    """
    words = [w.removesuffix("'s").removesuffix("'") for w in re.findall(r"[\w']+", text.lower())]
    kinds = [(i, KINDS[w]) for i, w in enumerate(words) if w in KINDS]
    speaks = next((i for i, w in enumerate(words) if w in SPEAKING), len(words))
    if not kinds and not phrasing.SAYING & set(words):  # "when does she start talking?", not "… say done?"
        kinds = [(i, SUBJECT_PRONOUNS[w]) for i, w in enumerate(words[:speaks]) if w in SUBJECT_PRONOUNS][:1]
    named = itertools.pairwise([*words, ""])  # a word and the next
    ordinal = next((ORDINALS[w] for w, noun in named if w in ORDINALS and noun in SPEAKER_NOUNS), None)
    speaking = [w for w in words if w in SPEAKING]
    quoted = _QUOTED in text or re.search(r"[\"“”]|'\w+[^s]'|\B'\w", text)  # words said: the other rules'
    if (not kinds and ordinal is None) or not speaking or "or" in words or quoted:
        return None
    if set(words) - FRAME_WORDS - set(KINDS) - set(ORDINALS) - SPEAKING - set(phrasing.WH_WORDS):
        return None  # something else to find: the other rules' question
    if any(w in phrasing.SAYING and said in ENDING for w, said in itertools.pairwise(words)):
        return None  # "when does the man say done?": the word said, not the man finishing
    if len({kind for _, kind in kinds}) > 1:
        (first, one), (_, other) = kinds[0], next((i, k) for i, k in kinds if k != kinds[0][1])
        ends = any(w in ENDING for w in words[first + 1 : first + 3])  # "the woman stops and the man …"
        speaker, before = (other, one) if ends else (one, other)
        return f"{_voice(speaker)} after a {before}'s"
    kind = kinds[0][1] if kinds else None
    if ordinal is not None:
        return _nth_speaker(ordinal) + (f", {_voice(kind)}" if kind else "")
    taking_over = bool(TAKING_OVER & set(words))
    spoken_to = next((PRONOUN_KINDS[w] for w in words[kinds[0][0] + 1 :] if w in PRONOUN_KINDS), None)
    if taking_over and spoken_to is not None and spoken_to != kind:  # "he replies to her"
        return f"{_voice(kind)} after a {spoken_to}'s"
    return f"{_voice(kind)} taking a turn" if taking_over else _voice(kind)


def take_speaker_of_words(text: str, evidence: _Evidence, said_from: int) -> None:
    """The voice that says the words found in ``text`` (``evidence``'s groups from ``said_from`` on, all of
    words said: ``transcript`` and ``subtitle`` calls), where the question names one by its kind or its order
    (``speaker_of_words``: "the woman", "the second speaker"),
    as one more group of ``evidence``: the plan ANDs the words with it (module docstring); nothing otherwise
    (words that may be shown too: "the woman holds a sign saying 'EXIT'").

    Example:
        >>> found = _Evidence()
        >>> found.add(TOOLS_FOR[SPEECH], "thank you")
        >>> take_speaker_of_words("when does the woman say 'thank you'?", found, 0)
        >>> found.groups[-1]
        (('audio', "a woman's voice"),)
        >>> take_speaker_of_words("when does the woman say 'thank you'?", found, 2)  # no words found since
        >>> found.add(("ocr", "transcript"), "EXIT")
        >>> take_speaker_of_words("when does the woman hold a sign saying 'EXIT'?", found, 2)  # shown, maybe
        >>> len(found.groups)
        3
    """
    found = [tool for group in evidence.groups[said_from:] for tool, _ in group]
    said = bool(found) and set(found) <= set(TOOLS_FOR[SPEECH])  # words said only: no text shown, no sound
    voice = speaker_of_words(text) if said else None
    if voice is not None:
        evidence.add((HEARD,), voice)


def speaker_of_words(text: str) -> str | None:
    """The voice (an ``audio`` query) a question names as the one saying something: the first kind of voice
    (``KINDS``: "a woman's voice") or speaker by their order (an ordinal before ``SPEAKER_NOUNS``: "the second
    speaker", as the voices table numbers them in the order they first speak) before its first verb of saying
    (``SAYING_CUES``), quotes left out; None otherwise ("she" / "he" too: who they are is the question's
    context, and words said by whoever speaks keep their own ranking).

    Example:
        >>> speaker_of_words("when does the woman say 'hi'?"), speaker_of_words("what does the male reporter say?")
        ("a woman's voice", "a man's voice")
        >>> speaker_of_words("when does the man say 'the woman'?"), speaker_of_words("when does she mention it?")
        ("a man's voice", None)
        >>> speaker_of_words("when does the narrator mention the man?") is None  # the man is what is said
        True
        >>> speaker_of_words("when does the man tell the woman to leave?")  # two kinds: the first speaks
        "a man's voice"
        >>> speaker_of_words("when does the second speaker talk about the country?")
        'the second speaker'
        >>> speaker_of_words("when is the budget mentioned?") is None, speaker_of_words("") is None
        (True, True)
    """
    unquoted = re.sub(rf"{_QUOTED}|[\"“][^\"”]*[\"”]|(?<!\w)'[^']*'(?!\w)", " ", text)
    words = [w.removesuffix("'s").removesuffix("'") for w in re.findall(r"[\w']+", unquoted.lower())]
    cue = next((i for i, w in enumerate(words) if w in SAYING_CUES), None)
    if cue is None:
        return None
    for word, noun in itertools.pairwise(words[: cue + 1]):  # "speaker" is itself a cue of saying
        if word in KINDS:
            return _voice(KINDS[word])
        if word in ORDINALS and noun in SPEAKER_NOUNS:
            return _nth_speaker(ORDINALS[word])
    return None


def _voice(kind: str | None) -> str:
    return f"a {kind}'s voice"


def _nth_speaker(ordinal: int) -> str:
    """The ``audio`` query of the speaker who is ``ordinal``-th to speak ("the second speaker")."""
    return f"the {next(w for w, n in ORDINALS.items() if n == ordinal)} speaker"


def voice_if_a_person(event: str, main: Plan) -> str:
    """An event that names a person only ("the woman", "the male speaker") is their voice when the question's
    own call is a voice (``main`` asks who speaks: "when does the man speak after the woman?"); any other
    event as it is.

    Example:
        >>> from vqdb.planner.plan import Call
        >>> voice = Plan((Call("Q1", "audio", "a man's voice"),), "Q1")
        >>> voice_if_a_person("the woman", voice), voice_if_a_person("the bell rings", voice)
        ("the woman's voice", 'the bell rings')
        >>> voice_if_a_person("the woman", Plan((Call("Q1", "audio", "speech"),), "Q1"))
        'the woman'
    """
    if not any(c.tool == HEARD and who_speaks(c.query) is not None for c in main.queries):
        return event
    words = re.findall(r"[\w']+", event.lower())
    kinds = [w for w in words if w in KINDS]
    if len(kinds) != 1 or set(words) - {*kinds, *SPEAKER_NOUNS, "the", "a", "an", "other"}:
        return event
    return f"the {KINDS[kinds[0]]}'s voice"
