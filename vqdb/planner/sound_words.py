"""The words that name sounds: the labels of the AudioSet ontology that audio taggers (YAMNet, the
``audio`` extractor) give, each display name split into its terms ("Beep, bleep" -> "beep", "bleep";
"Keyboard (musical)" -> "keyboard"), less those that say where a recording was made (``ACOUSTIC_SCENES``:
"Inside, small room"). The rule planner sends a question's sound words to the ``audio``
tool when the question hears them ("when do you hear a beep", "when does the jingle play").

Source: YAMNet's ``yamnet_class_map.csv`` (TensorFlow Models, Apache-2.0), the 521 AudioSet classes;
``tests/planner/test_sound_words.py`` checks this list against the tagger's own class map.

``NAMED_SOUNDS`` are the words (and the forms questions use: "barking", "screams") that name a sound
wherever a question says them, even with no word of hearing ("why did she scream", "the crowd cheering"),
each with the term of ``SOUND_WORDS`` it names; ``NAMED_COMPOUNDS`` the labels' terms that end in one ("car horn").

``SOUND_SOURCES`` are the things that make a sound the labels name inside a longer term: the first word of a
two-word term whose second word is a sound ("traffic noise": traffic; "church bell": church), the rest of a
closed compound after a sound ("thunderstorm": storm; "raindrop": drop). Heard ("when can you hear the
storm?"), such a word is the tagger's sound; "the news", "his name", "the answer" are none, and are said.

Example:
    >>> "beep" in SOUND_WORDS and "computer keyboard" in SOUND_WORDS, len(SOUND_WORDS) > 500
    (True, True)
    >>> NAMED_SOUNDS["screams"], NAMED_SOUNDS["screams"] in SOUND_WORDS
    ('screaming', True)
    >>> sorted({"car horn", "fire alarm", "church bell", "dog"} & NAMED_COMPOUNDS)
    ['car horn', 'church bell', 'fire alarm']
    >>> sound_terms("Dishes, pots, and pans")
    ['dishes', 'pots', 'pans']
    >>> sorted({"storm", "traffic", "church"} & SOUND_SOURCES), {"news", "answer", "name"} & SOUND_SOURCES
    (['church', 'storm', 'traffic'], set())
"""

from __future__ import annotations

import re


def sound_terms(display_name: str) -> list[str]:
    """The terms of one AudioSet display name: its comma-separated names, lowercase, without remarks in
    parentheses or a leading "and"."""
    terms = []
    for term in re.sub(r"\([^)]*\)", "", display_name).split(","):
        term = re.sub(r"^(?:and|or)\s+", "", term.strip().lower())
        if re.search("[a-z]", term):
            terms.append(term)
    return terms


ACOUSTIC_SCENES = frozenset({
    "inside", "outside", "small room", "large room or hall", "public space", "urban or manmade", "rural or natural",
})  # fmt: skip
"""Terms of the tagger's labels for where a recording was made, not a sound heard ("Inside, small room")."""

BROAD_SOUNDS = frozenset({
    "Animal", "Domestic animals, pets", "Livestock, farm animals, working animals", "Wild animals", "Vehicle",
    "Motor vehicle (road)", "Rail transport", "Music", "Musical instrument", "Engine", "Mechanisms", "Tools",
    "Liquid", "Water", "Explosion", "Alarm", "Wood", "Glass", "Hands",
})  # fmt: skip
"""The tagger's labels of the AudioSet ontology's upper classes that name a family of sounds ("Vehicle",
"Animal"), each with particular sounds under it ("Vehicle horn, car horn, honking", "Dog"): heard together, the
particular one says what was heard."""

