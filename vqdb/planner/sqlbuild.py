"""Small builders over sqlglot's expression API, shared by the compiler and the tools.

They make nodes exactly as sqlglot's DuckDB parser would (so a compiled query prints and parses back to
the same tree) and never parse SQL text: names become identifiers, values literals. They never copy the
nodes they are given (sqlglot's fluent builders copy the whole tree at each step, which made compiling a
plan cost tens of milliseconds): build each node once and use it in one place (``.copy()`` it otherwise).

Example:
    >>> query = select(col("video_id"), alias(fn("count", exp.Star()), "n"), from_=table("frames"),
    ...                where=video_filter("v1"), group_by=[col("video_id")])
    >>> query.sql(DIALECT)
    "SELECT video_id, COUNT(*) AS n FROM frames WHERE video_id = 'v1' GROUP BY video_id"
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlglot import exp

DIALECT = "duckdb"
DOUBLE = exp.DataType.Type.DOUBLE
BIGINT = exp.DataType.Type.BIGINT


def col(name: str, table: str | None = None) -> exp.Column:
    """The column ``table.name`` (or ``name``).

    Example:
        >>> col("ts", "s").sql()
        's.ts'
    """
    return exp.column(name, table)


def fn(name: str, *args: exp.Expression) -> exp.Expression:
    """A call of the DuckDB function or vqdb macro ``name``: the node DuckDB's parser makes for it
    (``list`` is an ``ARRAY_AGG``), an anonymous call for names sqlglot does not know (``similarity``).

    Example:
        >>> fn("similarity", col("emb"), string("a dog")).sql(DIALECT)
        "SIMILARITY(emb, 'a dog')"
    """
    return exp.func(name, *args, dialect=DIALECT, copy=False)


def alias(value: exp.Expression, name: str) -> exp.Alias:
    """``value AS name``.

    Example:
        >>> alias(col("ts", "s"), "start_s").sql()
        's.ts AS start_s'
    """
    return exp.Alias(this=value, alias=exp.to_identifier(name))


def select(
    *columns: exp.Expression,
    from_: exp.Expression | None,
    joins: Iterable[exp.Join] = (),
    where: exp.Expression | None = None,
    group_by: Iterable[exp.Expression] = (),
    window: exp.Window | None = None,
    distinct: bool = False,
) -> exp.Select:
    """``SELECT [DISTINCT] columns FROM from_ [joins] [WHERE where] [GROUP BY ...] [WINDOW window]``, in one
    node (``from_=None``: no FROM; ``where=None``: no WHERE).

    Example:
        >>> select(col("a"), from_=table("t"), where=col("a") > number(1), distinct=True).sql()
        'SELECT DISTINCT a FROM t WHERE a > 1'
    """
    args: dict = {"expressions": list(columns)}
    if from_ is not None:
        args["from_"] = exp.From(this=from_)
    if distinct:
        args["distinct"] = exp.Distinct()
    joins = list(joins)
    if joins:
        args["joins"] = joins
    if where is not None:
        args["where"] = exp.Where(this=where)
    group_by = list(group_by)
    if group_by:
        args["group"] = exp.Group(expressions=group_by)
    if window is not None:
        args["windows"] = [window]
    return exp.Select(**args)


def subquery(query: exp.Query, name: str | None = None) -> exp.Subquery:
    """``(query) [AS name]``, for a FROM or a JOIN.

    Example:
        >>> subquery(select(col("a"), from_=table("t")), "x").sql()
        '(SELECT a FROM t) AS x'
    """
    return exp.Subquery(this=query, alias=exp.TableAlias(this=exp.to_identifier(name)) if name else None)


def string(value: str) -> exp.Literal:
    """A SQL string literal: how user text enters a query.

    Example:
        >>> string("it's").sql()
        "'it''s'"
    """
    return exp.Literal.string(value)


def number(value: int | float) -> exp.Literal:
    """A SQL number literal (a float keeps its decimal point).

    Example:
        >>> number(2).sql(), number(2.0).sql()
        ('2', '2.0')
    """
    return exp.Literal.number(repr(float(value)) if isinstance(value, float) else str(int(value)))


def cast(value: exp.Expression, to: exp.DataType.Type | exp.DataType) -> exp.Cast:
    """``CAST(value AS to)``.

    Example:
        >>> cast(col("ts"), DOUBLE).sql()
        'CAST(ts AS DOUBLE)'
    """
    return exp.cast(value, to, dialect=DIALECT, copy=False)


def table(name: str, alias: str | None = None) -> exp.Table:
    """The table (or CTE) ``name``, optionally ``AS alias``.

    Example:
        >>> table("sampled", "s").sql()
        'sampled AS s'
    """
    return exp.table_(name, alias=alias)


def asc(value: exp.Expression) -> exp.Ordered:
    """``value`` in an ORDER BY, ascending."""
    return exp.Ordered(this=value, nulls_first=False)


def desc(value: exp.Expression) -> exp.Ordered:
    """``value`` in an ORDER BY, descending."""
    return exp.Ordered(this=value, desc=True, nulls_first=False)


def order(items: Iterable[exp.Expression]) -> exp.Order:
    """An ORDER BY of ``items`` (plain expressions sort ascending).

    Example:
        >>> order([desc(col("score")), col("frame_idx")]).sql(DIALECT)
        'ORDER BY score DESC, frame_idx'
    """
    return exp.Order(expressions=[i if isinstance(i, exp.Ordered) else asc(i) for i in items])


def ordered(value: exp.Expression, items: Iterable[exp.Expression]) -> exp.Order:
    """``value ORDER BY items``, the argument of an ordered aggregate (plain expressions sort ascending).

    Example:
        >>> fn("list", ordered(col("word"), [col("start_s")])).sql(DIALECT)
        'ARRAY_AGG(word ORDER BY start_s)'
    """
    return exp.Order(this=value, expressions=[i if isinstance(i, exp.Ordered) else asc(i) for i in items])


def over(
    function: exp.Expression,
    partition_by: Iterable[exp.Expression] = (),
    order_by: Iterable[exp.Expression] = (),
) -> exp.Window:
    """``function OVER (PARTITION BY ... ORDER BY ...)``.

    Example:
        >>> over(fn("row_number"), [col("video_id")], [desc(col("score"))]).sql()
        'ROW_NUMBER() OVER (PARTITION BY video_id ORDER BY score DESC)'
    """
    return exp.Window(this=function, over="OVER", **_window_parts(partition_by, order_by))


def over_named(function: exp.Expression, window: str) -> exp.Window:
    """``function OVER window``, a window of the query's WINDOW clause (see ``named_window``).

    Example:
        >>> over_named(fn("max", col("end_s")), "w").sql()
        'MAX(end_s) OVER w'
    """
    return exp.Window(this=function, alias=exp.to_identifier(window), over="OVER")


def named_window(
    name: str,
    partition_by: Iterable[exp.Expression],
    order_by: Iterable[exp.Expression] = (),
    *,
    following: int | None = None,
) -> exp.Window:
    """A window of a WINDOW clause; ``following`` frames it ``ROWS BETWEEN CURRENT ROW AND n FOLLOWING``.

    Example:
        >>> exp.select(exp.Star()).from_(table("t")).window(named_window("w", [col("v")], following=2)).sql()
        'SELECT * FROM t WINDOW w AS (PARTITION BY v ROWS BETWEEN CURRENT ROW AND 2 FOLLOWING)'
    """
    parts = _window_parts(partition_by, order_by)
    if following is not None:
        parts["spec"] = exp.WindowSpec(kind="ROWS", start="CURRENT ROW", end=number(following), end_side="FOLLOWING")
    return exp.Window(this=exp.to_identifier(name), **parts)


def _window_parts(partition_by: Iterable[exp.Expression], order_by: Iterable[exp.Expression]) -> dict:
    parts: dict = {"partition_by": list(partition_by)}
    order_by = list(order_by)
    if order_by:
        parts["order"] = order(order_by)
    return parts


def join(
    source: exp.Expression,
    on: exp.Expression | None = None,
    *,
    side: str | None = None,
    method: str | None = None,
    kind: str | None = None,
) -> exp.Join:
    """A JOIN of ``source`` (``side="LEFT"``, ``method="ASOF"``, ``kind="CROSS"``) for ``Select.join``.

    Example:
        >>> on = same(["video_id"], "c", "s")
        >>> exp.select(exp.Star()).from_(table("s")).join(join(table("c"), on, side="LEFT")).sql()
        'SELECT * FROM s LEFT JOIN c ON c.video_id = s.video_id'
    """
    args = {"this": source, "on": on, "side": side, "method": method, "kind": kind}
    return exp.Join(**{k: v for k, v in args.items() if v is not None})


def same(columns: Iterable[str], left: str, right: str) -> exp.Expression:
    """``left.c = right.c AND ...`` for every column ``c``: the usual join condition on keys.

    Example:
        >>> same(["video_id", "frame_idx"], "o", "s").sql()
        'o.video_id = s.video_id AND o.frame_idx = s.frame_idx'
    """
    return exp.and_(*(col(c, left).eq(col(c, right)) for c in columns), copy=False)


def with_ctes(query: exp.Query, ctes: dict[str, exp.Query], *, materialized: bool | None = None) -> exp.Query:
    """``WITH name AS [MATERIALIZED] (cte), ... query``, the CTEs in the order given (``materialized=True``:
    computed once even when used twice).

    Example:
        >>> with_ctes(exp.select(exp.Star()).from_(table("t")), {"t": exp.select(number(1))}).sql()
        'WITH t AS (SELECT 1) SELECT * FROM t'
    """
    for name, cte in ctes.items():
        alias = exp.TableAlias(this=exp.to_identifier(name))
        query = query.with_(alias, as_=cte, materialized=materialized, copy=False)
    return query


def video_filter(video_id: str | None, *conditions: exp.Expression) -> exp.Expression | None:
    """``video_id = '<id>'`` (when compiling for one video) AND the conditions; None when there is nothing
    to filter. ``Select.where(None)`` adds no WHERE.

    Example:
        >>> video_filter("v1", col("score").is_(exp.null()).not_()).sql()
        "video_id = 'v1' AND NOT score IS NULL"
        >>> video_filter(None) is None
        True
    """
    parts = ([col("video_id").eq(string(video_id))] if video_id is not None else []) + list(conditions)
    return exp.and_(*parts, copy=False) if parts else None
