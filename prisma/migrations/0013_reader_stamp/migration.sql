-- The reader stamp: one number that changes, in the same transaction, with every write that can
-- change what a signed-out reader sees (a publication, hide, re-score, review action, a
-- version's statistics, an import). The web process caches public pages under it and reads it
-- on every request (lib/http/page-cache.ts), so no reader is answered from before a write that
-- had committed when their request arrived, whichever process made it.
-- CreateTable
CREATE TABLE "reader_stamp" (
    "id" SMALLINT NOT NULL,
    "version" BIGINT NOT NULL,
    "changed_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "reader_stamp_pkey" PRIMARY KEY ("id")
);

ALTER TABLE "reader_stamp" ADD CONSTRAINT "reader_stamp_one_row" CHECK ("id" = 1);
INSERT INTO "reader_stamp" ("id", "version") VALUES (1, 1);

-- Moves the stamp on, once per transaction. The callers are deferred constraint triggers, so
-- this runs at commit: the row lock is held only while the transaction commits (no deadlock
-- with the locks a transaction takes on its way), and the new stamp is visible exactly when
-- the write is.
CREATE FUNCTION "reader_stamp_bump"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('execboard.reader_stamp_txid', true) IS DISTINCT FROM txid_current()::text THEN
    UPDATE "reader_stamp" SET "version" = "version" + 1, "changed_at" = now() WHERE "id" = 1;
    PERFORM set_config('execboard.reader_stamp_txid', txid_current()::text, true);
  END IF;
END $$;

-- Tables every row of which a reader may see (benchmarks and their versions, the published
-- set's statistics, organisation names): any change.
CREATE FUNCTION "reader_stamp_any"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "reader_stamp_bump"();
  RETURN NULL;
END $$;

CREATE FUNCTION "reader_stamp_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "reader_stamp_bump"();
  RETURN NULL;
END $$;

-- Submissions: a change to a row that is, or was, published. (Progress counters move only
-- while a submission is scored, before it can be published.)
CREATE FUNCTION "reader_stamp_submissions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP <> 'INSERT' AND OLD."status" = 'published') OR (TG_OP <> 'DELETE' AND NEW."status" = 'published') THEN
    PERFORM "reader_stamp_bump"();
  END IF;
  RETURN NULL;
END $$;

-- Rows of one submission (metrics, rankings, analysis, events, scoring runs): a change while
-- that submission is published. (Publishing and hiding change the submission row itself.)
CREATE FUNCTION "reader_stamp_of_submission"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sid uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD."submission_id" ELSE NEW."submission_id" END;
BEGIN
  IF current_setting('execboard.reader_stamp_txid', true) IS DISTINCT FROM txid_current()::text
     AND EXISTS (SELECT 1 FROM "submissions" WHERE "id" = sid AND "status" = 'published') THEN
    PERFORM "reader_stamp_bump"();
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION "reader_stamp_evaluation_metrics"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  eid uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD."evaluation_id" ELSE NEW."evaluation_id" END;
BEGIN
  IF current_setting('execboard.reader_stamp_txid', true) IS DISTINCT FROM txid_current()::text
     AND EXISTS (SELECT 1 FROM "evaluations" e JOIN "submissions" s ON s."id" = e."submission_id" WHERE e."id" = eid AND s."status" = 'published') THEN
    PERFORM "reader_stamp_bump"();
  END IF;
  RETURN NULL;
END $$;

-- The execution cache is written by every scoring run; a new row changes a page only when it
-- is a second verdict for the same (code, tests) under another runner version (a drilldown
-- shows the current runner's verdict over an older one). Screening runs ("+" versions) are
-- never shown. Updates and deletes are operators' repairs: always.
CREATE FUNCTION "reader_stamp_executions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM "reader_stamp_bump"();
  ELSIF position('+' in NEW."runner_version") = 0
     AND current_setting('execboard.reader_stamp_txid', true) IS DISTINCT FROM txid_current()::text
     AND EXISTS (SELECT 1 FROM "executions" e WHERE e."code_hash" = NEW."code_hash" AND e."tests_hash" = NEW."tests_hash"
                 AND e."runner_version" <> NEW."runner_version" AND position('+' in e."runner_version") = 0) THEN
    PERFORM "reader_stamp_bump"();
  END IF;
  RETURN NULL;
END $$;

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['benchmarks', 'benchmark_versions', 'benchmark_version_files', 'queries', 'corpus_items',
                           'organisations', 'version_analyses', 'pairwise_comparisons', 'rescore_batches'] LOOP
    EXECUTE format('CREATE CONSTRAINT TRIGGER "reader_stamp" AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "reader_stamp_any"()', t);
  END LOOP;
  FOREACH t IN ARRAY ARRAY['metrics', 'rankings', 'submission_analyses', 'submission_events', 'evaluations'] LOOP
    EXECUTE format('CREATE CONSTRAINT TRIGGER "reader_stamp" AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "reader_stamp_of_submission"()', t);
  END LOOP;
  FOREACH t IN ARRAY ARRAY['benchmarks', 'benchmark_versions', 'benchmark_version_files', 'queries', 'corpus_items', 'organisations',
                           'version_analyses', 'pairwise_comparisons', 'rescore_batches', 'metrics', 'rankings', 'submission_analyses',
                           'submission_events', 'evaluations', 'evaluation_metrics', 'submissions', 'executions'] LOOP
    EXECUTE format('CREATE TRIGGER "reader_stamp_truncate" AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "reader_stamp_truncate"()', t);
  END LOOP;
END $$;

CREATE CONSTRAINT TRIGGER "reader_stamp" AFTER INSERT OR UPDATE OR DELETE ON "submissions" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "reader_stamp_submissions"();
CREATE CONSTRAINT TRIGGER "reader_stamp" AFTER INSERT OR UPDATE OR DELETE ON "evaluation_metrics" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "reader_stamp_evaluation_metrics"();
CREATE CONSTRAINT TRIGGER "reader_stamp" AFTER INSERT OR UPDATE OR DELETE ON "executions" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "reader_stamp_executions"();
