"""audio: a frame scores the best tag covering it whose label contains the query or is contained in it."""

from __future__ import annotations

SAMPLED = [("va", i, i / 2) for i in range(5)] + [("vb", 0, 0.0)]
TAGS = [
    {"video_id": "va", "start_s": 0.0, "end_s": 0.96, "label": "Dog", "score": 0.5},
    {"video_id": "va", "start_s": 0.5, "end_s": 1.46, "label": "Dog bark", "score": 0.75},
    {"video_id": "va", "start_s": 0.0, "end_s": 2.0, "label": "Music", "score": 1.0},
    {"video_id": "vb", "start_s": 0.0, "end_s": 1.0, "label": "Bark", "score": 0.25},
]


def test_frames_get_the_best_matching_tag_covering_them(evidence):
    assert evidence("audio", "DOG", sampled=SAMPLED, audio_tags=TAGS) == [
        ("va", 0, 0.5),
        ("va", 1, 0.75),
        ("va", 2, 0.75),  # 1.0 s: only the bark covers it (the Dog tag ends at 0.96 s)
    ]


def test_a_label_inside_the_query_matches_too(evidence):
    assert evidence("audio", "a dog barking", sampled=SAMPLED, audio_tags=TAGS) == [
        ("va", 0, 0.5),
        ("va", 1, 0.75),  # "dog bark" is inside "a dog barking"
        ("va", 2, 0.75),
        ("vb", 0, 0.25),  # so is "bark"
    ]
    assert evidence("audio", "bark", video_id="vb", sampled=SAMPLED, audio_tags=TAGS) == [("vb", 0, 0.25)]


def test_a_tag_covers_up_to_but_not_including_its_end(evidence):
    assert evidence("audio", "music", sampled=SAMPLED, audio_tags=TAGS) == [("va", i, 1.0) for i in range(4)]
