import Link from "next/link";
import { formatBytes } from "@/lib/browser-check/check-submission-file";
import type { RepoGuideFacts, SubmitGuide } from "@/lib/pages/submit-guide";
import { CodeBlock } from "./code-block";
import { AccessStep, ApiStep, C, DatasetDownload, MetadataStep, PYTHON_EMBED, PYTHON_PRELUDE, QuotaItem, RateItem, Step, UploadStep, type GuideBenchmark } from "./guide-parts";

// The submit guide of a repository-retrieval benchmark: a run file (TREC or JSON lines) or chunk
// embeddings, scored by Recall@k, MRR and budgeted context yield. Nothing is executed. The
// examples name the version's own samples, files and chunks.
export const REPO_GUIDE_SECTIONS: [string, string][] = [
  ["access", "Get an account"],
  ["download", "Download the benchmark"],
  ["run-files", "Write a run file"],
  ["chunks", "Or chunk embeddings"],
  ["metadata", "Describe the system"],
  ["upload", "Upload"],
  ["limits", "Limits"],
  ["after", "After the upload"],
  ["review", "Review and publication"],
  ["api", "API reference"],
];

const REPO_METADATA: readonly (readonly [string, string])[] = [
  ["model", "the name on the leaderboard (required)"],
  ["provider", "who built or serves it (required)"],
  ["revision", "a version, tag or commit"],
  ["link", "its paper, repository or model card: an http:// or https:// URL"],
  ["openWeights", "true when the model (or the system's code) can be downloaded"],
  ["parameters", "parameter count, e.g. 335000000"],
  ["license", "its licence, e.g. Apache-2.0 or proprietary"],
  ["releaseDate", "when it was released, YYYY-MM-DD"],
  ["similarity", "chunk embeddings only: cosine (default) or dot"],
  ["queryPrefix, passagePrefix", "chunk embeddings only: text your model prepends to queries and to chunks"],
  ["dimensions", "chunk embeddings only: d, checked against the matrices"],
  ["notes", "anything a reviewing maintainer should know (how the run was made, what the system saw)"],
];

/** Example ids from the version, or placeholders when it has no file yet. */
function examples(r: RepoGuideFacts | null) {
  const e = r?.example;
  const [a, b] = e?.paths.length ? [e.paths[0], e.paths[1] ?? e.paths[0]] : ["src/app.py", "tests/test_app.py"];
  return {
    sample: e?.sampleId ?? "<sample_id>",
    snapshot: e?.snapshot ?? "owner/name@0123456789ab",
    a,
    b,
    two: a !== b,
    chunks: e?.chunkIds.length ? e.chunkIds : ["owner/name@0123456789ab/src/app.py#L1-50"],
  };
}

function trecExample(x: ReturnType<typeof examples>): string {
  const lines = [`${x.sample} Q0 ${x.a} 1 12.5 my-run`];
  if (x.two) lines.push(`${x.sample} Q0 ${x.b} 2 9.75 my-run`);
  return lines.join("\n");
}

