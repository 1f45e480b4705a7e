// Small labelled badges. Each carries a word (and where useful a symbol), never colour alone.
const TONES = {
  neutral: "bg-slate-100 text-slate-700 ring-slate-300",
  good: "bg-emerald-50 text-emerald-800 ring-emerald-300",
  warn: "bg-amber-50 text-amber-900 ring-amber-300",
  bad: "bg-rose-50 text-rose-800 ring-rose-300",
  info: "bg-sky-50 text-sky-900 ring-sky-300",
} as const;

export function Badge({ tone = "neutral", children, title }: { tone?: keyof typeof TONES; children: React.ReactNode; title?: string }) {
  return (
    <span title={title} className={`inline-flex items-center gap-1 whitespace-nowrap rounded px-1.5 py-0.5 text-[11px] font-medium leading-4 ring-1 ring-inset ${TONES[tone]}`}>
      {children}
    </span>
  );
}
