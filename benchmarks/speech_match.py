"""Speech as Whisper writes it: do queries typed as a person types them find the stretch said, and does
unrelated text stay unmatched? ``phrase_matches`` (the ``transcript`` and ``subtitle`` tools' words) of
this checkout against a baseline revision's, loaded from git in the same process.

Material (transcribed once by Whisper base through ``vqdb.models.registry.speech_recognizer``, cached in
``.cache/speech_match``):

* **real**: the read speech of ``../shared/data`` with a reference text (``audio/jfk.flac``, the eight
  LJSpeech clips, ``video/manifesto.mp4``), and ``manifesto.srt``, the same reading transcribed by another
  recognizer (a subtitle track). Queries are drawn from the reference, not from the transcripts: its
  **names** (capitalized words inside a sentence, the words of a hyphenated compound as a person types
  them, together or apart) and every **phrase** of three words. The stretch that says a query is found by
  aligning the reference's words with the transcript's (``difflib``): a query is **found** when the best
  span overlaps it;
* **synthetic** (reported apart): ``espeak-ng`` speaking letter-spelled acronyms, proper names and
  compounds, one sentence after another, in three accents, each sentence with a query as typed (``SPOKEN``);
* **unrelated**: every query against every other transcript (``other``: pairs whose query the other
  reference does not say), and the QVHighlights validation queries' phrases of two and three words against
  every transcript (``qvh``): a span found there is a false match.

The time a query takes over an hour of speech (the real transcripts said over and over) is measured for
both. ``--meaning`` also measures the ``meant`` side (``vqdb.planner.tools.timed_text``): the cosine
similarity of MiniLM embeddings of each transcript segment with paraphrases of what is said
(``PARAPHRASES``) and with the QVHighlights phrases, the spread ``SEMANTIC_MIN`` separates. ``--accents``
measures paraphrases of English said with other languages' sounds (espeak-ng, ``ACCENTED``), transcribed
with the language detected, as ingest does, and given as English.

    PYTHONPATH=. .venv/bin/python benchmarks/speech_match.py [--baseline REV] [--meaning] [--accents]
"""

from __future__ import annotations

import argparse
import collections
import csv
import dataclasses
import difflib
import json
import re
import subprocess
import sys
import tempfile
import time
import types
from collections.abc import Callable
from pathlib import Path

import numpy as np

from vqdb.textnorm import canonical_words, squash

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared" / "data"
CACHE = REPO / ".cache" / "speech_match"
BASELINE = "3418d8d"  # main when this benchmark was written

JFK = "And so my fellow Americans, ask not what your country can do for you, ask what you can do for your country."
MANIFESTO = (
    "This audiobook is in the public domain. You can find the text version of this audiobook at "
    "www.marxists.org. Workers of the world, unite! Manifesto of the Communist Party, by Karl Marx and Frederick "
    "Engels. Preamble. A spectre is haunting Europe, the spectre of Communism. All the powers of old Europe have "
    "entered into a holy alliance to exorcise this spectre: Pope and Tsar, Metternich and Guizot, French "
    "Radicals and German police-spies. Where is the party in opposition that has not been decried as "
    "communistic by its opponents in power? Where is the opposition that has not hurled back the branding "
    "reproach of Communism, against the more advanced opposition parties, as well as against its reactionary "
    "adversaries? Two things result from this fact. One. Communism is already acknowledged by all European "
    "powers to be itself a power. Two. It is high time that Communists should openly, in the face of the whole "
    "world, publish their views, their aims, their tendencies, and meet this nursery tale of the Spectre of "
    "Communism with a Manifesto of the party itself. To this end, Communists of various nationalities have "
    "assembled in London and sketched the following manifesto, to be published in the English, French, German, "
    "Italian, Flemish and Danish languages."
)

