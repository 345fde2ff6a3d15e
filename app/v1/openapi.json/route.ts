import { buildOpenApiDocument } from "@/lib/openapi/document";

let cached: unknown;

// GET /v1/openapi.json – the API's OpenAPI 3.1 document, generated from the request schemas
export async function GET() {
  cached ??= buildOpenApiDocument();
  return Response.json(cached, { headers: { "Cache-Control": "public, max-age=300" } });
}
