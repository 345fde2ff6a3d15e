import { methods, route } from "@/lib/http/route";
import { DEFAULT_PAGE_SIZE } from "@/lib/schemas";
import * as op from "@/lib/openapi/operations/services";
import { createService } from "@/lib/services/create-service";
import { listServices } from "@/lib/services/list-services";
import { toServiceFull } from "@/lib/services/serialize";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /v1/services – every service with category_id and staff_ids, newest first (SK)
  GET: route(op.listServices, async ({ ctx, query }) => listServices({ ctx, page: { limit: query.limit ?? DEFAULT_PAGE_SIZE, cursor: query.cursor } })),
  // POST /v1/services – create a service; 201 with the full view (SK)
  POST: route(op.createService, async ({ ctx, body }) => toServiceFull(await createService({ ctx, input: body }))),
});
