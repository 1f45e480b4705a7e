"use client";

import { useSyncExternalStore } from "react";

const subscribe = () => () => undefined;

// False during server rendering and hydration, true once React runs in the browser. Controls
// that only work with JavaScript start disabled, so an early click is never silently lost; the
// charts draw with recharts in the browser only (its server output was an empty, fixed-size
// wrapper anyway), keeping their box's height while the numbers are in the server-rendered
// tables and the charts' labels.
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
