-- Text helpers in plain SQL (docs/sql_functions.md, "Text search"). The corpus-bound searches
-- (transcript_search, ocr_search, subtitle_search, text_search, on_screen, semantic_search) are in
-- vqdb/udfs/text_search.py; the fuzzy score text_match(text, query) is vqdb/udfs/text_match.py.
-- A NULL argument gives NULL.

-- text_normalize(text VARCHAR) -> VARCHAR
-- Lower case, every run of characters other than letters and digits turned into one space, trimmed:
-- the form in which transcripts and queries are compared (word error rate uses the same rule).
-- Example: SELECT text_normalize('  Ask not, what YOUR country...');  -- 'ask not what your country'
CREATE OR REPLACE MACRO text_normalize(text) AS
    trim(regexp_replace(lower(text), '[^\pL\pN]+', ' ', 'g'));

-- contains_phrase(text VARCHAR, phrase VARCHAR) -> BOOLEAN
-- Whether phrase occurs in text as whole words, ignoring case and punctuation (both normalized with
-- text_normalize): "when is 'ask not what your country' said". An empty phrase is an error.
-- Example: SELECT contains_phrase('And so, my fellow Americans: ask not what your country...', 'ask not what your country');  -- true
--          SELECT contains_phrase('a countryside walk', 'country');  -- false
CREATE OR REPLACE MACRO contains_phrase(text, phrase) AS
    CASE
        WHEN text_normalize(phrase) = '' THEN error(
            'contains_phrase: the phrase ' || phrase || ' has no letters or digits; pass words, '
            || 'e.g. contains_phrase(text, ''hello world'')'
        )
        ELSE contains(' ' || text_normalize(text) || ' ', ' ' || text_normalize(phrase) || ' ')
    END;
