import type { oas31 } from "zod-openapi";

/** What a path segment before `{param}` names, for its description (`/v1/bookings/{id}` → "booking"). */
const RECORD_NAMES: Record<string, string> = {
  "api-keys": "API key",
  bookings: "booking",
  categories: "category",
  customers: "customer",
  deliveries: "webhook delivery",
  members: "member",
  questions: "question",
  services: "service",
  staff: "calendar",
  "time-off": "time-off block",
  "webhook-endpoints": "webhook endpoint",
  workspaces: "workspace",
};

const QUERY_DESCRIPTIONS: Record<string, string> = {
  service_id: "The service whose open slots to list.",
  status: "Only deliveries in this status.",
};

/**
 * Path parameters (and the few query parameters whose schemas are bare ids or shared enums)
 * get a description from where they sit, so every parameter in the document is described
 * without restating it in each domain's schema.
 */
export function describeParameters(document: oas31.OpenAPIObject): oas31.OpenAPIObject {
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const segments = path.split("/");
    for (const operation of Object.values(item) as oas31.OperationObject[]) {
      for (const parameter of (operation.parameters ?? []) as oas31.ParameterObject[]) {
        const schema = parameter.schema as { description?: string } | undefined;
        if (parameter.description || schema?.description) continue;
        if (parameter.in === "query" && QUERY_DESCRIPTIONS[parameter.name]) parameter.description = QUERY_DESCRIPTIONS[parameter.name];
        if (parameter.in !== "path") continue;
        const before = segments[segments.indexOf(`{${parameter.name}}`) - 1] ?? "";
        const record = RECORD_NAMES[before] ?? before;
        parameter.description = parameter.name === "slug" ? `The ${record}'s slug, as in its booking page /book/{slug}.` : `The ${record}'s id.`;
      }
    }
  }
  return document;
}
