"use client";

import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

// false on the server and during hydration, true right after: the charts draw with recharts in
// the browser only (its server output was an empty, fixed-size wrapper anyway), so rendering a
// page no longer runs every chart's component tree on the server. The box keeps its height, and
// the numbers are in the server-rendered tables and the charts' labels.
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribe, () => true, () => false);
}
