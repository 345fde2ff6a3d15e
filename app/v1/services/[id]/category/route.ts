import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/services";
import { setServiceCategory } from "@/lib/services/set-service-category";
import { toServiceListItem } from "@/lib/services/serialize";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // PUT /v1/services/{id}/category – file the service under a category, or none (SK)
  PUT: route(op.setServiceCategory, async ({ ctx, params, body }) => {
    const { row, staffIds } = await setServiceCategory({ ctx, id: params.id, categoryId: body.category_id });
    return toServiceListItem(row, staffIds);
  }),
});
