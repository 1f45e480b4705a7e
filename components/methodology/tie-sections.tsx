// The methodology's sections on exact ties, the chance line, the baselines and the scoring
// engine (issue 11). Every constant comes from the code that uses it.
import { ANALYSIS_ENGINE_VERSION } from "@/lib/analysis/analyze-submission";
import { EDIT_BLIND_THRESHOLD } from "@/lib/analysis/ties";
import { BASELINE_MODELS } from "@/lib/baselines/build-baselines";
import { CHAR_NGRAM_DIMS, CHAR_NGRAM_SIZES } from "@/lib/retrieval/char-ngram-embedder";
import { LEXICAL_DIMS } from "@/lib/retrieval/lexical-embedder";
import { TIE_GROUP_CAP, TOP_K } from "@/lib/metrics/cut-off";
import { Choice, code, Formula, Line, Section } from "./parts";
import { FactList } from "@/components/ui/fact-list";

const pct = (v: number) => `${Math.round(v * 100)}%`;

export function TiesSection() {
  return (
    <Section id="ties" title="Exact ties">
      <p>
        Two snippets with exactly the same float64 score have no order: the retriever cannot tell them apart. ExecBoard never breaks such a tie by
        the order of <code className={code}>corpus.jsonl</code>, by id, or by any other rule. Every per-query metric is instead the exact expectation
        over all orders of the tied snippets, each order equally likely (McSherry &amp; Najork, &ldquo;Computing information retrieval performance
        measures efficiently in the presence of tied scores&rdquo;, ECIR 2008). A retriever that cannot see an edit therefore scores like chance
        between the snippets it cannot tell apart: a task of a canonical and four distractors given one score earns exec@1 = 1/5, not the
        canonical&apos;s credit.
      </p>
      <p>
        Take a tie group of g snippets occupying ranks s + 1 … s + g, r of which pass every test of the query, with m = min(g, max(0, k − s)) of its
        places inside the top k:
      </p>
      <Formula label="Tie-aware metrics of one query">
        <Line>exec@k = 1 − C(g − r, m) / C(g, m) for the group that straddles rank k, when nothing passes strictly above it</Line>
        <Line>execution_precision@k gains m · r / g from the group (a group wholly inside the top k gains r)</Line>
        <Line>DCG@k gains (relevant members / g) · Σ_(p = s+1 … s+m) 1 / log2(p + 1): the group&apos;s gain spread over its positions&apos; discounts</Line>
      </Formula>
      <p>
        A group wholly inside the top k counts as usual (exec@k = 1 if any member passes), a group wholly below adds nothing, and nDCG divides by the
        same ideal DCG as without ties. So a query&apos;s exec@k can be a fraction such as 0.5; the drilldown shows the arithmetic for each one.
      </p>
      <Choice>
        <p>
          Every snippet tied exactly with rank {TOP_K} is executed along with the top {TOP_K}, so each expectation uses real verdicts, not labels.
          A tie group at the rank-{TOP_K} cut-off larger than {TIE_GROUP_CAP} snippets is not executed: the submission fails before anything runs,
          as the vendor&apos;s fault, with a message naming the query, the group&apos;s size and its score. Matrices whose query rows, or whose corpus
          rows, are all one vector are refused the same way, and a ranking file whose list ends inside the rank-{TOP_K} tie group (or holds a group
          over the cap there) is refused at upload, naming the line.
        </p>
        <p>
          Corpus order never decides anything: reordering <code className={code}>corpus.jsonl</code> and importing it again changes no score, and{" "}
          <code className={code}>benchmark build</code> writes each version&apos;s corpus in a seeded shuffled order with ids that do not reveal which
          snippet is the canonical.
        </p>
      </Choice>
      <h3 className="pt-2 text-base font-semibold text-slate-900">What a model page tells about its ties, and &ldquo;edit-blind&rdquo;</h3>
      <p>
        Each submission&apos;s page gives the share of queries whose rank 1 is a tie, the share whose top-{TOP_K} cut-off falls inside a tie group,
        and how many (canonical, own distractor) pairs get exactly the same score, out of the pairs with both scores. A system is marked{" "}
        <span className="font-medium text-amber-900">edit-blind</span> on the leaderboard, on its page and in the maintainers&apos; review when
        at least {pct(EDIT_BLIND_THRESHOLD)} of those pairs tie: it cannot see the single edits the benchmark is built on, so its credit between a
        canonical and such a distractor is chance.
      </p>
      <Choice>
        The edit-blind threshold is {pct(EDIT_BLIND_THRESHOLD)} of scored (canonical, own distractor) pairs. The badge only informs: the numbers are
        already tie-aware, and a maintainer decides whether to publish.
      </Choice>
    </Section>
  );
}

