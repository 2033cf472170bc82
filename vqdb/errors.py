"""Exceptions raised by vqdb. Every message says what was wrong, with the value, and what to do next."""


class VqdbError(Exception):
    """Base class of every error vqdb raises on purpose."""


class ConfigError(VqdbError):
    """A configuration value (argument, environment variable or config file entry) is invalid."""


class MediaError(VqdbError):
    """A media file cannot be opened or decoded."""


class ModelUnavailableError(VqdbError):
    """A model cannot be loaded (no weights on disk and no network)."""


class SchemaError(VqdbError):
    """Data does not match the table schema it is written to."""


class CorpusBusyError(VqdbError):
    """Another process holds the corpus's writer lock (and the caller chose not to wait)."""


class ReadOnlyError(VqdbError):
    """A query tried to write (files, the corpus's tables, settings) in a read-only session."""


class TimeBudgetError(VqdbError):
    """A statement ran past its time budget (``sql_time_budget_s``) and was interrupted."""
