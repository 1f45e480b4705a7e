import { widenToTokens, type SingleEdit } from "@/lib/drilldown/single-edit-diff";

// A distractor's code with its single edit marked against the canonical: the canonical's
// text struck through, the distractor's text highlighted.
export function CodeWithEdit({ code, edit: minimal }: { code: string; edit: SingleEdit | null }) {
  const edit = minimal && widenToTokens(minimal);
  return (
    <pre tabIndex={0} className="overflow-x-auto rounded-md bg-slate-900 p-3 font-mono text-[13px] leading-5 text-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600">
      {edit ? (
        <code>
          {edit.prefix}
          {edit.removed && (
            <del className="rounded-sm bg-emerald-900/70 text-emerald-200 decoration-2" title="canonical">
              {edit.removed}
            </del>
          )}
          {edit.added && (
            <ins className="rounded-sm bg-rose-800/80 text-rose-100 no-underline" title="this distractor">
              {edit.added}
            </ins>
          )}
          {edit.suffix}
        </code>
      ) : (
        <code>{code}</code>
      )}
    </pre>
  );
}
