import { apiReferenceHtml } from "../reference-html";

// GET /docs/api/reference – the API reference's markup alone, for /docs/api reached by
// client-side navigation (components/ui/html-island.tsx); a full page view has it inline.
export function GET(): Response {
  return new Response(apiReferenceHtml(), { headers: { "content-type": "text/html; charset=utf-8", "cache-control": "public, max-age=300" } });
}
