import { pageMeta } from "@/components/site/page-meta";
import { PageToc } from "@/components/ui/page-toc";
import { Choice, code, Formula, Line, Section } from "@/components/methodology/parts";
import { BaselinesSection, ChanceSection, EngineSection, TiesSection } from "@/components/methodology/tie-sections";
import { RepoMethodology, REPO_TOC } from "@/components/repo/repo-methodology";
import { EDIT_SIZE_BUCKETS } from "@/lib/analysis/edit-size";
import { ANALYSIS_ENGINE_VERSION } from "@/lib/analysis/analyze-submission";
import { REPO_ENGINE_VERSION } from "@/lib/repo-metrics/analyze-run";
import { BUG_TYPES } from "@/lib/benchmark/format";
import { TIE_ALPHA } from "@/lib/leaderboard/tie-groups";
import { BOOTSTRAP_REPLICATES, BOOTSTRAP_SEED } from "@/lib/metrics/bootstrap";
import { METRIC_KS } from "@/lib/metrics/per-query-metrics";
import { SIGN_FLIP_MONTE_CARLO_FLIPS, SIGN_FLIP_SEED } from "@/lib/metrics/sign-flip";
import { MIN_RANKING_DEPTH } from "@/lib/rankings/ranking-format";
import { TIE_GROUP_CAP } from "@/lib/metrics/cut-off";
import { DEFAULT_TIMEOUT_MS, RUNNER_VERSION } from "@/lib/sandbox/types";

export const metadata = pageMeta("Methodology", "How ExecBoard computes every number it shows: exec@k, execution precision, nDCG, bootstrap intervals, the tie policy, the chance line and the paired test.");

// The constants below are imported from the code that uses them, so this page cannot drift
// from what the scoring engine does.
const ks = METRIC_KS.join(", ");

// The sections in page order, for the table of contents.
const TOC: [string, string][] = [
  ["ranking", "Ranking"],
  ["ties", "Exact ties"],
  ["sandbox", "Execution sandbox"],
  ["metrics", "Headline metrics"],
  ["chance", "The chance line"],
  ["intervals", "Confidence intervals"],
  ["misses", "Rank-1 miss attribution"],
  ["gap", "Similarity gap"],
  ["deception", "Deception"],
  ["domains", "Per-domain exec@1"],
  ["density", "Pool density"],
  ["pairs", "Paired comparisons"],
  ["difficulty", "Difficulty and tie groups"],
  ["rankings", "Ranking-file submissions"],
  ["baselines", "Baselines"],
  ["engine", "Scoring engine"],
  ...REPO_TOC,
];

