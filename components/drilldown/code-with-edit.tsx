import { editLines, type DisplayLine } from "@/lib/drilldown/edit-lines";
import type { SingleEdit } from "@/lib/drilldown/single-edit-diff";

const MARK = {
  removed: "rounded-sm bg-rose-200 text-rose-950 line-through decoration-rose-700",
  added: "rounded-sm bg-emerald-200 text-emerald-950",
  none: "",
} as const;

const GUTTER = { removed: "−", added: "+", changed: "~", same: "", marker: "" } as const;

// Code as numbered lines with the edit marked. Removed text is struck through (canonical text
// the distractor does not have), added text highlighted (what the distractor put there), and a
// whole removed line is a line of its own: the line after it is never marked.
export function CodeLines({ lines, label }: { lines: DisplayLine[]; label: string }) {
  return (
    <pre
      tabIndex={0}
      aria-label={label}
      className="overflow-x-auto rounded-md border border-slate-200 bg-slate-50 py-2 font-mono text-[13px] leading-5 text-slate-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600"
    >
      <code className="block min-w-max">
        {lines.map((l, i) =>
          l.kind === "marker" ? (
            <span key={i} className="block border-y border-dashed border-rose-300 bg-rose-50 px-3 text-xs italic leading-5 text-rose-900" data-line-kind="marker">
              {l.note}
            </span>
          ) : (
            <span
              key={i}
              data-line-kind={l.kind}
              className={`grid grid-cols-[2.25rem_1rem_1fr] pr-3 ${l.kind === "removed" ? "bg-rose-50" : l.kind === "added" ? "bg-emerald-50" : l.kind === "changed" ? "bg-amber-50" : ""}`}
            >
              <span aria-hidden className="select-none pr-2 text-right text-slate-500">
                {l.number ?? ""}
              </span>
              <span aria-hidden className="select-none text-slate-600">
                {GUTTER[l.kind]}
              </span>
              <span className="whitespace-pre">
                {l.segments.length === 0
                  ? " "
                  : l.segments.map((s, j) =>
                      s.mark === "removed" ? (
                        <del key={j} className={MARK.removed}>
                          {s.text}
                        </del>
                      ) : s.mark === "added" ? (
                        <ins key={j} className={`${MARK.added} no-underline`}>
                          {s.text}
                        </ins>
                      ) : (
                        <span key={j}>{s.text}</span>
                      ),
                    )}
              </span>
            </span>
          ),
        )}
      </code>
    </pre>
  );
}

// A snippet's code; for one of the query's distractors, the distractor with its single edit
// against the canonical shown in place (unified: the canonical's removed text struck through).
export function CodeWithEdit({ code, edit, label }: { code: string; edit: SingleEdit | null; label: string }) {
  const lines: DisplayLine[] = edit
    ? editLines(edit, "unified")
    : code.replace(/\n$/, "").split("\n").map((text, i) => ({ number: i + 1, kind: "same", segments: text ? [{ text, mark: "none" }] : [] }));
  return <CodeLines lines={lines} label={label} />;
}