# (what espeak-ng says, as a speaker says it; the query as a person types it)
SPOKEN = {
    "acronym": [
        ("The stream is encoded in H E A A C version two at forty eight kilobits.", "HE-AAC"),
        ("Agents of the F B I arrived before noon.", "FBI"),
        ("The page loads over H T T P S by default.", "https"),
        ("She studied physics at M I T for four years.", "MIT"),
        ("Unplug the U S B cable before you leave.", "USB"),
        ("Save the report as a P D F and send it to me.", "PDF"),
        ("The B B C reported the result this morning.", "BBC"),
        ("The game needs a G P U with eight gigabytes.", "GPU"),
        ("Check the D N S settings of the router.", "DNS"),
        ("The N A S A probe reached orbit on Monday.", "N.A.S.A."),
    ],
    "name": [
        ("Researchers at the Fraunhofer institute designed the codec.", "Fraunhofer"),
        ("Karlheinz Brandenburg led the work on the format.", "Karlheinz Brandenburg"),
        ("The Gutenberg bible was printed in Mainz.", "Gutenberg"),
        ("Tchaikovsky wrote the music for the ballet.", "Tchaikovsky"),
        ("We flew into Reykjavik on a Tuesday.", "Reykjavik"),
        ("Nietzsche wrote about the eternal return.", "Nietzsche"),
        ("Dostoevsky lived in Saint Petersburg for years.", "Dostoevsky"),
        ("Add a dash of Worcestershire sauce to the stew.", "Worcestershire"),
        ("Schwarzenegger was the governor of California.", "Schwarzenegger"),
        ("Professor Kowalczyk will speak after the break.", "Kowalczyk"),
    ],
    "compound": [
        ("Three, two, one, we have liftoff.", "lift off"),
        ("Please log in with your new password.", "login"),
        ("The touchdown came in the final minute.", "touch down"),
        ("Set up the printer before you start.", "setup"),
        ("We watched the sunset over the bay.", "sun set"),
        ("The web site was down all morning.", "website"),
        ("She works as a freelance photographer.", "free lance"),
        ("Check your in box for the link.", "inbox"),
        ("The football match was cancelled.", "foot ball"),
        ("He left his note book on the train.", "notebook"),
    ],
}
VOICES = ("en-us", "en-gb-scotland", "fr")  # "fr" reads English with French sounds: an accent

MEASURES = ("found", "wrong", "none")
Finder = Callable[[list[str], list[float], list[float], str], list[tuple[float, ...]]]


@dataclasses.dataclass
class Clip:
    """One transcribed (or subtitled) stretch of speech, with what was really said."""

    name: str
    kind: str  # real or synthetic
    words: list[tuple[str, float, float]]
    segments: list[tuple[str, float, float]]
    reference: str
    queries: dict[str, list[str]]  # group -> queries typed as a person types them

    def pieces(self) -> tuple[list[str], list[float], list[float]]:
        texts, starts, ends = zip(*self.words, strict=True) if self.words else ((), (), ())
        return list(texts), list(starts), list(ends)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", default=BASELINE, help="git revision of the baseline (default %(default)s)")
    parser.add_argument("--meaning", action="store_true", help="also measure the meant side's similarities")
    parser.add_argument("--accents", action="store_true", help="also measure paraphrases of accented speech")
    args = parser.parse_args()
    clips = real_clips() + synthetic_clips()
    finders = {"before": baseline(args.baseline).phrase_matches, "after": current()}
    print(f"{len(clips)} clips; baseline {args.baseline}")
    print(f"{'kind':9} {'group':9} {'queries':>7} " + " ".join(f"{f + ' ' + m:>12}" for f in finders for m in MEASURES))
    for kind in ("real", "synthetic"):
        mine = [c for c in clips if c.kind == kind]
        for group in sorted({g for c in mine for g in c.queries}):
            row = {name: recall(mine, find, group) for name, find in finders.items()}
            cells = " ".join(f"{row[f][m]:>12}" for f in finders for m in MEASURES)
            print(f"{kind:9} {group:9} {row['after']['queries']:>7} {cells}")
    qvh = qvh_phrases()
    for name, find in finders.items():
        other = unrelated(clips, find)
        noise = noise_matches(clips, qvh, find)
        print(
            f"{name}: other clips' queries matching {other['matched']} of {other['pairs']} pairs "
            f"({other['matched'] / max(1, other['pairs']):.3%}); QVHighlights phrases matching {noise['matched']} "
            f"of {noise['pairs']} ({noise['matched'] / max(1, noise['pairs']):.3%})"
        )
        for example in noise["examples"][:8]:
            print(f"    {example}")
    timing(clips, finders)
    if args.meaning:
        meaning(clips, qvh)
    if args.accents:
        accents()


# -- material ------------------------------------------------------------------------------------------


