import Link from "next/link";
import { formatBytes } from "@/lib/browser-check/check-submission-file";
import type { SubmitGuide } from "@/lib/pages/submit-guide";
import { CodeBlock } from "./code-block";
import { AccessStep, ApiStep, C, DatasetDownload, MetadataStep, PYTHON_EMBED, PYTHON_PRELUDE, QuotaItem, RateItem, Step, UploadStep } from "./guide-parts";

export const GUIDE_SECTIONS: [string, string][] = [
  ["access", "Get an account"],
  ["download", "Download the benchmark"],
  ["format", "Write the .npz"],
  ["rankings", "Or a ranking file"],
  ["metadata", "Describe the model"],
  ["upload", "Upload"],
  ["limits", "Limits"],
  ["after", "After the upload"],
  ["review", "Review and publication"],
  ["api", "API reference"],
];

function pythonExample(folder: string): string {
  return `${PYTHON_PRELUDE}
queries = read_jsonl("${folder}/queries.jsonl")
corpus = read_jsonl("${folder}/corpus.jsonl")

${PYTHON_EMBED}
Q = np.asarray(embed([q["query"] for q in queries]), dtype=np.float32)
C = np.asarray(embed([c["code"] for c in corpus]), dtype=np.float32)
assert Q.shape == (len(queries), C.shape[1]) and C.shape[0] == len(corpus)

np.savez_compressed(
    "embeddings.npz",
    query_embeddings=Q,                                      # (queries, d)
    corpus_embeddings=C,                                     # (snippets, d)
    query_ids=np.array([q["query_id"] for q in queries]),    # unicode, e.g. <U6
    corpus_ids=np.array([c["corpus_id"] for c in corpus]),   # never dtype=object
)`;
}

const EXEC_METADATA: readonly (readonly [string, string])[] = [
  ["model", "the name on the leaderboard (required)"],
  ["provider", "who trained or serves it (required)"],
  ["revision", "a version, tag or commit"],
  ["link", "its model card or paper: an http:// or https:// URL"],
  ["openWeights", "true when the weights can be downloaded"],
  ["parameters", "parameter count, e.g. 335000000"],
  ["license", "the model's licence, e.g. Apache-2.0 or proprietary"],
  ["releaseDate", "when it was released, YYYY-MM-DD"],
  ["similarity", "cosine (default) or dot"],
  ["queryPrefix, passagePrefix", "text your model prepends to queries and to code"],
  ["dimensions", "d, checked against the matrices"],
  ["notes", "anything a reviewing maintainer should know"],
];

