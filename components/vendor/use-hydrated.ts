import { useSyncExternalStore } from "react";

// False during server rendering and hydration, true once React runs in the browser. Controls
// that only work with JavaScript start disabled, so an early click is never silently lost.
const subscribe = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
