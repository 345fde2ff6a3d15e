import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/services";
import { setServiceActive } from "@/lib/services/set-service-active";
import { toServiceFull } from "@/lib/services/serialize";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /v1/services/{id}/activate – offer the service again (SK)
  POST: route(op.activateService, async ({ ctx, params }) => toServiceFull(await setServiceActive({ ctx, id: params.id, active: true }))),
});
