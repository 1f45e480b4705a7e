"use client";

import { useEffect, useState } from "react";
import { islandHtml } from "./html-island-store";

// A large block of plain markup (the API reference) that reaches the reader once, in the
// page's HTML, rather than twice: a server component's markup is also serialised into the
// React Server Components payload inlined in the same page, as a string as long again (and
// longer once escaped). Here the payload carries only the island's id and `src`:
// - rendering the HTML on the server, the island takes the markup its page provided
//   (html-island-store.ts);
// - hydrating, it takes the markup already in the document, so nothing is rendered twice or
//   changed under the reader;
// - arriving by client-side navigation, where there is no such element yet, it fetches `src`
//   (the same markup alone) and then scrolls to the URL's #fragment if it names something in it.
export function HtmlIsland({ id, src, className }: { id: string; src: string; className?: string }) {
  const [island, setIsland] = useState(() => ({ html: typeof document === "undefined" ? islandHtml(id) : (document.getElementById(id)?.innerHTML ?? null), fetched: false }));
  useEffect(() => {
    if (island.html !== null) return;
    let live = true;
    fetch(src)
      .then((res) => (res.ok ? res.text() : Promise.reject(new Error(`${src}: ${res.status}`))))
      .then((html) => live && setIsland({ html, fetched: true }))
      // Without the markup the page would be empty: load it whole instead.
      .catch(() => live && window.location.assign(window.location.href));
    return () => {
      live = false;
    };
  }, [island.html, src]);
  useEffect(() => {
    if (!island.fetched || window.location.hash.length < 2) return;
    document.getElementById(decodeURIComponent(window.location.hash.slice(1)))?.scrollIntoView();
  }, [island.fetched]);
  return <div id={id} className={className} aria-busy={island.html === null || undefined} dangerouslySetInnerHTML={{ __html: island.html ?? "" }} />;
}
