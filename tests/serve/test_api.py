"""The web app's API through Starlette's test client, on the demo corpus."""

from __future__ import annotations

import base64
import io
import json
import os
from pathlib import Path

import pyarrow.parquet as pq
import pytest

import vqdb

QUESTION = "when is the title 'Hello world' on screen?"


def test_corpus_lists_videos_with_sizes_and_extractions(client, video_ids):
    corpus = client.get("/api/corpus").json()
    videos = {v["file"]: v for v in corpus["videos"]}
    assert sorted(videos) == ["birds.mp4", "cockatoo.mp4", "movie-hello.mp4"]
    hello = videos["movie-hello.mp4"]
    assert hello["size_bytes"] == os.path.getsize(hello["path"])
    assert hello["extractions"]["ocr"]["rows"] > 0 and hello["extractions"]["asr"]["error"] is None
    assert "ocr" not in videos["birds.mp4"]["extractions"]  # never ran there: the page shows it off
    assert "embed" in corpus["extractors"] and {t["table"] for t in corpus["tables"]} >= {"videos", "frames"}


def test_video_lanes_come_from_the_tables(client, demo_corpus, video_ids):
    video = client.get(f"/api/videos/{video_ids['movie-hello.mp4']}").json()
    lanes = video["lanes"]
    assert any("hello" in span["text"].lower() for span in lanes["ocr"])
    assert [cue["text"] for cue in lanes["subtitles"]] == ["A terminal opens", "The directory listing"]
    words = [w for segment in lanes["transcript"] for w in segment["words"]]
    assert words and all(w["start_s"] <= w["end_s"] for w in words)
    assert lanes["audio"] and all({"start_s", "end_s", "text"} <= set(e) for e in lanes["audio"])
    with vqdb.connect(demo_corpus) as corpus:
        stamps = corpus.sql(
            "SELECT list(ts ORDER BY ts) FROM frames WHERE video_id = $v", params={"v": video["video_id"]}
        )
        assert [f["ts"] for f in video["frames"]] == stamps.fetchone()[0]


def test_media_answers_range_requests_with_the_listed_file(client, demo_corpus, video_ids):
    video_id = video_ids["movie-hello.mp4"]
    path = client.get(f"/api/videos/{video_id}").json()["path"]
    content = Path(path).read_bytes()
    part = client.get(f"/media/{video_id}", headers={"Range": "bytes=1000-1999"})
    assert part.status_code == 206 and part.content == content[1000:2000]
    assert part.headers["content-range"] == f"bytes 1000-1999/{len(content)}"
    assert part.headers["content-type"] == "video/mp4"
    assert client.get(f"/media/{video_id}").content == content


@pytest.mark.parametrize(
    "path",
    [
        "/media/..%2F..%2F..%2Fetc%2Fpasswd",
        "/media/%2Fetc%2Fpasswd",
        "/static/..%2Fapp.py",
        "/static/app.py",
        "/thumbs/x/1",
    ],
)
def test_no_request_path_reaches_the_file_system(client, path):
    response = client.get(path)
    assert response.status_code == 404 and "error" in response.json()
    assert "root:" not in response.text


def test_a_moved_file_is_a_message_not_a_crash(client, video_ids, monkeypatch):
    from vqdb.serve import data

    monkeypatch.setattr(data, "video_row", lambda corpus, video_id: {"path": "/nowhere/movie.mp4"})
    response = client.get(f"/media/{video_ids['birds.mp4']}")
    assert response.status_code == 404 and "no longer at /nowhere/movie.mp4" in response.json()["error"]


def test_thumbnails_are_the_stored_jpegs(client, demo_corpus, video_ids):
    video_id = video_ids["cockatoo.mp4"]
    with vqdb.connect(demo_corpus) as corpus:
        jpeg = corpus.sql("SELECT jpeg FROM frames WHERE video_id = $v AND frame_idx = 3", params={"v": video_id})
        stored = jpeg.fetchone()[0]
    response = client.get(f"/thumbs/{video_id}/3")
    assert response.content == stored and response.headers["content-type"] == "image/jpeg"


def test_other_hosts_are_refused(client):
    assert client.get("/api/corpus", headers={"Host": "attacker.example"}).status_code == 400


