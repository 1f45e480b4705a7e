"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import type { CheckReport } from "@/lib/browser-check/check-report";
import { checkRepoSubmissionFile } from "@/lib/browser-check/check-repo-file";
import { checkSubmissionFile } from "@/lib/browser-check/check-submission-file";
import { RUN_DEPTH } from "@/lib/repo-runs/run-format";
import { submissionMetadataSchema } from "@/lib/submissions/metadata";
import { FileCheckList } from "./file-check-list";
import { metadataFrom, MetadataFields, type FieldErrors } from "./metadata-fields";
import { UploadProgress } from "./upload-progress";
import { useHydrated } from "@/components/ui/use-hydrated";
import { uploadWithProgress, type UploadHandle } from "./xhr-upload";

// The upload form: the file is checked here, in the browser, against the benchmark's ids before
// anything is sent (lib/browser-check); the metadata is checked with the server's schema; the
// upload shows its progress; on acceptance the vendor lands on the submission's status page.
// For a repository-retrieval benchmark (`repo`) it takes run files and chunk embeddings instead.
type Check = { state: "idle" } | { state: "checking"; fraction: number } | { state: "done"; report: CheckReport };
type Upload = { state: "idle" } | { state: "uploading"; loaded: number; total: number } | { state: "accepted"; id: string };

export interface SubmitFormProps {
  slug: string;
  /** Submit for this organisation (its slug) rather than personally. */
  organisation?: string;
  queryIds: string[];
  corpusIds: string[];
  maxBytes: number;
  /** Set for a repository-retrieval benchmark: its sample ids, which run files are checked against. */
  repo?: { sampleIds: string[] };
}

/** What the check found, in one sentence. */
function verdict(report: CheckReport): string {
  const s = report.summary;
  if (!report.ok || !s) return "The file did not pass the check. It will not be uploaded.";
  switch (report.kind) {
    case "ranking":
      return `The file passed the check: ${s.queries} queries × ${s.corpus} corpus ids (ranking file).`;
    case "run_trec":
    case "run_jsonl":
      return `The file passed the check: a ${report.kind === "run_trec" ? "TREC" : "JSON lines"} run with files for ${s.queries} of ${s.corpus} samples. The server checks every path against its repository on upload.`;
    case "chunk_embeddings":
      return `The file will be sent as chunk embeddings for ${s.queries} samples; the server checks its arrays and ids on upload.`;
    default:
      return `The file passed the check: ${s.queries} queries × ${s.corpus} corpus rows, ${s.dims} dimensions, ${s.dtype}.`;
  }
}

