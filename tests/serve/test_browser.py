"""End to end in a real headless Chromium: each page loads on the demo corpus and works; a screenshot of each
page is taken and must not be blank ($VQDB_SCREENSHOTS=docs/img refreshes the ones in the docs)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from PIL import Image, ImageStat

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
    answer = wait_for(lambda: browser.find_elements("css selector", ".answer-text"), "the answer")
    assert answer[0].text.startswith("[")  # a "when" question is answered with the moment located
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


def test_sql_page(browser, live_server, screenshots):
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
    screenshot(browser, screenshots, "sql")
    editor.clear()
    editor.send_keys("COPY videos TO '/tmp/videos.csv'")
    browser.find_element("id", "run-sql").click()
    assert "COPY" in wait_for(lambda: browser.find_element("id", "error").text, "the refusal")


@pytest.mark.parametrize("path", ["/video/nope", "/nowhere"])
def test_errors_become_a_message_on_the_page(browser, live_server, path):
    browser.get(live_server + path)
    message = wait_for(lambda: browser.find_element("id", "error").text, "the error message")
    assert "nope" in message or "no page at /nowhere" in message
