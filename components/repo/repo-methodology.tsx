import { Choice, code, Formula, Line, Section } from "@/components/methodology/parts";
import { BOOTSTRAP_REPLICATES } from "@/lib/metrics/bootstrap";
import { SIGN_FLIP_MONTE_CARLO_FLIPS } from "@/lib/metrics/sign-flip";
import { CHUNK_LINES } from "@/lib/repo-files/chunks";
import { MAX_FILE_BYTES } from "@/lib/repo-files/file-text";
import { PATCH_LINE_MIN } from "@/lib/repo-benchmark/leakage-gates";
import { TASK_DESCRIPTIONS, TASK_LABELS, ALL_TASKS } from "@/lib/repo-benchmark/tasks";
import { BUDGETS, EVAL_DEPTH, FIRST_GOLD_DEPTHS, SELECTIVE_DEPTH } from "@/lib/repo-metrics/definitions";
import { EXACT_MAX } from "@/lib/repo-metrics/paired";
import { RRF_K } from "@/lib/repo-runs/rrf";
import { DAMPING, MAX_DEFINERS } from "@/lib/repo-search/structural";
import { BM25_B, BM25_K1 } from "@/lib/repo-search/bm25-files";
import { TIE_GROUP_CAP } from "@/lib/kinds/repo-retrieval/rank-chunks";
import { REPO_ENGINE_VERSION } from "@/lib/repo-metrics/analyze-run";

export const REPO_TOC: [string, string][] = [
  ["repo-retrieval", "Repository retrieval: the task"],
  ["repo-import", "Import and leakage gates"],
  ["repo-builtin", "The built-in benchmark: ExecBoard's own history"],
  ["repo-submissions", "Run files and chunk embeddings"],
  ["repo-metrics", "Recall, MRR, first-gold depth"],
  ["repo-bcy", "Budgeted context yield"],
  ["repo-ties", "Ties in rankings"],
  ["repo-weighting", "Weighting and intervals"],
  ["repo-selective", "Selective retrieval"],
  ["repo-filters", "Candidate filters"],
  ["repo-fusion", "Fusion and baselines"],
  ["repo-engine", "The repository track's scoring engine"],
];

const link = "text-emerald-800 underline underline-offset-2";

