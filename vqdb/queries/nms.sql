-- Greedy temporal non-maximum suppression as ToolMerge defines it (docs/sql_functions.md, "NMS").
--
-- Candidates are taken best score first (ties: earlier time first, then input order); one is kept only
-- if it lies at least `gap` seconds from every candidate kept before it; selection stops at k. The kept
-- set is returned in temporal order. A NULL argument gives NULL; candidates with a NULL time or score
-- are skipped; k < 0, gap < 0 and lists of different lengths are errors naming the values.
-- temporal_nms_spans also takes each candidate's evidence span: one closer than `gap` to a kept candidate
-- is still kept when both have a span and the two spans are disjoint (two phrases said, two texts shown).
-- Macros whose names start with an underscore are helpers of this file, not part of the public API.

-- toolmerge_gap(duration_s DOUBLE, k BIGINT) -> DOUBLE
-- ToolMerge's default NMS gap for a video of duration_s seconds and k keyframes: min(D / (2K), 10 s).
-- Example: SELECT toolmerge_gap(60, 8), toolmerge_gap(3600, 8);  -- 3.75, 10.0
CREATE OR REPLACE MACRO toolmerge_gap(duration_s DOUBLE, k BIGINT) AS
    CASE
        WHEN duration_s IS NULL OR k IS NULL THEN NULL
        WHEN k <= 0 THEN error('toolmerge_gap: k ' || k || ' <= 0; ask for at least one keyframe')
        WHEN duration_s < 0
            THEN error('toolmerge_gap: duration_s ' || duration_s || ' < 0; pass the video duration in seconds')
        ELSE least(duration_s / (2 * k), 10.0)
    END;

-- _nms_ranked(ts_list, score_list, start_list, end_list) -> the candidates {neg_score, ts, idx, lo, hi}
-- sorted best first, where idx is the 1-based position in the input lists and lo, hi the candidate's span
-- (NULL where the span lists are NULL or hold NULL); candidates with a NULL time or score are dropped.
CREATE OR REPLACE MACRO _nms_ranked(ts_list, score_list, start_list, end_list) AS
    list_sort(list_filter(
        list_transform(ts_list, lambda _t, _i: {
            'neg_score': -score_list[_i], 'ts': _t, 'idx': _i,
            'lo': CAST(start_list[_i] AS DOUBLE), 'hi': CAST(end_list[_i] AS DOUBLE)
        }),
        lambda _cand: _cand.ts IS NOT NULL AND _cand.neg_score IS NOT NULL
    ));

-- _nms_apart(cand, kept, gap) -> whether cand survives kept: at least gap seconds away, or both have spans
-- and the spans are disjoint (a NULL bound compares as NULL, which list_filter drops: not apart).
CREATE OR REPLACE MACRO _nms_apart(_cand, _kept, gap) AS
    abs(_cand.ts - _kept.ts) >= gap OR _cand.lo >= _kept.hi OR _kept.lo >= _cand.hi;

-- _nms_greedy_scan(ranked, k, gap) -> the kept candidates, best first.
-- Step i keeps the first i candidates: ranked[i] is the best one not suppressed by ranked[1..i-1], and
-- every later candidate closer than gap to it is removed. So k steps suffice, each one vectorized
-- list_filter over what remains (list_reduce needs its accumulator to have the element type: each step
-- enters as an empty candidate list). Each step copies what remains, so _nms_greedy scans
-- a short prefix first.
CREATE OR REPLACE MACRO _nms_greedy_scan(_ranked, k, gap) AS
    list_reduce(
        list_transform(
            range(least(k, len(_ranked))),
            lambda _i: []::STRUCT(neg_score DOUBLE, ts DOUBLE, idx BIGINT, lo DOUBLE, hi DOUBLE)[]
        ),
        lambda _kept_then_rest, _unused, _step: _kept_then_rest[:_step] || list_filter(
            _kept_then_rest[_step + 1:], lambda _cand: _nms_apart(_cand, _kept_then_rest[_step], gap)
        ),
        _ranked
    )[:k];

-- _nms_prefix_or(ranked, k, gap, size, otherwise) -> the greedy scan of the best `size` candidates
-- when that is the whole answer, else `otherwise`. Whether a candidate is kept depends only on
-- better-ranked ones, so a scan of the best `size` keeps exactly the first picks of the full scan: when
-- it finds k picks, or covers the whole list, it is the answer.
CREATE OR REPLACE MACRO _nms_prefix_or(_ranked, k, gap, size, otherwise) AS
    list_transform(
        [_nms_greedy_scan(_ranked[:size], k, gap)],
        lambda _head: CASE WHEN len(_head) >= k OR len(_ranked) <= size THEN _head ELSE otherwise END
    )[1];

-- _nms_greedy(ranked, k, gap) -> the kept candidates, best first: _nms_greedy_scan made fast for long
-- lists, by scanning the best 16 * k candidates, then the best 128 * k, and the whole list only when
-- those do not find k picks (CASE evaluates a branch only for the rows that reach it).
CREATE OR REPLACE MACRO _nms_greedy(_ranked, k, gap) AS
    _nms_prefix_or(_ranked, k, gap, 16 * k,
        _nms_prefix_or(_ranked, k, gap, 128 * k, _nms_greedy_scan(_ranked, k, gap)));

