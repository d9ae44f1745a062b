-- The analysis of a finished sitting (GET /api/records/:id/analysis), computed once and kept: the JSON of src/search/analysis.ts, by its format version.
CREATE TABLE analyses (record_id TEXT PRIMARY KEY REFERENCES records(id), version INTEGER NOT NULL, analysis TEXT NOT NULL, created INTEGER NOT NULL);
