import type { Metadata } from "next";
import Link from "next/link";
import { AccountLinks } from "./account/account-links";
import { AccountNav } from "./signin/account-nav";
import "./globals.css";

export const metadata: Metadata = {
  title: "ExecBoard",
  description: "Leaderboards for execution-grounded code retrieval: does the retrieved code actually pass its tests?",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="font-sans">
        <header className="border-b border-slate-200 bg-white">
          <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-4 sm:px-6">
            <Link href="/" className="text-lg font-semibold tracking-tight">
              Exec<span className="text-emerald-700">Board</span>
            </Link>
            <nav aria-label="Main" className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-slate-600">
              <Link href="/" className="hover:text-slate-900">
                Leaderboard
              </Link>
              <Link href="/benchmarks" className="hover:text-slate-900">
                Benchmarks
              </Link>
              <Link href="/methodology" className="hover:text-slate-900">
                Methodology
              </Link>
              <Link href="/docs/api" className="hover:text-slate-900">
                API
              </Link>
              <AccountLinks />
              <AccountNav />
            </nav>
          </div>
        </header>
        <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6">{children}</main>
      </body>
    </html>
  );
}
