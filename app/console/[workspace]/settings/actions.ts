"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { DomainError } from "@/lib/errors";
import { refusalOf, type RawRefusal } from "@/lib/i18n/refusal-wording";
import { parseWith } from "@/lib/http/route";
import { getAccountOrThrow } from "@/lib/accounts/get-account";
import { revokeApiKey, updateApiKey } from "@/lib/api-keys/manage-api-keys";
import { mintWorkspaceKey } from "@/lib/api-keys/mint-workspace-key";
import { MintKeyBody, UpdateApiKeyBody } from "@/lib/api-keys/schemas";
import { actAsMember } from "@/lib/members/console-access";
import { addMember, removeMember, updateMember } from "@/lib/members/manage-members";
import { CreateMemberBody, UpdateMemberBody } from "@/lib/members/schemas";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import { deactivateEndpoint, rotateEndpointSecret, updateEndpoint } from "@/lib/webhooks/manage-endpoints";
import { retryDelivery } from "@/lib/webhooks/retry-delivery";
import { CreateWebhookEndpointBody, UpdateWebhookEndpointBody } from "@/lib/webhooks/schemas";
import { UpdateWorkspaceBody } from "@/lib/workspaces/schemas";
import { updateWorkspaceSettings } from "@/lib/workspaces/update-workspace-settings";
import { inMemberLanguage } from "../../_refusal";
import { requireConsole } from "../../_session";
import { assertOwner } from "./_roles";
import { fieldValue, remindersFrom, SETTINGS_SECTIONS, type SettingsSection } from "./_fields";

/**
 * Settings' writes (docs/console.md#settings): each parses the form with the API's own schema
 * (`parseWith`, so a refusal carries the API's message and field) and calls the verb the API
 * route calls, as the member, recorded in the audit log. Owner-only writes check the role first
 * (`assertOwner`), so a staff member's forged post is refused before anything is read.
 */

/**
 * What a refused write sends back to its page: the error type, the field it names, the words in
 * the member's language and, where those are not the API's, the API's message as `detail`
 * (docs/console.md#refusals).
 */
export type Refusal = { error: string; param?: string; message: string; detail?: string; value?: string };

/** The verb's refusal as it came (`refusalOf`): its `issue` is read once, by `inMemberLanguage`. */
type Refused = Refusal & RawRefusal;

async function withRefusal(path: string, refusal: Refused): Promise<string> {
  const said = await inMemberLanguage(refusal);
  const query = new URLSearchParams({
    error: said.error,
    message: said.message,
    ...(said.detail ? { detail: said.detail } : {}),
    ...(said.param ? { param: said.param } : {}),
    ...(said.value !== undefined ? { value: said.value } : {}),
  });
  return `${path}?${query.toString()}`;
}

async function consoleFor(form: FormData) {
  return requireConsole(String(form.get("workspace") ?? ""));
}

/** Profile, notifications and brand: `PATCH /v1/workspace` with the page's own fields. */
export async function saveWorkspaceSettingsAction(form: FormData): Promise<void> {
  const { ctx, access } = await consoleFor(form);
  const section = String(form.get("section") ?? "") as SettingsSection;
  const fields = SETTINGS_SECTIONS[section];
  if (!fields) throw new DomainError("not_found", "No such settings page.");
  const path = `/console/${access.workspace.id}/settings/${section}`;
  const body: Record<string, unknown> = Object.fromEntries(fields.map((field) => [field.name, fieldValue(field, form)]));
  if (section === "notifications") body.reminders = remindersFrom(form);
  let refusal: Refused | null = null;
  try {
    const input = parseWith(UpdateWorkspaceBody, body);
    await actAsMember(ctx, { action: "updateWorkspaceSettings", targetType: "workspace", targetId: access.workspace.id }, (acting) =>
      updateWorkspaceSettings({ ctx: acting, input }),
    );
  } catch (error) {
    refusal = refusalOf(error);
    // The only conflict of this PATCH is a taken slug: shown beside it.
    if (refusal.error === "conflict" && !refusal.param) refusal.param = "slug";
    // The refused text comes back to its field, so the member corrects it instead of typing it again.
    const typed = refusal.param ? form.get(refusal.param) : null;
    if (typeof typed === "string") refusal.value = typed.slice(0, 2048);
  }
  revalidatePath(`/console/${access.workspace.id}`, "layout");
  redirect(refusal ? await withRefusal(path, refusal) : `${path}?saved=1`);
}

/** The answer of a write whose result is shown once (a new key, a webhook secret). */
export type OnceState = {
  secret?: string;
  refusal?: Refusal;
  /** What was posted, given back with a refusal so the form shows it again (React resets a form after its action). */
  values?: Record<string, string | string[]>;
} | null;