SOUND_WORDS = frozenset((
    "a capella", "accelerating", "accordion", "acoustic guitar", "afrobeat", "air brake", "air conditioning",
    "air horn", "aircraft", "aircraft engine", "airplane", "airscrew", "alarm", "alarm clock", "ambient music",
    "ambulance", "angry music", "animal", "applause", "arrow", "artillery fire", "auto racing", "babbling",
    "baby cry", "baby laughter", "background music", "bagpipes", "bang", "banjo", "bark", "basketball bounce",
    "bass drum", "bass guitar", "bathtub", "beatboxing", "bee", "beep", "bell", "bellow", "belly laugh", "bicycle",
    "bicycle bell", "bird", "bird call", "bird flight", "bird song", "bird vocalization", "biting", "bleat",
    "bleep", "blender", "bluegrass", "blues", "boat", "boiling", "boing", "boom", "bouncing", "bovinae", "bow-wow",
    "bowed string instrument", "brass instrument", "breaking", "breathing", "burping", "burst", "bus",
    "busy signal", "buzz", "buzzer", "cacophony", "camera", "canidae", "canoe", "cap gun", "car", "car alarm",
    "car horn", "car passing by", "carnatic music", "cash register", "cat", "caterwaul", "cattle", "caw", "cello",
    "chainsaw", "change ringing", "chant", "chatter", "cheering", "chewing", "chicken", "child singing",
    "child speech", "children playing", "children shouting", "chime", "chink", "chirp", "chirp tone", "choir",
    "chop", "chopping", "chortle", "chorus effect", "christian music", "christmas music", "chuckle", "church bell",
    "civil defense siren", "clang", "clapping", "clarinet", "classical music", "clatter", "clickety-clack",
    "clicking", "clink", "clip-clop", "clock", "cluck", "cock-a-doodle-doo", "coin", "computer keyboard",
    "conversation", "coo", "cough", "country", "cowbell", "crack", "crackle", "crash", "creak", "cricket",
    "crinkling", "croak", "crow", "crowd", "crowing", "crumpling", "crunch", "crushing", "crying",
    "cupboard open or close", "cutlery", "cymbal", "dance music", "dental drill", "dentist's drill", "dial tone",
    "didgeridoo", "ding", "ding-dong", "disco", "dishes", "distortion", "dog", "dogs", "domestic animals", "door",
    "doorbell", "double bass", "dove", "drawer open or close", "dribble", "drill", "drip", "drum", "drum and bass",
    "drum kit", "drum machine", "drum roll", "dtmf", "dubstep", "duck", "echo", "effects unit", "electric guitar",
    "electric piano", "electric razor", "electric shaver", "electric toothbrush", "electric windows",
    "electronic dance music", "electronic music", "electronic organ", "electronic tuner", "electronica",
    "emergency vehicle", "engine", "engine knocking", "engine starting", "environmental noise", "eructation",
    "eruption", "etc.", "exciting music", "explosion", "farm animals", "fart", "faucet", "fiddle",
    "field recording", "filing", "fill", "finger snapping", "fire", "fire alarm", "fire engine", "fire truck",
    "firecracker", "fireworks", "fixed-wing aircraft", "flamenco", "flap", "flapping wings", "flute", "fly",
    "foghorn", "folk music", "footsteps", "fowl", "french horn", "frog", "frying", "funk", "fusillade", "gargling",
    "gasp", "gears", "giggle", "glass", "glockenspiel", "goat", "gobble", "gong", "goose", "gospel music", "groan",
    "growling", "grunge", "grunt", "guitar", "gunfire", "gunshot", "gurgling", "gush", "hair dryer", "hammer",
    "hammond organ", "hands", "happy music", "harmonic", "harmonica", "harp", "harpsichord", "heart murmur",
    "heart sounds", "heartbeat", "heavy engine", "heavy metal", "helicopter", "hi-hat", "hiccup", "hip hop music",
    "hiss", "honk", "honking", "hoot", "horse", "house music", "housefly", "howl", "hubbub", "hum", "humming",
    "ice cream truck", "ice cream van", "idling", "independent music", "infant cry", "insect", "inside",
    "jackhammer", "jazz", "jet engine", "jingle", "jingle bell", "kayak", "keyboard", "keys jangling",
    "kid speaking", "knock", "large room or hall", "laughter", "lawn mower", "light engine", "liquid", "livestock",
    "lullaby", "machine gun", "mains hum", "mallet percussion", "mandolin", "mantra", "maraca", "marimba",
    "mastication", "mechanical fan", "mechanisms", "medium engine", "meow", "metro", "mice", "microwave oven",
    "middle eastern music", "moan", "monologue", "moo", "mosquito", "motor vehicle", "motorboat", "motorcycle",
    "mouse", "music", "music for children", "music of africa", "music of asia", "music of bollywood",
    "music of latin america", "musical instrument", "narration", "neigh", "new-age music", "noise", "ocean", "oink",
    "opera", "orchestra", "organ", "outside", "owl", "pans", "pant", "patter", "pawl", "percussion", "pets",
    "piano", "pig", "pigeon", "ping", "pink noise", "pizzicato", "plop", "plucked string instrument", "police car",
    "pop", "pop music", "pots", "pour", "power tool", "power windows", "printer", "progressive rock", "propeller",
    "psychedelic rock", "public space", "pulleys", "pulse", "pump", "punk rock", "purr", "quack", "race car",
    "radio", "rail transport", "railroad car", "rain", "rain on surface", "raindrop", "rapping", "ratchet", "rats",
    "rattle", "reggae", "reverberation", "reversing beeps", "revving", "rhythm and blues", "rimshot", "ringtone",
    "roadway noise", "roar", "roaring cats", "rock and roll", "rock music", "rodents", "roll", "rooster", "rowboat",
    "rub", "rumble", "run", "rural or natural", "rustle", "rustling leaves", "sad music", "sailboat",
    "sailing ship", "salsa music", "sampler", "sanding", "sawing", "saxophone", "scary music", "scissors", "scrape",
    "scratch", "scratching", "screaming", "sewing machine", "shatter", "sheep", "ship", "shofar", "shout",
    "shuffle", "shuffling cards", "sidetone", "sigh", "silence", "silverware", "sine wave", "singing",
    "singing bowl", "single-lens reflex camera", "sink", "siren", "sitar", "sizzle", "ska", "skateboard",
    "skidding", "slam", "slap", "slide guitar", "sliding door", "slosh", "smack", "small room", "smash",
    "smoke alarm", "smoke detector", "snake", "snare drum", "sneeze", "snicker", "sniff", "snoring", "snort",
    "sobbing", "sonar", "song", "soul music", "sound effect", "soundtrack music", "speech", "speech babble",
    "speech noise", "speech synthesizer", "speedboat", "splash", "splatter", "splinter", "spray", "squawk",
    "squeak", "squeal", "squish", "static", "steam", "steam whistle", "steel guitar", "steelpan", "stir",
    "stomach rumble", "stream", "string section", "strum", "subway", "surf", "swing music", "swish", "swoosh",
    "synthesizer", "synthetic singing", "tabla", "tambourine", "tap", "tapping", "tearing", "techno", "telephone",
    "telephone bell ringing", "telephone dialing", "television", "tender music", "theme music", "theremin",
    "throat clearing", "throbbing", "thud", "thump", "thunder", "thunderstorm", "thunk", "thwack", "tick",
    "tick-tock", "timpani", "tinkle", "tire squeal", "toilet flush", "tools", "toot", "toothbrush",
    "traditional music", "traffic noise", "train", "train horn", "train wagon", "train wheels squealing",
    "train whistle", "trance music", "trickle", "trombone", "truck", "truck horn", "trumpet", "tubular bells",
    "tuning fork", "turkey", "tweet", "typewriter", "typing", "ukulele", "underground", "urban or manmade",
    "vacuum cleaner", "vehicle", "vehicle horn", "vibraphone", "vibration", "video game music", "violin",
    "vocal music", "vroom", "wail", "walk", "wasp", "water", "water tap", "water vehicle", "waterfall", "waves",
    "wedding music", "whack", "whale vocalization", "wheeze", "whimper", "whinny", "whip", "whir", "whispering",
    "whistle", "whistling", "white noise", "whoop", "whoosh", "wild animals", "wind", "wind chime",
    "wind instrument", "wind noise", "wolves", "wood", "wood block", "woodwind instrument", "working animals",
    "writing", "xylophone", "yell", "yip", "yodeling", "zing", "zipper", "zither",
))  - ACOUSTIC_SCENES  # fmt: skip