export function ChanceSection() {
  return (
    <Section id="chance" title="The chance line">
      <p>
        The leaderboard&apos;s last row and the dashed line of its chart are what a uniformly random ranking of the whole pool scores, computed
        exactly per query and averaged over queries like any system. With C snippets in the pool, of which r pass the query (its correct ids, which
        the benchmark verified by execution):
      </p>
      <Formula label="The chance line for one query">
        <Line>exec@k = 1 − C(C − r, k) / C(C, k)</Line>
        <Line>execution_precision@k = (r / C) · min(k, C) / k</Line>
        <Line>nDCG@k = (r / C) · Σ_(p ≤ min(k, C)) 1 / log2(p + 1) / IDCG(min(k, r))</Line>
      </Formula>
      <p>It is a reference, not a submission: it has no file, no rank and no interval (it is exact, not estimated).</p>
    </Section>
  );
}

const BASELINE_TEXT: Record<keyof typeof BASELINE_MODELS, React.ReactNode> = {
  bm25: (
    <>
      Okapi BM25 as the paper runs it, the reference lexical baseline: the query&apos;s text only against each snippet&apos;s code, k1 = 1.5, b =
      0.75, a plain tokenizer (maximal runs of letters and digits, lowercased; operators, punctuation and <code className={code}>_</code>{" "}
      separate). It cannot see <code className={code}>&amp;</code> against <code className={code}>|</code>: a distractor with the same token bag as
      its canonical scores identically, and that tie counts as chance.
    </>
  ),
  "bm25-function-name": (
    <>
      The same BM25 with what the paper&apos;s does not have: the task&apos;s function name added to the query and identifiers split into words
      (snake_case, camelCase), so it finds a task&apos;s snippets by name. Named for what it adds; it is no stronger at telling a canonical from
      its distractors.
    </>
  ),
  "char-ngram": (
    <>
      Character {CHAR_NGRAM_SIZES[0]}–{CHAR_NGRAM_SIZES[CHAR_NGRAM_SIZES.length - 1]}-grams of the raw text (operators and punctuation kept,
      whitespace runs collapsed), sublinear TF × IDF, signed-hashed into {CHAR_NGRAM_DIMS.toLocaleString("en")} dimensions, L2-normalised, cosine;
      the query&apos;s text only. It sees operators, so <code className={code}>n &amp; (-n)</code> and <code className={code}>n | (-n)</code>{" "}
      differ.
    </>
  ),
  lexical: (
    <>
      Signed feature hashing of word unigrams, word bigrams and identifier character trigrams into {LEXICAL_DIMS} dimensions, sublinear TF × IDF,
      L2-normalised, cosine; the query&apos;s text plus its function name.
    </>
  ),
};

export function BaselinesSection() {
  return (
    <Section id="baselines" title="Baselines">
      <p>
        Four baselines are scored on every benchmark through the same pipeline as a vendor&apos;s file (their scores written as vectors, their ties
        scored like anyone&apos;s). What each one reads:
      </p>
      <FactList
        look="definitions"
        className="space-y-3"
        facts={(Object.keys(BASELINE_MODELS) as (keyof typeof BASELINE_MODELS)[]).map((key) => ({ key, term: BASELINE_MODELS[key], value: BASELINE_TEXT[key] }))}
      />
    </Section>
  );
}

export function EngineSection() {
  return (
    <Section id="engine" title="Scoring engine and re-scoring">
      <p>
        The scoring engine&apos;s version says what the metrics mean; this is engine {ANALYSIS_ENGINE_VERSION}. Engine 2 made every metric and
        analysis tie-aware (the rules above), keeps each query&apos;s ranked list through the tie group at rank {TOP_K}, and compares systems with
        the paired sign-flip test. Every scoring run records the engine that produced it. Each track numbers its own engine (the repository track&apos;s is{" "}
        <a href="#repo-engine" className="text-emerald-800 underline underline-offset-2">
          its own
        </a>
        ): a change to one re-scores only that track&apos;s results.
      </p>
      <Choice>
        Results of an older engine are never reinterpreted. Each published one is re-scored automatically, once, from its stored file; the earlier
        run stays in its history with its own numbers. Until its re-score finishes, pages mark it, and every statistic that involves it,
        provisional.
      </Choice>
    </Section>
  );
}
