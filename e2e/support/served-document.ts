import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { E2E } from "./env";
import type { JsonSchema } from "./schema-arbitrary";

/**
 * The OpenAPI 3.1 document the server serves, read as a client reads it: its operations, and
 * an ajv (JSON Schema 2020-12, with ajv-formats for date-time, uuid, email, uri and the
 * formatMinimum/formatExclusiveMaximum bounds, served as x- extensions) that validates a body against the schema the
 * document gives for a status. Component references are resolved by ajv itself.
 */
export type ServedOperation = {
  method: string;
  path: string;
  security: ("secretKey" | "publishableKey" | "accountKey")[];
  pathParams: string[];
  queryParams: { name: string; required: boolean; schema: JsonSchema }[];
  body: JsonSchema | undefined;
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
};

export type ServedDocument = {
  openapi: string;
  baseUrl: string;
  operations: ServedOperation[];
  /** Each path template and its methods, in the order an Allow header lists them. */
  pathMethods: Map<string, string[]>;
  components: Record<string, JsonSchema>;
  /** "undocumented" when the document lists no such status; else a schema problem, or null. */
  validateResponse: (operation: ServedOperation, status: number, body: unknown, hasBody: boolean) => string | null;
  validateComponentResponse: (name: string, body: unknown) => string | null;
  /** Compiles the schema of every documented JSON response; the number compiled. */
  compileAllResponses: () => number;
};

const METHOD_ORDER = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const COMPONENTS_ID = "https://booking.invalid/components";

export async function loadServedDocument(): Promise<ServedDocument> {
  const response = await fetch(`${E2E.appUrl}/v1/openapi.json`);
  const document = (await response.json()) as JsonSchema;
  // The document's own `#/components/schemas/X` become references into one registered schema.
  // The date-time bounds are served as x-formatMinimum / x-formatExclusiveMaximum (generators
  // refuse unknown keywords); ajv-formats enforces them under their own names.
  const absolute = JSON.parse(
    JSON.stringify(document)
      .replaceAll('"#/components/schemas/', `"${COMPONENTS_ID}#/$defs/`)
      .replaceAll('"x-formatMinimum":', '"formatMinimum":')
      .replaceAll('"x-formatExclusiveMaximum":', '"formatExclusiveMaximum":'),
  ) as JsonSchema;
  // The document is OpenAPI, not bare JSON Schema: its `example` and `discriminator` are not
  // JSON Schema keywords, so ajv runs without strict mode.
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  addFormats(ajv);
  ajv.addSchema({ $id: COMPONENTS_ID, $defs: absolute.components?.schemas ?? {} });
  const validators = new Map<string, ValidateFunction>();
  const validatorFor = (key: string, schema: JsonSchema) => {
    let validate = validators.get(key);
    if (!validate) validators.set(key, (validate = ajv.compile(schema)));
    return validate;
  };
  const problemOf = (validate: ValidateFunction, body: unknown) =>
    validate(body) ? null : `schema: ${ajv.errorsText(validate.errors, { separator: "; " }).slice(0, 300)}`;

  const operations: ServedOperation[] = [];
  const pathMethods = new Map<string, string[]>();
  for (const [path, item] of Object.entries(absolute.paths as Record<string, Record<string, JsonSchema>>)) {
    for (const [method, operation] of Object.entries(item)) {
      const parameters = (operation.parameters ?? []) as JsonSchema[];
      operations.push({
        method: method.toUpperCase(),
        path,
        security: ((operation.security ?? []) as Record<string, unknown>[]).map((entry) => Object.keys(entry)[0] as ServedOperation["security"][number]),
        pathParams: parameters.filter((param) => param.in === "path").map((param) => param.name as string),
        queryParams: parameters
          .filter((param) => param.in === "query")
          .map((param) => ({ name: param.name, required: param.required === true, schema: param.schema })),
        body: operation.requestBody?.content?.["application/json"]?.schema,
        responses: operation.responses,
      });
      pathMethods.set(
        path,
        [...(pathMethods.get(path) ?? []), method.toUpperCase()].sort((a, b) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b)),
      );
    }
  }

  return {
    openapi: document.openapi,
    baseUrl: E2E.appUrl,
    operations,
    pathMethods,
    components: absolute.components?.schemas ?? {},
    validateResponse(operation, status, body, hasBody) {
      const documented = operation.responses[String(status)];
      if (!documented) return "undocumented";
      if (!hasBody) return null;
      const schema = documented.content?.["application/json"]?.schema;
      if (!schema) return "the document gives no JSON body for this status";
      return problemOf(validatorFor(`${operation.method} ${operation.path} ${status}`, schema), body);
    },
    compileAllResponses() {
      let compiled = 0;
      for (const operation of operations) {
        for (const [status, response] of Object.entries(operation.responses)) {
          const schema = response.content?.["application/json"]?.schema;
          if (schema) (validatorFor(`${operation.method} ${operation.path} ${status}`, schema), compiled++);
        }
      }
      return compiled;
    },
    validateComponentResponse(name, body) {
      const schema = absolute.components?.responses?.[name]?.content?.["application/json"]?.schema;
      if (!schema) return `the document has no components.responses.${name}`;
      return problemOf(validatorFor(`component ${name}`, schema), body);
    },
  };
}