def real_clips() -> list[Clip]:
    """The shared speech with a reference text, as Whisper writes it, and manifesto.srt's cues."""
    sources = [
        ("jfk", SHARED / "audio" / "jfk.flac", JFK),
        ("manifesto", SHARED / "video" / "manifesto.mp4", MANIFESTO),
    ]
    with open(SHARED / "audio" / "ljspeech" / "metadata_wav.csv", newline="") as f:
        for row in csv.DictReader(f, delimiter="|"):
            path = SHARED / "audio" / "ljspeech" / Path(row["audio_file"]).name
            sources.append((path.stem, path, row["text"]))
    clips = [transcribed(name, path, text, "real", reference_queries(text)) for name, path, text in sources]
    cues = read_srt(SHARED / "video" / "manifesto.srt")
    clips.append(Clip("manifesto.srt", "real", cues, cues, MANIFESTO, reference_queries(MANIFESTO)))
    return clips


def synthetic_clips() -> list[Clip]:
    """espeak-ng speaking every sentence of ``SPOKEN`` one after another, in each of ``VOICES``, as Whisper
    writes it."""
    said = " ".join(sentence for pairs in SPOKEN.values() for sentence, _ in pairs)
    queries = {group: [typed for _, typed in pairs] for group, pairs in SPOKEN.items()}
    clips = []
    for voice in VOICES:
        wav = CACHE / f"espeak-{voice}.wav"
        if not wav.exists():
            wav.parent.mkdir(parents=True, exist_ok=True)
            subprocess.run(["espeak-ng", "-v", voice, "-s", "150", "-g", "8", "-w", str(wav), said], check=True)
        clips.append(transcribed(f"espeak-{voice}", wav, said, "synthetic", queries))
    return clips


def transcribed(name: str, path: Path, reference: str, kind: str, queries: dict[str, list[str]]) -> Clip:
    """``path``'s Whisper words and segments (cached as JSON)."""
    cached = CACHE / f"{name}.json"
    if not cached.exists():
        from vqdb.config import Config
        from vqdb.ingest.audio import decode_audio
        from vqdb.models.registry import speech_recognizer

        transcript = speech_recognizer(Config()).transcribe(decode_audio(path).samples)
        words = [(w.word, w.start_s, w.end_s) for s in transcript.segments for w in s.words]
        segments = [(s.text, s.start_s, s.end_s) for s in transcript.segments]
        cached.parent.mkdir(parents=True, exist_ok=True)
        cached.write_text(json.dumps({"words": words, "segments": segments}))
    data = json.loads(cached.read_text())
    words, segments = ([tuple(x) for x in data[k]] for k in ("words", "segments"))
    return Clip(name, kind, words, segments, reference, queries)


def read_srt(path: Path) -> list[tuple[str, float, float]]:
    """The cues of an SRT file: (text, start_s, end_s)."""
    cues = []
    for block in path.read_text().strip().split("\n\n"):
        lines = block.strip().split("\n")
        start, end = (_srt_seconds(t) for t in lines[1].split(" --> "))
        cues.append((" ".join(lines[2:]), start, end))
    return cues


def _srt_seconds(stamp: str) -> float:
    h, m, s = stamp.strip().replace(",", ".").split(":")
    return int(h) * 3600 + int(m) * 60 + float(s)


def reference_queries(text: str) -> dict[str, list[str]]:
    """What a person would type from a reference: its names (capitalized words inside a sentence, hyphenated
    compounds written apart and together) and every phrase of three words."""
    names = []
    for sentence in re.split(r"(?<=[.!?:])\s+", text):
        words = sentence.split()
        names += [w.strip(",.;:!?\"'") for w in words[1:] if w[:1].isupper() and w.strip(",.;:!?\"'").isalpha()]
        for word in words:
            if re.fullmatch(r"\w+(-\w+)+[,.;:!?]*", word) and not any(c.isdigit() for c in word):
                parts = word.strip(",.;:!?").split("-")
                names += [" ".join(parts), "".join(parts)]
    plain = text.split()
    phrases = [" ".join(plain[i : i + 3]) for i in range(len(plain) - 2)]
    return {"name": sorted(set(names)), "phrase": phrases}