/** "Create key": `POST /v1/account/workspaces/{id}/keys`; the full value comes back once, never stored in clear. */
export async function createApiKeyAction(_previous: OnceState, form: FormData): Promise<OnceState> {
  const { ctx, access, base } = await consoleFor(form);
  try {
    assertOwner(access);
    const name = String(form.get("name") ?? "").trim();
    const input = parseWith(MintKeyBody, { type: String(form.get("type") ?? ""), name: name === "" ? null : name });
    const account = await getAccountOrThrow({ ctx: base, id: access.workspace.accountId });
    const key = await actAsMember(
      ctx,
      { action: "mintWorkspaceKey", targetType: "api_key", targetId: null },
      () => mintWorkspaceKey({ ctx: { db: base.db, clock: base.clock, account }, workspaceId: access.workspace.id, input }),
      (made) => made.id,
    );
    revalidatePath(`/console/${access.workspace.id}/settings/api-keys`);
    return { secret: key.key ?? "" };
  } catch (error) {
    return { refusal: await inMemberLanguage(refusalOf(error)), values: { name: String(form.get("name") ?? ""), type: String(form.get("type") ?? "") } };
  }
}

/** "Revoke": `POST /v1/api-keys/{id}/revoke`, at once and for good. */
export async function revokeApiKeyAction(form: FormData): Promise<void> {
  const { ctx, access } = await consoleFor(form);
  const id = String(form.get("key") ?? "");
  const path = `/console/${access.workspace.id}/settings/api-keys`;
  let refusal: Refused | null = null;
  try {
    assertOwner(access);
    await actAsMember(ctx, { action: "revokeApiKey", targetType: "api_key", targetId: id }, (acting) => revokeApiKey({ ctx: acting, id }));
  } catch (error) {
    refusal = refusalOf(error);
  }
  redirect(refusal ? await withRefusal(path, refusal) : `${path}?revoked=1`);
}

/** The embed's allowed origins: `PATCH /v1/api-keys/{id}` with `allowed_origins`, one origin a line. */
export async function saveAllowedOriginsAction(form: FormData): Promise<void> {
  const { ctx, access } = await consoleFor(form);
  const id = String(form.get("key") ?? "");
  const path = `/console/${access.workspace.id}/settings/embed`;
  const origins = String(form.get("allowed_origins") ?? "")
    .split(/\s+/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
  let refusal: Refused | null = null;
  try {
    assertOwner(access);
    const input = parseWith(UpdateApiKeyBody, { allowed_origins: origins });
    await actAsMember(ctx, { action: "updateApiKey", targetType: "api_key", targetId: id }, (acting) => updateApiKey({ ctx: acting, id, input }));
  } catch (error) {
    refusal = refusalOf(error);
    if (refusal.param?.startsWith("allowed_origins")) refusal.param = "allowed_origins";
  }
  redirect(refusal ? await withRefusal(path, refusal) : `${path}?saved=1`);
}

function eventsFrom(form: FormData): string[] {
  return form.getAll("events").map(String);
}

/** "Add endpoint": `POST /v1/webhook-endpoints`; the signing secret comes back once. */
export async function createWebhookAction(_previous: OnceState, form: FormData): Promise<OnceState> {
  const { ctx, access } = await consoleFor(form);
  try {
    assertOwner(access);
    const input = parseWith(CreateWebhookEndpointBody, { url: String(form.get("url") ?? "").trim(), events: eventsFrom(form) });
    const made = await actAsMember(
      ctx,
      { action: "createWebhookEndpoint", targetType: "webhook_endpoint", targetId: null },
      (acting) => createEndpoint({ ctx: acting, input }),
      (result) => result.row.id,
    );
    revalidatePath(`/console/${access.workspace.id}/settings/webhooks`);
    return { secret: made.secret };
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal.param?.startsWith("events")) refusal.param = "events";
    return { refusal: await inMemberLanguage(refusal), values: { url: String(form.get("url") ?? ""), events: eventsFrom(form) } };
  }
}

