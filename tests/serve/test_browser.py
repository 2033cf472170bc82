"""End to end in a real headless Chromium: each page loads on the demo corpus and works; a screenshot of each
page is taken and must not be blank ($VQDB_SCREENSHOTS=docs/img refreshes the ones in the docs)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import httpx
import pytest
from PIL import Image, ImageStat

import vqdb
from vqdb.cli import main

QUESTION = "when is the title 'Hello world' on screen?"


def wait_for(condition, what: str, timeout: float = 30.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}")


def open_page(browser, url: str) -> None:
    browser.get(url)
    wait_for(lambda: browser.execute_script("return document.body.dataset.ready"), f"{url} to render")
    assert browser.execute_script("return document.getElementById('error').textContent") == ""


def images_loaded(browser, selector: str) -> bool:
    script = "return [...document.querySelectorAll(arguments[0])].every(i => i.complete && i.naturalWidth > 0)"
    return browser.execute_script(script, selector)


def screenshot(browser, folder: Path, name: str) -> Path:
    """Save the page and check it is not blank: many colours, and light and dark areas both."""
    path = folder / f"serve-{name}.png"
    width, height = browser.get_window_size()["width"], browser.get_window_size()["height"]
    page_height = browser.execute_script(
        "return document.documentElement.scrollHeight + window.outerHeight - window.innerHeight"
    )
    browser.set_window_size(width, min(max(page_height, 600), 2400))  # the whole page, not just the viewport
    browser.save_screenshot(str(path))
    browser.set_window_size(width, height)
    image = Image.open(path).convert("RGB")
    assert len(image.getcolors(maxcolors=1 << 20) or ()) > 500, f"{path} looks blank"
    assert max(ImageStat.Stat(image.convert("L")).stddev) > 20, f"{path} has no contrast"
    return path


def player_time(browser) -> float:
    return browser.execute_script("return document.getElementById('player').currentTime")


def test_corpus_page(browser, live_server, screenshots):
    open_page(browser, live_server + "/")
    rows = browser.execute_script(
        "return [...document.querySelectorAll('tr[data-video] .file')].map(a => a.textContent)"
    )
    assert rows == ["birds.mp4", "cockatoo.mp4", "movie-hello.mp4"]
    wait_for(lambda: images_loaded(browser, "img.thumb"), "the thumbnails")
    assert browser.execute_script("return document.querySelectorAll('.chip.ok').length") >= 5
    screenshot(browser, screenshots, "corpus")


def test_video_page_seeks_and_highlights_the_word_said(browser, live_server, video_ids, screenshots):
    open_page(browser, f"{live_server}/video/{video_ids['movie-hello.mp4']}")
    lanes = browser.execute_script("return [...document.querySelectorAll('[data-lane]')].map(l => l.dataset.lane)")
    assert lanes == ["frames", "ocr", "transcript", "audio", "subtitles"]
    wait_for(lambda: images_loaded(browser, "img.strip"), "the frames strip")
    second_cue = browser.find_elements("css selector", "[data-lane=subtitles] .item")[1]
    second_cue.click()
    wait_for(lambda: abs(player_time(browser) - 4.0) < 0.01, "the player to seek to the cue at 4 s")
    word = browser.execute_script("return document.querySelectorAll('.word')[2]")
    start = float(word.get_attribute("data-start"))
    browser.execute_script("const p = document.getElementById('player'); p.currentTime = arguments[0] + 0.05", start)
    wait_for(lambda: browser.execute_script("return document.querySelector('.word.now')") == word, "the word highlight")
    screenshot(browser, screenshots, "video")


def test_ask_page_shows_the_keyframes_of_retrieve(browser, live_server, demo_corpus, video_ids, screenshots, capsys):
    k = 4
    assert (
        main(["retrieve", str(demo_corpus), QUESTION, "--video", "movie-hello.mp4", "-k", str(k), "--format", "json"])
        == 0
    )
    expected = [row["ts"] for row in json.loads(capsys.readouterr().out)]
    open_page(browser, live_server + "/ask")
    question = browser.find_element("id", "question")
    question.send_keys(QUESTION)
    browser.execute_script(
        "document.getElementById('video').value = arguments[0]; document.getElementById('k').value = arguments[1]",
        video_ids["movie-hello.mp4"],
        k,
    )
    browser.find_element("id", "ask").click()
    frames = wait_for(lambda: browser.find_elements("css selector", "#keyframes figure.keyframe"), "the keyframe grid")
    assert len(frames) == k
    assert [float(f.get_attribute("data-ts")) for f in frames] == expected
    wait_for(lambda: images_loaded(browser, "#keyframes img"), "the keyframe thumbnails")
    wait_for(lambda: browser.find_elements("css selector", "#answer-interval"), "the moment that answers it")
    assert any("Hello" in e.text for e in browser.find_elements("css selector", "ul.evidence li"))  # read in it
    lanes = browser.execute_script("return [...document.querySelectorAll('[data-lane]')].map(l => l.dataset.lane)")
    assert lanes[0] == "locate" and "merged" in lanes and lanes[-1] == "picks" and "call-Q1" in lanes
    frames[2].click()
    wait_for(lambda: abs(player_time(browser) - expected[2]) < 0.01, "the player to seek to the keyframe")
    screenshot(browser, screenshots, "ask")


def test_ask_page_reruns_edited_sql_and_shows_errors(browser, live_server):
    open_page(browser, live_server + "/ask?q=" + QUESTION.replace(" ", "%20") + "&k=3")
    wait_for(lambda: browser.find_elements("css selector", "#keyframes figure.keyframe"), "the keyframe grid")
    browser.execute_script("document.getElementById('plan-sql').value = 'SELECT 1 AS nothing'")
    browser.find_element("id", "rerun").click()
    message = wait_for(lambda: browser.find_element("id", "error").text, "the error message")
    assert "must return the columns video_id, frame_idx, ts" in message


def test_sql_page(browser, live_server):
    open_page(browser, live_server + "/sql")
    wait_for(lambda: browser.find_elements("css selector", "#results tbody tr"), "the example query's rows")
    editor = browser.find_element("id", "sql")
    editor.clear()
    editor.send_keys(
        "SELECT label, round(max(max_score), 3) AS best FROM audio_events GROUP BY label ORDER BY best DESC"
    )
    browser.find_element("id", "limit").clear()
    browser.find_element("id", "limit").send_keys("5")
    browser.find_element("id", "run-sql").click()
    wait_for(lambda: "5+ rows" in browser.find_element("id", "sql-status").text, "5 of more rows")
    assert (
        browser.find_element("id", "download-csv").get_attribute("href").startswith(live_server + "/api/sql/download")
    )
    editor.clear()
    editor.send_keys("COPY videos TO '/tmp/videos.csv'")
    browser.find_element("id", "run-sql").click()
    assert "COPY" in wait_for(lambda: browser.find_element("id", "error").text, "the refusal")


@pytest.mark.parametrize("path", ["/video/nope", "/nowhere"])
def test_errors_become_a_message_on_the_page(browser, live_server, path):
    browser.get(live_server + path)
    message = wait_for(lambda: browser.find_element("id", "error").text, "the error message")
    assert "nope" in message or "no page at /nowhere" in message


def corpus_row_files(browser) -> list[str]:
    return browser.execute_script(
        "return [...document.querySelectorAll('tr[data-video] .file')].map(a => a.textContent)"
    )


def test_corpus_table_sorts_by_a_column_and_filters(browser, live_server):
    videos = httpx.get(live_server + "/api/corpus").json()["videos"]
    by_duration = [v["file"] for v in sorted(videos, key=lambda v: v["duration_s"])]
    assert by_duration != sorted(by_duration)  # the order differs from the file names'
    open_page(browser, live_server + "/")
    browser.find_element("css selector", "th[data-sort=duration]").click()
    assert corpus_row_files(browser) == by_duration
    browser.find_element("css selector", "th[data-sort=duration]").click()
    assert corpus_row_files(browser) == by_duration[::-1]
    assert browser.find_element("css selector", "th[data-sort=duration]").get_attribute("aria-sort") == "descending"
    browser.find_element("id", "filter").send_keys("COCK")
    assert corpus_row_files(browser) == ["cockatoo.mp4"]
    assert browser.find_element("id", "videos-shown").text == "1 of 3 shown"
    browser.refresh()  # the sort and the filter are in the page's address
    wait_for(lambda: browser.execute_script("return document.body.dataset.ready"), "the page to render again")
    assert browser.find_element("id", "filter").get_attribute("value") == "COCK"
    assert corpus_row_files(browser) == ["cockatoo.mp4"]
    browser.find_element("id", "filter").clear()
    browser.find_element("id", "filter").send_keys("nothing like it")
    assert "No video matches" in browser.find_element("css selector", "table.videos tbody").text


def test_extractor_chips_count_what_was_found_and_say_when_there_is_no_model(
    browser, live_server, demo_corpus, video_ids
):
    hello = video_ids["movie-hello.mp4"]
    with vqdb.connect(demo_corpus) as corpus:
        found = {
            table: corpus.sql(f"SELECT count(*) FROM {table} WHERE video_id = $v", params={"v": hello}).fetchone()[0]
            for table in ("ocr_spans", "transcript_words", "audio_events", "frames")
        }
    open_page(browser, live_server + "/")
    chips = browser.execute_script(
        "return [...document.querySelectorAll(`tr[data-video='${arguments[0]}'] .chip`)].map(c => c.textContent)", hello
    )
    plural = lambda n, unit: f"{n} {unit}" + ("" if n == 1 else "s")  # noqa: E731
    assert f"ocr · {plural(found['ocr_spans'], 'line')}" in chips
    assert f"asr · {plural(found['transcript_words'], 'word')}" in chips
    assert f"audio · {plural(found['audio_events'], 'sound')}" in chips
    assert f"frames · {plural(found['frames'], 'frame')}" in chips
    assert "embed · no model" in chips and "regions · no model" in chips  # the corpus has no visual model
    hint = browser.find_element("css selector", f"tr[data-video='{hello}'] .chip.nomodel").get_attribute("title")
    assert "embed_model" in hint and f"vqdb ingest {demo_corpus}" in hint and "--only embed,regions" in hint
    birds = browser.execute_script(
        "return [...document.querySelectorAll(`tr[data-video='${arguments[0]}'] .chip.off`)].map(c => c.textContent)",
        video_ids["birds.mp4"],
    )
    assert "ocr · not run" in birds


def test_video_page_draws_the_ocr_boxes_over_the_frame(browser, live_server, video_ids):
    open_page(browser, f"{live_server}/video/{video_ids['movie-hello.mp4']}")
    wait_for(lambda: browser.execute_script("return document.getElementById('player').videoWidth"), "the video")
    browser.execute_script("document.getElementById('player').currentTime = 1.5")
    texts = "return [...document.querySelectorAll('#ocr-overlay .ocr-box')].map(b => b.textContent)"
    assert wait_for(lambda: browser.execute_script(texts), "the OCR box") == ["Hello world"]  # in one step: redraws
    placed = """const v = document.getElementById('player'), b = document.querySelector('#ocr-overlay .ocr-box');
        const scale = Math.min(v.clientWidth / v.videoWidth, v.clientHeight / v.videoHeight);
        const [w, h] = [v.videoWidth * scale, v.videoHeight * scale];
        const [r, p] = [v.getBoundingClientRect(), b.getBoundingClientRect()];
        const [left, top] = [r.left + (v.clientWidth - w) / 2, r.top + (v.clientHeight - h) / 2];
        return [(p.left - left) / w, (p.top - top) / h, (p.right - left) / w, (p.bottom - top) / h];"""
    title = [0.38, 0.03, 0.61, 0.1]  # the box committed with the title, as a fraction of the frame shown
    wait_for(  # the box over the picture, as laid out now (a resize redraws it)
        lambda: all(abs(a - b) < 0.01 for a, b in zip(browser.execute_script(placed), title, strict=True)),
        "the box over the title",
    )
    shown = "return document.querySelector('#ocr-overlay .ocr-box')?.checkVisibility() ?? false"
    browser.find_element("id", "ocr-boxes").click()
    assert not browser.execute_script(shown)
    browser.find_element("id", "ocr-boxes").click()
    assert browser.execute_script(shown)


def test_sql_page_shows_images_as_thumbnails_and_never_runs_what_a_value_holds(browser, live_server, screenshots):
    open_page(browser, live_server + "/sql")
    editor = browser.find_element("id", "sql")
    editor.clear()
    editor.send_keys(
        "SELECT '<img src=x onerror=\"document.title=1\">' AS html, '<script>document.title=2</script>'::BLOB AS "
        "fake, {'image': 'javascript:document.title=3'} AS struct"
    )
    browser.find_element("id", "run-sql").click()
    wait_for(lambda: "1 rows" in browser.find_element("id", "sql-status").text, "the row")
    cells = [td.text for td in browser.find_elements("css selector", "#results tbody td")]
    assert (
        cells[0] == '<img src=x onerror="document.title=1">' and cells[2] == '{"image":"javascript:document.title=3"}'
    )
    assert browser.find_elements("css selector", "#results img") == [] and browser.title == "vqdb"
    browser.find_element("css selector", ".examples button:nth-of-type(6)").click()  # the thumbnails example
    wait_for(lambda: browser.find_elements("css selector", "#results img.cell-image"), "the thumbnails")
    wait_for(lambda: images_loaded(browser, "#results img.cell-image"), "the thumbnails to load")
    images = browser.find_elements("css selector", "#results img.cell-image")
    assert len(images) == len(browser.find_elements("css selector", "#results tbody tr"))
    assert images[0].get_attribute("src").startswith("data:image/jpeg;base64,/9j/")
    screenshot(browser, screenshots, "sql")


def test_ask_page_answers_when_with_the_moment_located(browser, live_server, demo_corpus, video_ids):
    video_id = video_ids["movie-hello.mp4"]
    with vqdb.connect(demo_corpus) as corpus:
        top = max(corpus.locate(QUESTION, video=video_id, k=3).intervals.to_pylist(), key=lambda r: r["score"])
    open_page(browser, f"{live_server}/ask?q={QUESTION}&video={video_id}&k=3")
    located = wait_for(lambda: browser.find_elements("id", "answer-interval"), "the moment")[0]
    assert float(located.get_attribute("data-start")) == pytest.approx(top["start_s"])
    assert float(located.get_attribute("data-end")) == pytest.approx(top["end_s"])
    assert "movie-hello.mp4" in located.text
    answer = browser.find_element("id", "answer")
    assert browser.find_element("css selector", ".answer-text").text.count(":") == 2  # two clock times
    assert "n/a" not in answer.text and browser.find_elements("id", "low-confidence") == []  # a call found it
    assert any("Hello" in e.text for e in answer.find_elements("css selector", "ul.evidence li"))
    browser.execute_script("document.getElementById('player').currentTime = 5")
    wait_for(lambda: player_time(browser) > 4, "the player to move away from the moment")
    browser.find_element("id", "play-answer").click()
    wait_for(  # within a frame: the file's first frame is at 0.033 s
        lambda: abs(player_time(browser) - top["start_s"]) < 0.05, "the player to seek to the moment"
    )


def test_ask_page_says_why_there_is_no_answer_and_flags_low_confidence(browser, live_server, video_ids):
    question = "what colour is the cockatoo?"
    open_page(browser, f"{live_server}/ask?q={question}&video={video_ids['cockatoo.mp4']}&k=4")
    reason = wait_for(lambda: browser.find_elements("id", "answer-reason"), "the reason")[0]
    assert "no text on screen, speech or subtitles to answer from" in reason.text
    assert browser.find_element("css selector", ".answer-text").text == "no answer"
    assert browser.find_element("id", "low-confidence").is_displayed()
    assert "n/a" not in browser.find_element("id", "answer").text


def test_ask_page_evidence_names_its_video_when_the_answer_spans_videos(browser, live_server, video_ids):
    open_page(browser, live_server + "/ask?q=what%20is%20heard%3F&k=3")
    wait_for(lambda: browser.find_elements("css selector", "#answer ul.evidence"), "the first answer")
    browser.execute_script(
        "document.getElementById('plan-sql').value = arguments[0]",
        "SELECT video_id, frame_idx, ts FROM frames WHERE frame_idx = 2 ORDER BY video_id",
    )
    browser.find_element("id", "rerun").click()
    files = {video_id: file for file, video_id in video_ids.items()}

    def evidence():
        script = """return [...document.querySelectorAll('#answer ul.evidence li')]
            .map(li => [li.dataset.video, li.querySelector('.evidence-file')?.textContent ?? null])"""
        found = browser.execute_script(script)
        return found if len({video for video, _ in found}) > 1 else None

    named = wait_for(evidence, "evidence from two videos")
    assert all(file == files[video] for video, file in named)


def test_ask_page_says_no_answer_when_no_video_has_evidence(browser, live_server):
    open_page(browser, live_server + "/ask?q=when does the sign say 'ZEBRA QUOKKA'%3F&k=4")
    reason = wait_for(lambda: browser.find_elements("id", "answer-reason"), "the reason")[0]
    assert reason.text == "no video has evidence for the question"  # the search's note, not a retrieval error
    assert browser.find_element("css selector", ".answer-text").text == "no answer"
    assert browser.find_element("id", "error").text == ""