function jsonlExample(x: ReturnType<typeof examples>): string {
  const files = x.two ? [x.a, x.b] : [x.a];
  const scores = x.two ? [12.5, 9.75] : [12.5];
  return JSON.stringify({ sample_id: x.sample, files, scores, abstention: 0.1 }).replace(/,"/g, ', "').replace(/":/g, '": ');
}

function pythonChunks(folder: string): string {
  return `${PYTHON_PRELUDE}
samples = read_jsonl("${folder}/samples.jsonl")
files = {(f["snapshot"], f["path"]): f["text"] for f in read_jsonl("corpus-text.jsonl")}
CHUNK = 50  # lines per chunk, numbered from 1; the last chunk may be shorter

chunk_ids, chunk_texts = [], []
for f in read_jsonl("${folder}/corpus.jsonl"):      # corpus order
    text = files[(f["snapshot"], f["path"])]
    lines = text.split("\\n")
    for first in range(1, f["lines"] + 1, CHUNK):
        last = min(f["lines"], first + CHUNK - 1)
        chunk_ids.append(f"{f['snapshot']}/{f['path']}#L{first}-{last}")
        chunk_texts.append("\\n".join(lines[first - 1:last]))

${PYTHON_EMBED}
np.savez_compressed(
    "chunks.npz",
    query_embeddings=np.asarray(embed([s["query_text"] for s in samples]), dtype=np.float32),  # (samples, d)
    corpus_embeddings=np.asarray(embed(chunk_texts), dtype=np.float32),                        # (chunks, d)
    query_ids=np.array([s["sample_id"] for s in samples]),   # unicode, never dtype=object
    corpus_ids=np.array(chunk_ids),
)`;
}

function DownloadStep({ b, r, origin }: { b: GuideBenchmark | null; r: RepoGuideFacts | null; origin: string }) {
  if (!b) return <p>No benchmark has been imported yet.</p>;
  const textUrl = `/api/v1/benchmarks/${encodeURIComponent(b.slug)}/corpus?version=${encodeURIComponent(b.version)}`;
  const tasks = r?.tasks.map((t) => `${t.samples} ${t.task}`).join(", ");
  return (
    <>
      <p>
        <strong>{b.name}</strong> version <C>{b.version}</C>: {(r?.samples ?? b.queries).toLocaleString("en")} samples{tasks ? ` (${tasks})` : ""} over{" "}
        {(r?.repositories ?? 0).toLocaleString("en")} repositories frozen at their base commits, {(r?.files ?? b.corpus).toLocaleString("en")} corpus files in{" "}
        {(r?.chunks ?? 0).toLocaleString("en")} chunks, licensed {b.license}. <C>samples.jsonl</C> holds each sample (<C>sample_id</C>, <C>task</C>,{" "}
        <C>repo</C>, <C>base_commit</C>, the query&apos;s fields and its canonical <C>query_text</C>, the given files the query hands over, and the gold);{" "}
        <C>corpus.jsonl</C> lists every corpus file in corpus order (<C>snapshot</C>, <C>path</C>, size, <C>lines</C>, tokens, <C>chunks</C>). Retrieve
        from the sample&apos;s own snapshot: the files of its repository at its base commit.
      </p>
      <DatasetDownload b={b} origin={origin} />
      <p>
        The files&apos; text (one JSON line per file: <C>snapshot</C>, <C>path</C>, <C>sha256</C>, <C>text</C>; add <C>&amp;snapshot=owner/name@commit12</C> for one
        repository) is served apart, as the repositories&apos; own licences apply to it:
      </p>
      <CodeBlock title="The corpus text" code={`curl -fL "${origin}${textUrl}" -o corpus-text.jsonl`} />
    </>
  );
}

export function RepoGuideSteps({ guide, origin, signedIn }: { guide: SubmitGuide; origin: string; signedIn: boolean }) {
  const b = guide.benchmark;
  const r = b?.repo ?? null;
  const l = guide.limits;
  const slug = b?.slug ?? "<benchmark>";
  const folder = `${slug}-${b?.version ?? "<version>"}`;
  const depth = r?.runDepth ?? 100;
  const x = examples(r);
  const meta = `'{"model": "my-retriever", "provider": "Me"}'`;
  return (
    <div className="space-y-10">
      <AccessStep signedIn={signedIn} />

      <Step id="download" n={2} title="Download the benchmark">
        <DownloadStep b={b} r={r} origin={origin} />
      </Step>

      <Step id="run-files" n={3} title="Write a run file">
        <p>
          A run file ranks, for each sample, the files of its repository an agent should read next, best first: at most {depth} files a sample, each a corpus
          file of the sample&apos;s snapshot, as its path from the repository root (no leading <C>./</C> or <C>/</C>), listed once. Scores never rise down a
          ranking; equal scores are ties, scored as the expectation over their orders whatever order the file gives. A sample the file leaves out has
          retrieved nothing. Two formats, with the same rules:
        </p>
        <CodeBlock title="TREC (run.trec): sample_id Q0 path rank score tag" code={trecExample(x)} />
        <p>
          One file a line, six whitespace-separated fields; ranks run 1, 2, 3… in file order, a sample&apos;s lines together, one run tag for the whole file. A
          path with spaces needs the JSON lines format.
        </p>
        <CodeBlock title="JSON lines (run.jsonl): one sample a line" code={jsonlExample(x)} />
        <p>
          <C>abstention</C> is optional: your system&apos;s own reason to return nothing for the sample (higher: more reason). Given for every sample, it is
          what selective retrieval thresholds; otherwise the first file&apos;s score is the sample&apos;s confidence. A sample may list no files and only an
          abstention score.
        </p>
      </Step>

      <Step id="chunks" n={4} title="Or chunk embeddings">
        <p>
          An embedding model can submit vectors instead and let the server rank: one <C>.npz</C> with <C>query_embeddings</C> (samples × d, one row per
          sample, embedding its <C>query_text</C>), <C>corpus_embeddings</C> (chunks × d), <C>query_ids</C> (the sample ids) and <C>corpus_ids</C> (the chunk
          ids), float16, float32 or float64, at most {l.maxDims.toLocaleString("en")} dimensions, ids as numpy unicode arrays.
        </p>
        <p>
          Chunks are the canonical windows of {r?.chunkLines ?? 50} lines of each file, numbered from line 1 (the last may be shorter; an empty file has
          none), in <C>corpus.jsonl</C>&apos;s order. A chunk&apos;s id is <C>owner/name@commit12/path#Lfirst-last</C>, for example:
        </p>
        <CodeBlock title="Chunk ids" code={x.chunks.join("\n")} />
        <p>
          The server scores every chunk of the sample&apos;s snapshot (cosine or dot, as the metadata says), a file takes its best chunk&apos;s score, and the
          files are ranked by it to depth {depth}.
        </p>
        <CodeBlock title="Python (numpy)" code={pythonChunks(folder)} />
      </Step>

      <MetadataStep title="Describe the system" rows={REPO_METADATA} />

      <UploadStep
        signedIn={signedIn}
        cli={`export EXECBOARD_URL=${origin} EXECBOARD_TOKEN=ebt_…\nnpx execboard submit run.trec --benchmark ${slug} \\\n  --metadata ${meta} --wait\n# or run.jsonl, or chunks.npz (uploaded in resumable chunks)`}
        curl={`curl -H "Authorization: Bearer $EXECBOARD_TOKEN" \\\n  -F file=@run.trec -F kind=run_trec \\\n  -F 'metadata={"model": "my-retriever", "provider": "Me"}' \\\n  ${origin}/api/v1/benchmarks/${slug}/submissions`}
      >
        The file&apos;s first line tells its format apart (a JSON object, six TREC fields, or else an <C>.npz</C>); name it with <C>--kind</C> (
        <C>run_trec</C>, <C>run_jsonl</C>, <C>chunk_embeddings</C>) or the form field <C>kind</C> to be explicit.
      </UploadStep>

      <Step id="limits" n={7} title="Limits">
        <ul className="list-disc space-y-1 pl-5">
          <li>
            At most {depth} files a sample; rankings are scored to depth {depth} (MRR is MRR@{depth}).
          </li>
          <li>
            Run files up to {formatBytes(l.multipartBytes)}; chunk embeddings up to {formatBytes(l.multipartBytes)} in one upload (the form and <C>curl -F</C>)
            and up to {formatBytes(l.resumableBytes)} through resumable uploads (the CLI, or{" "}
            <Link href="/docs/api#createUpload" className="underline">the uploads API</Link>).
          </li>
          <li>
            Chunk embeddings: at most {l.maxDims.toLocaleString("en")} dimensions; a group of more than {l.tieGroupCap} files tied across the cut-off of the
            server&apos;s ranking fails the submission, naming the sample.
          </li>
          <QuotaItem l={l} />
          <RateItem l={l} />
        </ul>
      </Step>

      <Step id="after" n={8} title="After the upload">
        <p>
          The whole file is checked before anything is stored: a refusal names its line, for example{" "}
          <C>line 2: {x.a.replace(/[^/]+$/, "nope.py")} is not a file of {x.snapshot}, the corpus of sample {x.sample}</C>, so you fix it and upload again
          (a refused upload is not charged).
        </p>
        <p>
          Nothing is executed. The status page follows the submission live: <strong>validating</strong> the stored file again, <strong>ranking</strong> (your
          run&apos;s own rankings, or the chunks ranked on the server), <strong>scoring</strong> Recall@{(r?.recallKs ?? [5, 10, 20]).join("/")}, MRR and BCY at{" "}
          {(r?.budgets ?? [4000, 8000, 16000, 32000]).map((n) => `${n / 1000}k`).join(", ")} tokens, per task, with 95% bootstrap intervals, first-gold depth
          and selective retrieval. It takes seconds.
        </p>
        <p>
          If scoring fails, the status page says why in words and what to change. The results, every sample&apos;s drilldown included, are private to you
          (and your organisation) and the maintainers until published. <Link href="/methodology#repo-retrieval" className="underline">The methodology</Link>{" "}
          defines every score.
        </p>
      </Step>

      <Step id="review" n={9} title="Review and publication">
        <p>
          A maintainer reviews every scored submission before it appears on the leaderboard. The review queue flags a file identical to another
          submission&apos;s and repeated failures from one account. The maintainer publishes it, marks it verified, adds a warning note readers see, or
          rejects it with a reason you see on its status page.
        </p>
      </Step>

      <ApiStep n={10} methodology="/methodology#repo-retrieval" />
    </div>
  );
}