def test_ask_shows_the_keyframes_of_retrieve_and_the_intervals_of_locate(client, demo_corpus, video_ids):
    video_id = video_ids["movie-hello.mp4"]
    result = client.post("/api/ask", json={"question": QUESTION, "video": video_id, "k": 3}).json()
    with vqdb.connect(demo_corpus) as corpus:
        found = corpus.retrieve(QUESTION, video=video_id, k=3)
        located = corpus.locate(QUESTION, video=video_id, k=3)
    assert [(k["frame_idx"], k["ts"]) for k in result["keyframes"]] == [
        (k["frame_idx"], k["ts"]) for k in found.keyframes.to_pylist()
    ]
    assert result["sql"] == found.sql and result["plan"] == found.plan.to_dict()
    assert result["intervals"] == json.loads(json.dumps(located.intervals.to_pylist()))
    (lane,) = result["lanes"]
    assert len(lane["frames"]) == lane["n_frames"] and {c["id"] for c in result["calls"]} == set(
        lane["frames"][0]["calls"]
    )
    assert sorted(f["merged_rank"] for f in lane["frames"]) == list(range(1, lane["n_frames"] + 1))
    assert set(result["timings"]) == {"plan", "retrieve", "locate", "lanes", "total"}
    assert result["videos"][video_id]["file"] == "movie-hello.mp4"
    answer = client.post("/api/answer", json={"question": QUESTION, "keyframes": result["keyframes"]}).json()
    assert answer["interval"] and answer["answer_text"] == json.dumps(
        [round(answer["interval"]["start_s"], 2), round(answer["interval"]["end_s"], 2)]
    )  # a "when" question is answered with the moment located, the title read in it its evidence
    assert any("Hello" in e["text"] for e in answer["evidence"]) and answer["ms"] > 0
    assert [k["ts"] for k in answer["keyframes"]] == [k["ts"] for k in result["keyframes"]]


def test_multiple_choice_answer_names_the_option(client, video_ids):
    body = {"question": "What does the title say?", "options": ["Goodbye moon", "Hello world"], "k": 2}
    asked = client.post("/api/ask", json={**body, "video": video_ids["movie-hello.mp4"]}).json()
    answer = client.post("/api/answer", json={**body, "keyframes": asked["keyframes"], "plan": asked["plan"]}).json()
    assert answer["answer"] == "B" and answer["options"] == body["options"]
    assert json.loads(answer["plan"]) == asked["plan"]


@pytest.mark.parametrize(
    ("keyframes", "message"),
    [
        ([{"video_id": "v", "frame_idx": "0; DROP", "ts": 0}], "keyframes must be a list of {video_id, frame_idx, ts}"),
        ([], "no keyframes to answer"),
    ],
)
def test_answers_need_keyframes(client, keyframes, message):
    response = client.post("/api/answer", json={"question": "What?", "keyframes": keyframes})
    assert response.status_code == 400 and message in response.json()["error"]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"question": "  "}, "the question is empty"),
        ({"question": "a dog", "k": 0}, "k (keyframes per video) 0"),
        ({"question": "a dog", "video": "nope.mp4"}, "no video 'nope.mp4'"),
        ({"question": "a dog", "options": "A"}, "options must be a list"),
    ],
)
def test_bad_questions_get_one_message(client, body, message):
    response = client.post("/api/ask", json=body)
    assert response.status_code == 400 and message in response.json()["error"]


def test_edited_sql_runs_read_only_and_keeps_its_lanes(client, video_ids):
    video_id = video_ids["movie-hello.mp4"]
    asked = client.post("/api/ask", json={"question": QUESTION, "video": video_id, "k": 4}).json()
    fewer = asked["sql"].replace("ANY_VALUE(m.gap)\n      )", "ANY_VALUE(m.gap) * 2\n      )")
    assert fewer != asked["sql"]
    rerun = client.post("/api/ask/sql", json={"sql": fewer, "calls": asked["calls"]}).json()
    assert rerun["lanes"] == asked["lanes"] and 1 <= len(rerun["keyframes"]) <= len(asked["keyframes"])
    refused = client.post("/api/ask/sql", json={"sql": "COPY (SELECT 1) TO '/tmp/x.csv'"})
    assert refused.status_code == 400 and "COPY" in refused.json()["error"]
    no_columns = client.post("/api/ask/sql", json={"sql": "SELECT 1 AS x"}).json()["error"]
    assert "must return the columns video_id, frame_idx, ts" in no_columns


