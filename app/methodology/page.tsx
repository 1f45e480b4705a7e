import type { Metadata } from "next";
import { EDIT_SIZE_BUCKETS } from "@/lib/analysis/edit-size";
import { ANALYSIS_ENGINE_VERSION } from "@/lib/analysis/analyze-submission";
import { BUG_TYPES } from "@/lib/benchmark/format";
import { TIE_ALPHA } from "@/lib/leaderboard/tie-groups";
import { BOOTSTRAP_REPLICATES, BOOTSTRAP_SEED } from "@/lib/metrics/bootstrap";
import { METRIC_KS } from "@/lib/metrics/per-query-metrics";
import { MIN_RANKING_DEPTH } from "@/lib/rankings/ranking-format";
import { DEFAULT_TIMEOUT_MS, RUNNER_VERSION } from "@/lib/sandbox/types";

export const metadata: Metadata = {
  title: "Methodology · ExecBoard",
  description: "How ExecBoard computes every number it shows, and the choices the ExecRetrieval paper leaves open.",
};

// The constants below are imported from the code that uses them, so this page cannot drift
// from what the scoring engine does.
const ks = METRIC_KS.join(", ");

// The sections in page order, for the table of contents.
const TOC: [string, string][] = [
  ["ranking", "Ranking"],
  ["sandbox", "Execution sandbox"],
  ["metrics", "Headline metrics"],
  ["intervals", "Confidence intervals"],
  ["misses", "Rank-1 miss attribution"],
  ["gap", "Similarity gap"],
  ["deception", "Deception"],
  ["domains", "Per-domain exec@1"],
  ["density", "Pool density"],
  ["pairs", "Paired comparisons"],
  ["difficulty", "Difficulty and tie groups"],
  ["rankings", "Ranking-file submissions"],
];

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-6 space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold tracking-tight text-slate-900">
        {title}
      </h2>
      <div className="space-y-3 text-[15px] leading-7 text-slate-700">{children}</div>
    </section>
  );
}

// A choice the paper leaves open: labelled in words, not only by its colour.
function Choice({ children }: { children: React.ReactNode }) {
  return (
    <div className="rounded-lg border-l-4 border-amber-400 bg-amber-50 px-4 py-3 text-sm leading-6 text-slate-800">
      <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-amber-900">ExecBoard&apos;s choice</p>
      <p>{children}</p>
    </div>
  );
}

const code = "rounded bg-slate-100 px-1 py-0.5 font-mono text-xs";