export default function MethodologyPage() {
  return (
    <div className="lg:grid lg:grid-cols-[13rem_1fr] lg:gap-10">
      <PageToc label="Methodology sections" entries={TOC} />
    <article className="max-w-3xl space-y-6">
      <header className="space-y-3">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Methodology</h1>
        <p className="text-[15px] leading-7 text-slate-600">
          Every statistic follows the ExecRetrieval paper (§4, §5 and Appendices C and G). Where the paper leaves a choice
          open, the choice made here is marked like this:
        </p>
        <Choice>A choice the paper leaves open, fixed for every benchmark and submission.</Choice>
        <p className="text-[15px] leading-7 text-slate-600">
          In short: a retrieved snippet counts only if it passes every test of its query when executed; snippets with exactly
          the same score are never ordered by their position or id, so a tie is worth its chance (
          <a href="#ties" className="text-emerald-800 underline underline-offset-2">exact ties</a>); systems are compared
          query by query with the paired sign-flip test (<a href="#pairs" className="text-emerald-800 underline underline-offset-2">paired comparisons</a>);
          and a uniformly random ranking is shown as the floor (<a href="#chance" className="text-emerald-800 underline underline-offset-2">the chance line</a>).
        </p>
        <p className="text-[15px] leading-7 text-slate-600">
          The second track, repository context retrieval for coding agents (Agent Retrieval Bench), has its own sections from{" "}
          <a href="#repo-retrieval" className="text-emerald-800 underline underline-offset-2">Repository retrieval</a> on.
        </p>
        <p className="text-sm text-slate-600">
          Execution-grounded track: scoring engine {ANALYSIS_ENGINE_VERSION}, sandbox runner version {RUNNER_VERSION} · repository track: scoring engine {REPO_ENGINE_VERSION}
          (nothing executed).
        </p>
      </header>

      <Section id="ranking" title="Ranking">
        <p>
          For embedding submissions, every query is scored against every corpus snippet (no approximate search). Cosine
          similarity divides each row by its float64 L2 norm; <code className={code}>dot</code> uses the raw vectors. Ranking
          is by descending score. Snippets with exactly the same score are tied: they have no order, and no rule (corpus order,
          id) invents one; see <a href="#ties" className="text-emerald-800 underline underline-offset-2">Exact ties</a>.
        </p>
        <Choice>
          Scores are float64: each value is divided by its row norm, then products are summed in dimension order. To be fast,
          a float32 pass over all pairs keeps only the pairs that its proven rounding-error bound cannot exclude from the
          top 10, and those are rescored in float64, so the ranking and its scores are exactly those of a full float64 scan.
        </Choice>
        <p>
          The top 10 snippets of each query, and every snippet tied exactly with the 10th, are executed against the query&apos;s
          tests; a snippet passes when every test passes.
        </p>
      </Section>

      <TiesSection />

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
          canonical-ID nDCG@k, for k = {ks}, as unweighted means over queries. Each query&apos;s value is the exact expectation
          over the orders of its tied snippets, so it may be a fraction.
        </p>
        <Choice>
          execution_precision@k always divides by k, also when fewer than k snippets pass or exist. nDCG uses binary
          relevance of the query&apos;s <code className={code}>correct_corpus_ids</code>, gain 1/log2(rank + 1), ideal DCG over
          min(k, number of correct ids) ranks.
        </Choice>
      </Section>

      <ChanceSection />

      <Section id="intervals" title="Confidence intervals">
        <p>
          Every interval is a 95% query-level percentile bootstrap with {BOOTSTRAP_REPLICATES.toLocaleString("en")} replicates
          and a fixed seed, as in §4.2. It resamples queries, with each query&apos;s value already the exact expectation over
          its tie orders: ties are averaged exactly, never sampled.
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
        <Choice>
          When g snippets tie at rank 1, each is rank 1 in 1/g of the orders: each failing member adds 1/g to the count of its
          kind, and miss@1 is Σ over queries of (1 − exec@1). The counts are expected numbers of queries and may be fractions.
        </Choice>
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
          A (query, own distractor) pair is deceived when the distractor would be ranked above its canonical. Rates pool pairs
          over queries.
        </p>
        <Formula label="Deception of one pair">
          <Line>deceived = 1 if score(distractor) &gt; score(canonical); ½ if they are exactly equal; 0 otherwise</Line>
        </Formula>
        <p>
          An exact tie deceives with probability ½, since either order of the two is equally likely: the same law as exec@k, so a
          retriever blind to an edit is neither forgiven nor blamed for it. The tied pairs are counted beside each rate.
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
        <p>
          exec@1 over the queries of each domain (each query&apos;s tie-aware value, so the number solved is an expectation),
          with an interval from resampling all queries.
        </p>
      </Section>

      <Section id="density" title="Pool-density ablation (Table 4)">
        <p>
          The expected exec@1 when every query keeps d of its own distractors and the rest of the corpus is unchanged, as
          the exact expectation over all retained subsets and over the orders of tied snippets. With every distractor kept it
          equals exec@1 exactly.
        </p>
        <Choice>
          <p>
            Each subset of size d of a query&apos;s n distractors is equally likely. Removing snippets never reorders the others,
            so the new rank 1 is a member of the best tie group that keeps one. Walking the tie groups from the top, group j holds
            a<sub>j</sub> own distractors (p<sub>j</sub> of them passing) and o<sub>j</sub> other snippets (q<sub>j</sub> passing),
            which are always kept; with A own distractors in the groups above, all removed, and t of the group&apos;s a<sub>j</sub>{" "}
            kept:
          </p>
          <Formula label="Pool density">
            <Line>P(t of a_j kept, the A above removed) = C(a_j, t) · C(n − A − a_j, d − t) / C(n, d)</Line>
            <Line>E[exec@1 | that] = (q_j + t · p_j / a_j) / (o_j + t)</Line>
          </Formula>
          <p>
            The walk ends at the first group with another snippet in it, which always survives. d runs from 0 to the largest
            number of distractors of any query; a query with at most d distractors keeps them all. A row is not available when
            some query would need the verdict of a snippet below the executed list.
          </p>
        </Choice>
      </Section>

      <Section id="pairs" title="Paired comparisons (Table 5)">
        <p>
          For every pair of published systems of a benchmark version and every k: for exec@k the two-sided paired sign-flip test
          (Fisher&apos;s randomization test) on the per-query differences, the expected discordant counts, and the paired-bootstrap
          difference with its interval; for execution_precision@k and nDCG@k the paired-bootstrap interval only.
        </p>
        <p>
          McNemar&apos;s test needs each query to be solved or not, and tie-aware exec@k values are fractions. The sign-flip test takes
          them as they are, and on 0/1 values it is exactly McNemar&apos;s exact test, so comparisons without ties keep the
          paper&apos;s p-values. With a<sub>i</sub> and b<sub>i</sub> the two systems&apos; exec@k on query i:
        </p>
        <Formula label="The paired sign-flip test">
          <Line>d_i = a_i − b_i,   S = Σ_i d_i</Line>
          <Line>p = P(|S*| ≥ |S|),   S* = Σ_i ε_i · d_i over all 2^n sign vectors ε ∈ {"{"}−1, +1{"}"}^n</Line>
          <Line>A-only = Σ_i a_i · (1 − b_i),   B-only = Σ_i b_i · (1 − a_i)   (expected discordant counts)</Line>
          <Line>0/1 values: p = min(1, 2 · P(X ≤ min(A-only, B-only))),   X ~ Binomial(A-only + B-only, ½)   (exact McNemar)</Line>
        </Formula>
        <Choice>
          <p>
            How p is computed: exactly whenever possible. The differences are exact fractions (each exec@k is 1 − C(g − r, m) / C(g,
            m)); on the grid of their common denominator every |d<sub>i</sub>| is a whole number of units, and the distribution of
            S* is built by convolution, so values tied with the observed |S| are counted exactly. When that grid is too large (many
            different tie shapes), p is estimated from {SIGN_FLIP_MONTE_CARLO_FLIPS.toLocaleString("en")} random sign vectors with a
            fixed seed ({SIGN_FLIP_SEED}) as (1 + #{"{"}|S*| ≥ |S|{"}"}) / (1 + {SIGN_FLIP_MONTE_CARLO_FLIPS.toLocaleString("en")}),
            itself a valid p-value of the same test; such p-values are marked MC (the API says{" "}
            <code className={code}>pMethod: &quot;monte-carlo&quot;</code>).
          </p>
          <p>
            The difference is system A minus system B, A being the better placed on the leaderboard (exec@1, then exec@3, @5,
            @10, then earlier publication). Replicate r&apos;s difference is A&apos;s replicate mean minus B&apos;s, both over the
            same resampled queries.
          </p>
        </Choice>
      </Section>

      <Section id="difficulty" title="Per-query difficulty (Figure 6a) and tie groups">
        <p>Per query, how many published systems solve it at rank 1, with its distribution.</p>
        <Choice>
          System s solves query q at rank 1 with probability p<sub>sq</sub>, its tie-aware exec@1 (0 or 1 without a tie at rank
          1), independently of the other systems, so the number N<sub>q</sub> of systems solving q is Poisson-binomial. A
          query&apos;s difficulty is E[N<sub>q</sub>] = Σ<sub>s</sub> p<sub>sq</sub>; the histogram&apos;s bar n is the expected
          number of queries solved by exactly n systems, Σ<sub>q</sub> P(N<sub>q</sub> = n); the median is that of the pooled
          distribution. The query browser&apos;s filters read a query&apos;s expected count rounded to the nearest system.
        </Choice>
        <Choice>
          A tie group of systems holds the leader at exec@k (highest value, leaderboard order among equals) and every system whose
          paired sign-flip p-value against the leader is at least {TIE_ALPHA}, with no multiple-comparison correction: each system
          is tested once, against the leader only. Groups are given for every k. (Not to be confused with tied scores: a tie group
          of systems is a statistical statement.)
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
          each known and listed once; finite scores that never increase down the list. Equal scores are ties whatever their
          order in the file, so the list must reach past the whole tie group at rank 10 (of at most {TIE_GROUP_CAP}). Anything
          else is refused with the line and the problem.
        </Choice>
        <Choice>
          Everything is computed the same way. A snippet the file does not list has no score, never a guessed one: a
          query&apos;s gap, or a deception pair, that needs such a score is shown as not available, and so is any aggregate
          over them (dropping those queries would select on the system&apos;s own behaviour). Metrics, miss attribution,
          per-domain exec@1 and the ablation need only the ranked order.
        </Choice>
      </Section>

      <BaselinesSection />
      <EngineSection />
      <RepoMethodology />
    </article>
    </div>
  );
}
