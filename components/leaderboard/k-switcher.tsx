import Link from "next/link";

// The k for execution_precision@k and nDCG@k lives in the URL, so a view can be shared.
export function KSwitcher({ k }: { k: number }) {
  return (
    <div className="flex items-center gap-2 text-sm" role="group" aria-label="k for precision and nDCG">
      <span className="text-slate-600">k =</span>
      {[1, 3, 5, 10].map((kk) => (
        <Link
          key={kk}
          href={`/?k=${kk}`}
          aria-current={kk === k ? "true" : undefined}
          className={
            kk === k
              ? "rounded bg-slate-900 px-2 py-0.5 font-medium text-white"
              : "rounded px-2 py-0.5 text-slate-700 hover:bg-slate-200"
          }
        >
          {kk}
        </Link>
      ))}
    </div>
  );
}
