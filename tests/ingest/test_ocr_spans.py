"""Span tracking of OCR reads: near-duplicates merge, ticking numbers and gaps split, the reads vote the text."""

from __future__ import annotations

import pytest

from vqdb.ingest.ocr_spans import consensus, same_text, spans_table, track_spans
from vqdb.models.protocols import TextBox

TOP = (0.1, 0.1, 0.6, 0.2)
BOTTOM = (0.1, 0.8, 0.6, 0.9)


def read(text, confidence=0.9, box=TOP):
    return TextBox(text, confidence, box)


def summary(spans):
    return [(s.start_s, s.end_s, s.text) for s in spans]


def test_near_duplicate_reads_of_adjacent_frames_merge_into_one_span_with_the_reading_they_agree_on():
    frames = [
        (0.0, [read("Hello world _", 0.7)]),
        (1.0, [read("Hello world", 0.95)]),
        (2.0, [read("HELLO WORLD:", 0.8)]),
    ]
    spans = track_spans(frames, max_gap_s=1.5)
    assert summary(spans) == [(0.0, 2.0, "Hello world")]
    assert spans[0].max_confidence == 0.95


def test_two_texts_on_one_frame_are_tracked_separately():
    frames = [(t, [read("Breaking news", box=TOP), read("Copyright 2013", box=BOTTOM)]) for t in (0.0, 1.0, 2.0)]
    assert summary(track_spans(frames, max_gap_s=1.5)) == [(0.0, 2.0, "Breaking news"), (0.0, 2.0, "Copyright 2013")]


def test_ticking_numbers_start_new_spans():
    frames = [(float(t), [read(f"00:00:0{t};00")]) for t in range(3)]
    assert len(track_spans(frames, max_gap_s=1.5)) == 3


def test_text_missing_longer_than_the_gap_starts_a_new_span():
    frames = [(0.0, [read("Title")]), (1.0, []), (2.0, [read("Title")]), (3.0, []), (4.0, []), (5.0, [read("Title")])]
    assert summary(track_spans(frames, max_gap_s=2.5)) == [(0.0, 2.0, "Title"), (5.0, 5.0, "Title")]


def test_a_line_being_typed_is_a_span_of_its_own_once_it_grows():
    prompt, typed = "eriberto@canopus:~$", "eriberto@canopus:~$ ls /usr"  # 83% alike: one text until it grew
    frames = [
        (0.0, [read(prompt, 0.8)]),
        (1.0, [read(prompt, 0.81)]),
        (2.0, [read(typed, 0.6)]),
        (3.0, [read(typed, 0.7)]),
    ]
    assert summary(track_spans(frames, max_gap_s=1.5)) == [(0.0, 1.0, prompt), (2.0, 3.0, typed)]


def test_a_word_missed_now_and_then_stays_in_the_span_it_was_read_in():
    frames = [(0.0, [read("Clear history")]), (1.0, [read("Clear histor y", 0.5)]), (2.0, [read("Clear history")])]
    assert summary(track_spans(frames, max_gap_s=1.5)) == [(0.0, 2.0, "Clear history")]


def test_different_text_is_a_different_span():
    frames = [(0.0, [read("Chapter one")]), (1.0, [read("The end")])]
    assert summary(track_spans(frames, max_gap_s=1.5)) == [(0.0, 0.0, "Chapter one"), (1.0, 1.0, "The end")]


def test_junk_reads_below_min_confidence_are_left_out():
    frames = [(0.0, [read("nsds", 0.02), read("Hello", 0.9), read("   ", 0.9)])]
    assert summary(track_spans(frames, max_gap_s=1.0)) == [(0.0, 0.0, "Hello")]


def test_same_text_rules():
    assert same_text("Hello world _", "hello world") >= 80
    assert same_text("Hello wor1d", "Hello world") >= 80  # digit in only one read: a misread
    assert same_text("1.001", "2.002") == 0.0
    assert same_text("Hello", "Goodbye") == 0.0


