"""siglip: every sampled frame of the video scored by whole-frame similarity to the query (NULL: no embedding)."""

from __future__ import annotations


def embedding(video_id: str, frame_idx: int, emb: list[float]) -> dict:
    return {"video_id": video_id, "frame_idx": frame_idx, "ts": float(frame_idx), "emb": emb}


def test_every_embedded_frame_gets_its_cosine_similarity(evidence):
    # the query "1" is the unit vector along component 1
    rows = [embedding("va", 0, [0.6, 0.8, 0.0]), embedding("va", 1, [0.0, 0.0, 1.0]), embedding("vb", 0, [2, 2, 0])]
    sampled = [("va", 0, 0.0), ("va", 1, 1.0), ("va", 2, 2.0), ("vb", 0, 0.0)]  # va 2 has no embedding
    found = evidence("siglip", "1", sampled=sampled, frame_embeddings=rows)
    assert found == [("va", 0, 0.8), ("va", 1, 0.0), ("va", 2, None), ("vb", 0, 0.707)]
    found = evidence("siglip", "0", video_id="va", sampled=sampled, frame_embeddings=rows)
    assert found == [("va", 0, 0.6), ("va", 1, 0.0), ("va", 2, None)]


def test_a_frame_without_direction_is_not_scored(evidence):
    rows = [embedding("va", 0, [0.0, 0.0, 0.0]), embedding("va", 1, [1.0, 0.0, 0.0])]
    sampled = [("va", 0, 0.0), ("va", 1, 1.0)]
    assert evidence("siglip", "0", sampled=sampled, frame_embeddings=rows) == [("va", 0, None), ("va", 1, 1.0)]
