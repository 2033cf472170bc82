"""region: a sampled frame scores the similarity of its best-matching crop; a frame without crops scores NULL."""

from __future__ import annotations


def crop(video_id: str, frame_idx: int, region_id: int, emb: list[float]) -> dict:
    return {"video_id": video_id, "frame_idx": frame_idx, "ts": float(frame_idx), "region_id": region_id, "emb": emb}


def test_a_frame_scores_its_best_crop(evidence):
    rows = [
        crop("va", 0, 0, [0.6, 0.8, 0.0]),
        crop("va", 0, 1, [0.8, 0.6, 0.0]),
        crop("va", 2, 0, [0.0, 1.0, 0.0]),
        crop("vb", 0, 0, [1.0, 0.0, 0.0]),
    ]
    sampled = [("va", 0, 0.0), ("va", 1, 1.0), ("va", 2, 2.0), ("vb", 0, 0.0)]
    found = evidence("region", "0", sampled=sampled, regions=rows)
    assert found == [("va", 0, 0.8), ("va", 1, None), ("va", 2, 0.0), ("vb", 0, 1.0)]
    assert evidence("region", "0", video_id="vb", sampled=sampled, regions=rows) == [("vb", 0, 1.0)]
