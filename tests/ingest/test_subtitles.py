"""Subtitle parsing (SRT and WebVTT, sloppy real files) and sidecar discovery."""

from __future__ import annotations

import pytest

from vqdb.errors import MediaError
from vqdb.ingest.subtitles import (
    Cue,
    find_sidecars,
    is_rolling,
    parse_subtitles,
    plain_text,
    read_subtitles,
    tracks,
)


def test_the_shared_srt_file(shared_data):
    # its cues are numbered from 0 and two timings have one-digit seconds ("00:00:5,000")
    parsed = read_subtitles(shared_data / "video" / "subtitles.srt")
    assert parsed.skipped_blocks == 0
    assert parsed.cues == [
        Cue(0.0, 1.0, "Red!"),
        Cue(2.0, 3.5, "More Red!"),
        Cue(5.0, 6.0, "Green!"),
        Cue(7.0, 8.0, "Blue"),
        Cue(9.0, 10.0, "More Blue!"),
    ]


def test_webvtt_header_notes_styles_identifiers_and_settings():
    text = """WEBVTT - a title

STYLE
::cue { color: yellow }

NOTE this is
a comment

intro
00:00:01.000 --> 00:00:04.250 line:0 position:20%
<v Roger Bingham>We are in <c.loud>New York City</c>

01:02.5 --> 1:03.75
<00:01:02.600>timed <b>words</b>
"""
    assert parse_subtitles(text).cues == [
        Cue(1.0, 4.25, "We are in New York City"),
        Cue(62.5, 63.75, "timed words"),
    ]


def test_markup_and_entities_are_removed():
    assert plain_text('{\\an8}<i>Hi</i> <font color="red">there</font> &amp; <u>you</u>') == "Hi there & you"


def test_hours_past_99_and_windows_line_ends():
    parsed = parse_subtitles("1\r\n100:00:00,000 --> 100:00:01,500\r\nLate\r\n")
    assert parsed.cues == [Cue(360000.0, 360001.5, "Late")]


def test_cues_without_blank_lines_between_them():
    text = "1\n00:00:01,000 --> 00:00:02,000\nOne\n2\n00:00:03,000 --> 00:00:04,000\nTwo\n"
    assert [c.text for c in parse_subtitles(text).cues] == ["One", "Two"]


def test_unreadable_timings_are_skipped_and_counted():
    text = (
        "1\n00:00:01,000 --> soon\nLost\n\n"
        "2\n00:00:05,000 --> 00:00:04,000\nBackwards\n\n"
        "3\n00:00:06,000 --> 00:00:07,000\nKept\n"
    )
    parsed = parse_subtitles(text)
    assert parsed.cues == [Cue(6.0, 7.0, "Kept")] and parsed.skipped_blocks == 2


def test_latin1_file_is_decoded(tmp_path):
    path = tmp_path / "old.srt"
    path.write_bytes("1\n00:00:00,000 --> 00:00:01,000\nCaf\xe9 cr\xe8me\n".encode("latin-1"))
    assert read_subtitles(path).cues[0].text == "Café crème"


def test_a_file_without_any_readable_cue_is_an_error(tmp_path):
    path = tmp_path / "bad.srt"
    path.write_text("1\n1 second --> 2 seconds\nNope\n")
    with pytest.raises(MediaError, match="bad.srt"):
        read_subtitles(path)


def test_sidecars_are_found_by_stem_and_language(tmp_path):
    for name in ("movie.mkv", "movie.srt", "movie.en.srt", "movie.de.VTT", "movie.en.txt", "movie2.srt", "a.srt"):
        (tmp_path / name).write_text("")
    assert [p.name for p in find_sidecars(tmp_path / "movie.mkv")] == ["movie.de.VTT", "movie.en.srt", "movie.srt"]
    assert find_sidecars(tmp_path / "missing" / "x.mp4") == []


def test_youtube_rolling_captions_become_each_line_once_when_said(shared_data):
    # manifesto.vtt is YouTube's automatic captions as yt-dlp saves them: two-line cues that repeat the line
    # before, 10 ms cues between them and inline word times; manifesto.srt is YouTube's own plain export
    rolling = read_subtitles(shared_data / "video" / "manifesto.vtt").cues
    plain = read_subtitles(shared_data / "video" / "manifesto.srt").cues
    assert [c.text for c in rolling] == [c.text for c in plain]  # every line once, the first one too
    assert [c.start_s for c in rolling] == [c.start_s for c in plain]
    assert all(c.start_s < c.end_s <= p.end_s for c, p in zip(rolling, plain, strict=True))
    # a line ends after its last word, not when the next line comes: "unite" is said at 10.40 s
    # (faster-whisper: 10.31-10.65), the next line starts at 13.20
    assert rolling[3] == Cue(9.519, 10.8, "workers of the world unite")
    assert rolling[-1] == Cue(84.88, 85.6, "languages")  # a one-word line has no inline time


def test_rolling_transitions_without_a_blank_line_are_dropped():
    text = (
        "WEBVTT\n\n00:00:01.000 --> 00:00:02.990\nhello<00:00:01.400><c> there</c>\n\n"
        "00:00:02.990 --> 00:00:03.000\nhello there\n\n"
        "00:00:03.000 --> 00:00:05.000\nhello there\ngeneral<00:00:03.500><c> kenobi</c>\n\n"
        "00:00:05.000 --> 00:00:05.010\ngeneral kenobi\n\n"
        "00:00:05.010 --> 00:00:09.000\ngeneral kenobi\nyou<00:00:05.300><c> are</c><00:00:05.500><c> bold</c>\n"
    )
    cues = parse_subtitles(text).cues  # each ends after its last word: its time plus 80 ms a letter
    assert [c.text for c in cues] == ["hello there", "general kenobi", "you are bold"]
    assert [t for c in cues for t in (c.start_s, c.end_s)] == pytest.approx([1.0, 1.8, 3.0, 3.98, 5.01, 5.82])


def test_ordinary_two_line_cues_are_not_rolling():
    # a line said twice and inline times (karaoke) alone do not make a file rolling
    text = (
        "WEBVTT\n\n00:01.000 --> 00:03.000\n<00:01.500>Row row\nrow your boat\n\n"
        "00:03.000 --> 00:05.000\nrow your boat\ngently down the stream\n\n"
        "00:05.000 --> 00:07.000\nmerrily merrily\nmerrily merrily\n"
    )
    assert [c.text for c in parse_subtitles(text).cues] == [
        "Row row row your boat",
        "row your boat gently down the stream",
        "merrily merrily merrily merrily",
    ]
    assert not is_rolling([(1.0, 2.0, ["a", "b"]), (2.0, 3.0, ["b", "c"]), (3.0, 4.0, ["c", "d"])])


def test_sidecars_of_one_language_are_one_track_webvtt_first(tmp_path):
    names = ("movie.srt", "movie.vtt", "movie.en.srt", "movie.de.VTT", "movie.de.srt")
    grouped = tracks([tmp_path / name for name in names])
    assert [[p.name for p in track] for track in grouped] == [
        ["movie.vtt", "movie.srt"],
        ["movie.de.VTT", "movie.de.srt"],
        ["movie.en.srt"],
    ]
