"""vqdb's version, on its own so that ingest workers can record it without importing the package root.

Example:
    >>> from vqdb._version import __version__
    >>> __version__.count(".") >= 2
    True
"""

__version__ = "0.1.0"