def qvh_phrases(limit: int = 600) -> list[str]:
    """Phrases of two and three words of QVHighlights validation queries (every ninth query, up to ``limit``)."""
    path = SHARED / "annotations" / "qvhighlights" / "highlight_val_release.jsonl"
    phrases: list[str] = []
    for i, line in enumerate(path.read_text().splitlines()):
        if i % 9 or len(phrases) >= limit:
            continue
        words = json.loads(line)["query"].rstrip(".").split()
        phrases += [" ".join(words[j : j + n]) for n in (2, 3) for j in range(0, len(words) - n + 1, n)]
    return phrases[:limit]


# -- measures ------------------------------------------------------------------------------------------


def truth(clip: Clip, query: str) -> tuple[float, float] | None:
    """When ``clip``'s transcript says ``query``: the stretch of its words aligned with the reference's words
    that say it (None when the reference does not say it)."""
    ref = canonical_words(clip.reference)
    wanted = canonical_words(query)
    starts = [i for i in range(len(ref)) if squash("".join(ref[i:])).startswith(squash("".join(wanted)))]
    if not starts:
        return None
    first = starts[0]
    last = first
    while squash("".join(ref[first : last + 1])) != squash("".join(wanted)) and last < len(ref) - 1:
        last += 1
    hyp, owner = [], []
    for i, (text, _, _) in enumerate(clip.words):
        for word in canonical_words(text):
            hyp.append(word)
            owner.append(i)
    if not hyp:
        return None
    mapped: list[int] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, ref, hyp, autojunk=False).get_opcodes():
        if i2 > first and i1 <= last and j2 > j1:
            if tag == "equal":
                mapped += [j1 + (k - i1) for k in range(max(i1, first), min(i2, last + 1))]
            else:
                mapped += [j1, j2 - 1]
    if not mapped:
        return None
    pieces = [clip.words[owner[j]] for j in (min(mapped), max(mapped))]
    return pieces[0][1], pieces[1][2]


def recall(clips: list[Clip], find: Finder, group: str) -> collections.Counter:
    """Queries of ``group`` whose best span overlaps the stretch that says them (``found``), is elsewhere
    (``wrong``), or that have no span at all (``none``)."""
    counts: collections.Counter = collections.Counter()
    for clip in clips:
        texts, starts, ends = clip.pieces()
        for query in clip.queries.get(group, []):
            when = truth(clip, query)
            if when is None:
                continue
            counts["queries"] += 1
            spans = find(texts, starts, ends, query)
            if not spans:
                counts["none"] += 1
            else:
                counts["found" if spans[0][0] <= when[1] and spans[0][1] >= when[0] else "wrong"] += 1
    return counts


def says(clip: Clip, query: str) -> bool:
    """Whether ``clip``'s reference or transcript has the query's words (without spaces)."""
    q = squash("".join(canonical_words(query)))
    heard = " ".join(t for t, _, _ in clip.words)
    return q in squash("".join(canonical_words(clip.reference))) or q in squash("".join(canonical_words(heard)))


def unrelated(clips: list[Clip], find: Finder) -> collections.Counter:
    """(query, other clip) pairs where the other clip does not say the query, and those that match."""
    counts: collections.Counter = collections.Counter()
    for clip in clips:
        texts, starts, ends = clip.pieces()
        for other in clips:
            if other.reference == clip.reference:
                continue
            for query in (q for qs in other.queries.values() for q in qs):
                if says(clip, query):
                    continue
                counts["pairs"] += 1
                counts["matched"] += bool(find(texts, starts, ends, query))
    return counts


def noise_matches(clips: list[Clip], phrases: list[str], find: Finder) -> dict:
    """QVHighlights phrases that a transcript does not say, and those that match it (with examples)."""
    counts = {"pairs": 0, "matched": 0, "examples": []}
    for clip in clips:
        texts, starts, ends = clip.pieces()
        for phrase in phrases:
            if says(clip, phrase):
                continue
            counts["pairs"] += 1
            spans = find(texts, starts, ends, phrase)
            if spans:
                counts["matched"] += 1
                said = " ".join(t for t, s, e in clip.words if s < spans[0][1] and e > spans[0][0])
                counts["examples"].append(f"{phrase!r} in {clip.name}: {said.strip()!r} ({spans[0][2]})")
    return counts


