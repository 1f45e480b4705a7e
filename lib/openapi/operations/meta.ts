import { z } from "zod";
import { answer, defineOperations, ok } from "../operation";
import { healthSchema } from "../schemas/common";

const openApiDocumentSchema = z.record(z.string(), z.unknown()).describe("an OpenAPI 3.1 document");

export const META_OPERATIONS = defineOperations({ tag: "Meta", access: "public" }, {
  "GET /api/v1/health": {
    id: "getHealth",
    summary: "Liveness, with a database round trip",
    success: ok("the service and its database answer", answer("Health", healthSchema)),
  },
  "GET /api/v1/openapi.json": {
    id: "getOpenApi",
    summary: "This document",
    success: ok("the OpenAPI 3.1 description of /api/v1", answer("OpenApiDocument", openApiDocumentSchema)),
  },
});
