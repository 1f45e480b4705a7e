import Link from "next/link";
import { NOT_FOUND_META } from "@/app/_server/page-loaders";

export const metadata = NOT_FOUND_META;

// Every unknown address, and every page a viewer may not see (an unpublished submission answers
// exactly as one that does not exist), lands here.
export default function NotFound() {
  const card = "block rounded-lg border border-slate-200 bg-white p-4 hover:border-emerald-400 focus-visible:outline focus-visible:outline-2 focus-visible:outline-emerald-600";
  return (
    <div className="mx-auto max-w-2xl space-y-8 py-6 sm:py-12">
      <div className="space-y-3">
        <p className="font-mono text-sm font-semibold text-emerald-800">404 · not found</p>
        <h1 className="text-3xl font-semibold tracking-tight text-slate-900">This page does not exist</h1>
        <p className="text-slate-700">
          The address may be mistyped, or the page may have moved. A submission that has not been published yet is visible only to its owner and
          the maintainers, so for anyone else its pages look exactly like this one; if it is yours, sign in first.
        </p>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2">
        <li>
          <Link href="/" className={card}>
            <span className="font-medium text-slate-900">Leaderboard</span>
            <span className="mt-1 block text-sm text-slate-600">Published systems, ranked by exec@1.</span>
          </Link>
        </li>
        <li>
          <Link href="/benchmarks" className={card}>
            <span className="font-medium text-slate-900">Benchmarks</span>
            <span className="mt-1 block text-sm text-slate-600">Every version, its queries and its downloads.</span>
          </Link>
        </li>
        <li>
          <Link href="/submit" className={card}>
            <span className="font-medium text-slate-900">Submit a model</span>
            <span className="mt-1 block text-sm text-slate-600">From nothing to a scored submission.</span>
          </Link>
        </li>
        <li>
          <Link href="/signin" className={card}>
            <span className="font-medium text-slate-900">Sign in</span>
            <span className="mt-1 block text-sm text-slate-600">To see your own unpublished results.</span>
          </Link>
        </li>
      </ul>
    </div>
  );
}
