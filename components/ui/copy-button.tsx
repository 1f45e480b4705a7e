"use client";

import { useState } from "react";

// Copies a text to the clipboard and says so (or that it could not: some browsers refuse
// outside https); the text stays on the page to select by hand.
export function CopyButton({ text, label = "Copy" }: { text: string; label?: string }) {
  const [state, setState] = useState<"idle" | "done" | "failed">("idle");
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState("done");
    } catch {
      setState("failed");
    }
    setTimeout(() => setState("idle"), 2500);
  }
  return (
    <span className="inline-flex items-center gap-2">
      <span aria-live="polite" className="text-xs text-slate-600">
        {state === "done" ? "Copied" : state === "failed" ? "Could not copy: select the text" : ""}
      </span>
      <button
        type="button"
        onClick={() => void copy()}
        className="rounded-md px-2 py-1 text-xs font-medium text-emerald-800 ring-1 ring-inset ring-emerald-300 hover:bg-emerald-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-emerald-600"
      >
        {label}
      </button>
    </span>
  );
}
