import { getConfig } from "@/lib/config";
import { webhookEndpoints, type WebhookEndpointRow } from "@/lib/db/schema";
import { validationFailed } from "@/lib/errors";
import type { Ctx } from "@/lib/context";
import { seal } from "@/lib/secrets/seal";
import type { CreateWebhookEndpointBody } from "./schemas";
import { generateWebhookSecret } from "./signature";
import { endpointUrlProblem } from "./url-policy";

/** The URL rule of docs/decisions.md#safety as a 422 on `url`. */
export function assertEndpointUrlAllowed(url: string): void {
  const problem = endpointUrlProblem(url, { devTools: getConfig().devTools });
  if (problem) throw validationFailed("url", `url ${problem}.`);
}

/** Registers an endpoint; the secret is returned here once and kept only sealed. */
export async function createEndpoint({ ctx, input }: { ctx: Ctx; input: CreateWebhookEndpointBody }): Promise<{ row: WebhookEndpointRow; secret: string }> {
  assertEndpointUrlAllowed(input.url);
  const secret = generateWebhookSecret();
  const [row] = await ctx.db
    .insert(webhookEndpoints)
    .values({
      workspaceId: ctx.workspace.id,
      url: input.url,
      events: input.events,
      secretSealed: seal(secret),
      createdAt: ctx.clock.now(),
    })
    .returning();
  return { row: row!, secret };
}
