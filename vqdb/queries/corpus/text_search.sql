-- Text search macros bound to a corpus (docs: vqdb/udfs/text_search.py). They read the corpus's Lance
-- datasets through lance_fts and its views, so vqdb.udfs.text_search.register creates them when a corpus
-- is attached, after the views, with @dataset(name) replaced by the path of the dataset `name`.
--
-- BM25 searches (lance_fts over the INVERTED indexes of vqdb.store.text_index.build_text_indexes): the query is
-- a constant string of words (lower-cased, stemmed; a row matches when it has any of them, more and
-- rarer words score higher; for an exact phrase add WHERE contains_phrase(text, '...'));
-- at most k rows come back, best first, in a `bm25` column, among rows that are visible (rows of a
-- video show once it is ingested and its extractor finished: the rule of the table's view, which the
-- search joins), so a half-written ingest can make fewer than k rows come back. Scores of
-- different tables are not on one scale.

-- _text_query(fn VARCHAR, query VARCHAR) -> VARCHAR: query, or an error naming fn when it is empty.
CREATE OR REPLACE MACRO _text_query(fn, query) AS
    CASE
        WHEN query IS NULL OR trim(query) = '' THEN error(
            fn || ': the query is empty; pass the words to search for, e.g. ' || fn || '(''hello world'')'
        )
        ELSE query
    END;

-- transcript_search(query VARCHAR, k INTEGER := 10)
--     -> TABLE(video_id, seg_id, start_s, end_s, text, bm25 DOUBLE)
-- The k transcript segments that best match query (BM25).
-- Example: SELECT video_id, start_s, end_s, text FROM transcript_search('ask not what your country', k := 3)
--          WHERE contains_phrase(text, 'ask not what your country');  -- the exact phrase only
CREATE OR REPLACE MACRO transcript_search(query, k := 10) AS TABLE
    SELECT video_id, seg_id, start_s, end_s, text, _score::DOUBLE AS bm25
    FROM lance_fts(@dataset(transcript_segments), 'text', _text_query('transcript_search', query), k := k)
    WHERE video_id IN (SELECT video_id FROM transcript_segments)
    ORDER BY bm25 DESC;

-- ocr_search(query VARCHAR, k INTEGER := 10)
--     -> TABLE(video_id, span_id, start_s, end_s, text, max_confidence, box, bm25 DOUBLE)
-- The k on-screen text spans (ocr_spans) that best match query (BM25). For misread or partial words,
-- on_screen(query) (fuzzy) finds more.
-- Example: SELECT start_s, end_s, text FROM ocr_search('hello world', k := 3);
CREATE OR REPLACE MACRO ocr_search(query, k := 10) AS TABLE
    SELECT video_id, span_id, start_s, end_s, text, max_confidence, box, _score::DOUBLE AS bm25
    FROM lance_fts(@dataset(ocr_spans), 'text', _text_query('ocr_search', query), k := k)
    WHERE video_id IN (SELECT video_id FROM ocr_spans)
    ORDER BY bm25 DESC;

-- ocr_frame_search(query VARCHAR, k INTEGER := 10)
--     -> TABLE(video_id, frame_idx, ts, text, confidence, box, bm25 DOUBLE)
-- The k single-frame OCR reads (table ocr) that best match query (BM25).
-- Example: SELECT frame_idx, ts, text FROM ocr_frame_search('copyright', k := 5);
CREATE OR REPLACE MACRO ocr_frame_search(query, k := 10) AS TABLE
    SELECT video_id, frame_idx, ts, text, confidence, box, _score::DOUBLE AS bm25
    FROM lance_fts(@dataset(ocr), 'text', _text_query('ocr_frame_search', query), k := k)
    WHERE video_id IN (SELECT video_id FROM ocr)
    ORDER BY bm25 DESC;

