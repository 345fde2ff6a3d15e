import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/services";
import { getService } from "@/lib/services/get-service";
import { replaceService } from "@/lib/services/replace-service";
import { toServiceFull, toServiceListItem } from "@/lib/services/serialize";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /v1/services/{id} – one service with category_id and staff_ids (SK)
  GET: route(op.getService, async ({ ctx, params }) => {
    const { row, staffIds } = await getService({ ctx, id: params.id });
    return toServiceListItem(row, staffIds);
  }),
  // PUT /v1/services/{id} – full replace of the writable fields (SK)
  PUT: route(op.replaceService, async ({ ctx, params, body }) => toServiceFull(await replaceService({ ctx, id: params.id, input: body }))),
});