// The second track's methodology: every definition the repository-retrieval pages rely on, with
// the constants imported from the code that uses them.
export function RepoMethodology() {
  return (
    <>
      <Section id="repo-retrieval" title="Repository retrieval: the task">
        <p>
          The second kind of benchmark follows Agent Retrieval Bench: a sample is a workflow query (a PR summary, a review comment, a reproduced failure, an anchored edit)
          against a repository frozen at its base commit, and a system ranks the repository&apos;s files that an agent needs next. Gold files are what the workflow needed;
          files the query already hands over (the changed file, the reviewed file, the anchor) are <em>given</em> context, never gold; supporting and distractor files are
          shown but not scored.
        </p>
        <ul className="list-disc space-y-1 pl-6">
          {ALL_TASKS.map((t) => (
            <li key={t}>
              <strong>{TASK_LABELS[t]}</strong>: {TASK_DESCRIPTIONS[t]}.
            </li>
          ))}
        </ul>
        <p>
          The corpus of a sample is every text file of its repository at the base commit (valid UTF-8, no NUL byte, at most {MAX_FILE_BYTES / 1024 / 1024} MiB; symbolic
          links and submodules are not files). Each file&apos;s content is stored once, by its SHA-256, however many samples, snapshots and versions hold it.
        </p>
        <p>
          A query&apos;s canonical text lists its fields in name order, one per line, as <code className={code}>field: value</code> (strings as released, list items one per
          line). The dataset download gives both the fields and the text.
        </p>
      </Section>

      <Section id="repo-import" title="Import and leakage gates">
        <p>
          <code className={code}>execboard benchmark import-arb samples.jsonl --repos dir</code> reads the released format, finds each repository under the directory and
          reads each base commit with git plumbing only (nothing checked out, no hook, filter or pager runs). A record that is not a sample, an unknown task, a repository or
          commit that is not there, or a gold file that is not a corpus file at the base commit refuses the import, naming every such line (or, with{" "}
          <code className={code}>--skip-refused</code>, leaves them out and lists them).
        </p>
        <p>
          <strong>Which files are gold.</strong> A record&apos;s <code className={code}>gold.files</code> when it has them; otherwise by task. code2test: its related tests.
          trace2code and edit2ripple: its root-cause files (else its related tests). comment2context retrieves the additional files needed to understand or satisfy a review
          comment, the reviewed file being given: its <code className={code}>must_context_files</code> (else <code className={code}>context_files</code>) when the record
          names them; otherwise every other file it names for the review (its root-cause, supporting and related-test files, which the released records draw from what the
          pull request changed; one the pull request added, so not in the corpus at the base commit, is left out, where a missing gold file named as such refuses the
          sample). Then, for every task, the given files are taken out of gold: the file a query hands over is context, never something to retrieve, so naming it
          in the query is no leak. The import report lists every sample this touched. A sample whose only gold files are given is refused with that reason, since nothing is
          left to retrieve. (In the released v0_1 records a comment2context sample&apos;s root cause is the reviewed file itself; scoring it as gold, as a plain reading of the
          records would, rewards returning what the agent was handed.)
        </p>
        <p>Then the leakage gates leave out samples whose query gives the answer away:</p>
        <ul className="list-disc space-y-1 pl-6">
          <li>
            <strong>exact gold path</strong>: a gold file&apos;s path appears in the query. For trace2code, a path that appears only in the reproduced failure (its frames,
            paths, test names) is a realistic stack hint: reported, kept.
          </li>
          <li>
            <strong>fix commit</strong>: the resolving commit&apos;s id (40, 12 or 7 hex digits) appears in the query.
          </li>
          <li>
            <strong>fix patch</strong>: a raw diff header, or a line the resolving commit adds to a gold file (at least {PATCH_LINE_MIN} characters, not already in that file at
            the base), appears in the query.
          </li>
        </ul>
        <p>The import report (in every dataset download) says what each gate caught, sample by sample.</p>
      </Section>

      <Section id="repo-builtin" title="The built-in benchmark: ExecBoard's own history">
        <p>
          <code className={code}>arb-self</code>, which this installation serves beside the first track, is mined by{" "}
          <code className={code}>execboard benchmark build-arb</code> from ExecBoard&apos;s own repository, every sample asked of one pinned commit of its main branch:
          code2test and edit2ripple from the commits before it (the query is the commit message with paths, hashes and patch text removed; gold are the tests, or the related
          files, that commit changed and that still exist at the pinned commit), trace2code from single-edit mutations at the pinned commit that make its own vitest suite
          fail in the sandbox (the query is the command and the failure, with the mutated file&apos;s path and lines redacted; every failure is reproduced byte for byte), and
          counterfactual controls, queries mined from another small repository asked of this one. Each sample passes this page&apos;s gates and stricter ones of the
          miner&apos;s own; the build report beside the samples says what each left out.
        </p>
        <p>
          Two tasks cannot be mined from a history, so the built-in benchmark has none of them: <strong>comment2context</strong> needs review comments on a diff, and{" "}
          <strong>natural no-gold</strong> needs issue threads whose resolution lies outside the repository; a git history holds neither. Its selective-retrieval numbers
          therefore rest on counterfactual controls alone, and its all-task averages are over code2test, edit2ripple and trace2code.
        </p>
      </Section>

      <Section id="repo-submissions" title="Run files and chunk embeddings">
        <p>
          A <strong>run file</strong> ranks at most {EVAL_DEPTH} files per sample, as TREC lines (<code className={code}>sample_id Q0 path rank score tag</code>) or JSON lines (
          <code className={code}>{'{"sample_id", "files", "scores", "abstention"}'}</code>). Paths must be corpus files of the sample, each once; ranks run 1, 2, 3… and
          scores never rise down a ranking; a refusal names its line. A sample left out has retrieved nothing.
        </p>
        <p>
          <strong>Chunk embeddings</strong> (<code className={code}>.npz</code>): one vector per sample (its canonical query text) and one per canonical chunk. Each file is
          cut into windows of {CHUNK_LINES} lines; a chunk&apos;s id is <code className={code}>owner/name@commit12/path#Lfirst-last</code>, listed in{" "}
          <code className={code}>corpus.jsonl</code>&apos;s order. The server scores every chunk of the sample&apos;s snapshot (cosine or dot, exact float64), a file takes the
          maximum of its chunks, and files are ranked by it.
        </p>
        <Choice>
          Every ranking is evaluated at depth {EVAL_DEPTH}: positions past it never count, for run files, server rankings and fusions alike, so MRR is MRR@{EVAL_DEPTH}. A tie
          group of more than {TIE_GROUP_CAP} files across the cut-off of a server ranking is refused: its vectors cannot tell the files apart.
        </Choice>
      </Section>

      <Section id="repo-metrics" title="Recall, MRR, first-gold depth">
        <Formula label="Recall, MRR and first-gold depth">
          <Line>Recall@k = |gold ∩ first k files| / |gold|, k ∈ 5, 10, 20</Line>
          <Line>MRR = 1 / rank of the first gold file (0 when none is in the first {EVAL_DEPTH})</Line>
          <Line>gold by d = 1 when a gold file is in the first d files, d ∈ {FIRST_GOLD_DEPTHS.join(", ")}</Line>
        </Formula>
        <p>
          Each is averaged over positive samples (code2test, comment2context, trace2code, edit2ripple); no-gold samples count in{" "}
          <a href="#repo-selective" className={link}>
            selective retrieval
          </a>{" "}
          only.
        </p>
      </Section>

      <Section id="repo-bcy" title="Budgeted context yield">
        <p>
          BCY@B asks how much of the gold context a window of B tokens would hold, B ∈ {BUDGETS.map((b) => `${b / 1000}k`).join(", ")}. Ranked files are rendered as{" "}
          <code className={code}>### path</code>, a newline, the content and a newline, and packed in rank order; the file that does not fit whole is cut to what fits, and
          packing stops there. A gold file counts once at least one of its content tokens is packed.
        </p>
        <Formula label="BCY">
          <Line>cost(file) = T(&quot;### path\n&quot;) + T(content) + 1 (no +1 for an empty file)</Line>
          <Line>gold file g is covered ⇔ T(content of g) &gt; 0 and Σ cost of the files ranked before g ≤ B − T(header of g) − 1</Line>
          <Line>BCY@B = covered gold files / |gold|</Line>
        </Formula>
        <Choice>
          T counts tokens of OpenAI&apos;s cl100k_base byte-pair encoding (the tokenizer of GPT-4 and text-embedding-3), implemented in ExecBoard and checked token for token
          against tiktoken&apos;s own encoder; each part is tokenized on its own, so a file&apos;s cost never depends on its neighbours.
        </Choice>
      </Section>

      <Section id="repo-ties" title="Ties in rankings">
        <p>
          Files with exactly the same score are tied, whoever ranked them (equal scores in a run file, equal maxima of chunk scores, equal fused scores). A tie has no order:
          every metric is the exact expectation over all orders of every tie group, each equally likely, as on the first track. For a group at ranks a+1…a+n holding m gold
          files:
        </p>
        <Formula label="Tie-aware expectations">
          <Line>P(a gold file&apos;s rank ≤ k) = min(1, max(0, (k − a) / n))</Line>
          <Line>P(the group&apos;s first gold file is at rank a + r) = C(n − r, m − 1) / C(n, m)</Line>
          <Line>P(no gold file in the group&apos;s first t ranks) = C(n − m, t) / C(n, t)</Line>
        </Formula>
        <p>
          For BCY, the budget runs out inside at most one group (a group whose total fits the room left is packed whole in every order). There, a gold file is covered with
          the probability that a uniformly random order puts before it a set of the other members whose costs fit the room, computed exactly by counting subsets by size and
          total cost. So a system cannot gain by listing tied files in a favourable order, and one that cannot tell files apart scores like chance among them.
        </p>
      </Section>

      <Section id="repo-weighting" title="Weighting and intervals">
        <p>
          <strong>Each sample</strong> counts once, or <strong>each repository</strong>: its samples are averaged first, so a repository with many samples cannot dominate.
          Intervals are 95% percentile bootstraps with {BOOTSTRAP_REPLICATES.toLocaleString("en")} replicates: over samples (the first track&apos;s shared resamples) for the
          sample weighting, and stratified by repository (each repository&apos;s samples resampled within it) for the repository weighting.
        </p>
        <p>
          Two systems are compared sample by sample with the two-sided paired sign-flip test on the differences (weighted by 1/(repositories × the repository&apos;s samples)
          for the repository weighting): exact over every sign vector when at most {EXACT_MAX} samples differ, otherwise {SIGN_FLIP_MONTE_CARLO_FLIPS.toLocaleString("en")}{" "}
          seeded sign flips with p = (1 + extreme) / (1 + flips). The leaderboard marks rows not significantly different from the leader (α = 0.05, no correction).
        </p>
      </Section>

      <Section id="repo-selective" title="Selective retrieval">
        <p>
          Should a system return anything? Each sample gets a confidence: minus the run&apos;s abstention score when it gives one for every sample, otherwise the score of its
          first ranked file (no file: −∞). A threshold abstains below it. A no-gold sample succeeds when abstained on; a positive one when answered with a gold file within
          the first {SELECTIVE_DEPTH}.
        </p>
        <Choice>
          Thresholds are calibrated by cross-validation with folds grouped by repository (min(5, repositories) folds; repositories assigned largest first to the fold with
          the fewest samples): the threshold with the best success on the other folds (ties: the lowest) decides the held-out one. Reported side by side: never abstaining;
          calibrated with every no-gold sample; and calibrated and evaluated on natural no-gold cases only (counterfactual controls, queries against the wrong repository, are
          much easier to reject). Success is given on positives and on each kind of no-gold sample separately.
        </Choice>
      </Section>

      <Section id="repo-filters" title="Candidate filters">
        <p>
          A diagnostic, not the official number: the same rankings with files outside a filter removed (<em>code only</em>: source files in a programming language outside
          documentation, example, vendored and generated trees; <em>tests only</em>: test files by directory and name). Gold files stay what they are, so a filter that
          removes them costs recall (tests only on trace2code).
        </p>
      </Section>

      <Section id="repo-fusion" title="Fusion and baselines">
        <p>
          Reciprocal rank fusion of 2 to 4 published runs, live on the fusion page: a file scores Σ 1/({RRF_K} + rank) over the runs that rank it; a file tied in a run takes
          its group&apos;s mean rank; each file&apos;s terms are added smallest first, so equal rank sets give exactly equal scores, which are ties. The fused ranking is scored
          as a submission is, and compared with each input by the paired test.
        </p>
        <p>The baselines are run files submitted through the same path as a vendor&apos;s:</p>
        <ul className="list-disc space-y-1 pl-6">
          <li>
            <strong>BM25 (path-aware, files)</strong>: Okapi BM25 (k1 = {BM25_K1}, b = {BM25_B}) over whole files, content and path scored as two fields and summed;
            identifiers split at camelCase and snake_case.
          </li>
          <li>
            <strong>Structural map (PageRank)</strong>: in the spirit of RepoMap, files linked both ways by imports and by identifiers one uses and another defines (names
            defined in more than {MAX_DEFINERS} files link nothing); personalised PageRank (damping {DAMPING}) restarting at the files that define the query&apos;s
            identifiers, whose path words it uses, and that it hands over; the given files themselves are not retrieved.
          </li>
          <li>
            <strong>RRF(BM25 + structural)</strong>: their fusion, k = {RRF_K}.
          </li>
        </ul>
        <p>A baseline lists at most {EVAL_DEPTH} files per sample; a tie group that would cross rank {EVAL_DEPTH} is left out whole (listing part of it would order it).</p>
      </Section>

      <Section id="repo-engine" title="The repository track's scoring engine">
        <p>
          What these metrics mean is this kind&apos;s scoring engine, numbered apart from the execution-grounded track&apos;s: this is engine {REPO_ENGINE_VERSION}. Every
          evaluation records the engine it was scored by. When a definition changes the engine number rises, and every published run of this track scored by another engine
          is re-scored from its stored file automatically, its earlier results kept in its history; until then it is marked <em>provisional</em>. An engine change of the
          other track re-scores nothing here, and no sandbox runner change does: nothing of this track is executed.
        </p>
      </Section>
    </>
  );
}
