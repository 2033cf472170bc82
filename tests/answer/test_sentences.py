"""The sentences of a snippet: a page's sentences over its line breaks, and its lines."""

from __future__ import annotations

from vqdb.answer.sentences import sentences_of

# videollava_demo's reply as OCR read it at 18 s: sentences run over the screen's line breaks
REPLY = (
    "Why is this video funny? / The video is funny because the baby is trying to read a book while sitting on "
    "the bed, but he is not able to read it properly: He keeps pointing to / different parts of the book, and the "
    "person behind the camera is laughing at him. The baby's actions are amusing because he is trying to read / "
    "clideoiconn book that is too big for him, and he is not able to understand the words. / Examples"
)


def test_a_sentence_over_line_breaks_is_one():
    found = sentences_of(REPLY)
    assert any(s.startswith("The baby's actions are amusing") and s.endswith("understand the words.") for s in found)
    assert "Examples" in found and "Why is this video funny?" in found


def test_each_line_is_a_unit_too_and_each_unit_once():
    found = sentences_of("Lemon Cake / Step 2: Mix flour and eggs / Lemon Cake")
    assert "Step 2: Mix flour and eggs" in found and found.count("Lemon Cake") == 1
    assert sentences_of("") == [] and sentences_of("one line") == ["one line"]
