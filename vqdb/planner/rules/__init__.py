"""The rule-based planner: a question (and answer options) -> a Plan, with no model.

It never fails on words: any text plans (a plan with no calls when nothing is searchable), and every call
it makes has a query with letters or digits that its tool accepts. Rules, in order:

* **A request or a question of a moment** ("show me where X is", "find the moment X", "at what point does
  X", "in which scene does X", "the part where X", "is there a moment where X": ``framing._unframed``,
  ``phrasing.REQUESTS``, ``phrasing.MOMENT_NOUNS``) is read as the "when X" / "where X" it asks, before any
  rule reads its words: its framing is neither seen, read nor said. The pronoun "one" standing for a noun said
  before ("the subtitle after the one about great drama", "the sign after the cafe one":
  ``framing._one_resolved``) is read as the words that say which; "step one", "number one" stay.
* **Quoted phrases** (``"…"``, ``'…'``, ``“…”``, ``‘…’``, ``«…»``, ``„…“``, ``「…」``; an apostrophe
  inside a word is not a quote) are looked for as text. The cue nearest the quote in its clause, before or
  after it, says where: a speech cue (``SPEECH_VERBS``, "says" after one of the ``SPEAKERS``) gives
  ``transcript`` (or ``subtitle``), an on-screen cue (``SCREEN_CUES``, "says" after one of the
  ``SCREEN_NOUNS``) gives ``ocr``, a subtitle cue (``SUBTITLE_NOUNS``) gives ``subtitle OR ocr OR
  transcript``; a quote with no cue, or cues of both kinds, is looked for both ways (``ocr OR
  transcript``, ``OR subtitle`` when that tool exists). The word naming the quote ("the frequency '440
  hertz'", "the brand 'CLIO'") and the cue are not searched for again.
* **An ordinal in digits and a verb of appearing** are written the one way the rules read them, before anything
  else (``plain_words``): "the 3rd caption" is "the third caption" (not in a date: "May 1st", "the 10th
  second"), "comes up", "pops up", "shows up" are "appears", and so is "comes" / "changes" said of a text named
  by its noun ("which sign comes first?", "when does the text change?"); "the 2nd speaker" is "the second
  speaker". So are a voice raising a topic ("the presenter makes the point about X", "the 2nd voice says anything
  about X", "the voiceover brings up X": talks about X), a value given by a voice in the passive ("what year is
  mentioned by the narrator?": "what year does the narrator mention?") and a listing of who made the work ("the
  list of people who worked on it": the credits).
* **Question words typed short** where a clause starts ("wat time is sunrise", "wen does it start":
  ``phrasing.TYPED_QUESTION_WORDS``) are read as the words they stand for, before anything else.
* **Contractions** of question words outside quotes ("what's", "who’re", "whats") are read written out.
  Words reported in the third person are searched as said in the first ("he says he's done": "done",
  ``phrasing.REPORTED_SUBJECTS``), and a that-clause after them ("the first of two things, that X") is ORed
  with them as another way to find the same statement.
* **Unquoted speech**: a speech cue makes the rest of its clause a ``transcript`` call ("when does he say
  ask not what…"), and "when is X said / mentioned / heard / read out" makes X one (X mentioned in a thing that
  carries text, "in the ticker", "on the news crawl", is read too: ``ocr OR transcript``); what something that is
  no person says, warns or answers ("when does the chatbot warn about…") may be written too: ``ocr OR transcript``.
  Talking, speaking or singing with nothing said after it, or only when ("when is the narrator talking?", "who
  speaks first?", "is anyone talking while the title is shown?"), is a voice heard: ``audio`` "speech" (or
  "singing"), and so is a question about what is said that gives none of it ("what does the narrator say
  right after the title?": the moments someone speaks), names no words ("when does someone first say
  something?", ``phrasing.NOTHING_SAID``) or a voice ("when can you hear his voice?", "when does the
  voice-over stop?", ``phrasing.VOICE_NOUNS``). A question written out then one asking for its answer ("Is
  the door open? What did the assistant answer?") looks for the first as a quote. Who speaks is the subject
  of a verb of speech, not words said: a speaker or a name before "say", "tell", "ask", "explain", "call",
  "recommend", "give" (words: ``phrasing.GIVEN_WORDS``)… (``phrasing.SUBJECT_SPEECH_VERBS``: "what does
  Kennedy tell people to ask instead?", "which website does the reader give for X?": X), and so is who is
  spoken to (``phrasing.ADDRESSING``, ``phrasing.ADDRESSEES``: "people"), leaving "ask" said. A question
  about what is said on a topic or what someone says ("when does she talk about money?", "what does the
  narrator explain about X?", "what does he tell viewers?"), or for anything else than when ("according to
  the narrator, what is haunting Europe?", "in which city did they meet?": ``speech.content_asked``) is
  answered with the statement (``speech.statement_plan``): its ``transcript`` and ``subtitle`` calls say
  ``"extent": "statement"``, but for words the question quotes, focused on its answer where the question asks
  what someone says, tells, urges ("what does the man say he will show?": ``"statement_after"``, the words
  said after "will show"; ``"statement_before"`` for a subject asked, "what does she say was invented …",
  ``speech.answer_side``); who is spoken to ("what does Kennedy ask the American people to do?", "where were
  the buses ordered to wait?") is looked for with the verb or what they are told (``speech._spoken_to``),
  speakers name those they address; one asking where a voice
  starts or ends ("when does he finish his speech?", "what are his first words?": an ``order``) is answered
  with the phrase said there: its voice's ``audio`` call says ``"extent": "phrase"`` (``speech.phrase_plan``);
  one asking what someone calls a thing ("what does the narrator call the Gutenberg?") is answered with
  what is said right after the thing's words, where its name follows them (``speech.naming_plan``: its
  ``transcript`` and ``subtitle`` calls say ``"when": "after", "extent": "phrase"``).
* **Examples** of what a noun names, in parentheses or after "e.g.", "such as", "like"
  (``phrasing.EXAMPLE_MARKERS``: "the directory listing (bin, include, lib64...)") are what is found, any of
  them (ORed), and the noun only describes them: examples of text are one group of calls by the question's
  cues, others stand ORed in the noun's place.
* **Labels**: in a sentence naming a part of an interface (``phrasing.UI_NOUNS``: "which button sits to
  the right of Regenerate?", "the Clear history button") or after a verb of using one
  (``phrasing.CLICKS``: "click Send"), capitalised words are ``ocr`` calls, and where the part sits among
  them is no call (``phrasing.BESIDE_LABELS``: "the button between Upvote and Flag").
* **Unquoted screen text**: after an on-screen cue ("reads", "shows", "the word"…) and an article, a token
  with digits or symbols (``00:00:05``, ``/usr``, "shows the 10:42"), a word in capitals, or the word after
  "the word" is an ``ocr`` call, with the written tokens right after it ("says T-MINUS 2": a label and its
  value, ``screen_text._written_run``); so is a sentence written out after such a cue, read whole ("the
  prompt box shows Does the flag appear?"). Where text is typed ("entered in the text box", "the search bar") is no
  call once its text is read.
* **Display cues without quotes** (``screen_text._take_displayed``): what a display of text (``TEXT_NOUNS``: menu,
  board, list, banner…) shows, lists or reads, what is listed or written, and the words naming a display
  of text that appears or comes up are ``ocr`` calls ("the menu lists the soup of the day", "the Edinburgh
  train listed as cancelled", "the Breaking News banner pops up"); common words naming it, "the ingredient
  list comes up", are ``ocr OR siglip``.
* **Text framed by who acts on it** (``framed``): "when does the user type the question about the flag?",
  "the answer mentions a blue ball": an actor (``phrasing.ACTORS``) acting (``phrasing.ACTS_ON_TEXT``) on a
  piece of text (``phrasing.TEXT_ITEMS``) about X (``phrasing.ABOUT``) finds X once (``ocr`` where typed,
  pasted, shown…: ``phrasing.ON_SCREEN_ACTS``; else read or heard), the framing dropped; "click the settings
  tab" reads its lower-case label.
* **Credits**: "who wrote / directed / narrates it", "who is the narrator", "which studio presents the film",
  "what company produced it", "who made this animation" (a verb of making only of a work: ``CREATING_VERBS``,
  ``WORKS``; not "who made the cake") read the credit line on screen in its usual forms (``CREDIT_ROLES``:
  "written by" OR "writer" OR "author"), and in a question of words said ("when is the title read out along
  with who wrote it?") heard too. A named work ("who wrote the Manifesto", "who the Manifesto was written
  by") is its title, read and heard, ORed with those forms: a credit is mostly "X by Y", with no role word.
  A part of a programme presented ("who presents the weather") is read and heard, ORed with those forms. A
  role's name or credit ("the writer's name in the end roll", "the name of the director":
  ``screen_text._ROLE_NAMED``; not a host's or a presenter's, whom a caption names) reads that role's line, and
  so does a part of the work "in the credits" ("who did the music in the end credits?").
* **Who speaks on camera** ("who is speaking?", "what's the name of the woman being interviewed?":
  ``speech.names_captioned``, ``phrasing.NAME_CAPTIONED``) is named by the caption under them: ``ocr ''`` in
  the lower third ANDed with the voice (``audio 'speech'``, unless words said are asked); so is a speaker's
  name shown, the name not given ("while his name is on screen": ``speech.name_shown``), and a person introduced
  or a name shown on screen ("who's the second person introduced on screen?", "the first name shown on screen"),
  in its order (``speech.name_order``: the second name caption).
* **A value a voice gives** ("which year does the reader give?", "what century does the lecturer mention?":
  ``speech.value_said``, ``phrasing.VALUE_GIVING``), where no screen or text is named, is heard only: its form
  (``{year}``) is no ``ocr`` call (a slide's or a timecode's year is another's). Words said by a voice named by
  its kind or its order ("the woman", "the second speaker") are ANDed with that voice (``voices``).
* **A web address asked by its noun** ("which website does the reader give?", "what's the URL", "the web
  address shown", ``WEB_ADDRESS_NOUNS``) is found by the marks every address is written with
  (``WEB_ADDRESS_SHOWN``: "www", ".com"…; ``WEB_ADDRESS_SAID``, as Whisper writes one), never by its noun;
  where the question names the place of the text, whatever is read there is.
* **Values no cue placed**: a number with a unit (``UNITS``: "up to 40 minutes", "25 degrees") is read
  as the number (a screen abbreviates the unit: "40 min", "25°C") and heard with its unit (``ocr '40' OR
  transcript '40 minutes' OR subtitle ...``), and a score ("3-1") both ways: a picture does not show a
  quantity. **Literals no cue placed**: a token with digits and letters or symbols, or of four digits or
  more ("the time code 00:00:08;00", "the plate YT22FWX", "change to 14:41"), is looked for both ways
  (``ocr OR transcript OR subtitle``; a ``transcript`` call looks for it as said: "T-10" is "T minus 10"), and so
  is a number with decimals ("4.004", a reading); not
  times in the video ("at 1:03", "at 8 minutes and 16 seconds",
  "after 90 seconds": never looked for; a time of day, "at 3:30 pm", is words), ordinals ("the 10th second")
  or measures ("a 100-meter sprint").
  A noun naming a literal (``NAMING_NOUNS``: "the year 1455") is not searched. A thing numbered
  (``phrasing.NUMBERED``: "find frame 30", "step 1") is a label looked for both ways.
* **Sounds** (a bark, applause, music, a siren…) and verbs of making one (``SOUND_VERBS``: "when does
  the audience applaud", "the dog barked") become ``audio`` calls, but for one in a picture ("the drum kit
  picture", ``phrasing.PICTURES``), and so do the sound words
  (``SOUND_WORDS``, the audio tagger's labels) a question hears: "when can you hear him typing", "when
  does the jingle play" (each word found one call, ORed).
* **Events before or after**: "what does she say right after the applause?", "after the bell rings, who
  speaks first?": the event (after "after" / "before", to the end of its clause) is planned on its own and
  its calls marked ``when`` ("after" / "before": the frames just after / before what they find), ANDed
  with the rest; an event named by a sound ("the chime") is heard. A question word after a verb that takes
  one goes on with the event ("just before ask what you can do for your country", "after she explains how it
  works": ``phrasing.WH_COMPLEMENT_VERBS``; "after the bell rings what does he say" ends at "what"). In a
  question of what is said, an event naming a value by its kind ("right before the year": any year said) or
  holding words a voice says of itself or to its listeners ("just before give it everything you have") is
  said, and so is any event that says it is ("after the year is mentioned"); a number alone ("right after 7")
  is words written or said. Words said in a clause naming a moment ("what is on screen when he says 'done'?",
  "while the president is saying X": ``when.words_said_at``) are found as the words, not their statement, where
  the rest asks for no words said. Between two quoted events ("which phrase comes up between 'the truth' and 'the
  alpha'?") is after the first and before the second, and so is between two unquoted events a text comes or
  words are said ("which slide comes between the agenda and the summary?"). Not in a quote, "named / look
  after", "after all / that / it", "before and after".
  A text asked for only by describing it ("what does the white text say after the applause?", "the caption next
  to the drum kit picture", "right after the title card": ``visual._text_described``) in a question asking what,
  with no words read on screen, reads whatever text is there (``_any_text``: ``ocr ''``, the question's place
  and size, else "large"), ANDed with the rest; with nothing else to find, no moment, place or size, frames are
  sampled uniformly. A title named only by its noun ("when does the title card come up?", "what does the
  opening title say?": ``screen_text._take_title_named``) is the text a video shows biggest: ``ocr ''`` of
  size large, the noun no word to read, in a question of when too. A text named only by its noun, with nothing
  else to find, where an order picks one ("the last subtitle", "the first sign"; not "the last tip before X",
  X found by nothing: the last text of all is not it) or as the main clause of
  "after / before X" when it is a subtitle or caption ("the caption right after the one mentioning the
  Gutenberg": the next caption, not any moment after it), reads whatever text is there (``_text_named``:
  ``ocr ''`` at the bottom for a subtitle or caption, else in the question's place and size, else "large").
  A noun of a text asked what it says with nothing said after "say" ("what does the shop hours sign say?") is
  no speaker: the words before the noun say which text it is, and are read (``visual._speakers_named``).
* **What is left** is split into phrases on "and" / "while" / "with" (AND) and "or" (OR); each phrase is
  a ``siglip`` call, or a ``region`` call when it names something small or off-centre (a logo, a corner,
  something held in a hand). Parentheses, brackets and clause punctuation separate phrases; a phrase of
  only stop words or speaker nouns ("the narrator", "he") is dropped, and so is one of only words framing
  a choice ("which of the following statements is correct"). The words a question asks with are not
  pictured: "what is the cat doing / what is the weather like" (``phrasing.ASKED_ACTIVITY``), "how many
  women are there" (``phrasing.HOW_MANY``), "the position of the puppy" (``phrasing.ASKED_ATTRIBUTES``).
* **Options written into the question** as a numbered list ("Which is correct? 1. …, 2. …") are its
  options (given options that only refer to them, "1 and 3", give way); times in the video
  ("[[00:06:23, 00:06:39]]", "at 5:01") are not text to find.
* Text and sound calls are ANDed with the visual phrases; **answer options** become calls ORed together
  and ANDed with the rest: ``ocr`` calls when the question asks what is written or shown, ``transcript``
  when it asks what is said, else ``siglip`` (an option of digits or a code, "$25", is read or heard; a
  phrase an option quotes is text to find). The options of a question asking a count or a length of time
  ("how many times…", "how long…": ``options._counted``) are not looked for unless it asks what is read or
  said. A question with nothing searchable gives the uniform plan.

Tools are those of ``vqdb.planner.tools`` (their names are the tool classes'): a rule for a tool that is
not registered is skipped. The word lists are data: the documented vocabulary (``SPEAKERS``,
``SPEECH_VERBS``, ``SCREEN_NOUNS``…) in ``vqdb.planner.vocabulary``, the small lists of phrasing (determiners,
words of when, of how text looks…), each with the phenomenon it covers and a question it decides, in
``vqdb.planner.phrasing``, the sound words (and the sounds heard wherever named) in
``vqdb.planner.sound_words``.

The rules are modules of this package, one kind each, each importing only those above it in this list:
``framing`` (a request's framing), ``evidence`` (the tools each kind of cue sends text to, ``TOOLS_FOR``, and
the accumulator of calls), ``cues`` (quote marks, the cues and word sets several rules share), ``answer_forms``
(an answer asked by its kind: the noun it is written with, a price's or a phone number's words), ``quotes``,
``literals`` (menu paths, quantities, literals, times in the video), ``sounds``, ``framed`` (text framed by
who acts on it), ``visual`` (the phrases left
to see), ``speech``, ``screen_text`` (displays, on-screen cues, labels, credits), ``examples``, ``when``
(first or last, nth times, just after or before an event) and ``options``; ``rule_plan`` here runs them in
order and assembles the plan.

Example:
    >>> plan = rule_plan("When does the man in the red jacket hold up the sign that says EXIT?")
    >>> [(c.tool, c.query) for c in plan.queries], plan.combine
    ([('siglip', 'man in the red jacket hold up the sign'), ('ocr', 'EXIT')], 'Q1 AND Q2')
    >>> plan = rule_plan("when is 'touchdown' spoken (near the end)?")
    >>> [(c.tool, c.query) for c in plan.queries], plan.combine, plan.order
    ([('transcript', 'touchdown'), ('subtitle', 'touchdown')], 'Q1 OR Q2', 'last')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Sequence

from vqdb.planner import phrasing, screen_places
from vqdb.planner.boolexpr import PlanError
from vqdb.planner.phrasing import WORD
from vqdb.planner.plan import ORDERS, Call, Plan, uniform_plan
from vqdb.planner.rules.answer_forms import _add_answer_forms, asked_kind
from vqdb.planner.rules.cues import _SUBTITLE_WORDS, source_dropped
from vqdb.planner.rules.evidence import (
    _VISUAL,
    EITHER,
    HEARD,
    READ,
    SAID,
    SCREEN,
    SPEECH,
    TOOLS_FOR,
    _Evidence,
    _has_letter,
    _searchable,
    _trim,
)
from vqdb.planner.rules.examples import _take_examples
from vqdb.planner.rules.framed import _take_framed_text
from vqdb.planner.rules.framing import (
    _exclusions_dropped,
    _one_resolved,
    _spelled_out,
    _uncapitalised,
    _unframed,
    initialisms_joined,
    progressive_said,
)
from vqdb.planner.rules.literals import (
    _LITERAL,
    _VIDEO_TIME,
    _clock_dots_kept,
    _display_reads,
    _numbers_kept,
    _take_fractions_off,
    _take_literals,
    _take_menu_paths,
    _take_numbered,
    _take_quantities,
    as_written,
    said_as,
)
from vqdb.planner.rules.options import _counted, _inline_options, _option_tools, _refers_to_options, shown_source
from vqdb.planner.rules.plain_words import (
    appearing_as_appear,
    called_as_name,
    given_by_as_active,
    loose_value_as_asked,
    makers_listed_as_credits,
    ordinals_in_words,
    read_out_by_a_voice,
    topic_raised_as_talk,
)
from vqdb.planner.rules.quotes import _asked_then_answered, _mark_quotes, _take_quotes, _written_out
from vqdb.planner.rules.screen_text import (
    _take_credit_fields,
    _take_credited_works,
    _take_credits,
    _take_displayed,
    _take_labels,
    _take_screen_text,
    _take_text_shown,
    _take_title_named,
    _take_web_addresses,
    _written_only,
    end_card_as_last_title,
    nth_text_named,
    opening_title_named,
)
from vqdb.planner.rules.sounds import _take_heard_sounds, _take_sounds
from vqdb.planner.rules.speech import (
    NAME_CAPTION,
    _take_speech,
    content_asked,
    hesitations_dropped,
    name_order,
    name_shown,
    names_captioned,
    naming_plan,
    phrase_plan,
    statement_plan,
    value_said,
)
from vqdb.planner.rules.visual import (
    _TEXTS,
    _beside_text_places,
    _read_instead,
    _text_described,
    _visual_phrases,
    _visual_tool,
)
from vqdb.planner.rules.voices import take_speaker_of_words, voice_if_a_person
from vqdb.planner.rules.when import (
    _between_quotes,
    _heard_if_a_sound,
    _number_as_words,
    _order,
    _read_if_capitals,
    _referred_back,
    _related,
    _relation,
    _said_if_words,
    shown_edge,
    titles_unstopped,
    words_said_at,
)
from vqdb.planner.screen_places import ASKS_WHAT, names_text, where_on_screen
from vqdb.planner.tools.ocr import Ocr

_PRIVATE = dict.fromkeys(range(0xE000, 0xE005), " ")  # the characters the rules mark quotes and numbers with
_BRACKETS = dict.fromkeys(map(ord, "()[]{}<>⟨⟩【】（）"), " , ")  # brackets separate phrases


def rule_plan(
    question: str, options: Sequence[str] | None = None, available_tools: Collection[str] | None = None
) -> Plan:
    """A Plan for ``question`` by the rules above (no model needed); PlanError only when ``question`` is
    not a string. ``available_tools`` (default: every registered tool) are those the corpus has: without
    a visual tool, answer options, and the visual phrases of a question that speaks of words (shown,
    said, "according to the slide"), are looked for as text (on screen, said, subtitled) instead of
    being dropped.

    Example:
        >>> plan = rule_plan("when does the timecode read 00:00:05")
        >>> [(c.tool, c.query) for c in plan.queries], plan.combine
        ([('siglip', 'timecode'), ('ocr', '00:00:05')], 'Q1 AND Q2')
        >>> [(c.tool, c.query) for c in rule_plan('when does he say "ask not"').queries]
        [('transcript', 'ask not'), ('subtitle', 'ask not')]
        >>> [(c.tool, c.query) for c in rule_plan("when is the frequency '440 hertz' spoken?").queries]
        [('transcript', '440 hertz'), ('subtitle', '440 hertz')]
        >>> plan = rule_plan("When does 'GETTING STARTED' come up?")
        >>> [c.tool for c in plan.queries], {c.query for c in plan.queries}, plan.combine
        (['ocr', 'transcript', 'subtitle'], {'GETTING STARTED'}, 'Q1 OR Q2 OR Q3')
    """
    if not isinstance(question, str):
        raise PlanError(f"question must be text, got {type(question).__name__} {question!r:.80}")
    typed = hesitations_dropped(titles_unstopped(initialisms_joined(_uncapitalised(question))))  # "um", "Dr.", "N.H.S."
    typed = makers_listed_as_credits(end_card_as_last_title(typed))  # "the end card": the last title card; "the
    # list of people who worked on it": the credits
    typed = appearing_as_appear(ordinals_in_words(typed))  # "the 3rd caption comes up": "the third caption appears"
    typed = called_as_name(loose_value_as_asked(typed))  # "around what year", "what's X called": "what year", a name
    typed = read_out_by_a_voice(typed)  # "when does the speaker read X": reads X out, heard
    typed = given_by_as_active(topic_raised_as_talk(typed))  # "makes the point about X": talks about X; "what year
    # is mentioned by the narrator": "what year does the narrator mention"
    typed = progressive_said(typed)  # "while he is saying X": "while he says X"
    resolved = _one_resolved(_written_out(_spelled_out(_referred_back(_exclusions_dropped(typed)))))
    asked = _asked_then_answered(_unframed(resolved))
    stem = _inline_options(asked)[0]  # an order written in an option listed in the question is the option's
    order, question = _order(stem)
    question += asked[len(stem) :]
    if order is None and not options and _relation(question)[1] is None and _take_title_named(question)[1]:
        # "when is the title card shown?": the card that opens the video, not the end card; "the second title card"
        order = nth_text_named(question) or ("first" if opening_title_named(question) else None)
    plan = screen_places.placed_plan(
        question,
        lambda asked: _plan_question(asked, options, available_tools, any_text=asked == question),
        lambda asked: [c.query for c in _plan_question(asked, None, None).queries if c.tool == Ocr.name],
        [str(option) for option in options or ()],
    )
    unrelated = _relation(question)[1] is None  # "the last tip before X", X not found: not the last text of all
    asks_moment = order or not (options or content_asked(question))  # "when does the banner come up?"
    if asks_moment and unrelated and _names_text_only(plan) and _names_nothing_else(question, options, available_tools):
        plan = _text_named(question, question) or plan  # "the last subtitle": the last text there
        order = order or nth_text_named(question)  # "the second slide": its second showing
    elif asks_moment and unrelated and _read_or_seen_only(plan):
        order = order or nth_text_named(question)  # "the second caption at the bottom", "the second street sign": 2nd
    if any(c.query == NAME_CAPTION for c in plan.queries):
        order = order or name_order(question)  # "the second person introduced on screen": the second name caption
    said = naming_plan(question, statement_plan(question, plan), [str(option) for option in options or ()])
    said = words_said_at(question, said)  # "what is on screen when he says X": the moment X is said
    return phrase_plan(dataclasses.replace(said, order=order if plan.queries else None))


def _read_or_seen_only(plan: Plan) -> bool:
    """Whether ``plan`` reads text on screen, and finds nothing but that and pictures: the showings of a text, of
    which an ordinal picks one ("the second street sign": ``ocr 'street'``, a picture of the sign too).

    Example:
        >>> _read_or_seen_only(Plan((Call("Q1", "ocr", "street"), Call("Q2", "siglip", "street sign")), "Q1 OR Q2"))
        True
        >>> _read_or_seen_only(Plan((Call("Q1", "siglip", "street sign"),))), _read_or_seen_only(Plan(()))
        (False, False)
    """
    read = [c for c in plan.queries if c.tool == Ocr.name]
    return bool(read) and all(c.tool == Ocr.name or c.tool in _VISUAL for c in plan.queries)


def _names_text_only(plan: Plan) -> bool:
    """Whether ``plan`` finds nothing, or only the noun of a text in each of its calls, none of a visual tool
    ("banner", "the text": ``screen_places.names_text``): its words are none of what the text says, nor a
    picture to look for ("the red banner" with ``siglip``).

    Example:
        >>> _names_text_only(rule_plan("when does the banner appear?", available_tools=["ocr"]))
        False
        >>> _names_text_only(Plan((Call("Q1", "ocr", "banner"), Call("Q2", "transcript", "banner")), "Q1 OR Q2"))
        True
        >>> _names_text_only(Plan((Call("Q1", "siglip", "red banner"),)))
        False
    """
    return all(names_text(call) for call in plan.queries)


def _names_nothing_else(question: str, options: Sequence[str] | None, available_tools: Collection[str] | None) -> bool:
    """Whether ``question``, which found nothing with ``available_tools``, names nothing but a text and its order
    with every tool either (no call, or calls of only those words: "the last sign" looks for a sign), and text
    can be read: only then is the text it names by its noun the whole question ("the last subtitle"). Where it
    found nothing because its calls need a tool the corpus lacks ("who is the first to notice a player in the
    water", no ``siglip``), they are read or said instead (``retrieve.read_or_said_instead``), not replaced by
    whatever text is read.

    Example:
        >>> _names_nothing_else("the last sign", None, ["ocr"]), _names_nothing_else("the blue sign", None, ["ocr"])
        (True, True)
        >>> _names_nothing_else("who is the first to notice a player in the water", None, ["ocr", "transcript"])
        False
    """
    if available_tools is not None and Ocr.name not in available_tools:
        return False
    if available_tools is None:
        return True
    calls = _plan_question(question, options, None).queries
    named = {w.group(0).lower() for c in calls for w in WORD.finditer(c.query)}
    return not named - _TEXTS - set(ORDERS) - phrasing.STOP - phrasing.DESCRIBING  # "the blue sign": a sign


def _text_named(text: str, question: str, subtitles_only: bool = False) -> Plan | None:
    """The plan that reads a text ``text`` names only by its noun (``visual._TEXTS``: "the subtitle", "which
    sign", "what does the first caption say"), when nothing else in it was found: whatever text is read
    (``ocr ''``), at the bottom for a subtitle or caption (``SUBTITLE_NOUNS``: where they are set), else in the
    place and size ``question`` gives, else the biggest (as ``_any_text`` reads a text described). It is what
    an order picks the first or last of ("the last subtitle", "the first sign") and what stands just after or
    before an event ("the subtitle after the one about great drama": the next subtitle, not any moment after
    it; only a subtitle or caption with ``subtitles_only``: its place tells it from other text, while the
    biggest text near an event need not be the next sign); before, such a question sampled frames uniformly or
    found only the event. None when ``text`` names no text (no subtitle, with ``subtitles_only``).

    Example:
        >>> [c.to_dict() for c in _text_named("what does the last subtitle say?", "").queries]
        [{'id': 'Q1', 'tool': 'ocr', 'query': '', 'place': 'bottom'}]
        >>> [c.to_dict() for c in _text_named("which sign", "which sign at the top comes next").queries]
        [{'id': 'Q1', 'tool': 'ocr', 'query': '', 'place': 'top'}]
        >>> _text_named("the last dog", "") is None, _text_named("the sign", "", subtitles_only=True) is None
        (True, True)
    """
    words = {w.group(0).lower() for w in WORD.finditer(text)}
    if not words & (_SUBTITLE_WORDS if subtitles_only else _TEXTS):
        return None
    _, place, size = where_on_screen(question)
    place = "bottom" if words & _SUBTITLE_WORDS else place
    call = Call("Q1", Ocr.name, "", place=place, size=size or (None if place else "large"))
    return Plan((call,), "Q1", planner="rules")


def _plan_question(
    question: str, options: Sequence[str] | None, available_tools: Collection[str] | None, any_text: bool = False
) -> Plan:
    """``rule_plan`` of ``question`` once its order is read (``_order``) and its place on screen
    (``screen_places``); ``any_text``: a text it names only by describing it may be read wherever text is
    (``_any_text``; not where ``screen_places`` took its place out and reads what is there itself)."""
    text = " ".join(question.translate(_PRIVATE).split())
    text = _numbers_kept(_VIDEO_TIME.sub(" , ", _display_reads(_clock_dots_kept(text))))
    between = _between_quotes(text)  # "between 'A' and 'B'": after A, before B
    main, when, reference = _relation(between or text)
    if when is not None:
        later, later_when, later_reference = _relation(main) if between else (main, None, "")
        plan = _plan_text(later, options, available_tools, question, any_text)
        if plan.is_uniform and (available_tools is None or Ocr.name in available_tools):
            plan = _text_named(later, question, subtitles_only=True) or plan  # "the subtitle after X": the next one
        for at, event in ((later_when, later_reference), (when, reference)):
            if at is not None:
                event, at = shown_edge(event, at)  # "after the logo appears": after its start, it may stay
                event = _read_if_capitals(_number_as_words(event), question)  # "before HANDS": text
                event = _said_if_words(_heard_if_a_sound(event), plan)  # "before the year"
                event = voice_if_a_person(event, plan)  # "when does the man speak after the woman?": her voice
                found = _plan_text(event, None, available_tools, question, any_text, speaker=False)
                plan = _related(plan, found, at)
    else:
        plan = _plan_text(text, options, available_tools, question, any_text)
    unplaced = not any(c.when for c in plan.queries) and not any(where_on_screen(question)[1:])  # no moment found
    unplaced = unplaced and not _take_title_named(question)[1]  # a title is the biggest text: its size is given
    if any_text and unplaced and plan.queries and all(not c.query for c in plan.queries):
        return uniform_plan(  # which text is asked, where, and when, nothing says: its biggest is a guess
            f"no words of the text {question!r:.200} to read, nor its place, size or moment: sampling frames uniformly"
        )
    queries = tuple(dataclasses.replace(c, query=_written_for(c.tool, as_written(c.query))) for c in plan.queries)
    return dataclasses.replace(plan, queries=queries)


def _written_for(tool: str, query: str) -> str:
    """``query`` as ``tool`` finds it: words said as a transcript writes them (``literals.said_as``: "T-10" is
    said "T minus 10"), other tools' as asked."""
    return said_as(query) if tool == SAID else query


def _plan_text(
    text: str,
    options: Sequence[str] | None,
    available_tools: Collection[str] | None,
    question: str,
    any_text: bool = False,
    speaker: bool = True,
) -> Plan:
    """The plan of ``text`` (the question, or one of its clauses); ``question`` is the whole question, whose
    cues say what its options are (said, shown) and whether its unseen phrases are words; with ``any_text``,
    a text it only describes is read wherever text is (``_any_text``); with ``speaker``, words said by a named
    voice are ANDed with it (``take_speaker_of_words``; an event's words, the moment they relate to, are not)."""
    text, inline = _inline_options(text)
    options = [*inline, *(o for o in options or () if not (inline and _refers_to_options(str(o))))]
    evidence = _Evidence()
    text, shown = name_shown(text)  # "while his name is on screen": the name caption
    captioned = shown or names_captioned(text)  # who speaks, asked: the name caption

    text, quotes = _mark_quotes(text)
    text = source_dropped(text)  # "according to the credits": where the answer is, no words of it
    text = _take_menu_paths(text, evidence)
    text = _take_examples(text, quotes, evidence)
    text = text.translate(_BRACKETS)
    forms_from = len(evidence.groups)
    _add_answer_forms(text, evidence, labels=any_text)  # where a place is named, what is there is read (screen_places)
    marked, said_from = text, len(evidence.groups)
    text = _take_quotes(text, quotes, evidence)
    text = _take_credit_fields(text, evidence)
    text, titled = _take_title_named(text)
    text = _take_heard_sounds(text, evidence)
    text = _take_framed_text(text, evidence)
    text = _take_credited_works(text, evidence)
    text = _take_displayed(text, evidence)
    text = _take_speech(text, evidence)
    if speaker:
        take_speaker_of_words(marked, evidence, said_from)  # "the woman says X": X ANDed with her voice
    text = _take_screen_text(text, evidence)
    text = _take_text_shown(text, evidence)
    text = _take_labels(text, evidence)
    text = _take_credits(text, evidence)
    text = _take_fractions_off(text, evidence)
    text = _take_quantities(text, evidence)
    text = _take_numbered(text, evidence)
    text = _take_literals(text, evidence)
    text = _take_web_addresses(text, evidence, by_marks=any_text)
    text = _take_sounds(text, evidence)
    visual = _visual_phrases(text)
    if any(tool == READ for group in evidence.groups for tool, _ in group):
        visual = _beside_text_places(visual)
    can_see = available_tools is None or any(t in available_tools for t in _VISUAL)
    unseen: list[str] = []

    calls: list[Call] = []
    groups: list[str] = []
    if visual and not can_see:  # no picture to match
        unseen = [p for ps in visual for p in ps]
        visual = _read_instead(visual, question)
        visual = _not_read_again(visual, evidence.groups[forms_from:said_from])  # "the phone number": its forms
        visual = _written_only(visual, question, evidence)  # "the small box left of the white square reads 4.037"
    source_shown = shown_source(question)  # "according to the slide": its words are read there, not heard
    if source_shown:
        evidence.groups = [_read_only(group) for group in evidence.groups]
    elif value_said(question):  # "which year does the reader give?": heard, not a year on screen
        evidence.groups = [_values_heard(group) for group in evidence.groups]
    if visual:
        alternatives = []
        for phrases in visual:
            tools = [(_visual_tool(p),) if can_see else TOOLS_FOR[SCREEN if source_shown else EITHER] for p in phrases]
            ands = [_group([_add(calls, t, p) for t in ts], "OR") for p, ts in zip(phrases, tools, strict=True)]
            alternatives.append(_group(ands, "AND"))
        groups.append(_group(alternatives, "OR"))
    for group in evidence.groups:
        groups.append(_group([_add(calls, tool, query) for tool, query in group], "OR"))
    option_tools = [t for t in _option_tools(question) if can_see or t not in _VISUAL] or TOOLS_FOR[EITHER]
    option_ids = []
    for option in () if _counted(question) else options or ():  # a count or a length of time: not found
        query = _trim(str(option))
        if not _has_letter(query) or _LITERAL.fullmatch(query):  # "$25", "T700": read or heard, not seen
            usable = [t for t in TOOLS_FOR[SCREEN if source_shown else EITHER] if _searchable(t, query)]
        else:
            usable = [t for t in option_tools if _searchable(t, query)]
            usable = usable[:1] if can_see else usable
        option_ids += [_add(calls, t, query) for t in usable]
        for quoted in _mark_quotes(query)[1]:  # a phrase an option quotes is text to find, as in the question
            option_ids += [_add(calls, t, _trim(quoted)) for t in TOOLS_FOR[EITHER] if _searchable(t, _trim(quoted))]
    if option_ids:
        groups.append(_group(option_ids, "OR"))
    titled = titled and not any(c.tool == Ocr.name and c.query for c in calls)  # a title named, none of its words
    reads = Ocr.name in (available_tools or ())
    any_read = (titled and (reads or available_tools is None)) or (reads and _any_text(question, unseen, calls))
    if any_text and not captioned and any_read:  # a name caption asked ("what name appears under her?") is read
        _, place, size = where_on_screen(question)
        calls.append(Call(f"Q{len(calls) + 1}", Ocr.name, "", place=place, size=size or (None if place else "large")))
        groups.insert(0, calls[-1].id)
    if captioned and (available_tools is None or Ocr.name in available_tools):
        speaks = any(c.tool in TOOLS_FOR[SPEECH] or (c.tool == HEARD and c.query == "speech") for c in calls)
        if not speaks and not shown:  # who speaks: their caption while a voice speaks (a name shown: the caption's
            groups.append(_add(calls, HEARD, "speech"))  # own time, a person's name as it is written tells it)
        calls.append(Call(f"Q{len(calls) + 1}", Ocr.name, NAME_CAPTION, place="bottom"))  # a name in the lower third
        groups.append(calls[-1].id)
    kind = asked_kind(text) if any_text and not calls and not options and _says_little(unseen) else None
    if kind:  # "which pad is the launch from?", no picture to match: the answer is printed beside its noun; the
        # phrases left unseen are still words to read or hear
        found = [_add(calls, READ, kind)] + [_add(calls, tool, p) for p in unseen for tool in TOOLS_FOR[EITHER]]
        groups.append(_group(found, "OR"))
    if not calls and unseen:
        return uniform_plan(
            f"no visual tool ({', '.join(_VISUAL)}) in this corpus to look for {', '.join(map(repr, unseen))}: "
            "sampling frames uniformly"
        )
    if not calls:
        return uniform_plan(f"no searchable words in the question {question!r:.200}: sampling frames uniformly")
    combine = " AND ".join(g if len(groups) == 1 or " OR " not in g else f"({g})" for g in groups)
    return Plan(tuple(calls), combine, planner="rules")


KIND_BESIDE_WORDS = 3  # content words unseen under which the kind asked is read too ("which pad is the launch from?")


def _says_little(phrases: list[str]) -> bool:
    """Whether ``phrases`` (a question's words no tool sees) hold at most ``KIND_BESIDE_WORDS`` content words: too
    few to find the moment by ("which pad is the launch from?": "launch"), where the kind noun asked is read beside
    them. A question that says more ("in which city did communists of various nationalities assemble to sketch
    the manifesto?") is found by what it says: across a corpus "city" alone is read in any video.

    Example:
        >>> _says_little(["launch from"]), _says_little([]), _says_little(["communists of many nations assemble"])
        (True, True, False)
    """
    words = [m.group(0).lower() for phrase in phrases for m in WORD.finditer(phrase)]
    return sum(word not in phrasing.STOP for word in words) <= KIND_BESIDE_WORDS


def _read_only(group: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    """``group``'s calls read on screen, where it has any (a question that names a shown source: "according to
    the slide"); as it is otherwise (a sound heard, words only said).

    Example:
        >>> _read_only((("ocr", "1455"), ("transcript", "1455"))), _read_only((("audio", "typing"),))
        ((('ocr', '1455'),), (('audio', 'typing'),))
    """
    read = tuple(call for call in group if call[0] == READ)
    return read or group


def _values_heard(group: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    """``group``'s calls of a value's form ("{year}") that are heard, where it is only such a value and has them (a
    question asking a value a voice gives: ``speech.value_said``); as it is otherwise (words, a sound).

    Example:
        >>> _values_heard((("ocr", "{year}"), ("transcript", "{year}"))), _values_heard((("ocr", "EXIT"),))
        ((('transcript', '{year}'),), (('ocr', 'EXIT'),))
    """
    heard = tuple(call for call in group if call[0] != READ)
    forms_only = all(query.startswith("{") and query.endswith("}") for _, query in group)
    return heard if forms_only and heard else group


def _not_read_again(read: list[list[str]], forms: list[tuple[tuple[str, str], ...]]) -> list[list[str]]:
    """``read`` (a question's phrases read instead of seen, ``_read_instead``) without those the groups of its
    answer's forms already read (``_add_answer_forms``: "when is the phone number shown?" reads "call", "phone"
    and any phone number, one group): ANDed again, the word "phone" had to be on screen beside the number.

    Example:
        >>> _not_read_again([["phone"], ["blue car"]], [(("ocr", "call"), ("ocr", "phone"), ("ocr", "{phone}"))])
        [['blue car']]
    """
    asked = {query.lower() for group in forms for _, query in group}
    kept = [[phrase for phrase in phrases if phrase.lower() not in asked] for phrases in read]
    return [phrases for phrases in kept if phrases]


def _any_text(question: str, unseen: list[str], calls: list[Call]) -> bool:
    """Whether a plan with no visual tool of ``question`` (or a clause of it), of ``calls`` so far and phrases it
    could not see (``unseen``), reads whatever text is on screen: the question asks what or which
    (``screen_places.ASKS_WHAT``, as for a text in a place it names: not "how many times … during the chat"), a
    phrase names a text only by describing it (``visual._text_described``: "the white text over the sky", "the
    caption next to the drum kit picture") and no call reads words on screen. A
    person asked what such a text says looks at the text there: an ``ocr`` call with no words, in the place and
    of the size the question gives, else "large" (how it stands out: the call grades a read by its height over
    the video's tallest), ANDed with what else the plan finds (words said, a sound, the moment before or after
    an event, itself such a text: "the white text … just before the film's title appears"). Where the question
    gives neither a place, a size, a moment nor anything else to find, the video's biggest text is a guess (a
    caption beside a picture is small print): ``_plan_question`` samples frames uniformly."""
    asks_what = ASKS_WHAT.search(question) is not None
    return asks_what and any(map(_text_described, unseen)) and not any(c.tool == Ocr.name for c in calls)


def _add(calls: list[Call], tool: str, query: str) -> str:
    call = Call(f"Q{len(calls) + 1}", tool, query)
    calls.append(call)
    return call.id


def _group(ids: list[str], op: str) -> str:
    if len(ids) == 1:
        return ids[0]
    return f" {op} ".join(f"({i})" if " " in i else i for i in ids)
