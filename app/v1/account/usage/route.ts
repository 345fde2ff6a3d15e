import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/account";
import { getAccountUsage } from "@/lib/accounts/get-account-usage";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /v1/account/usage – plan, caps and usage of the account (AK)
  GET: route(op.getAccountUsage, ({ ctx }) => getAccountUsage({ ctx })),
});
