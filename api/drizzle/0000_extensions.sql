-- Trigram indexes back the substring search on search_text columns (lib/arabic-search.ts).
-- pg_trgm is a trusted extension (PostgreSQL 13+): a database owner may create it. PGlite loads it
-- through its contrib package (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
