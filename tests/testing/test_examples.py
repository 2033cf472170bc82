"""The helpers docstring examples use to run where their media and packages are, and skip cleanly elsewhere."""

from __future__ import annotations

import pytest

from vqdb.testing import examples


def test_missing_shared_media_skips_with_where_it_looked(tmp_path, monkeypatch):
    monkeypatch.setattr(examples, "SHARED_DATA", tmp_path / "no-shared")
    with pytest.raises(pytest.skip.Exception, match=r"no-shared/video/counter.mp4 not found.*\.\./shared"):
        examples.shared_data("video/counter.mp4")


def test_present_shared_media_is_returned(tmp_path, monkeypatch):
    (tmp_path / "audio").mkdir()
    (tmp_path / "audio" / "a.flac").write_bytes(b"")
    monkeypatch.setattr(examples, "SHARED_DATA", tmp_path)
    assert examples.shared_data("audio/a.flac") == tmp_path / "audio" / "a.flac"


def test_missing_package_skips_with_how_to_install_it():
    with pytest.raises(pytest.skip.Exception, match=r"no_such_package_zz is not installed \(pip install it\)"):
        examples.require("no_such_package_zz", "pip install it")
    examples.require("numpy", "pip install numpy")  # present: nothing happens
