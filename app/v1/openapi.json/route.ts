import { getConfig } from "@/lib/config";
import { methodNotAllowed } from "@/lib/http/route";
import { buildOpenApiDocument } from "@/lib/openapi/document";

let cached: unknown;

// GET /v1/openapi.json – the API's OpenAPI 3.1 document, generated from the request schemas;
// its server is APP_URL, so the reference's "try it" and generated clients reach this server
export async function GET() {
  cached ??= buildOpenApiDocument({ serverUrl: getConfig().appUrl });
  return Response.json(cached, { headers: { "Cache-Control": "public, max-age=300" } });
}

// Any other method – 405 in the envelope, like every /v1 path
const notAllowed = async () => methodNotAllowed(["GET"]);
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
