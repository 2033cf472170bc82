"""Arrow UDF results that DuckDB can free without Python: their buffers copied into Arrow's own memory.

An Arrow array built from a NumPy array (``pa.array(np_values)``, ``FixedSizeListArray.from_arrays``) keeps
the NumPy buffer, and freeing it needs the GIL. DuckDB frees a function's result on whichever of its
threads ran the function, possibly after the query has ended or failed; if the thread that runs the query
then waits for that worker while holding the GIL (a streamed result being cancelled), the two wait for each
other forever. Seen twice in the suite (``tests/udfs/test_embedding_cache.py`` hung in
``Executor::CancelTasks`` while a DuckDB worker waited for the GIL in ``~NumPyBuffer``). Every vectorized
(Arrow) SQL function vqdb registers returns its result through ``owned``, which copies it once into memory
that Arrow allocated (a copy of a function's output: 1 MB for 720 sentence vectors, well under a
millisecond).

Example:
    >>> import numpy as np, pyarrow as pa
    >>> values = np.arange(3, dtype=np.float32)
    >>> double = owned(lambda column: pa.array(column.to_numpy() * 2))
    >>> result = double(pa.array(values))
    >>> result.to_pylist(), result.buffers()[1].address != values.ctypes.data
    ([0.0, 2.0, 4.0], True)
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import pyarrow as pa


def owned(function: Callable[..., pa.Array | pa.ChunkedArray]) -> Callable[..., pa.Array]:
    """``function`` with its Arrow result copied into Arrow-allocated memory (see the module doc)."""

    @functools.wraps(function)
    def call(*arguments):
        result = function(*arguments)
        chunks = result.chunks if isinstance(result, pa.ChunkedArray) else [result]
        return pa.concat_arrays(chunks) if chunks else pa.array([], result.type)

    return call