def timing(clips: list[Clip], finders: dict[str, Finder], repeat: int = 40) -> None:
    """Milliseconds per query of each finder over an hour of speech (the real transcripts said ``repeat``
    times over), its caches emptied before each query, as for a query in a new session."""
    real = [c for c in clips if c.kind == "real" and c.name != "manifesto.srt"]
    words, offset = [], 0.0
    for _ in range(repeat):
        for clip in real:
            words += [(text, start + offset, end + offset) for text, start, end in clip.words]
            offset = words[-1][2] + 1.0
    texts, starts, ends = (list(column) for column in zip(*words, strict=True))
    queries = [q for c in real for q in c.queries["name"]][:20]
    cost = {}
    for name, find in finders.items():
        module = sys.modules[find.__module__]
        began = time.perf_counter()
        for query in queries:
            for cached in per_text_caches(module):
                cached.cache_clear()
            find(texts, starts, ends, query)
        cost[name] = (time.perf_counter() - began) * 1000 / len(queries)
    cells = ", ".join(f"{name} {ms:.0f} ms" for name, ms in cost.items())
    print(
        f"\nphrase_matches over {len(words)} words ({offset / 60:.0f} min), per query: {cells} "
        f"(after / before {cost['after'] / cost['before']:.2f})"
    )


def per_text_caches(text_grade: types.ModuleType) -> list:
    """The caches of ``text_grade`` (any revision's) and of its textnorm that keep a timed text's words."""
    textnorm = sys.modules[text_grade.canonical_spans.__module__]
    kept = ("_timed_words", "_spoken_words", "_sound_keys", "_stems", "_heard_times", "_windows")
    names = ((text_grade, kept), (textnorm, ("_piece_words",)))
    found = [getattr(module, name, None) for module, group in names for name in group]
    return [cached for cached in found if hasattr(cached, "cache_clear")]


def meaning(clips: list[Clip], phrases: list[str]) -> None:
    """The cosine similarities of the segments with what paraphrases them and with unrelated queries."""
    from vqdb.config import Config
    from vqdb.models.registry import sentence_embedder
    from vqdb.planner.tools.timed_text import SEMANTIC_MIN

    model = sentence_embedder(Config())
    by_name = {c.name: c for c in clips}

    def similarities(query: str, clip: Clip) -> np.ndarray:
        vectors = model.embed_texts([query] + [text for text, _, _ in clip.segments])
        vectors = vectors / np.linalg.norm(vectors, axis=1, keepdims=True)
        return vectors[1:] @ vectors[0]

    print(f"\nmeaning (SEMANTIC_MIN {SEMANTIC_MIN}): paraphrase -> best segment's similarity, the right one's")
    for name, paraphrase, said in PARAPHRASES:
        clip = by_name[name]
        sims = similarities(paraphrase, clip)
        right = max(i for i, (text, _, _) in enumerate(clip.segments) if _overlap(text, said))
        print(f"  {name:22} {paraphrase[:50]!r:54} best {sims.max():.3f} right {sims[right]:.3f}")
    best = [similarities(p, c).max() for c in clips if c.kind == "real" and c.segments for p in phrases[::10]]
    print(
        f"  unrelated QVHighlights phrases, best segment: {np.percentile(best, [50, 90, 99]).round(3).tolist()} "
        f"(50/90/99th percentile), above SEMANTIC_MIN {np.mean(np.array(best) > SEMANTIC_MIN):.1%}"
    )


def _overlap(text: str, said: str) -> bool:
    return squash(" ".join(canonical_words(said))) in squash(" ".join(canonical_words(text)))


# (clip, a paraphrase as a person asks for it, words of the segment that says it)
PARAPHRASES = [
    ("jfk", "don't ask what the nation will give you", "ask not"),
    ("manifesto", "a ghost is stalking the continent", "haunting"),
    ("manifesto", "which languages will the text be printed in", "flemish"),
    ("manifesto", "who wrote this book", "karl"),
    ("LJ001-0005", "when moveable type was invented", "movable"),
    ("LJ001-0003", "the Chinese printed from carved wood", "chinese"),
    ("espeak-fr", "the game was called off", "cancelled"),
    ("espeak-fr", "sign in using your new password", "password"),
    ("espeak-fr", "she takes pictures for a living", "photographer"),
    ("espeak-en-gb-scotland", "the rocket launched", "three"),
    ("espeak-en-us", "the website was not working", "morning"),
]