NAMED_SOUNDS = {
    "applause": "applause", "clapping": "clapping", "cheering": "cheering", "laughter": "laughter",
    "laughing": "laughter", "music": "music", "singing": "singing", "song": "song", "siren": "siren",
    "horn": "vehicle horn", "honking": "honking", "bark": "bark", "barking": "bark", "barks": "bark",
    "dog barking": "bark", "meow": "meow", "meowing": "meow", "gunshot": "gunshot", "gunshots": "gunshot",
    "explosion": "explosion", "explosions": "explosion", "thunder": "thunder", "rain": "rain", "wind": "wind",
    "bell": "bell", "bells": "bell", "ringing": "telephone bell ringing", "whistle": "whistle",
    "whistling": "whistling", "scream": "screaming", "screams": "screaming", "screaming": "screaming",
    "crying": "crying", "engine": "engine", "drum": "drum", "drums": "drum", "guitar": "guitar", "piano": "piano",
    "footsteps": "footsteps", "knock": "knock", "knocking": "knock", "alarm": "alarm", "bird singing": "bird song",
    "birds singing": "bird song", "bird chirping": "chirp", "birds chirping": "chirp", "chirping": "chirp",
    "buzzing": "buzz", "crash": "crash",
}  # fmt: skip
"""Words that name a sound wherever a question says them -> the term of ``SOUND_WORDS`` each names (a word
that may name a thing seen, "a dog", "the car", names a sound only after a word of hearing)."""

NAMED_COMPOUNDS = frozenset(t for t in SOUND_WORDS if len(t.split()) == 2 and t.split()[1] in NAMED_SOUNDS)
"""The tagger's two-word terms that end in a named sound ("car horn", "fire alarm", "church bell"): said together,
they are one sound, not a thing seen ("car") beside a sound ("horn")."""


def _sources(terms: frozenset[str]) -> frozenset[str]:
    """The words of ``terms`` that name what makes a sound another term names: "X Y" with Y a sound gives X
    ("traffic noise": traffic), a closed compound of a sound of at least 4 letters and at least 4 more its rest
    ("thunderstorm": storm; not "caterwaul": "cat" + "erwaul"); those that are sound words already are left out.

    Example:
        >>> sorted(_sources(frozenset({"traffic noise", "noise", "thunder", "thunderstorm", "sad music", "music"})))
        ['sad', 'storm', 'traffic']
    """
    modifiers = {t.split()[0] for t in terms if len(t.split()) == 2 and t.split()[1] in terms}
    single = [t for t in terms if re.fullmatch("[a-z]+", t)]
    rests = {t[len(h) :] for t in single for h in single if len(h) >= 4 and t.startswith(h) and len(t) - len(h) >= 4}
    return frozenset(modifiers | rests) - terms


SOUND_SOURCES = _sources(SOUND_WORDS)
"""What makes a sound a longer term of the tagger's labels names (``_sources``): heard, it is that sound."""
