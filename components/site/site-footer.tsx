import Link from "next/link";
import type { SiteFooter as FooterData } from "@/lib/pages/site-footer";
import { CopyButton } from "@/components/ui/copy-button";

const LINK = "underline underline-offset-2 hover:text-slate-900";

// The site's reference pages, linked from every footer.
const SITE_LINKS: [href: string, label: string][] = [
  ["/changelog", "Changelog"],
  ["/methodology", "Methodology"],
  ["/submit", "Submit a model"],
  ["/docs/api", "API"],
];

// Every page's footer: how to cite the featured benchmark and the paper it follows (BibTeX, to
// copy), the benchmark's licence, and where to read what changed.
export function SiteFooter({ data }: { data: FooterData }) {
  const b = data.benchmark;
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white text-sm text-slate-600">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 sm:px-6 md:grid-cols-[1fr_1.4fr]">
        <div className="space-y-3">
          <p className="font-semibold text-slate-900">
            Exec<span className="text-emerald-700">Board</span>
          </p>
          <p>Leaderboards for code retrieval judged by execution: a retrieved snippet counts only if it passes its query&apos;s tests.</p>
          {b && (
            <p>
              <Link href={b.path} className={LINK}>
                {b.name} {b.version}
              </Link>{" "}
              is licensed <span className="font-medium text-slate-800">{b.license}</span>; download it from{" "}
              <Link href="/benchmarks" className={LINK}>
                Benchmarks
              </Link>
              .
            </p>
          )}
          {data.paper && (
            <p>
              Paper: {data.paper.line}{" "}
              <a href={data.paper.url} className={LINK} rel="noopener">
                {new URL(data.paper.url).host}
              </a>
            </p>
          )}
          <nav aria-label="Site" className="flex flex-wrap gap-x-4 gap-y-1">
            {SITE_LINKS.map(([href, label]) => (
              <Link key={href} href={href} className={LINK}>
                {label}
              </Link>
            ))}
          </nav>
        </div>
        {data.bibtex && (
          <div className="min-w-0 space-y-2">
            <div className="flex items-center justify-between gap-2">
              <h2 id="cite-heading" className="font-semibold text-slate-900">
                Cite {b ? b.name : "this benchmark"}
              </h2>
              <CopyButton text={data.bibtex} label="Copy BibTeX" />
            </div>
            <pre
              tabIndex={0}
              aria-labelledby="cite-heading"
              data-testid="bibtex"
              className="max-h-56 overflow-auto whitespace-pre-wrap break-words rounded-md bg-slate-100 p-3 font-mono text-xs leading-5 text-slate-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-emerald-600"
            >
              {data.bibtex}
            </pre>
          </div>
        )}
      </div>
    </footer>
  );
}
