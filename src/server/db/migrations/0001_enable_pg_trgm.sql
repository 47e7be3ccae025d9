-- Trigram indexes for contains-searches (orders list). PostgreSQL 13+ lets a database owner create this
-- trusted extension; PGlite loads it from @electric-sql/pglite/contrib/pg_trgm (see db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