export default function MethodologyPage() {
  return (
    <div className="lg:grid lg:grid-cols-[13rem_1fr] lg:gap-10">
      <nav aria-label="Methodology sections" className="mb-6 lg:mb-0">
        <div className="lg:sticky lg:top-6">
          <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">On this page</p>
          <ol className="flex flex-wrap gap-x-4 gap-y-1 text-sm lg:block lg:space-y-1">
            {TOC.map(([id, label]) => (
              <li key={id}>
                <a href={`#${id}`} className="text-slate-600 underline-offset-2 hover:text-slate-900 hover:underline">
                  {label}
                </a>
              </li>
            ))}
          </ol>
        </div>
      </nav>
    <article className="max-w-3xl space-y-6">
      <header className="space-y-3">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Methodology</h1>
        <p className="text-[15px] leading-7 text-slate-600">
          Every statistic follows the ExecRetrieval paper (§4, §5 and Appendices C and G). Where the paper leaves a choice
          open, the choice made here is marked like this:
        </p>
        <Choice>A choice the paper leaves open, fixed for every benchmark and submission.</Choice>
        <p className="text-sm text-slate-600">
          Analysis engine version {ANALYSIS_ENGINE_VERSION} · sandbox runner version {RUNNER_VERSION}.
        </p>
      </header>

      <Section id="ranking" title="Ranking">
        <p>
          For embedding submissions, every query is scored against every corpus snippet (no approximate search). Cosine
          similarity divides each row by its float64 L2 norm; <code className={code}>dot</code> uses the raw vectors. Ranking
          is by descending score; exact ties go to the snippet listed first in <code className={code}>corpus.jsonl</code>.
          A canonical is listed before its distractors, so a retriever that cannot see an edit at all scores them equally
          and the tie puts the canonical first: BM25 does this whenever the edit only changes an operator, which its
          tokenizer drops. That is why BM25 scores higher here than a tie-blind reading of the paper would suggest.
        </p>
        <Choice>
          Scores are float64: each value is divided by its row norm, then products are summed in dimension order. To be fast,
          a float32 pass over all pairs keeps only the pairs that its proven rounding-error bound cannot exclude from the
          top 10, and those are rescored in float64, so the ranking and its scores are exactly those of a full float64 scan.
        </Choice>
        <p>The top 10 snippets of each query are executed against the query&apos;s tests; a snippet passes when every test passes.</p>
      </Section>

      <Section id="sandbox" title="Execution sandbox">
        <p>
          Each (snippet, test suite) pair runs in an isolated sandbox (a Docker container without network, or a locked-down
          process), with a {DEFAULT_TIMEOUT_MS / 1000}-second limit per suite. Every test ends as{" "}
          <code className={code}>pass</code>, <code className={code}>FAIL</code> (the assertion),{" "}
          <code className={code}>FAIL:&lt;Exception&gt;</code>, <code className={code}>TIMEOUT</code> or{" "}
          <code className={code}>ERROR:&lt;Exception&gt;</code> (the code would not load), as in the paper&apos;s runner.
          Results are cached by the SHA-256 of the code, the SHA-256 of the test suite and the runner version (now{" "}
          {RUNNER_VERSION}), so a pair is executed once however many submissions retrieve it.
        </p>
        <Choice>
          Verdicts are decided outside the candidate&apos;s process: the candidate only returns the values a test&apos;s call
          produces, as plain data, and a trusted program compares them with the expected values, so a snippet cannot forge a
          pass. The details, and what the sandbox does not guarantee, are in the repository&apos;s docker/SANDBOX.md.
        </Choice>
      </Section>

      <Section id="metrics" title="Headline metrics">
        <p>
          exec@k (some top-k snippet passes), execution_precision@k (passing snippets in the top k, divided by k) and
          canonical-ID nDCG@k, for k = {ks}, as unweighted means over queries.
        </p>
        <Choice>
          execution_precision@k always divides by k, also when fewer than k snippets pass or exist. nDCG uses binary
          relevance of the query&apos;s <code className={code}>correct_corpus_ids</code>, gain 1/log2(rank + 1), ideal DCG over
          min(k, number of correct ids) ranks.
        </Choice>
      </Section>

      <Section id="intervals" title="Confidence intervals">
        <p>
          Every interval is a 95% query-level percentile bootstrap with {BOOTSTRAP_REPLICATES.toLocaleString("en")} replicates
          and a fixed seed, as in §4.2.
        </p>
        <Choice>
          Seed {BOOTSTRAP_SEED}; generator xoshiro128** seeded through SplitMix32; replicate r takes draws r·n … r·n + n − 1
          (uniform integers below n by rejection). A replicate&apos;s sum of a per-query value x is Σ c<sub>i</sub>x<sub>i</sub>{" "}
          over queries in order, c<sub>i</sub> being how often query i was drawn. Percentiles interpolate linearly between
          order statistics (numpy&apos;s default). All statistics of a submission, and all systems of a benchmark version, use
          the same resamples.
        </Choice>
        <Choice>
          Ratios pooled over queries (a deception rate, exec@1 within a domain, a share of queries) are resampled as
          ratios of resampled sums; a replicate whose denominator is zero is left out. Medians are resampled as the median
          of the resampled queries.
        </Choice>
      </Section>

      <Section id="misses" title="Rank-1 miss attribution (Table 3)">
        <p>
          Of the queries whose rank-1 snippet fails, how many rank-1 snippets are one of the query&apos;s own distractors; the
          others are another query&apos;s canonical or distractor. The share comes with its interval.
        </p>
      </Section>

      <Section id="gap" title="Canonical-vs-best-distractor gap (Figure 4)">
        <p>
          Per query: the canonical&apos;s score minus the highest score among its distractors. Reported: the share of queries
          where the canonical scores below at least one distractor, and the median and mean gap.
        </p>
        <Choice>
          Only mechanical distractors count (the six bug types of the locked prompt: {BUG_TYPES.join(", ")}); queries
          without one are left out, as the paper&apos;s 938 of 939. &ldquo;Below&rdquo; is strict (gap &lt; 0); a tie is not below.
          The median of an even count is the mean of the two middle gaps.
        </Choice>
      </Section>

      <Section id="deception" title="Deception by bug type and by edit size (Figure 5, Table 8)">
        <p>
          A (query, own distractor) pair is deceived when the distractor&apos;s score is at least the canonical&apos;s: ties deceive.
          Rates pool pairs over queries.
        </p>
        <Choice>
          By bug type: every type in the benchmark, each marked mechanical or not. Overall and by edit size: mechanical pairs
          only. The edit size of a distractor is the number of characters (Unicode code points) of its single edit against its
          canonical: strip the longest common prefix, then the longest common suffix of the rest, and take the longer of the
          two remainders, so replacing, inserting or deleting one character counts 1. Buckets:{" "}
          {EDIT_SIZE_BUCKETS.map((b) => b.label).join(", ")} characters.
        </Choice>
      </Section>

      <Section id="domains" title="Per-domain exec@1 (Figure 6b)">
        <p>exec@1 over the queries of each domain, with an interval from resampling all queries.</p>
      </Section>

      <Section id="density" title="Pool-density ablation (Table 4)">
        <p>
          The expected exec@1 when every query keeps d of its own distractors and the rest of the corpus is unchanged, as
          the exact expectation over all retained subsets. With every distractor kept it equals exec@1 exactly.
        </p>
        <Choice>
          Each subset of size d is equally likely. Removing snippets never reorders the others, so the new rank 1 is the
          first kept snippet of the realized ranking; if the own distractors a<sub>1</sub> … a<sub>m</sub> rank above the
          first other snippet o, E = Σ C(n−i, d−1)/C(n, d) · pass(a<sub>i</sub>) + C(n−m, d)/C(n, d) · pass(o). d runs from 0 to
          the largest number of distractors of any query; a query with at most d distractors keeps them all. A row is not
          available when some query would need the verdict of a snippet below the executed top 10.
        </Choice>
      </Section>

      <Section id="pairs" title="Paired comparisons (Table 5)">
        <p>
          For every pair of published systems of a benchmark version and every k: for exec@k the exact two-sided McNemar test
          on the discordant counts (p = min(1, 2·P(X ≤ min(b, c))), X ~ Binomial(b + c, ½); 1 without discordant queries),
          the counts themselves, and the paired-bootstrap difference with its interval; for execution_precision@k and nDCG@k
          the paired-bootstrap interval only.
        </p>
        <Choice>
          The difference is system A minus system B, A being the better placed on the leaderboard (exec@1, then exec@3, @5,
          @10, then earlier publication). Replicate r&apos;s difference is A&apos;s replicate mean minus B&apos;s, both over the
          same resampled queries.
        </Choice>
      </Section>

      <Section id="difficulty" title="Per-query difficulty (Figure 6a) and tie groups">
        <p>Per query, how many published systems solve it at rank 1, with its distribution.</p>
        <Choice>
          A tie group holds the leader at exec@k (highest value, leaderboard order among equals) and every system whose exact
          McNemar p-value against the leader is at least {TIE_ALPHA}, with no multiple-comparison correction: each system is
          tested once, against the leader only. Groups are given for every k.
        </Choice>
        <Choice>
          These statistics are recomputed by a background job whenever a submission is published or leaves the leaderboard;
          until it has run, the API marks them stale and names only systems that are published.
        </Choice>
      </Section>

      <Section id="rankings" title="Ranking-file submissions">
        <p>
          Besides embeddings, a submission may be a ranking file, for rerankers and any retriever that is not a pair of
          embedding matrices: UTF-8 JSON lines, one per query,{" "}
          <code className={code}>{'{"query_id": "q_0001", "corpus_ids": ["c_0003", …], "scores": [12.5, …]}'}</code>, best
          first. Upload it like an .npz; the form field <code className={code}>kind</code> (<code className={code}>ranking</code>{" "}
          or <code className={code}>embeddings</code>) may say which, otherwise the first bytes decide.
        </p>
        <Choice>
          Every query exactly once; at least its top {MIN_RANKING_DEPTH} corpus ids (the whole corpus when it is smaller),
          each known and listed once; finite scores that never increase down the list; equal scores keep the file&apos;s order.
          Anything else is refused with the line and the problem.
        </Choice>
        <Choice>
          Everything is computed the same way. A snippet the file does not list has no score, never a guessed one: a
          query&apos;s gap, or a deception pair, that needs such a score is shown as not available, and so is any aggregate
          over them (dropping those queries would select on the system&apos;s own behaviour). Metrics, miss attribution,
          per-domain exec@1 and the ablation need only the ranked order.
        </Choice>
      </Section>
    </article>
    </div>
  );
}
