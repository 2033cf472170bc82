-- CG-Bench metrics (clue-grounded long-video QA), as specified in METRICS.md.
--
-- Ground-truth table (see vqdb.eval.loaders.cgbench): qid, right_answer VARCHAR (letter),
--   clue_intervals LIST(STRUCT(start DOUBLE, "end" DOUBLE)), duration DOUBLE.
-- Prediction table (see vqdb.eval.predictions): qid, long_answer VARCHAR (letter or NULL),
--   clue_answer VARCHAR (letter or NULL), grounding LIST(STRUCT(start DOUBLE, "end" DOUBLE))
--   (NULL when the model's reply could not be parsed), and optionally grounding_from_json BOOLEAN
--   (FALSE when the grounding was read from the numbers of a reply's text; default TRUE).
-- variant := 'official' (CG-Bench script: threshold test tIoU >= t) or 'vlmevalkit' (VLMEvalKit port:
--   tIoU > t; a grounding read from JSON whose values are all <= 1 is read as fractions of the duration;
--   an empty grounding list is unparseable). Unparseable groundings and NULL answers are dropped from their
--   metric, as both scripts do; questions without a prediction row are dropped too.

-- _cgbench_merge(list): sorted stably by start (the position breaks ties, as in Python's sort), then
-- merged while next.start <= last.end, the end growing to the larger one.
CREATE OR REPLACE MACRO _cgbench_merge(intervals) AS
    _intervals_merge_sorted(list_transform(
        list_sort(list_transform(intervals, (_iv, _i) -> {'start': _iv.start::DOUBLE, 'i': _i, 'end': _iv."end"::DOUBLE})),
        _iv -> {'start': _iv.start, 'end': _iv."end"}
    ));

-- _cgbench_tiou(pred, gt) -> DOUBLE: the tIoU of both reference scorers, malformed groundings included:
-- each list merged by _cgbench_merge, lengths end - start even when negative (a pair that ends before it
-- starts), I = sum over all pairs of max(0, min(ends) - max(starts)), tIoU = I / (len(P) + len(G) - I)
-- when that is > 0, else 0. NULL when either list is NULL or has a NULL bound (unparseable).
-- Example: SELECT _cgbench_tiou([{'start': 15, 'end': 12}, {'start': 12, 'end': 18}], [{'start': 10, 'end': 20}]);
--          -- 0.6 (the reversed pair merges into [12, 18])
CREATE OR REPLACE MACRO _cgbench_tiou(pred, gt) AS
    CASE
        WHEN pred IS NULL OR gt IS NULL
             OR list_bool_or([_iv.start IS NULL OR _iv."end" IS NULL FOR _iv IN pred || gt]) THEN NULL
        ELSE _intervals_tiou_merged(_cgbench_merge(pred), _cgbench_merge(gt))
    END;

-- cgbench_questions(gt, pred, variant := 'official'): one row per question with a prediction:
--   qid, long_correct BOOLEAN, clue_correct BOOLEAN (NULL when no answer), tiou DOUBLE (NULL when dropped).
-- tIoU is _cgbench_tiou above; for well-formed lists it equals intervals_tiou of intervals.sql.
-- Example:
--   CREATE TABLE gt AS SELECT 1 AS qid, 'A' AS right_answer,
--     [{'start': 0.0, 'end': 10.0}] AS clue_intervals, 100.0 AS duration;
--   CREATE TABLE pred AS SELECT 1 AS qid, 'A' AS long_answer, 'B' AS clue_answer,
--     [{'start': 5.0, 'end': 15.0}] AS grounding;
--   SELECT qid, long_correct, clue_correct, round(tiou, 4) FROM cgbench_questions(gt, pred);
--   -- 1, true, false, 0.3333
CREATE OR REPLACE MACRO cgbench_questions(gt, pred, variant := 'official') AS TABLE
WITH
joined AS (
    SELECT g.qid, g.right_answer, g.clue_intervals, p.long_answer, p.clue_answer,
           CASE
               WHEN variant = 'official' THEN p.grounding
               WHEN variant = 'vlmevalkit' THEN
                   CASE
                       WHEN len(p.grounding) = 0 THEN NULL
                       WHEN coalesce((to_json(p) ->> 'grounding_from_json')::BOOLEAN, true)
                            AND list_bool_and(list_transform(p.grounding, iv -> iv.start <= 1 AND iv."end" <= 1))
                       THEN list_transform(p.grounding,
                                           iv -> {'start': iv.start * g.duration::DOUBLE, 'end': iv."end" * g.duration::DOUBLE})
                       ELSE p.grounding
                   END
               ELSE error('cgbench: unknown variant ''' || variant || '''; use ''official'' or ''vlmevalkit''')
           END AS grounding
    FROM query_table(gt) AS g JOIN query_table(pred) AS p ON g.qid = p.qid
)
SELECT j.qid,
       upper(trim(j.long_answer)) = upper(trim(j.right_answer)) AS long_correct,
       upper(trim(j.clue_answer)) = upper(trim(j.right_answer)) AS clue_correct,
       _cgbench_tiou(j.grounding, j.clue_intervals) AS tiou
FROM joined AS j;

-- cgbench_metrics(gt, pred, variant := 'official'): one row, percentages x100 (unrounded):
--   n (questions with a prediction), n_long, n_clue, n_grounding, n_acc_iou (questions with both a tIoU
--   and a long answer), long_acc, clue_acc, crr, miou, rec_at_iou, acc_at_iou (both averaged over the
--   thresholds 0.1..0.5, `>=` for 'official', `>` for 'vlmevalkit') and acc_at_iou_0 (tIoU > 0).
-- CRR = min(long_acc, clue_acc) / clue_acc x 100 (0 when clue_acc is 0, NULL without long answers).
-- Example:
--   SELECT long_acc, clue_acc, crr FROM cgbench_metrics(gt, pred, variant := 'vlmevalkit');
--   -- 100.0, 0.0, 0.0   (with the tables of the cgbench_questions example)
CREATE OR REPLACE MACRO cgbench_metrics(gt, pred, variant := 'official') AS TABLE
WITH
q AS (
    SELECT *,
           -- how many of the thresholds 0.1 .. 0.5 the tIoU passes
           CASE WHEN variant = 'official'
                THEN (tiou >= 0.1)::INTEGER + (tiou >= 0.2)::INTEGER + (tiou >= 0.3)::INTEGER
                     + (tiou >= 0.4)::INTEGER + (tiou >= 0.5)::INTEGER
                ELSE (tiou > 0.1)::INTEGER + (tiou > 0.2)::INTEGER + (tiou > 0.3)::INTEGER
                     + (tiou > 0.4)::INTEGER + (tiou > 0.5)::INTEGER
           END AS passed
    FROM cgbench_questions(gt, pred, variant := variant)
),
means AS (
    SELECT count(*) AS n,
           count(long_correct) AS n_long,
           count(clue_correct) AS n_clue,
           count(tiou) AS n_grounding,
           count(*) FILTER (WHERE tiou IS NOT NULL AND long_correct IS NOT NULL) AS n_acc_iou,
           avg(long_correct::DOUBLE) AS long_acc,
           avg(clue_correct::DOUBLE) AS clue_acc,
           avg(tiou) AS miou,
           avg(passed / 5.0) FILTER (WHERE tiou IS NOT NULL) AS rec_at_iou,
           avg(CASE WHEN long_correct THEN passed / 5.0 ELSE 0.0 END)
               FILTER (WHERE tiou IS NOT NULL AND long_correct IS NOT NULL) AS acc_at_iou,
           avg(CASE WHEN long_correct AND tiou > 0 THEN 1.0 ELSE 0.0 END)
               FILTER (WHERE tiou IS NOT NULL AND long_correct IS NOT NULL) AS acc_at_iou_0
    FROM q
)
SELECT n, n_long, n_clue, n_grounding, n_acc_iou,
       100 * long_acc AS long_acc,
       100 * clue_acc AS clue_acc,
       CASE WHEN coalesce(clue_acc, 0) = 0 THEN 0.0
            WHEN long_acc IS NULL THEN NULL
            ELSE 100 * least(long_acc, clue_acc) / clue_acc END AS crr,
       100 * miou AS miou,
       100 * rec_at_iou AS rec_at_iou,
       100 * acc_at_iou AS acc_at_iou,
       100 * acc_at_iou_0 AS acc_at_iou_0
FROM means;