export function GuideSteps({ guide, origin, signedIn }: { guide: SubmitGuide; origin: string; signedIn: boolean }) {
  const b = guide.benchmark;
  const l = guide.limits;
  const slug = b?.slug ?? "<benchmark>";
  const version = b?.version ?? "<version>";
  const folder = `${slug}-${version}`;
  return (
    <div className="space-y-10">
      <AccessStep signedIn={signedIn} />

      <Step id="download" n={2} title="Download the benchmark">
        {b ? (
          <>
            <p>
              <strong>{b.name}</strong> version <C>{b.version}</C>: {b.queries.toLocaleString("en")} queries and {b.corpus.toLocaleString("en")} code snippets,
              licensed {b.license}. <C>queries.jsonl</C> holds each query (<C>query_id</C>, <C>query</C>, its tests); <C>corpus.jsonl</C> every
              snippet (<C>corpus_id</C>, <C>code</C>). Embed the queries&apos; <C>query</C> text and the snippets&apos; <C>code</C>; the other fields
              are there to inspect, not to embed.
            </p>
            <DatasetDownload b={b} origin={origin} />
          </>
        ) : (
          <p>No benchmark has been imported yet.</p>
        )}
      </Step>

      <Step id="format" n={3} title="Write the .npz">
        <p>
          One <C>.npz</C> (<C>np.savez</C> or <C>np.savez_compressed</C>) with four arrays. Rows are named by the benchmark&apos;s ids and may come in any
          order; every id must appear exactly once.
        </p>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <C>query_embeddings</C>: queries × d and <C>corpus_embeddings</C>: snippets × d, float16, float32 or float64, finite, no all-zero rows, at
            most {l.maxDims.toLocaleString("en")} dimensions.
          </li>
          <li>
            <C>query_ids</C> and <C>corpus_ids</C>: numpy unicode arrays (<C>np.array(list_of_str)</C>). Pickled object arrays are refused.
          </li>
          <li>
            Similarity is <C>cosine</C> (the default; vectors need not be normalised) or <C>dot</C>, declared in the metadata with any query or passage prefix
            your model uses, so readers can reproduce the run.
          </li>
        </ul>
        <CodeBlock title="Python (numpy)" code={pythonExample(folder)} />
        <p>
          The browser form checks the file before sending it (ids, shapes, dtypes, every value), so most mistakes are caught on your machine; the server
          checks it again and refuses a bad file with a message naming the problem.
        </p>
      </Step>

      <Step id="rankings" n={4} title="Or a ranking file">
        <p>
          Systems that do not produce embeddings (rerankers, lexical retrievers) submit their rankings instead: JSON lines, one line per query, best first,
          at least the top {l.rankingDepth} snippets each (or the whole corpus).
        </p>
        <CodeBlock title="rankings.jsonl" code={`{"query_id": "q_0001", "corpus_ids": ["c_0042", "c_0007", "…"], "scores": [0.91, 0.88, "…"]}`} />
        <p>
          Equal scores are ties whatever their order in the line: a tie is scored as the expectation over all its orders, never in your order. A line must
          list every snippet tied with its 10th.
        </p>
      </Step>

      <MetadataStep title="Describe the model" rows={EXEC_METADATA} />

      <UploadStep
        signedIn={signedIn}
        cli={`export EXECBOARD_URL=${origin} EXECBOARD_TOKEN=ebt_…\nnpx execboard submit embeddings.npz --benchmark ${slug} \\\n  --metadata '{"model": "my-embedder", "provider": "Me", "similarity": "cosine"}' --wait`}
        curl={`curl -H "Authorization: Bearer $EXECBOARD_TOKEN" \\\n  -F file=@embeddings.npz \\\n  -F 'metadata={"model": "my-embedder", "provider": "Me"}' \\\n  ${origin}/api/v1/benchmarks/${slug}/submissions`}
      >
        The CLI uploads in resumable chunks and picks up where it stopped if interrupted; run the same command again.
      </UploadStep>

      <Step id="limits" n={7} title="Limits">
        <ul className="list-disc space-y-1 pl-5">
          <li>
            Files up to {formatBytes(l.multipartBytes)} in one upload (the form and <C>curl -F</C>); up to {formatBytes(l.resumableBytes)} through resumable
            uploads (the CLI, or <Link href="/docs/api#createUpload" className="underline">the uploads API</Link>).
          </li>
          <li>At most {l.maxDims.toLocaleString("en")} dimensions; dot-product vectors whose products would overflow float64 are refused.</li>
          <QuotaItem l={l} />
          <li>
            Ties: every snippet tied exactly with a query&apos;s 10th is executed, up to {l.tieGroupCap}; a larger group fails the submission, naming the
            query.
          </li>
          <RateItem l={l} />
        </ul>
      </Step>

      <Step id="after" n={8} title="After the upload">
        <p>
          The status page follows the submission live: <strong>validating</strong> the file again, <strong>ranking</strong> the whole corpus for every query,{" "}
          <strong>executing</strong> each query&apos;s top {l.topK} (and any snippet tied with the {l.topK}th) against its tests in a sandbox,{" "}
          <strong>scoring</strong> exec@k, execution precision and nDCG with 95% bootstrap intervals. Small files take seconds, large ones minutes.
        </p>
        <p>
          If scoring fails, the status page says why in words, shows the lines of the log that matter and what to change. The results, every per-query
          drilldown included, are private to you (and your organisation) and the maintainers until published.
        </p>
      </Step>

      <Step id="review" n={9} title="Review and publication">
        <p>
          A maintainer reviews every scored submission before it appears on the leaderboard. The review queue flags what deserves a second look: exec@1 of
          0.95 or more, an edit-blind system (canonicals and their single-edit distractors scored identically too often), a file identical to another
          submission&apos;s, and repeated failures from one account. The maintainer publishes it, marks it verified, adds a warning note readers see, or rejects it
          with a reason you see on its status page.
        </p>
      </Step>

      <ApiStep n={10} methodology="/methodology" />
    </div>
  );
}