def test_sql_console_limits_rows_and_shows_binary_as_sizes(client):
    result = client.post("/api/sql", json={"sql": "SELECT frame_idx, jpeg FROM frames ORDER BY ALL", "limit": 2}).json()
    assert result["columns"] == ["frame_idx", "jpeg"] and result["truncated"] and len(result["rows"]) == 2
    assert result["rows"][0][1].endswith(" bytes>")
    refused = client.post("/api/sql", json={"sql": "ATTACH '/tmp/other.db'"})
    assert refused.status_code == 400 and "ATTACH" in refused.json()["error"]
    failed = client.post("/api/sql", json={"sql": "SELECT nope FROM videos"}).json()["error"]
    assert failed.startswith("SQL failed:") and "nope" in failed
    assert "row limit 0" in client.post("/api/sql", json={"sql": "SELECT 1", "limit": 0}).json()["error"]


def test_downloads_hold_every_row(client, demo_corpus):
    query = "SELECT video_id, ts, [frame_idx] AS idx, jpeg FROM frames ORDER BY video_id, ts"
    with vqdb.connect(demo_corpus) as corpus:
        total = corpus.sql("SELECT count(*) FROM frames").fetchone()[0]
    token = client.headers["X-Vqdb-Token"]  # the page puts it in the download link
    csv = client.get("/api/sql/download", params={"format": "csv", "sql": query, "token": token})
    assert csv.headers["content-disposition"] == 'attachment; filename="vqdb-query.csv"'
    lines = csv.text.strip().splitlines()
    assert lines[0] == "video_id,ts,idx,jpeg" and len(lines) == total + 1
    parquet = client.get("/api/sql/download", params={"format": "parquet", "sql": query, "token": token})
    table = pq.read_table(io.BytesIO(parquet.content))
    assert table.num_rows == total and table.column_names == ["video_id", "ts", "idx", "jpeg"]
    bad = client.get("/api/sql/download", params={"format": "xlsx", "sql": query, "token": token})
    assert bad.status_code == 400 and "choose csv or parquet" in bad.json()["error"]


def test_pages_and_assets_are_served_from_the_package(client):
    for path in ("/", "/ask", "/sql", "/video/anything"):
        page = client.get(path)
        assert page.status_code == 200 and '<script type="module" src="/static/app.js">' in page.text
    missing = client.get("/nowhere")  # the page itself says there is no such page
    assert missing.status_code == 404 and "/static/app.js" in missing.text
    assert client.get("/static/app.js").headers["content-type"].startswith("text/javascript")
    assert "cdn" not in " ".join(client.get(f"/static/{n}").text.lower() for n in ("app.js", "style.css"))


def test_ask_over_all_videos_lists_the_corpus_best_moments_with_their_files(client, demo_corpus, video_ids):
    result = client.post("/api/ask", json={"question": QUESTION, "k": 3}).json()
    with vqdb.connect(demo_corpus) as corpus:
        moments = corpus.search(QUESTION, k=3).moments.to_pylist()
    assert moments and [(k["video_id"], k["ts"]) for k in result["keyframes"]] == [
        (m["video_id"], m["ts"]) for m in moments
    ]
    assert result["keyframes"][0]["video_id"] == video_ids["movie-hello.mp4"]  # the only video showing the title
    assert {result["videos"][k["video_id"]]["file"] for k in result["keyframes"]} == {"movie-hello.mp4"}
    assert [k["merged_rank"] for k in result["keyframes"]] == list(range(1, len(moments) + 1))
    assert "Hello" in result["keyframes"][0]["evidence"] and set(result["timings"]) >= {"search", "total"}


def test_the_sql_console_sends_images_as_data_urls_and_nothing_else(client, demo_corpus, video_ids, monkeypatch):
    from vqdb.serve import console

    query = (
        "SELECT frame_idx, jpeg, 'not an image'::BLOB AS raw, '<svg onload=alert(1)>'::BLOB AS svg, "
        "{'image': 'data:image/png;base64,AAAA'} AS struct FROM frames WHERE video_id = $v ORDER BY frame_idx LIMIT 3"
    )
    video = {"v": video_ids["cockatoo.mp4"]}
    with vqdb.connect(demo_corpus) as corpus:
        jpegs = [row[1] for row in corpus.sql(query, params=video).fetchall()]
    sql = query.replace("$v", f"'{video['v']}'")
    result = client.post("/api/sql", json={"sql": sql}).json()
    assert [(r, c) for r, c, _ in result["images"]] == [(0, 1), (1, 1), (2, 1)]  # the JPEGs, not the other blobs
    for (_, _, url), jpeg in zip(result["images"], jpegs, strict=True):
        kind, _, payload = url.partition(";base64,")
        assert kind == "data:image/jpeg" and base64.b64decode(payload) == jpeg
    assert result["rows"][0][1:4] == [f"<{len(jpegs[0])} bytes>", "<12 bytes>", "<21 bytes>"]
    monkeypatch.setattr(console, "MAX_IMAGE_BYTES", len(jpegs[0]) + len(jpegs[1]))  # room for two
    fewer = client.post("/api/sql", json={"sql": sql}).json()
    assert len(fewer["images"]) == 2 and fewer["images_left_out"] == 1


