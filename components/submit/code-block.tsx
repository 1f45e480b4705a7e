import { CopyButton } from "@/components/ui/copy-button";

// A titled, copyable block of code or commands; it scrolls inside itself, never the page.
export function CodeBlock({ title, code, id }: { title: string; code: string; id?: string }) {
  return (
    <figure id={id} className="min-w-0 space-y-1">
      <figcaption className="flex items-center justify-between gap-2 text-xs font-medium text-slate-600">
        <span>{title}</span>
        <CopyButton text={code} label="Copy" />
      </figcaption>
      <pre
        tabIndex={0}
        aria-label={title}
        className="max-w-full overflow-x-auto rounded-md border border-slate-200 bg-slate-50 p-3 font-mono text-[12.5px] leading-5 text-slate-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-emerald-600"
      >
        <code>{code}</code>
      </pre>
    </figure>
  );
}
