import { handle, json } from "@/lib/http/respond";
import { buildOpenApiDocument } from "@/lib/openapi/build-document";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/openapi.json – the OpenAPI 3.1 description of this API
export const GET = handle(async () => json(buildOpenApiDocument()));
