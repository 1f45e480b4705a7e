"use client";

import { useSyncExternalStore } from "react";

// Whether the viewport is phone-narrow, for charts that shrink their axis labels there. The
// server (and the first client render) assume a wide screen.
const QUERY = "(max-width: 639px)";

function subscribe(onChange: () => void): () => void {
  const m = window.matchMedia(QUERY);
  m.addEventListener("change", onChange);
  return () => m.removeEventListener("change", onChange);
}

export function useNarrow(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(QUERY).matches, () => false);
}
