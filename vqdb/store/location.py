"""Where a corpus lives: a local directory or a prefix on object storage (``s3://bucket/prefix``).

A ``Location`` names the corpus's root and how to reach it: the ``storage_options`` Lance takes
(endpoint, region, keys) for object storage, and ``files()``, the few whole-object operations the store
needs besides Lance's datasets: the manifest, lock and lease objects, listings and sizes. A local
location's files are the local file system (a write is a temporary file renamed over the target); an
``s3://`` location's are S3 objects, written whole by one PUT (atomic by S3's own rules), through
``boto3`` with the same options. Other URI schemes Lance reads (``gs://``, ``az://``...) are refused
with a message: vqdb's writer lock needs conditional writes, which vqdb implements for S3 only.

Example:
    >>> loc = Location.of("s3://bucket/corpora/talks/", {"region": "eu-west-1"})
    >>> loc.uri, loc.local, loc.child("frames.lance")
    ('s3://bucket/corpora/talks', False, 's3://bucket/corpora/talks/frames.lance')
    >>> "eu-west-1" in repr(loc)  # options (keys among them) never show
    False
    >>> Location.of("/tmp/corpus").child("frames.lance")
    '/tmp/corpus/frames.lance'
"""

from __future__ import annotations

import dataclasses
import os
import uuid
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, Protocol

from vqdb.errors import VqdbError

OBJECT_SCHEMES = ("s3",)  # object stores vqdb reads and writes (its lock needs conditional writes)
OTHER_SCHEMES = ("gs", "gcs", "az", "abfs", "abfss", "oss", "hf", "memory")  # Lance reads these; vqdb does not yet


def is_uri(root: object) -> bool:
    """Whether ``root`` is a URI (``scheme://...``) rather than a local path.

    Example:
        >>> is_uri("s3://b/p"), is_uri("corpus"), is_uri(Path("/tmp"))
        (True, False, False)
    """
    return isinstance(root, str) and "://" in root


@dataclasses.dataclass(frozen=True)
class Location:
    """A corpus root: ``uri`` (an absolute local path, or ``scheme://bucket/prefix`` without a trailing
    slash) and the ``storage_options`` to reach it (empty locally)."""

    uri: str
    storage_options: Mapping[str, str] = dataclasses.field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def of(cls, root: str | Path | Location, storage_options: Mapping[str, str] | None = None) -> Location:
        """The location of ``root``: a Location as it is, a URI, or a local path (made absolute).

        Example:
            >>> Location.of("gs://bucket/corpus")  # doctest: +ELLIPSIS
            Traceback (most recent call last):
            ...
            vqdb.errors.VqdbError: corpus gs://bucket/corpus: vqdb keeps corpora on local disks and s3:// ...
        """
        if isinstance(root, Location):
            return root
        if not is_uri(root):
            return cls(str(Path(root).expanduser().resolve()))
        scheme, _, rest = str(root).partition("://")
        scheme = scheme.lower()
        if scheme == "file":
            return cls.of(rest)
        if scheme not in OBJECT_SCHEMES:
            raise VqdbError(
                f"corpus {root}: vqdb keeps corpora on local disks and s3:// (AWS S3 or an S3-compatible "
                f"server: set s3_endpoint); {scheme}:// is not supported yet (its writer lock needs the "
                "store's conditional writes, which vqdb implements for S3)"
            )
        bucket, _, prefix = rest.strip("/").partition("/")
        if not bucket:
            raise VqdbError(f"corpus {root}: name a bucket, e.g. s3://my-bucket/corpora/talks")
        return cls(f"{scheme}://{bucket}/{prefix}".rstrip("/"), dict(storage_options or {}))

    @property
    def local(self) -> bool:
        """Whether this is a local directory."""
        return not is_uri(self.uri)

    @property
    def path(self) -> Path:
        """The local directory (only for a local location)."""
        if not self.local:
            raise VqdbError(f"corpus {self.uri} is on object storage, not a local directory")
        return Path(self.uri)

    @property
    def root(self) -> Path | str:
        """What users see as the corpus root: a ``Path`` for a local directory, else the URI."""
        return self.path if self.local else self.uri

    def child(self, name: str) -> str:
        """The URI (or path) of ``name`` under the root."""
        return f"{self.uri}/{name}"

    def files(self) -> Files:
        """Whole-object access to the files under the root."""
        return LocalFiles(self.path) if self.local else S3Files(self)

    def lance_options(self) -> dict[str, str] | None:
        """``storage_options`` for Lance calls (None locally)."""
        return dict(self.storage_options) if not self.local else None

    def __str__(self) -> str:
        return self.uri


