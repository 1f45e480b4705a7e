import type { Metadata } from "next";

export const SITE_NAME = "ExecBoard";

// A page's <title>, description and the Open Graph and Twitter card tags link previews read.
// Every page states its own, with " · ExecBoard" after it (absolute: Next applies the layout's
// title template to nested pages only, not to the home page beside it).
export function pageMeta(title: string, description: string, opts: { noindex?: boolean } = {}): Metadata {
  const full = `${title} · ${SITE_NAME}`;
  return {
    title: { absolute: full },
    description,
    openGraph: { title: full, description, siteName: SITE_NAME, type: "website" },
    twitter: { card: "summary", title: full, description },
    ...(opts.noindex ? { robots: { index: false, follow: false } } : {}),
  };
}