def test_the_corpus_counts_what_each_extractor_found(client, demo_corpus, video_ids):
    corpus_page = client.get("/api/corpus").json()
    videos = {v["file"]: v for v in corpus_page["videos"]}
    with vqdb.connect(demo_corpus) as corpus:
        count = lambda table, file: corpus.sql(  # noqa: E731
            f"SELECT count(*) FROM {table} WHERE video_id = $v", params={"v": video_ids[file]}
        ).fetchone()[0]
        hello = videos["movie-hello.mp4"]["counts"]
        assert hello["ocr"] == {"n": count("ocr_spans", "movie-hello.mp4"), "unit": "line"}
        assert hello["asr"] == {"n": count("transcript_words", "movie-hello.mp4"), "unit": "word"}
        assert hello["audio"] == {"n": count("audio_events", "movie-hello.mp4"), "unit": "sound"}
        assert videos["birds.mp4"]["counts"]["frames"] == {"n": count("frames", "birds.mp4"), "unit": "frame"}
    assert corpus_page["visual_model"] is None and corpus_page["visual_extractors"] == ["embed", "regions"]


def test_the_video_page_gets_each_ocr_read_with_its_box_and_time_on_screen(client, demo_corpus, video_ids):
    video = client.get(f"/api/videos/{video_ids['movie-hello.mp4']}").json()
    boxes = video["ocr_boxes"]
    stamps = [f["ts"] for f in video["frames"]]
    assert [b["ts"] for b in boxes] == stamps and {b["text"] for b in boxes} == {"Hello world"}
    assert boxes[0]["box"] == pytest.approx({"x0": 0.38, "y0": 0.03, "x1": 0.61, "y1": 0.1})
    # reads without measured edges: on screen from their frame until the next one (the last, until the end)
    assert [(b["from_s"], b["to_s"]) for b in boxes] == [
        *zip(stamps, stamps[1:], strict=False),
        (stamps[-1], video["duration_s"]),
    ]
    assert client.get(f"/api/videos/{video_ids['birds.mp4']}").json()["ocr_boxes"] == []


def test_an_answer_says_why_there_is_none_and_names_its_videos(client, video_ids):
    question = "what colour is the cockatoo?"  # nothing read or heard says: only a sound label is there
    asked = client.post("/api/ask", json={"question": question, "video": video_ids["cockatoo.mp4"], "k": 4}).json()
    body = {"question": question, "keyframes": asked["keyframes"], "plan": asked["plan"], "notes": asked["notes"]}
    answer = client.post("/api/answer", json=body).json()
    assert answer["answer"] is None and answer["low_confidence"] is True
    assert answer["answer_notes"] == answer["notes"][len(asked["notes"]) :] and answer["reason"] in answer["notes"]
    assert "no text on screen, speech or subtitles" in answer["reason"]
    assert answer["videos"] == {
        video_ids["cockatoo.mp4"]: {
            "video_id": video_ids["cockatoo.mp4"],
            "file": "cockatoo.mp4",
            "duration_s": pytest.approx(14, abs=1),
        }
    }
    when = client.post("/api/answer", json={"question": QUESTION, "keyframes": asked["keyframes"]}).json()
    assert when["answer"] is None and "no call of the plan found its moment" in when["reason"]  # not in this video
    both = client.post("/api/ask/sql", json={"sql": "SELECT video_id, frame_idx, ts FROM frames WHERE frame_idx = 2"})
    when = client.post("/api/answer", json={"question": QUESTION, "keyframes": both.json()["keyframes"]}).json()
    assert when["interval"]["video_id"] == video_ids["movie-hello.mp4"] and when["reason"] is None
    assert {v["file"] for v in when["videos"].values()} == {"cockatoo.mp4", "movie-hello.mp4"}
