import { z } from "zod";
import type { Operation } from "../operation";
import { healthSchema } from "../schemas/common";

const openApiDocumentSchema = z.record(z.string(), z.unknown()).describe("an OpenAPI 3.1 document");

export const META_OPERATIONS: Operation[] = [
  {
    method: "get",
    path: "/api/v1/health",
    operationId: "getHealth",
    summary: "Liveness, with a database round trip",
    tag: "Meta",
    auth: "none",
    success: { status: 200, description: "the service and its database answer", schema: healthSchema, name: "Health" },
    errors: {},
  },
  {
    method: "get",
    path: "/api/v1/openapi.json",
    operationId: "getOpenApi",
    summary: "This document",
    tag: "Meta",
    auth: "none",
    success: { status: 200, description: "the OpenAPI 3.1 description of /api/v1", schema: openApiDocumentSchema, name: "OpenApiDocument" },
    errors: {},
  },
];
