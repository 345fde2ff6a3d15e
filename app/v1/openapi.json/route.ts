import { methodNotAllowed } from "@/lib/http/route";
import { buildOpenApiDocument } from "@/lib/openapi/document";

let cached: unknown;

// GET /v1/openapi.json – the API's OpenAPI 3.1 document, generated from the request schemas
export async function GET() {
  cached ??= buildOpenApiDocument();
  return Response.json(cached, { headers: { "Cache-Control": "public, max-age=300" } });
}

// Any other method – 405 in the envelope, like every /v1 path
const notAllowed = async () => methodNotAllowed(["GET"]);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
