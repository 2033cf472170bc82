-- Similarity macros that read the corpus's tables (docs: vqdb/udfs/similarity.py). DuckDB checks table
-- names when a macro is created, so these are created when a corpus is attached, after its views, by
-- vqdb.udfs.similarity.register (vqdb/queries holds what a connection without a corpus can load too).

-- region_scores(query) -> TABLE(video_id, frame_idx, ts, score, region_id, box)
-- Every frame with regions, scored by its best region (crop) for query (text or vector); region_id and
-- box name that region. The localized-entity counterpart of similarity over frame_embeddings.
-- Example: SELECT * FROM region_scores('a red car') ORDER BY score DESC LIMIT 5;
CREATE OR REPLACE MACRO region_scores(query) AS TABLE
    SELECT
        video_id,
        frame_idx,
        any_value(ts) AS ts,
        max(_score) AS score,
        arg_max(region_id, _score) AS region_id,
        arg_max(box, _score) AS box
    FROM (SELECT *, similarity(emb, query) AS _score FROM regions)
    GROUP BY video_id, frame_idx;

-- region_match(video_id VARCHAR, frame_idx INTEGER, query) -> FLOAT
-- The score of one frame for query (text or vector): the best similarity over its regions; NULL when the
-- frame has no regions. For whole-corpus ranking region_scores(query) is faster.
-- Example: SELECT f.ts, region_match(f.video_id, f.frame_idx, 'a red car') AS score
--          FROM frame_embeddings f ORDER BY score DESC NULLS LAST LIMIT 5;
CREATE OR REPLACE MACRO region_match(vid, fidx, query) AS (
    SELECT max(similarity(_r.emb, query)) FROM regions _r WHERE _r.video_id = vid AND _r.frame_idx = fidx
);

-- frame_search(query, k INTEGER, nprobs := 20, refine_factor := 10) -> TABLE(video_id, frame_idx, ts, score)
-- The k frames most similar to query (text or vector) through Lance's vector search: approximate with the
-- IVF_PQ index `vqdb index` builds (nprobs partitions probed, refine_factor x k candidates re-ranked on
-- exact vectors), exact without one. Same ranking as ORDER BY similarity(emb, query) DESC LIMIT k, up to
-- the index's recall (>= 0.95 at recall@10 with these defaults, see vqdb/store/vector_index.py).
-- Example: SELECT * FROM frame_search('a dog on a beach', 10);
CREATE OR REPLACE MACRO frame_search(query, top_k, nprobs := 20, refine_factor := 10) AS TABLE
    SELECT video_id, frame_idx, ts, array_cosine_similarity(emb, vq_search_vector(query)) AS score
    FROM lance_vector_search(
        vq_dataset('frame_embeddings'), 'emb', vq_search_vector(query)::FLOAT[],
        k := top_k, nprobs := nprobs, refine_factor := refine_factor
    )
    -- only videos the frame_embeddings view shows: embed and frames steps committed (an interrupted
    -- ingest leaves rows in the dataset that no view shows); extractions is small, unlike the table
    WHERE video_id IN (SELECT video_id FROM extractions WHERE extractor = 'embed')
      AND video_id IN (SELECT video_id FROM extractions WHERE extractor = 'frames')
    ORDER BY score DESC, video_id, frame_idx;
