import type { Metadata } from "next";
import Link from "next/link";
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
          <div className="mx-auto flex max-w-6xl items-center justify-between px-6 py-4">
            <Link href="/" className="text-lg font-semibold tracking-tight">
              Exec<span className="text-emerald-600">Board</span>
            </Link>
            <nav className="flex items-center gap-5 text-sm text-slate-600">
              <Link href="/" className="hover:text-slate-900">
                Leaderboard
              </Link>
              <Link href="/docs/api" className="hover:text-slate-900">
                API
              </Link>
              <AccountNav />
            </nav>
          </div>
        </header>
        <main className="mx-auto max-w-6xl px-6 py-8">{children}</main>
      </body>
    </html>
  );
}
