"""siglip: every embedded frame of the video scored by whole-frame similarity to the query."""

from __future__ import annotations


def embedding(video_id: str, frame_idx: int, emb: list[float]) -> dict:
    return {"video_id": video_id, "frame_idx": frame_idx, "ts": float(frame_idx), "emb": emb}


def test_every_embedded_frame_gets_its_similarity(evidence):
    rows = [embedding("va", 0, [0.5, 0.25, 0.0]), embedding("va", 1, [0.0, 0.75, 1.0]), embedding("vb", 0, [1, 1, 1])]
    assert evidence("siglip", "1", frame_embeddings=rows) == [("va", 0, 0.25), ("va", 1, 0.75), ("vb", 0, 1.0)]
    assert evidence("siglip", "0", video_id="va", frame_embeddings=rows) == [("va", 0, 0.5), ("va", 1, 0.0)]