class Files(Protocol):
    """Files under a corpus root, by key (a relative path with ``/``)."""

    def read(self, key: str) -> bytes | None:
        """The content of ``key``, None when it does not exist."""

    def write(self, key: str, data: bytes) -> None:
        """Write ``key`` whole; a reader sees the old content or the new one."""

    def delete(self, key: str) -> None:
        """Remove ``key`` (nothing when missing)."""

    def exists(self, key: str) -> bool:
        """Whether the file ``key`` exists."""

    def has_prefix(self, prefix: str) -> bool:
        """Whether anything exists under the directory ``prefix``."""

    def list(self, prefix: str) -> Iterator[tuple[str, int]]:
        """(key, bytes) of every file under the directory ``prefix``."""


class LocalFiles:
    """Files of a local directory.

    Example:
        >>> import tempfile
        >>> files = LocalFiles(Path(tempfile.mkdtemp()))
        >>> files.write("a/b.json", b"{}"); files.read("a/b.json"), list(files.list("a"))
        (b'{}', [('a/b.json', 2)])
    """

    def __init__(self, root: Path):
        self.root = root

    def read(self, key: str) -> bytes | None:
        try:
            return (self.root / key).read_bytes()
        except FileNotFoundError:
            return None

    def write(self, key: str, data: bytes) -> None:
        target = self.root / key
        target.parent.mkdir(parents=True, exist_ok=True)
        pending = target.with_name(f".{target.name}.{uuid.uuid4().hex[:8]}.tmp")
        pending.write_bytes(data)
        pending.replace(target)

    def delete(self, key: str) -> None:
        (self.root / key).unlink(missing_ok=True)

    def exists(self, key: str) -> bool:
        return (self.root / key).is_file()

    def has_prefix(self, prefix: str) -> bool:
        return (self.root / prefix).is_dir()

    def list(self, prefix: str) -> Iterator[tuple[str, int]]:
        base = self.root / prefix
        for directory, _dirs, names in os.walk(base):
            for name in sorted(names):
                path = Path(directory) / name
                try:
                    size = path.stat().st_size
                except FileNotFoundError:
                    continue  # removed meanwhile
                yield path.relative_to(self.root).as_posix(), size


