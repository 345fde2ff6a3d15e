import { PublicBootstrap, PublicWorkspaceParams } from "@/lib/public/schemas";
import { defineOperation } from "../operation";

export const getPublicWorkspace = defineOperation({
  id: "getPublicWorkspace",
  method: "GET",
  path: "/v1/public/workspaces/{slug}",
  tag: "Public",
  summary: "Bootstrap a booking page",
  description:
    "No key: the slug is the credential. Returns the customer-facing workspace settings, the bookable services " +
    "(active and offered by at least one active calendar), the calendars a customer can choose (active and offering " +
    "at least one listed service), the categories and questions in the business's order, and publishable_key: the " +
    "workspace's newest non-revoked pk_ key, or null. Plain-text fields are exactly as stored; render them as text. " +
    "Rate-limited with the other keyless /v1/public routes (30 per minute per IP). An unknown or inactive slug gives 404.",
  auth: "public",
  params: PublicWorkspaceParams,
  response: { status: 200, schema: PublicBootstrap },
  errors: ["not_found"],
  rateLimit: "public",
});
