-- The analysis of a finished sitting (GET /api/records/:id/analysis), computed once and kept: the JSON of src/search/analysis.ts, by its format version.
CREATE TABLE analyses (
  record_id text PRIMARY KEY REFERENCES records (id),
  version integer NOT NULL,
  analysis text NOT NULL,
  created bigint NOT NULL
);
