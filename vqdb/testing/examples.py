"""What a docstring example needs that not every install has: the shared real media, an optional package.

Each helper hands the example what it needs or, when that is missing, skips the example under pytest
(``pytest --doctest-modules``) with the reason and what to do: the examples run wherever they can (the project's
checkout, with ``scripts/install.sh``'s model packages) and skip cleanly elsewhere (a user's clone has no
``../shared``). Used by docstrings only, never by the library itself.

Example:
    >>> shared_data("video/counter.mp4").name
    'counter.mp4'
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import NoReturn

SHARED_DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data"


def shared_data(relative: str) -> Path:
    """The shared real media file ``relative`` under ``../shared/data`` (beside the checkout); skips without it.

    Example:
        >>> shared_data("audio/jfk.flac").suffix
        '.flac'
    """
    path = SHARED_DATA / relative
    if not path.exists():
        _skip(f"real media {path} not found: only the project's workspace has ../shared")
    return path


def require(package: str, install: str) -> None:
    """Skip the example unless the Python package ``package`` is installed; ``install`` says how to get it.

    Example:
        >>> require("numpy", "pip install numpy")
    """
    if importlib.util.find_spec(package) is None:
        _skip(f"{package} is not installed ({install})")


def _skip(reason: str) -> NoReturn:
    import pytest

    pytest.skip(reason)
