-- FALCON-Bench metrics, as specified in METRICS.md.
--
-- Ground-truth table (see vqdb.eval.loaders.falcon): question_id, dataset VARCHAR, gt_option_idx INTEGER,
--   gt_start DOUBLE, gt_end DOUBLE.
-- Prediction table (see vqdb.eval.predictions): question_id, answer VARCHAR (letter or NULL),
--   pred_start DOUBLE, pred_end DOUBLE (NULL when the model gave no temporal window).
-- GToU = len(gt) / hull(gt, pred) when the two overlap (even partially); 1 when the prediction has zero
-- length and lies inside gt; 0 otherwise (the gtou macro of intervals.sql). IoU is intersection / hull for
-- overlapping windows, divided as the reference divides (not interval_iou's union: the same number but for
-- the last bit, which rounding to 5 decimals can turn). A missing prediction scores 0 on every metric.
-- Per-question values are rounded to 5 decimals as Python's round does (_round_5) before averaging.

-- falcon_questions(gt, pred): one row per ground-truth question:
--   question_id, dataset, gtou, iou (both rounded to 5 decimals), correct BOOLEAN.
-- Example:
--   CREATE TABLE gt AS SELECT 'q1' AS question_id, 'ego' AS dataset, 0 AS gt_option_idx,
--     5.0 AS gt_start, 15.0 AS gt_end;
--   CREATE TABLE pred AS SELECT 'q1' AS question_id, 'A' AS answer, 0.0 AS pred_start, 10.0 AS pred_end;
--   SELECT gtou, iou, correct FROM falcon_questions(gt, pred);
--   -- 0.66667, 0.33333, true
-- _round_5(x): x rounded to 5 decimals as Python's round does it: from x's exact binary value (round_even(x, 5)
-- scales x by 10^5 first, which can land on a half: 0.499 / 8 = 0.06237499999999999988... gives 0.06238), half
-- to even where that value is a half exactly (1 / 64 = 0.015625 gives 0.01562).
-- Example: SELECT _round_5(0.499 / 8), _round_5(0.015625);  -- 0.06237, 0.01562
CREATE OR REPLACE MACRO _round_5(x) AS
    CASE
        WHEN split_part(printf('%.30f', x), '.', 2)[6:] = '5' || repeat('0', 24) THEN round_even(x, 5)
        ELSE round(CAST(printf('%.30f', x) AS DECIMAL(38, 30)), 5)::DOUBLE
    END;

CREATE OR REPLACE MACRO falcon_questions(gt, pred) AS TABLE
SELECT question_id, dataset,
       _round_5(coalesce(gtou(gt_start, gt_end, pred_start, pred_end), 0.0)) AS gtou,
       _round_5(CASE WHEN pred_start IS NOT NULL AND pred_end IS NOT NULL AND inter > 0 THEN inter / hull
                     ELSE 0.0 END) AS iou,  -- least / greatest skip a NULL bound
       correct
FROM (
    SELECT g.question_id, g.dataset, g.gt_start, g.gt_end, p.pred_start, p.pred_end,
           least(g.gt_end, p.pred_end) - greatest(g.gt_start, p.pred_start) AS inter,
           greatest(g.gt_end, p.pred_end) - least(g.gt_start, p.pred_start) AS hull,
           coalesce(upper(trim(p.answer)) = chr((65 + g.gt_option_idx)::INTEGER), false) AS correct
    FROM query_table(gt) AS g LEFT JOIN query_table(pred) AS p ON g.question_id = p.question_id
);

-- falcon_metrics(gt, pred): one row per source dataset (sorted by name), then a row with
-- dataset = 'overall' holding the unweighted mean over the datasets (n = all questions).
-- Columns: dataset, n, mgtou, miou, accuracy (percentages x100, unrounded).
-- Example:
--   SELECT dataset, n, mgtou, miou, accuracy FROM falcon_metrics(gt, pred);
--   -- ('ego', 1, 66.667, 33.333, 100.0), ('overall', 1, 66.667, 33.333, 100.0)
CREATE OR REPLACE MACRO falcon_metrics(gt, pred) AS TABLE
WITH per_dataset AS (
    SELECT dataset, count(*) AS n, 100 * avg(gtou) AS mgtou, 100 * avg(iou) AS miou,
           100 * avg(correct::DOUBLE) AS accuracy
    FROM falcon_questions(gt, pred)
    GROUP BY dataset
)
SELECT dataset, n, mgtou, miou, accuracy FROM (
    SELECT 0 AS part, * FROM per_dataset
    UNION ALL
    SELECT 1, 'overall', sum(n), avg(mgtou), avg(miou), avg(accuracy) FROM per_dataset
)
ORDER BY part, dataset;