-- subtitle_search(query VARCHAR, k INTEGER := 10)
--     -> TABLE(video_id, cue_id, start_s, end_s, text, bm25 DOUBLE)
-- The k subtitle cues that best match query (BM25).
-- Example: SELECT start_s, end_s, text FROM subtitle_search('red', k := 3);
CREATE OR REPLACE MACRO subtitle_search(query, k := 10) AS TABLE
    SELECT video_id, cue_id, start_s, end_s, text, _score::DOUBLE AS bm25
    FROM lance_fts(@dataset(subtitles), 'text', _text_query('subtitle_search', query), k := k)
    WHERE video_id IN (SELECT video_id FROM subtitles)
    ORDER BY bm25 DESC;

-- text_search(query VARCHAR, k INTEGER := 10)
--     -> TABLE(source VARCHAR, video_id, start_s, end_s, text, bm25 DOUBLE)
-- Transcripts, on-screen text spans and subtitles together: the k best of each source, by BM25
-- (source is 'transcript', 'ocr' or 'subtitle'; scores of different sources are not comparable, so
-- filter or partition by source to rank).
-- Example: SELECT source, video_id, start_s, end_s, text FROM text_search('hello') ORDER BY start_s;
CREATE OR REPLACE MACRO text_search(query, k := 10) AS TABLE
    SELECT 'transcript' AS source, video_id, start_s, end_s, text, bm25 FROM transcript_search(query, k := k)
    UNION ALL
    SELECT 'ocr' AS source, video_id, start_s, end_s, text, bm25 FROM ocr_search(query, k := k)
    UNION ALL
    SELECT 'subtitle' AS source, video_id, start_s, end_s, text, bm25 FROM subtitle_search(query, k := k);

-- on_screen(query VARCHAR, min_score DOUBLE := 0.8)
--     -> TABLE(video_id, span_id, start_s, end_s, text, max_confidence, box, score DOUBLE)
-- On-screen text spans whose text fuzzy-matches query (text_match >= min_score), in time order:
-- "when is 'Hello world' on screen". Reads every ocr_spans row (no index), tolerant of OCR misreads.
-- Example: SELECT video_id, start_s, end_s, text FROM on_screen('hello world');
CREATE OR REPLACE MACRO on_screen(query, min_score := 0.8) AS TABLE
    SELECT * FROM (
        SELECT video_id, span_id, start_s, end_s, text, max_confidence, box, text_match(text, query) AS score
        FROM ocr_spans
    )
    WHERE score >= min_score
    ORDER BY video_id, start_s, span_id;

-- semantic_search(query VARCHAR, k INTEGER := 10)
--     -> TABLE(source VARCHAR, video_id, start_s, end_s, text, similarity DOUBLE)
-- The k transcript segments, on-screen text spans and subtitle cues closest in meaning to query
-- (cosine similarity of all-MiniLM-L6-v2 sentence embeddings). Transcript segments and subtitle cues are
-- compared by the embedding stored at ingest (text_emb); on-screen text, and the rows of a corpus ingested
-- before embeddings were stored, are embedded when queried (text_embed, each distinct text once per session).
-- Example: SELECT source, text, similarity FROM semantic_search('greeting the world', k := 3);
CREATE OR REPLACE MACRO semantic_search(query, k := 10) AS TABLE
    WITH texts AS (
        SELECT 'transcript' AS source, video_id, start_s, end_s, text, text_emb FROM transcript_segments
        UNION ALL
        SELECT 'ocr' AS source, video_id, start_s, end_s, text, NULL AS text_emb FROM ocr_spans
        UNION ALL
        SELECT 'subtitle' AS source, video_id, start_s, end_s, text, text_emb FROM subtitles
    ),
    asked AS (SELECT text_embed(_text_query('semantic_search', query)) AS query_emb)
    SELECT
        source, video_id, start_s, end_s, text,
        -- COALESCE of similarities: text_embed runs only for the rows without a stored vector
        coalesce(
            array_cosine_similarity(text_emb, query_emb), array_cosine_similarity(text_embed(text), query_emb)
        )::DOUBLE AS similarity
    FROM texts, asked
    ORDER BY similarity DESC
    LIMIT k;
