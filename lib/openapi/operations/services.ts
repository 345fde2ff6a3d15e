import { ListEnvelope, PageQuery } from "@/lib/schemas";
import {
  ServiceBody,
  ServiceCategoryBody,
  ServiceFull,
  ServiceIdParams,
  ServiceListItem,
  ServiceStaffBody,
  ServiceStaffResponse,
} from "@/lib/services/schemas";
import { defineOperation } from "../operation";

const PAYMENT_RULES =
  "Payment rules (each refusal is 422 validation_failed with param naming the field): payment_mode must be sent; " +
  "`full` needs price_cents and no deposit field; `deposit_fixed` needs deposit_amount_cents (at most price_cents when a price is set) and no deposit_percent; " +
  "`deposit_percent` needs deposit_percent (1 to 100) and price_cents, and no deposit_amount_cents; `none` takes no deposit field; " +
  "no amount may be 0, and a percentage that rounds (half up) to 0 is refused. max_advance_days 0 is stored as 60. " +
  "payment_amount_cents is computed by the server, never sent.";

export const listServices = defineOperation({
  id: "listServices",
  method: "GET",
  path: "/v1/services",
  tag: "Services",
  summary: "List services",
  description: "Every service, active or not, newest first, each with category_id and the staff_ids of the calendars that offer it.",
  auth: "sk",
  query: PageQuery,
  response: { status: 200, schema: ListEnvelope(ServiceListItem) },
  errors: ["validation_failed"],
});

export const createService = defineOperation({
  id: "createService",
  method: "POST",
  path: "/v1/services",
  tag: "Services",
  summary: "Create a service",
  description:
    "Answers 201 with the full view. A new service is active, uncategorised and offered by no calendar until PUT /v1/services/{id}/staff. " +
    `Omitted optional fields take their zero value. ${PAYMENT_RULES}`,
  auth: "sk",
  body: ServiceBody,
  response: { status: 201, schema: ServiceFull },
  errors: ["validation_failed"],
});

export const getService = defineOperation({
  id: "getService",
  method: "GET",
  path: "/v1/services/{id}",
  tag: "Services",
  summary: "Read a service",
  description: "The full view with category_id and staff_ids, like a list item.",
  auth: "sk",
  params: ServiceIdParams,
  response: { status: 200, schema: ServiceListItem },
  errors: ["not_found"],
});

export const replaceService = defineOperation({
  id: "replaceService",
  method: "PUT",
  path: "/v1/services/{id}",
  tag: "Services",
  summary: "Replace a service",
  description:
    "Full replace: every writable field is replaced and an omitted one takes its zero value (0, or null; max_advance_days 60). " +
    `active and category_id are not changed here (use activate/deactivate and PUT /v1/services/{id}/category); a category_id sent is ignored. ${PAYMENT_RULES}`,
  auth: "sk",
  params: ServiceIdParams,
  body: ServiceBody,
  response: { status: 200, schema: ServiceFull },
  errors: ["not_found", "validation_failed"],
});

export const activateService = defineOperation({
  id: "activateService",
  method: "POST",
  path: "/v1/services/{id}/activate",
  tag: "Services",
  summary: "Activate a service",
  description: "No body. Idempotent. Answers the full view.",
  auth: "sk",
  params: ServiceIdParams,
  response: { status: 200, schema: ServiceFull },
  errors: ["not_found"],
});

export const deactivateService = defineOperation({
  id: "deactivateService",
  method: "POST",
  path: "/v1/services/{id}/deactivate",
  tag: "Services",
  summary: "Deactivate a service",
  description:
    "No body. Idempotent. The service stops being offered (no slots, not on booking pages); its settings and calendars are kept. Existing bookings are untouched.",
  auth: "sk",
  params: ServiceIdParams,
  response: { status: 200, schema: ServiceFull },
  errors: ["not_found"],
});

export const setServiceStaff = defineOperation({
  id: "setServiceStaff",
  method: "PUT",
  path: "/v1/services/{id}/staff",
  tag: "Services",
  summary: "Set the calendars offering a service",
  description:
    "Replaces the whole set; omitted calendars stop offering the service, an empty array makes it unbookable. Duplicates collapse. " +
    "An id that names no calendar of this workspace gives 422 with param staff_ids.<index>. Answers {staff_ids} as set.",
  auth: "sk",
  params: ServiceIdParams,
  body: ServiceStaffBody,
  response: { status: 200, schema: ServiceStaffResponse },
  errors: ["not_found", "validation_failed"],
});

export const setServiceCategory = defineOperation({
  id: "setServiceCategory",
  method: "PUT",
  path: "/v1/services/{id}/category",
  tag: "Services",
  summary: "Set a service's category",
  description:
    "category_id: a category of this workspace (else 422, param category_id), or null for uncategorised. Answers the service with category_id and staff_ids.",
  auth: "sk",
  params: ServiceIdParams,
  body: ServiceCategoryBody,
  response: { status: 200, schema: ServiceListItem },
  errors: ["not_found", "validation_failed"],
});