/** An endpoint's form: `PATCH /v1/webhook-endpoints/{id}` (url, events, active), or "Delete" (deactivate). */
export async function updateWebhookAction(form: FormData): Promise<void> {
  const { ctx, access } = await consoleFor(form);
  const id = String(form.get("endpoint") ?? "");
  const path = `/console/${access.workspace.id}/settings/webhooks/${id}`;
  let refusal: Refused | null = null;
  try {
    assertOwner(access);
    if (form.get("intent") === "delete") {
      await actAsMember(ctx, { action: "deleteWebhookEndpoint", targetType: "webhook_endpoint", targetId: id }, (acting) =>
        deactivateEndpoint({ ctx: acting, id }),
      );
    } else {
      const input = parseWith(UpdateWebhookEndpointBody, {
        url: String(form.get("url") ?? "").trim(),
        events: eventsFrom(form),
        active: form.get("active") === "on",
      });
      await actAsMember(ctx, { action: "updateWebhookEndpoint", targetType: "webhook_endpoint", targetId: id }, (acting) =>
        updateEndpoint({ ctx: acting, id, input }),
      );
    }
  } catch (error) {
    refusal = refusalOf(error);
    if (refusal.param?.startsWith("events")) refusal.param = "events";
  }
  // "Delete" says so: a second "Saved." would be the same words, neither seen nor announced as new.
  redirect(refusal ? await withRefusal(path, refusal) : `${path}?${form.get("intent") === "delete" ? "deleted" : "saved"}=1`);
}

/** "Rotate secret": `POST /v1/webhook-endpoints/{id}/rotate-secret`; the new secret is shown once, the old one dies now. */
export async function rotateWebhookSecretAction(_previous: OnceState, form: FormData): Promise<OnceState> {
  const { ctx, access } = await consoleFor(form);
  const id = String(form.get("endpoint") ?? "");
  try {
    assertOwner(access);
    const rotated = await actAsMember(ctx, { action: "rotateWebhookEndpointSecret", targetType: "webhook_endpoint", targetId: id }, (acting) =>
      rotateEndpointSecret({ ctx: acting, id }),
    );
    return { secret: rotated.secret };
  } catch (error) {
    return { refusal: await inMemberLanguage(refusalOf(error)) };
  }
}

/** "Retry" in the delivery log: `POST /v1/webhook-endpoints/{id}/deliveries/{deliveryId}/retry`, sent again now. */
export async function retryDeliveryAction(form: FormData): Promise<void> {
  const { ctx, access } = await consoleFor(form);
  const endpointId = String(form.get("endpoint") ?? "");
  const deliveryId = String(form.get("delivery") ?? "");
  const path = `/console/${access.workspace.id}/settings/webhooks/${endpointId}`;
  let refusal: Refused | null = null;
  try {
    assertOwner(access);
    await actAsMember(ctx, { action: "retryWebhookDelivery", targetType: "webhook_delivery", targetId: deliveryId }, (acting) =>
      retryDelivery({ ctx: acting, endpointId, deliveryId }),
    );
  } catch (error) {
    refusal = refusalOf(error);
  }
  redirect(refusal ? await withRefusal(path, refusal) : `${path}?retried=1`);
}

/** Members: `POST /v1/account/members`, `PATCH` (role) and `DELETE /v1/account/members/{id}`, as the account key does. */
export async function memberAction(form: FormData): Promise<void> {
  const { ctx, access, base } = await consoleFor(form);
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("member") ?? "");
  const path = `/console/${access.workspace.id}/settings/members`;
  let refusal: Refused | null = null;
  // The member the notice names (never their email: page addresses reach the request log).
  let named = id;
  try {
    assertOwner(access);
    const accountCtx = { ...base, account: { id: access.workspace.accountId } };
    if (intent === "add") {
      const input = parseWith(CreateMemberBody, { email: String(form.get("email") ?? "").trim(), role: String(form.get("role") ?? "") });
      const added = await actAsMember(
        ctx,
        { action: "createAccountMember", targetType: "member", targetId: null },
        () => addMember({ ctx: accountCtx, input }),
        (row) => row.id,
      );
      named = added.id;
    } else if (intent === "role") {
      const input = parseWith(UpdateMemberBody, { role: String(form.get("role") ?? "") });
      await actAsMember(ctx, { action: "updateAccountMember", targetType: "member", targetId: id }, (acting) =>
        updateMember({ ctx: { ...accountCtx, audit: acting.audit }, id, input }),
      );
    } else if (intent === "remove") {
      await actAsMember(ctx, { action: "deleteAccountMember", targetType: "member", targetId: id }, (acting) =>
        removeMember({ ctx: { ...accountCtx, audit: acting.audit }, id }),
      );
    }
  } catch (error) {
    refusal = refusalOf(error);
    if (refusal.error === "conflict" && intent !== "add") refusal.param = `member.${id}`;
    if (refusal.error === "conflict" && intent === "add") refusal.param = "email";
  }
  // Removing oneself ends one's own session: the next page is the sign-in.
  const done = new URLSearchParams({ saved: intent, ...(intent === "remove" ? {} : { member: named }) });
  redirect(refusal ? await withRefusal(path, refusal) : `${path}?${done.toString()}`);
}
