"""vqdb videos, --format json of info / ingest / index / compact, vqdb clip, --clips and --contact-sheet."""

import json

import av
import pytest
from PIL import Image

from vqdb.cli import main


@pytest.fixture(scope="module")
def corpus(tmp_path_factory, sample_media):
    root = tmp_path_factory.mktemp("media") / "corpus"
    videos = [str(sample_media / name) for name in ("movie-hello.mp4", "birds.mp4")]
    assert main(["ingest", str(root), *videos, "--with", "subtitles", "--no-progress"]) == 0
    return root


def _json(capsys, *argv):
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def test_videos_lists_each_video_with_each_extractor_s_status(corpus, capsys):
    rows = _json(capsys, "videos", str(corpus), "--format", "json")
    assert [r["file"] for r in rows] == ["birds.mp4", "movie-hello.mp4"]
    hello = rows[1]
    assert hello["resolution"] == "1280x720" and hello["duration_s"] == pytest.approx(8.33, abs=0.01)
    assert (hello["subtitles"], hello["asr"], hello["errors"]) == ("done", "-", None)
    assert main(["videos", str(corpus), "--format", "csv"]) == 0
    assert capsys.readouterr().out.splitlines()[0].startswith("file,video_id,duration_s,resolution,subtitles")


def test_info_ingest_index_compact_print_json(corpus, sample_media, capsys):
    info = _json(capsys, "info", str(corpus), "--format", "json")
    assert {k: info["tables"][0][k] for k in ("table", "rows")} == {"table": "videos", "rows": 2}
    video = str(sample_media / "birds.mp4")
    ingest = _json(capsys, "ingest", str(corpus), video, "--with", "subtitles", "--no-progress", "--format", "json")
    assert ingest["skipped"][0]["path"].endswith("birds.mp4") and ingest["ingested"] == []
    index = _json(capsys, "index", str(corpus), "--format", "json")
    assert {r["table"] for r in index["vector"]} >= {"frame_embeddings"} and "full_text" in index
    compact = _json(capsys, "compact", str(corpus), "--format", "json")
    assert compact["summary"].startswith("compacted") and isinstance(compact["tables"], list)


def _frames(path):
    with av.open(str(path)) as clip:
        times = [frame.time for frame in clip.decode(video=0)]
        return len(times), times[-1] - times[0]


def test_clip_copies_from_a_keyframe_and_encodes_again_elsewhere(corpus, tmp_path, capsys):
    # movie-hello.mp4: 30 fps, a keyframe every 0.4 s from 0.033 s
    assert main(["clip", str(corpus), "movie-hello.mp4", "0.433", "2.433", "-o", str(tmp_path / "a.mp4")]) == 0
    assert "(copy)" in capsys.readouterr().out
    count, span = _frames(tmp_path / "a.mp4")
    assert count == 60 and span == pytest.approx(2.0 - 1 / 30, abs=0.01)
    assert main(["clip", str(corpus), "movie-hello.mp4", "0:01.5", "3.5", "-o", str(tmp_path / "b.mp4")]) == 0
    assert "(re-encode)" in capsys.readouterr().out
    count, span = _frames(tmp_path / "b.mp4")
    assert count == 60 and span == pytest.approx(2.0 - 1 / 30, abs=0.01)


def test_clip_errors_name_the_argument(corpus, tmp_path, capsys):
    assert main(["clip", str(corpus), "movie-hello.mp4", "9", "10", "-o", str(tmp_path / "c.mp4")]) == 1
    assert "past the end" in capsys.readouterr().err
    assert main(["clip", str(corpus), "movie-hello.mp4", "3", "2", "-o", str(tmp_path / "c.mp4")]) == 1
    assert "START must be before END" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["clip", str(corpus), "movie-hello.mp4", "soon", "2", "-o", str(tmp_path / "c.mp4")])
    assert "'soon' is not a time" in capsys.readouterr().err


def test_retrieve_writes_a_clip_per_keyframe_and_a_contact_sheet(corpus, tmp_path, capsys):
    sheet, clips = tmp_path / "sheet.jpg", tmp_path / "clips"
    argv = ["retrieve", str(corpus), "hello", "--video", "movie-hello.mp4", "-k", "3", "--planner", "uniform"]
    assert main([*argv, "--clips", str(clips), "--contact-sheet", str(sheet), "--format", "json"]) == 0
    keyframes = json.loads(capsys.readouterr().out)
    assert len(sorted(clips.iterdir())) == len(keyframes) == 3
    with Image.open(sheet) as image:
        assert image.size == (3 * 384, 216)  # three 384 x 216 thumbnails in a row


def test_locate_writes_a_clip_per_interval(corpus, tmp_path, capsys):
    argv = ["locate", str(corpus), "hello", "--video", "movie-hello.mp4", "-k", "2", "--planner", "uniform"]
    assert main([*argv, "--clips", str(tmp_path / "clips"), "--format", "json"]) == 0
    intervals = json.loads(capsys.readouterr().out)
    written = sorted((tmp_path / "clips").iterdir())
    assert len(written) == len(intervals) >= 1
    first = intervals[0]
    assert written[0].name == f"01_movie-hello_{first['start_s']:.1f}-{first['end_s']:.1f}.mp4"


def test_a_clip_of_a_rotated_video_stands_as_the_video_does(shared_data, tmp_path):
    from vqdb.cli.media import write_clip
    from vqdb.ingest.probe import probe

    source = shared_data / "video" / "issue-134-rotate.mp4"  # 1280 x 544 coded, shown turned 90 degrees
    assert write_clip(source, 0.0, 1.0, tmp_path / "copy.mp4") == "copy"
    assert write_clip(source, 0.3, 1.3, tmp_path / "encoded.mp4") == "re-encode"
    for clip in ("copy.mp4", "encoded.mp4"):
        shown = probe(tmp_path / clip)
        assert (shown.width, shown.height) == (544, 1280), clip
