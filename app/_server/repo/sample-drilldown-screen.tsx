import Link from "next/link";
import { versionPath } from "@/components/benchmark/paths";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { loadSampleDrilldown } from "@/app/_server/page-loaders";
import type { FileRole } from "@/lib/repo-board/sample-drilldown";
import { TASK_DESCRIPTIONS, TASK_LABELS } from "@/lib/repo-benchmark/tasks";
import { BUDGETS, metricLabel, type MetricId } from "@/lib/repo-metrics/definitions";
import { orNotFound } from "@/app/_server/or-not-found";
import { sampleDrillPath } from "@/components/repo/paths";
import { firstColumn, RepoTable } from "@/components/repo/repo-table";
import { Breadcrumb } from "@/components/ui/breadcrumb";
import { FactList } from "@/components/ui/fact-list";

const ROLE: Record<FileRole, { label: string; tone: "good" | "info" | "neutral" | "warn" }> = {
  gold: { label: "gold", tone: "good" },
  given: { label: "given", tone: "info" },
  supporting: { label: "supporting", tone: "neutral" },
  distractor: { label: "distractor", tone: "warn" },
  other: { label: "", tone: "neutral" },
};

const SHOWN: MetricId[] = ["recall@5", "recall@10", "recall@20", "mrr", "bcy@4000", "bcy@8000", "bcy@16000", "bcy@32000"];

function FileList({ title, files }: { title: string; files: string[] }) {
  return (
    <div>
      <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</h3>
      {files.length === 0 ? <p className="text-sm text-slate-500">none</p> : (
        <ul className="mt-1 space-y-0.5 font-mono text-xs text-slate-800">
          {files.map((f) => (
            <li key={f} className="break-all">
              {f}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

// One sample as one submission ranked it (the track's Figure 1): the query, the files it hands
// over and those an agent needs, the ranked files with gold marked, and what fits in each budget.
export async function SampleDrilldownScreen({ id, sampleId }: { id: string; sampleId: string }) {
  const d = await orNotFound(loadSampleDrilldown(id, sampleId));
  const s = d.sample;
  const sub = d.submission;
  const positive = s.task !== "nogold_natural" && s.task !== "nogold_counterfactual";
  return (
    <div className="space-y-6">
      <Breadcrumb
        trail={[
          { href: versionPath(sub.benchmark.slug, sub.benchmark.version), label: `${sub.benchmark.slug} ${sub.benchmark.version}` },
          { href: `/submissions/${sub.id}`, label: sub.model.name },
        ]}
        current={s.sampleId}
        linkClassName="underline-offset-2 hover:underline"
        currentClassName="font-mono text-slate-900"
      />
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
          {TASK_LABELS[s.task]} sample <span className="font-mono text-lg">{s.sampleId}</span>
        </h1>
        <p className="text-sm text-slate-600">
          {TASK_DESCRIPTIONS[s.task]}. Repository {s.repo} at <span className="font-mono">{s.baseCommit.slice(0, 12)}</span>.
          {s.noGoldReason && <> No-gold reason: {s.noGoldReason.replaceAll("_", " ")}.</>}
        </p>
        <p className="flex gap-4 text-sm">
          {d.previous && (
            <Link href={sampleDrillPath(sub.id, d.previous)} className="text-emerald-800 underline underline-offset-2">
              ← previous sample
            </Link>
          )}
          {d.next && (
            <Link href={sampleDrillPath(sub.id, d.next)} className="text-emerald-800 underline underline-offset-2">
              next sample →
            </Link>
          )}
        </p>
      </header>

      <div className="grid gap-6 lg:grid-cols-5">
        <Card id="query" title="Query" lead="The canonical text a retriever reads (its fields, one per line)." className="lg:col-span-3">
          <pre className="max-h-96 overflow-auto whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-3 text-xs leading-relaxed text-slate-800">{s.queryText}</pre>
        </Card>
        <Card id="files" title="Files" className="lg:col-span-2">
          <div className="space-y-3">
            <FileList title="Gold (what an agent needs next)" files={s.gold} />
            <FileList title="Given (context the query hands over, not gold)" files={s.given} />
            <FileList title="Supporting" files={s.supporting} />
            <FileList title="Distractors" files={s.distractors} />
          </div>
        </Card>
      </div>

      {d.metrics && (
        <Card id="sample-metrics" title="This sample's metrics" lead="Tie-aware: exact expectations over the orders of tied files.">
          <FactList
            look="tiles"
            className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4 lg:grid-cols-8"
            facts={SHOWN.map((m) => ({ term: metricLabel(m), value: d.metrics![m]!.toFixed(3) }))}
          />
        </Card>
      )}

      <Card
        id="ranked"
        title={`Ranked files (${d.files.length})`}
        lead={
          <>
            Gold files are marked; {d.missedGold.length > 0 ? `${d.missedGold.length} gold file(s) not listed: ${d.missedGold.join(", ")}. ` : ""}
            The budget columns pack the list in this order (whole, cut where the budget ends, not reached); files in a tie may be listed in any order, and the metrics take the
            expectation over their orders.{!positive ? " No file should be returned for this sample." : ""}
            {d.abstention !== null && <> Abstention score: {d.abstention}.</>}
          </>
        }
      >
        <RepoTable
          caption="Ranked files with their roles, scores, ties, costs and packing"
          scroll="Ranked files"
          testId="repo-ranked"
          columns={["#", firstColumn("File"), "score", "tokens", ...BUDGETS.map((b) => ({ label: `${b / 1000}k`, className: "hidden px-2 py-2 text-center sm:table-cell", key: String(b) }))]}
        >
          {d.files.map((f) => (
            <tr key={f.path} data-testid="repo-ranked-row" data-role={f.role} className={f.role === "gold" ? "bg-emerald-50/70" : ""}>
              <td className="num-cell">
                {f.position}
                {f.tie && <span className="block text-[10px] text-slate-500">tie {f.tie[0]}–{f.tie[1]}</span>}
              </td>
              <td className="max-w-[28rem] px-2 py-1.5">
                <span className="break-all font-mono text-xs text-slate-900">{f.path}</span> {ROLE[f.role].label && <Badge tone={ROLE[f.role].tone}>{ROLE[f.role].label}</Badge>}
                {f.beyondDepth && <span className="ml-1 text-xs text-slate-500">(past depth 100: never counts)</span>}
              </td>
              <td className="num-cell">{f.score.toPrecision(5)}</td>
              <td className="num-cell">{f.tokens.toLocaleString("en")}</td>
              {BUDGETS.map((b) => (
                <td key={b} className="hidden px-2 py-1.5 text-center text-xs sm:table-cell">
                  {f.packed[b] === "whole" ? <span title="packed whole">●</span> : f.packed[b] === "cut" ? <span title="cut where the budget ends">◐</span> : <span className="text-slate-300" title="not reached">·</span>}
                  <span className="sr-only">{f.packed[b] === "whole" ? "packed whole" : f.packed[b] === "cut" ? "cut" : "not reached"}</span>
                </td>
              ))}
            </tr>
          ))}
        </RepoTable>
      </Card>
    </div>
  );
}
