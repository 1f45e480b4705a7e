import { buildOpenApiDocument } from "@/lib/openapi/build-document";
import { renderStaticMarkup } from "@/components/ui/static-markup";
import { ApiReference, type ApiDocument } from "./reference";

// The reference's HTML, rendered once per process: it depends on the code only (the same
// document as /api/v1/openapi.json).
let html: string | undefined;

export function apiReferenceHtml(): string {
  html ??= renderStaticMarkup(<ApiReference doc={apiDocument()} />);
  return html;
}

export function apiDocument(): ApiDocument {
  return buildOpenApiDocument() as unknown as ApiDocument;
}
