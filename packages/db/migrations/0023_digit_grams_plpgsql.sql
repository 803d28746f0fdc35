-- digit_grams (migration 0019) in PL/pgSQL, with the same windows. As a LANGUAGE sql function it was not inlinable
-- (an aggregate over set-returning functions), so every statement that inserted a message parsed its body twice
-- (the planner's inlining attempt, then the SQL-function executor) and planned it once, for the digit index's
-- expression: 15 % of Postgres's CPU in the message create figure (docs/benchmarks.md, "Eighteenth session").
-- PL/pgSQL keeps its statement's plan for the session, and content without six digits in a row (most messages)
-- answers before any statement runs. The results are the old function's for every input, so the index built
-- with it stays valid; the index's expression names the function, not its body.
CREATE OR REPLACE FUNCTION "digit_grams"("content" text) RETURNS text[] LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL UNSAFE AS $$
BEGIN
  IF "content" !~ '[0-9]{6}' THEN
    RETURN '{}';
  END IF;
  RETURN (
    SELECT coalesce(array_agg(substr("run"[1], "at", 6)), '{}')
    FROM regexp_matches("content", '[0-9]{6,}', 'g') AS "run", generate_series(1, length("run"[1]) - 5) AS "at"
  );
END
$$;