-- temporal_nms_spans(ts_list DOUBLE[], score_list DOUBLE[], start_list DOUBLE[], end_list DOUBLE[], k BIGINT,
--                    gap DOUBLE) -> LIST(STRUCT(ts DOUBLE, score DOUBLE, idx BIGINT))
-- temporal_nms where candidate i also has the span [start_list[i], end_list[i]] of its evidence (NULL: none;
-- NULL lists: no candidate has one): a candidate closer than gap to a kept one is still kept when both
-- have a span and the spans are disjoint (they may touch), so two moments a short time apart both stay.
-- Example: SELECT [c.ts FOR c IN temporal_nms_spans([1, 2, 3], [0.9, 0.8, 0.7], [0.5, 1.5, NULL],
--                                                   [1.5, 2.5, NULL], 3, 5)];  -- [1.0, 2.0]
CREATE OR REPLACE MACRO temporal_nms_spans(
    ts_list DOUBLE[], score_list DOUBLE[], start_list DOUBLE[], end_list DOUBLE[], k BIGINT, gap DOUBLE
) AS
    CASE
        WHEN ts_list IS NULL OR score_list IS NULL OR k IS NULL OR gap IS NULL THEN NULL
        WHEN len(ts_list) != len(score_list)
            THEN error(
                'temporal_nms: ts_list has ' || len(ts_list) || ' elements but score_list has '
                || len(score_list) || '; pass one score per timestamp'
            )
        WHEN len(ts_list) != coalesce(len(start_list), len(ts_list))
            OR len(ts_list) != coalesce(len(end_list), len(ts_list))
            THEN error(
                'temporal_nms_spans: ts_list has ' || len(ts_list) || ' elements but start_list has '
                || coalesce(len(start_list), 0) || ' and end_list ' || coalesce(len(end_list), 0)
                || '; pass one span per timestamp (NULL bounds where a candidate has none)'
            )
        WHEN k < 0 THEN error('temporal_nms: k ' || k || ' < 0; pass the number of candidates to keep')
        WHEN gap < 0 THEN error('temporal_nms: gap ' || gap || ' < 0; pass a gap of 0 seconds or more')
        -- The one-element list binds the sorted candidates once (a macro argument is inlined at every use).
        ELSE list_transform(
            [_nms_ranked(ts_list, score_list, start_list, end_list)],
            lambda _ranked: list_sort([{'ts': _cand.ts, 'score': -_cand.neg_score, 'idx': _cand.idx} FOR _cand IN _nms_greedy(_ranked, k, gap)])
        )[1]
    END;

-- temporal_nms(ts_list DOUBLE[], score_list DOUBLE[], k BIGINT, gap DOUBLE)
--     -> LIST(STRUCT(ts DOUBLE, score DOUBLE, idx BIGINT))
-- Greedy temporal NMS over one list of candidates (ts_list[i] scored score_list[i]): up to k kept
-- candidates in temporal order, each with its time, score and 1-based position idx in the input lists.
-- Example: SELECT [c.ts FOR c IN temporal_nms([0, 1, 2, 6, 7], [0.2, 0.9, 0.8, 0.5, 0.7], 2, 3)];  -- [1.0, 7.0]
CREATE OR REPLACE MACRO temporal_nms(ts_list DOUBLE[], score_list DOUBLE[], k BIGINT, gap DOUBLE) AS
    temporal_nms_spans(ts_list, score_list, NULL::DOUBLE[], NULL::DOUBLE[], k, gap);

-- temporal_nms_table(tbl, k, gap) -> the kept rows of tbl (all its columns), ordered by video_id, ts
-- temporal_nms_table(tbl, k)      -> the same, with each video's gap read from a column `gap` of tbl
-- Table form: greedy temporal NMS per video over a scored relation. tbl names a table, view or CTE
-- with at least the columns video_id, ts (seconds) and score (rows with a NULL score are never kept).
-- The two-argument form lets one query use ToolMerge's per-video default gap: add
-- toolmerge_gap(v.duration_s, k) AS gap to the relation (one value per video).
-- Example: WITH scored AS (SELECT 'v' AS video_id, range / 2 AS ts, sin(range) AS score FROM range(40))
--          SELECT ts, round(score, 3) AS score FROM temporal_nms_table('scored', 3, 4.0);
-- Example: WITH scored AS (SELECT 'v' AS video_id, range / 2 AS ts, sin(range) AS score,
--                                 toolmerge_gap(20, 3) AS gap FROM range(40))
--          SELECT ts FROM temporal_nms_table('scored', 3);
CREATE OR REPLACE MACRO temporal_nms_table(tbl, k, gap) AS TABLE (
    WITH candidates AS (
        SELECT *, row_number() OVER (PARTITION BY video_id ORDER BY score DESC NULLS LAST, ts) AS _nms_pos
        FROM query_table(tbl)
    ),
    kept AS (
        SELECT video_id, unnest(temporal_nms(list(ts ORDER BY _nms_pos), list(score ORDER BY _nms_pos), k, gap)).idx
            AS _nms_pos
        FROM candidates
        GROUP BY video_id
    )
    SELECT candidates.* EXCLUDE (_nms_pos)
    FROM candidates SEMI JOIN kept USING (video_id, _nms_pos)
    ORDER BY video_id, ts
),
(tbl, k) AS TABLE (
    WITH candidates AS (
        SELECT *, row_number() OVER (PARTITION BY video_id ORDER BY score DESC NULLS LAST, ts) AS _nms_pos
        FROM query_table(tbl)
    ),
    kept AS (
        SELECT
            video_id,
            unnest(temporal_nms(list(ts ORDER BY _nms_pos), list(score ORDER BY _nms_pos), k, any_value(gap))).idx
                AS _nms_pos
        FROM candidates
        GROUP BY video_id
    )
    SELECT candidates.* EXCLUDE (_nms_pos)
    FROM candidates SEMI JOIN kept USING (video_id, _nms_pos)
    ORDER BY video_id, ts
);