export function SubmitForm({ slug, organisation, queryIds, corpusIds, maxBytes, repo }: SubmitFormProps) {
  const router = useRouter();
  const [check, setCheck] = useState<Check>({ state: "idle" });
  const [upload, setUpload] = useState<Upload>({ state: "idle" });
  const [errors, setErrors] = useState<FieldErrors>({});
  // The form's error, a new object for each failure (the same words twice are two failures, each
  // focused).
  const [formError, setFormError] = useState<{ text: string } | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const checkRun = useRef(0);
  const handle = useRef<UploadHandle | null>(null);
  const report = check.state === "done" ? check.report : null;
  const busy = upload.state !== "idle";
  const hydrated = useHydrated();

  async function onFile(file: File | undefined) {
    const run = ++checkRun.current;
    setFormError(null);
    if (!file) return setCheck({ state: "idle" });
    setCheck({ state: "checking", fraction: 0 });
    const checking = repo
      ? checkRepoSubmissionFile(file, repo.sampleIds, maxBytes)
      : checkSubmissionFile(file, { queryIds, corpusIds }, { maxBytes, onProgress: (fraction) => run === checkRun.current && setCheck({ state: "checking", fraction }) });
    const result = await checking.catch((e: Error): CheckReport => ({ kind: "embeddings", ok: false, items: [{ label: "Reading the file", ok: false, detail: e.message }], summary: null }));
    if (run === checkRun.current) setCheck({ state: "done", report: result });
  }

  // The error takes the focus once it is on screen: after the render that shows it, which for a
  // failure after an upload's await may come after the next frame.
  useEffect(() => {
    if (formError) errorRef.current?.focus();
  }, [formError]);

  function fail(message: string) {
    setFormError({ text: message });
  }

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const file = fileRef.current?.files?.[0];
    if (!file) return fail("Choose a file to upload.");
    if (check.state === "checking") return fail("The file is still being checked; wait a moment.");
    if (!report?.ok) {
      const problem = report?.items.find((i) => !i.ok)?.detail;
      return fail(`This file did not pass the check, so it was not uploaded${problem ? `: ${problem}` : ""}. Fix the file and choose it again.`);
    }
    const metadata = metadataFrom(new FormData(e.currentTarget), report.kind);
    const parsed = submissionMetadataSchema.safeParse(metadata);
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0] ?? "form")] ??= issue.message;
      setErrors(next);
      const first = Object.keys(next)[0];
      document.getElementById(first)?.focus();
      return fail(`Some details need fixing: ${Object.entries(next).map(([k, v]) => `${k}: ${v}`).join("; ")}.`);
    }
    setErrors({});
    setFormError(null);
    const form = new FormData();
    form.set("file", file, file.name);
    form.set("metadata", JSON.stringify(parsed.data));
    form.set("kind", report.kind);
    if (organisation) form.set("organisation", organisation);
    setUpload({ state: "uploading", loaded: 0, total: file.size });
    handle.current = uploadWithProgress(`/api/v1/benchmarks/${encodeURIComponent(slug)}/submissions`, form, (loaded, total) =>
      setUpload({ state: "uploading", loaded, total }),
    );
    try {
      const res = await handle.current.done;
      const body = res.body as { id?: string; error?: { code: string; message: string } } | null;
      if (res.status === 202 && body?.id) {
        setUpload({ state: "accepted", id: body.id });
        router.push(`/submissions/${body.id}/status`);
        return;
      }
      setUpload({ state: "idle" });
      fail(`The server refused the upload (${body?.error?.code ?? res.status}): ${body?.error?.message ?? "no reason given"}`);
    } catch (err) {
      setUpload({ state: "idle" });
      fail((err as Error).name === "AbortError" ? "Upload cancelled. Nothing was submitted." : (err as Error).message);
    } finally {
      handle.current = null;
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-8">
      <fieldset className="space-y-3">
        <legend className="text-base font-semibold">File</legend>
        <div>
          <label htmlFor="file" className="block text-sm font-medium text-slate-800">
            {repo ? "Run file (.trec, .jsonl) or chunk embeddings (.npz)" : "Embeddings (.npz) or ranking file (.jsonl)"}
          </label>
          <input
            ref={fileRef}
            id="file"
            name="file"
            type="file"
            accept={repo ? ".trec,.run,.txt,.jsonl,.ndjson,.json,.npz" : ".npz,.jsonl,.ndjson,.json"}
            aria-describedby="file-hint"
            disabled={busy || !hydrated}
            onChange={(e) => onFile(e.currentTarget.files?.[0])}
            className="mt-1 block w-full text-sm file:mr-3 file:rounded file:border-0 file:bg-slate-900 file:px-3 file:py-2 file:text-sm file:font-medium file:text-white hover:file:bg-slate-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
          />
          <p id="file-hint" className="mt-1 text-xs text-slate-500">
            {repo
              ? `A run file is checked in your browser before upload (format, ranks, scores, at most ${RUN_DEPTH} files a sample, sample ids); the server checks each path against its repository. `
              : "Checked in your browser before upload: the four arrays, their dtypes and shapes, ids against this benchmark, every value. "}
            Up to {Math.round(maxBytes / 1024 / 1024)} MB.
          </p>
        </div>
        <div aria-live="polite" className="space-y-2">
          {check.state === "checking" && (
            <p className="text-sm text-slate-600" role="status">
              Checking the file… {check.fraction > 0 ? `${Math.floor(check.fraction * 100)}%` : ""}
            </p>
          )}
          {report && (
            <>
              <p role="status" className={`text-sm font-medium ${report.ok ? "text-emerald-800" : "text-rose-800"}`} data-testid="check-verdict">
                {verdict(report)}
              </p>
              <FileCheckList report={report} />
            </>
          )}
        </div>
      </fieldset>

      <MetadataFields errors={errors} kind={report?.kind ?? null} />

      {formError && (
        <div ref={errorRef} tabIndex={-1} role="alert" data-testid="form-error" className="rounded border border-rose-300 bg-rose-50 px-3 py-2 text-sm text-rose-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-rose-600">
          {formError.text}
        </div>
      )}

      {upload.state === "uploading" && <UploadProgress loaded={upload.loaded} total={upload.total} onCancel={() => handle.current?.abort()} />}
      {upload.state === "accepted" && (
        <p role="status" className="text-sm font-medium text-emerald-800">
          Accepted. Opening the status page…
        </p>
      )}

      <button
        type="submit"
        disabled={busy || !hydrated}
        className="rounded bg-emerald-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-emerald-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2 disabled:opacity-60"
      >
        Upload and score
      </button>
    </form>
  );
}