def test_spans_table_follows_the_schema():
    spans = track_spans([(0.0, [read("A", 0.5)]), (1.0, [read("B", 0.6, BOTTOM)])], max_gap_s=1.5)
    table = spans_table("vid", spans)
    columns = ["video_id", "span_id", "start_s", "end_s", "text", "max_confidence", "box", "text_emb"]
    assert table.column_names == columns
    assert table["span_id"].to_pylist() == [0, 1]
    assert table["text_emb"].null_count == 2  # embedded by the extractor (``sentence_vectors``), not here
    assert table["box"].to_pylist()[1] == pytest.approx({"x0": 0.1, "y0": 0.8, "x1": 0.6, "y1": 0.9})  # float32


def test_spans_run_from_their_first_reads_appearance_to_their_last_reads_leaving():
    frames = [(0.0, []), (1.0, [read("Title")]), (2.0, [read("Title"), read("Credit", box=BOTTOM)]), (3.0, [])]
    shown = [[], [(0.6, 2.0)], [(1.0, 2.3), (1.9, 2.1)], []]
    assert summary(track_spans(frames, max_gap_s=1.5, shown=shown)) == [(0.6, 2.3, "Title"), (1.9, 2.1, "Credit")]
    unknown = [[], [(None, None)], [(None, 2.3), (None, None)], []]  # frames that did not decode: the reads' times
    assert summary(track_spans(frames, max_gap_s=1.5, shown=unknown)) == [(1.0, 2.3, "Title"), (2.0, 2.0, "Credit")]


def test_the_gap_that_splits_spans_is_counted_from_the_last_read():
    # the gap is OCR's (reads that missed the text), whatever the title's edges: it stayed to 0.9 s, and a read
    # 2.6 s after its last one starts another span
    frames = [(0.0, [read("Title")]), (1.0, []), (2.0, []), (2.6, [read("Title")])]
    shown = [[(0.0, 0.9)], [], [], [(2.4, 3.0)]]
    assert summary(track_spans(frames, max_gap_s=2.5, shown=shown)) == [(0.0, 0.9, "Title"), (2.4, 3.0, "Title")]


def test_shown_times_must_match_the_frames():
    with pytest.raises(ValueError, match="one list of times per frame"):
        track_spans([(0.0, [read("Title")])], max_gap_s=1.5, shown=[])


def test_a_confident_misread_is_outvoted_by_the_reads_that_agree():
    # videollava's chat button: one frame read "Clearlhistory" more confidently than the three that read it right
    frames = [
        (0.0, [read("Clear history", 0.98, TOP)]),
        (1.0, [read("Clearlhistory", 0.99, BOTTOM)]),
        (2.0, [read("Clear history", 0.95, TOP)]),
        (3.0, [read("Clear history", 0.96, TOP)]),
    ]
    [span] = track_spans(frames, max_gap_s=1.5)
    assert span.text == "Clear history"
    assert span.box == TOP  # the box of a read of the text reported, not the misread's
    assert span.max_confidence == 0.99
    assert spans_table("v", [span]).to_pylist()[0]["text"] == "Clear history"


def test_reads_that_each_misread_a_different_letter_vote_letter_by_letter():
    # echo-hereweare's lyric: no frame read it right, each misread elsewhere
    reads = [read("of our han", 0.83), read("af our hands", 0.7), read("Sf our hands", 0.68)]
    assert consensus(reads).text == "of our hands"


def test_a_read_handed_on_unchanged_counts_once():
    # the change gate reuses a static frame's reads: one OCR of the text, however many frames it covers
    frames = [(float(t), [read("Clearlhistory", 0.99)]) for t in range(6)]
    frames += [(6.0, [read("Clear history", 0.8)]), (7.0, [read("Clear history", 0.9, BOTTOM)])]
    assert summary(track_spans(frames, max_gap_s=1.5)) == [(0.0, 7.0, "Clear history")]


