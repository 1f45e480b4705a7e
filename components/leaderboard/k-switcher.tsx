import Link from "next/link";

// The k of the rank, execution precision and nDCG columns. It lives in the URL (hrefOf builds
// each link with the rest of the page's state), so a view can be shared.
export function KSwitcher({ k, hrefOf }: { k: number; hrefOf: (k: number) => string }) {
  return (
    <div className="flex items-center gap-1.5 text-sm" role="group" aria-label="k for rank, precision and nDCG">
      <span className="mr-1 text-slate-600">k =</span>
      {[1, 3, 5, 10].map((kk) => (
        <Link
          key={kk}
          href={hrefOf(kk)}
          scroll={false}
          aria-current={kk === k ? "true" : undefined}
          className={`min-w-8 rounded-md px-2 py-1 text-center font-medium tabular-nums focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 ${
            kk === k ? "bg-slate-900 text-white" : "bg-white text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-100"
          }`}
        >
          {kk}
        </Link>
      ))}
    </div>
  );
}