class S3Files:
    """Objects under an ``s3://`` prefix, through boto3 with the location's options. Conditional writes
    (``create``, ``replace``) are what the writer lock is built on.

    Example:
        >>> S3Files(Location.of("s3://bucket/corpus")).key("corpus.json")
        'corpus/corpus.json'
    """

    def __init__(self, location: Location):
        self.location = location
        self.bucket, _, self.prefix = location.uri.partition("://")[2].partition("/")
        self._client: Any = None

    @property
    def client(self) -> Any:
        if self._client is None:
            self._client = s3_client(self.location.storage_options)
        return self._client

    def key(self, name: str) -> str:
        return f"{self.prefix}/{name}" if self.prefix else name

    def read(self, key: str) -> bytes | None:
        found = self.read_versioned(key)
        return found[0] if found else None

    def read_versioned(self, key: str) -> tuple[bytes, str] | None:
        """The content of ``key`` and its ETag (the version a conditional write names), or None."""
        try:
            reply = self._call("get_object", Bucket=self.bucket, Key=self.key(key))
        except _Missing:
            return None
        return reply["Body"].read(), reply["ETag"]

    def etag(self, key: str) -> str | None:
        """The ETag of ``key`` now, None when it does not exist."""
        try:
            return self._call("head_object", Bucket=self.bucket, Key=self.key(key))["ETag"]
        except _Missing:
            return None

    def write(self, key: str, data: bytes) -> None:
        self._call("put_object", Bucket=self.bucket, Key=self.key(key), Body=data)

    def create(self, key: str, data: bytes) -> str | None:
        """Write ``key`` only if it does not exist (``If-None-Match: *``); its ETag, or None when it exists."""
        return self._conditional(IfNoneMatch="*", Key=self.key(key), Body=data)

    def replace(self, key: str, data: bytes, etag: str) -> str | None:
        """Write ``key`` only if it is still at ``etag`` (``If-Match``); the new ETag, or None when it changed."""
        return self._conditional(IfMatch=etag, Key=self.key(key), Body=data)

    def delete(self, key: str) -> None:
        self._call("delete_object", Bucket=self.bucket, Key=self.key(key))

    def exists(self, key: str) -> bool:
        return self.etag(key) is not None

    def has_prefix(self, prefix: str) -> bool:
        reply = self._call("list_objects_v2", Bucket=self.bucket, Prefix=self.key(prefix) + "/", MaxKeys=1)
        return reply.get("KeyCount", 0) > 0

    def list(self, prefix: str) -> Iterator[tuple[str, int]]:
        start = len(self.key("")) if self.prefix else 0
        pages = self.client.get_paginator("list_objects_v2").paginate(Bucket=self.bucket, Prefix=self.key(prefix) + "/")
        try:
            for page in pages:
                for item in page.get("Contents", []):
                    yield item["Key"][start:], item["Size"]
        except Exception as exc:
            raise _storage_error(self.location, exc) from exc

    def _conditional(self, **request: Any) -> str | None:
        try:
            return self._call("put_object", Bucket=self.bucket, **request)["ETag"]
        except _PreconditionFailed:
            return None

    def _call(self, operation: str, **request: Any) -> Any:
        try:
            return getattr(self.client, operation)(**request)
        except Exception as exc:
            code = _error_code(exc)
            if code in ("NoSuchKey", "404", "NotFound"):
                raise _Missing from exc
            if code in ("PreconditionFailed", "412", "ConditionalRequestConflict", "409"):
                raise _PreconditionFailed from exc
            raise _storage_error(self.location, exc) from exc


def s3_client(storage_options: Mapping[str, str]) -> Any:
    """A boto3 S3 client configured from Lance-style ``storage_options`` (endpoint, region, keys); what
    is not given comes from boto3's own chain (environment, ``~/.aws``).

    Example:
        >>> s3_client({"region": "us-east-1", "endpoint": "http://127.0.0.1:9"}).meta.endpoint_url
        'http://127.0.0.1:9'
    """
    try:
        import boto3
        from botocore.config import Config as BotoConfig
    except ImportError as exc:
        raise VqdbError("corpora on s3:// need boto3: pip install 'vqdb[s3]'") from exc
    options = dict(storage_options)
    return boto3.client(
        "s3",
        endpoint_url=options.get("endpoint") or None,
        region_name=options.get("region") or None,
        aws_access_key_id=options.get("access_key_id") or None,
        aws_secret_access_key=options.get("secret_access_key") or None,
        aws_session_token=options.get("session_token") or None,
        config=BotoConfig(s3={"addressing_style": "path"} if options.get("endpoint") else {}),
    )


class _Missing(Exception):
    """The object does not exist."""


class _PreconditionFailed(Exception):
    """A conditional write lost: the object changed since it was read."""


def _error_code(exc: Exception) -> str:
    response = getattr(exc, "response", None) or {}
    return str(response.get("Error", {}).get("Code", ""))


def _storage_error(location: Location, exc: Exception) -> VqdbError:
    code = _error_code(exc)
    if code == "NoSuchBucket":
        return VqdbError(f"corpus {location}: the bucket does not exist; create it first (or check s3_endpoint)")
    if code in ("AccessDenied", "InvalidAccessKeyId", "SignatureDoesNotMatch", "403"):
        return VqdbError(
            f"corpus {location}: access denied ({code}); check s3_access_key_id / s3_secret_access_key "
            "(VQDB_S3_* or AWS_* variables)"
        )
    return VqdbError(f"corpus {location}: object storage failed: {type(exc).__name__}: {exc}")