def test_letters_are_written_as_most_reads_wrote_them_and_spacing_is_collapsed():
    reads = [read("WORK", 1.0), read("WorK", 0.87), read("WORK  ", 0.68, BOTTOM), read("Wo rK", 0.5)]
    assert consensus(reads).text == "WORK"
    assert consensus([read("an d our dreams", 0.42), read("and our  dreams", 1.0)]).text == "and our dreams"


def test_reads_that_disagree_too_much_report_the_most_confident_read():
    # the most agreed text ("Sale ends", 0.95 in all) weighs less than the reads unlike it (1.15): no vote
    reads = [read("Sale ends", 0.5), read("Sale ends.", 0.45), read("Open now", 0.6), read("Closed", 0.55)]
    assert consensus(reads) == read("Open now", 0.6)
    assert consensus([*reads, read("Sale ends", 0.4, BOTTOM)]).text == "Sale ends"
    assert consensus([read("One", 0.5)]) == read("One", 0.5)
    with pytest.raises(ValueError, match="at least one read"):
        consensus([])


def test_a_read_moved_with_its_text_is_still_one_look():
    # the change gate moves a read with its text (a layout shifted by a line): the same recognition, not another
    moved = [read("Clearlhistory", 0.99, (0.1, 0.1 + i / 100, 0.6, 0.2 + i / 100)) for i in range(4)]
    assert consensus([*moved, read("Clear history", 0.8), read("Clear history", 0.9)]).text == "Clear history"


def test_two_values_of_a_number_never_vote_together():
    """A read without digits joins "Score 1" and "Score 2" in one span: the vote must not make it either value."""
    box = (0.1, 0.1, 0.5, 0.2)
    reads = [TextBox("Score 1", 0.3, box), TextBox("Score", 0.9, box), TextBox("Score 2", 0.6, box)]
    reads.append(TextBox("Score 2", 0.55, box))  # another look at it: "Score 2" outweighs "Score"
    assert consensus(reads).text == "Score"


def test_a_word_voted_is_written_as_a_read_writes_it():
    """Letters voted one by one mixed cases no frame read ("Exit onLy", "straSe")."""
    box = (0.1, 0.1, 0.5, 0.2)
    reads = [TextBox("EXIT ONLY", 0.9, box), TextBox("Exit only", 0.5, box), TextBox("Exit onIy", 0.45, box)]
    assert consensus(reads).text == "EXIT ONLY"
    reads = [TextBox("straße", 0.5, box), TextBox("STRASSE", 0.45, box), TextBox("strase", 0.4, box)]
    assert consensus(reads).text in {"straße", "STRASSE", "strase"}


def test_a_read_cut_short_votes_only_on_what_it_saw():
    # a dialog's button read while its label was typed ("Send Spi") more surely than typed whole ("Send Spike")
    assert consensus([read("Send Spi", 0.96), read("Send Spike", 0.86)]).text == "Send Spike"
    # on the letters it saw it still votes: two looks at "Initiate" outvote one misread "Inltiate"
    typing = [
        read("Initiate Search Prog", 0.96),
        read("Initiate Search Prog", 0.9),
        read("Inltiate Search Program", 0.86),
    ]
    assert consensus(typing).text == "Initiate Search Program"
    # a stray mark after a line is no more of it
    assert consensus([read("Exit only", 0.95), read("Exit only", 0.9), read("Exit only _", 0.96)]).text == "Exit only"


def test_a_line_typed_letter_by_letter_stays_one_span_voted_whole():
    # typed on within a word: one text, whose later reads saw more of it (a new word typed is a span of its own)
    frames = [(0.0, [read("Send Spi", 0.96)]), (1.0, [read("Send Spike", 0.86)]), (2.0, [read("Send Spike", 0.9)])]
    assert summary(track_spans(frames, max_gap_s=1.5)) == [(0.0, 2.0, "Send Spike")]
