// Where a server component leaves the markup of an HTML island (components/ui/html-island.tsx)
// for the server rendering of the page's HTML to find. The two renderings run in one process
// but load their own copies of every module (React Server Components and server-side
// rendering are separate module graphs), so the markup is kept on globalThis under a
// registered symbol. Only markup that depends on the code alone belongs here (one entry per
// island for the life of the process, as the API reference): it is never evicted.
const STORE = Symbol.for("execboard.html-islands");

function store(): Map<string, string> {
  const g = globalThis as { [STORE]?: Map<string, string> };
  return (g[STORE] ??= new Map());
}

/** Leaves `html` for the island `id` (the same markup every time for one id). */
export function provideIslandHtml(id: string, html: string): void {
  store().set(id, html);
}

/** The markup left for the island `id`. */
export function islandHtml(id: string): string {
  const html = store().get(id);
  if (html === undefined) throw new Error(`html island ${id}: no markup was provided for it in this process`);
  return html;
}
