import io

import numpy as np
import pytest
from PIL import Image

from vqdb.viz import contact_sheet, reliability_diagram, timeline

COLOURS = [(220, 30, 30), (30, 200, 30), (30, 30, 220), (230, 230, 20), (200, 20, 200)]


def _jpeg(colour, size=(80, 45)) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", size, colour).save(buf, "JPEG", quality=95)
    return buf.getvalue()


def _png(fig) -> Image.Image:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=50)
    return Image.open(io.BytesIO(buf.getvalue()))


def test_contact_sheet_places_one_tile_per_frame_in_order():
    frames = {"ts": [0.0, 1.0, 2.0, 3.0, 4.0], "jpeg": [_jpeg(c) for c in COLOURS], "score": [0.9, 0.8, 0.7, 0.6, 0.5]}
    sheet = contact_sheet(frames, columns=3, tile_width=80)
    assert sheet.size == (240, 2 * (45 + 14))
    pixels = np.asarray(sheet).astype(int)
    for i, colour in enumerate(COLOURS):
        x, y = (i % 3) * 80 + 40, (i // 3) * 59 + 20
        assert np.abs(pixels[y, x] - colour).max() < 30, f"tile {i} has the wrong frame"
    # the sixth cell is empty (white), and captions are drawn (dark pixels under each tile)
    assert (pixels[59 + 20, 200] > 240).all()
    assert (pixels[45:59, 0:80] < 100).any()


def test_contact_sheet_rejects_missing_columns():
    with pytest.raises(ValueError, match="jpeg"):
        contact_sheet({"ts": [1.0]})


def test_timeline_draws_calls_picks_spans_and_ranks():
    scores = {"call": ["Q1"] * 3 + ["Q2"] * 3, "ts": [0.0, 1.0, 2.0] * 2, "score": [0.1, 0.5, 0.9, 0.3, 0.2, 0.1]}
    fig = timeline(
        scores,
        picks=[2.0, 0.0],
        merged={"ts": [0.0, 1.0, 2.0], "merged_rank": [2, 3, 1]},
        gt_spans=[(1.5, 2.5)],
        title="demo",
    )
    ax = fig.axes[0]
    assert [line.get_label() for line in ax.get_lines()[:2]] == ["Q1", "Q2"]
    assert len([line for line in ax.get_lines() if line.get_linestyle() == "--"]) == 2
    assert len(fig.axes) == 2 and fig.axes[1].yaxis_inverted()
    image = _png(fig)
    assert image.size == (500, 160)


def test_reliability_diagram_skips_empty_bins():
    bins = {
        "lower": [0.0, 0.1, 0.9],
        "upper": [0.1, 0.2, 1.0],
        "n": [2, 0, 4],
        "mean_confidence": [0.05, None, 0.95],
        "accuracy": [0.0, None, 0.75],
    }
    fig = reliability_diagram(bins)
    heights = sorted(p.get_height() for p in fig.axes[0].patches)
    assert heights == [0.0, 0.75]
    assert _png(fig).size == (210, 210)


def test_reliability_diagram_reads_the_calibration_bins_macro():
    import duckdb

    from vqdb.queries import load_sql_macros

    con = duckdb.connect()
    load_sql_macros(con)
    con.execute(
        "CREATE TABLE a AS SELECT * FROM (VALUES (0.95, true), (0.85, false), (0.15, false)) t(confidence, correct)"
    )
    fig = reliability_diagram(con.sql("FROM calibration_bins(a, bins := 10)"))
    assert sorted(p.get_height() for p in fig.axes[0].patches) == [0.0, 0.0, 1.0]