# (what espeak-ng says; a paraphrase as a person asks for it), spoken with other languages' sounds
ACCENTED = [
    ("Three, two, one, we have liftoff.", "the rocket left the ground"),
    ("Please log in with your new password.", "sign in using the new password"),
    ("The touchdown came in the final minute.", "they scored at the very end of the game"),
    ("Set up the printer before you start.", "install the printer first"),
    ("We watched the sunset over the bay.", "we saw the sun go down by the sea"),
    ("The web site was down all morning.", "the site was not working until noon"),
    ("She works as a freelance photographer.", "she takes pictures for a living"),
    ("Check your in box for the link.", "look in your email for the link"),
    ("The football match was cancelled.", "the game was called off"),
    ("He left his note book on the train.", "he forgot his notebook on the train"),
]
ACCENTS = ("de", "es", "it", "pl")


def accents() -> None:
    """English sentences said with the sounds of ``ACCENTS`` (espeak-ng), transcribed by Whisper base as the
    recognizer does (language detected) and with the language given as English: the language detected, and
    the paraphrases whose sentence is closer in meaning than ``SEMANTIC_MIN`` (``meant``) and closest of all
    the sentences in that accent (``first``)."""
    from faster_whisper import WhisperModel

    from vqdb.config import Config
    from vqdb.ingest.audio import decode_audio
    from vqdb.models import bundles
    from vqdb.models.registry import sentence_embedder
    from vqdb.models.whisper import DECODE_SETTINGS
    from vqdb.planner.tools.timed_text import SEMANTIC_MIN

    model = WhisperModel(str(bundles.whisper_base_dir()), device="cpu", compute_type="int8")
    embed = sentence_embedder(Config()).embed_texts
    queries = embed([paraphrase for _, paraphrase in ACCENTED])
    queries /= np.linalg.norm(queries, axis=1, keepdims=True)
    print(f"\naccented speech, {len(ACCENTED)} sentences per accent: language detected / as English")
    for voice in ACCENTS:
        row = {}
        for mode, language in (("detected", None), ("english", "en")):
            texts, languages = [], collections.Counter()
            for i, (said, _) in enumerate(ACCENTED):
                cached = CACHE / f"accent-{voice}-{i}-{mode}.json"
                if not cached.exists():
                    wav = CACHE / f"accent-{voice}-{i}.wav"
                    if not wav.exists():
                        subprocess.run(["espeak-ng", "-v", voice, "-s", "150", "-w", str(wav), said], check=True)
                    segments, info = model.transcribe(decode_audio(wav).samples, **DECODE_SETTINGS, language=language)
                    text = " ".join(s.text.strip() for s in segments)
                    cached.write_text(json.dumps({"language": info.language, "text": text}))
                heard = json.loads(cached.read_text())
                texts.append(heard["text"] or ".")
                languages[heard["language"]] += 1
            vectors = embed(texts)
            vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
            similarity = queries @ vectors.T  # paraphrase x sentence heard
            right = np.diag(similarity)
            meant = int((right > SEMANTIC_MIN).sum())
            first = int((similarity.argmax(axis=1) == np.arange(len(texts))).sum())
            row[mode] = f"{dict(languages.most_common(3))} meant {meant} first {first}"
        print(f"  {voice:3} detected: {row['detected']:42} english: {row['english']}")


# -- the functions compared ----------------------------------------------------------------------------


def current() -> Finder:
    from vqdb.udfs.text_grade import phrase_matches

    return phrase_matches


def baseline(revision: str) -> types.ModuleType:
    """``vqdb.udfs.text_grade`` as it was at ``revision``, over that revision's ``vqdb.textnorm``."""
    modules = {}
    for name, path in (("textnorm", "vqdb/textnorm.py"), ("text_grade", "vqdb/udfs/text_grade.py")):
        source = subprocess.run(["git", "show", f"{revision}:{path}"], cwd=REPO, capture_output=True, text=True)
        if source.returncode:
            sys.exit(f"--baseline {revision!r}: cannot read {path} there ({source.stderr.strip()})")
        code = source.stdout.replace("from vqdb.textnorm import", "from speech_match_baseline_textnorm import")
        module = types.ModuleType(f"speech_match_baseline_{name}")
        sys.modules[module.__name__] = module
        with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
            f.write(code)
        module.__file__ = f.name
        exec(compile(code, f.name, "exec"), module.__dict__)
        modules[name] = module
    return modules["text_grade"]


if __name__ == "__main__":
    main()
