import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { createAccount } from "@/lib/accounts/create-account";
import { mintApiKey } from "@/lib/api-keys/mint-api-key";
import { getConfig } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { apiKeys, categories, members, questions, serviceStaff, services, staff, workingHours, workspaces } from "@/lib/db/schema";
import { withTransaction } from "@/lib/db/transaction";
import { systemClock } from "@/lib/time/clock";
import { createWorkspace } from "@/lib/workspaces/create-workspace";

export const DEMO_SLUG = "demo";
/** docs/console.md: the demo account's owner, who signs in to the console from the start banner's link. */
export const DEMO_OWNER_EMAIL = "owner@demo.example";

async function ensureDemoOwner(db: Db, accountId: string): Promise<void> {
  await db.insert(members).values({ accountId, email: DEMO_OWNER_EMAIL, role: "owner" }).onConflictDoNothing();
}

export type DemoSummary = {
  slug: string;
  booking_page_url: string;
  openapi_url: string;
  account_key: string | null;
  secret_key: string | null;
  publishable_key: string | null;
  created: boolean;
};

/** Any fixed number: the transaction lock instances that seed at once take turns on. */
const DEMO_SEED_LOCK = 7_262_117_426;

/**
 * Seeds the demo workspace once (a small studio with two calendars, weekday hours, free,
 * paid and deposit services, a category and a question) or shows the existing one. On the
 * embedded database its keys are kept in DATA_DIR/demo-keys.json so later starts can print
 * them again; on PostgreSQL nothing is written locally (instances share no folder) and the
 * keys are shown once, by the start that created them.
 *
 * One transaction, behind a transaction-scoped advisory lock (nothing held on the session, so
 * it works through a transaction-mode pooler): instances that start together on an empty
 * database take turns, and the later ones find the demo seeded (docs/deploy.md).
 */
export async function ensureDemoWorkspace(db: Db): Promise<DemoSummary> {
  return withTransaction({ db }, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_SEED_LOCK})`);
    return seedOrShow(tx as unknown as Db);
  });
}

async function seedOrShow(db: Db): Promise<DemoSummary> {
  const config = getConfig();
  const keysFile = config.isEmbedded ? path.join(config.dataDir, "demo-keys.json") : undefined;
  const [existing] = await db.select().from(workspaces).where(eq(workspaces.slug, DEMO_SLUG));
  if (existing) {
    await ensureDemoOwner(db, existing.accountId);
    const saved = keysFile && existsSync(keysFile) ? (JSON.parse(readFileSync(keysFile, "utf8")) as Partial<DemoSummary>) : {};
    const [pk] = await db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.workspaceId, existing.id), eq(apiKeys.type, "pk")));
    return summary({
      account_key: saved.account_key ?? null,
      secret_key: saved.secret_key ?? null,
      publishable_key: pk?.publishableValue ?? null,
      created: false,
    });
  }

  const { account, accountKey } = await createAccount(db, { name: "Demo account", plan: "pro", planStep: 5 });
  await ensureDemoOwner(db, account.id);
  const now = systemClock.now();
  const { workspace } = await createWorkspace({
    ctx: { db, account, clock: systemClock },
    input: { name: "Demo Studio", timezone: "America/New_York", slot_interval_minutes: 15, staff_name: "Alex Rivera" },
  });
  const { value: secretKey } = await mintApiKey(db, { workspaceId: workspace.id, type: "sk", name: "Demo server", now });
  await withTransaction({ db }, async (tx) => {
    await tx
      .update(workspaces)
      .set({
        slug: DEMO_SLUG,
        currency: "usd",
        blurb: "A calm neighbourhood studio. Book a cut, a colour consultation or a quick trim.",
        contactEmail: "hello@demo.example",
        contactPhone: "+12125550123",
        websiteUrl: "https://demo.example",
        confirmationNote: "Please arrive five minutes early. Street parking is free after 6 pm.",
        refundPolicy: "Deposits are refunded in full when you cancel at least 24 hours ahead.",
        // A paid service needs a connected account; with no Stripe keys the test-mode processor
        // takes the demo's deposits (settle them with POST /dev/payments/{bookingId}/succeed).
        stripeAccountId: "acct_test_demo",
        termsUrl: "https://demo.example/terms",
      })
      .where(eq(workspaces.id, workspace.id));
    const [first] = await tx.select().from(staff).where(eq(staff.workspaceId, workspace.id));
    const [second] = await tx.insert(staff).values({ workspaceId: workspace.id, name: "Sam Chen", title: "Colour specialist" }).returning();
    await tx.update(staff).set({ title: "Senior stylist" }).where(eq(staff.id, first!.id));
    const calendars = [first!, second!];
    const week = [1, 2, 3, 4, 5].flatMap((weekday) => [
      { weekday, startMinute: 9 * 60, endMinute: 12 * 60 },
      { weekday, startMinute: 13 * 60, endMinute: 17 * 60 },
    ]);
    await tx
      .insert(workingHours)
      .values(
        calendars.flatMap((calendar) =>
          [...week, { weekday: 6, startMinute: 10 * 60, endMinute: 14 * 60 }].map((block) => ({ ...block, workspaceId: workspace.id, staffId: calendar.id })),
        ),
      );
    const [hair] = await tx.insert(categories).values({ workspaceId: workspace.id, name: "Hair", position: 1 }).returning();
    const created = await tx
      .insert(services)
      .values([
        {
          workspaceId: workspace.id,
          name: "Haircut",
          durationMinutes: 45,
          bufferAfterMinutes: 15,
          priceCents: 4500,
          paymentMode: "none",
          description: "Wash, cut and style.",
          categoryId: hair!.id,
          minLeadMinutes: 60,
        },
        {
          workspaceId: workspace.id,
          name: "Colour consultation",
          durationMinutes: 30,
          priceCents: 8000,
          paymentMode: "deposit_percent",
          depositPercent: 25,
          description: "Talk through colour options; the deposit comes off your colour appointment.",
          categoryId: hair!.id,
          minCancelNoticeMinutes: 24 * 60,
        },
        {
          workspaceId: workspace.id,
          name: "Quick trim",
          durationMinutes: 15,
          priceCents: null,
          paymentMode: "none",
          description: "Fringe or neck trim between cuts.",
        },
      ])
      .returning();
    await tx
      .insert(serviceStaff)
      .values(created.flatMap((service) => calendars.map((calendar) => ({ workspaceId: workspace.id, serviceId: service.id, staffId: calendar.id }))));
    await tx.insert(questions).values({
      workspaceId: workspace.id,
      label: "Anything we should know?",
      helpText: "Allergies, accessibility needs, preferences.",
      type: "long_text",
      required: false,
      position: 1,
    });
  });
  const [pk] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.workspaceId, workspace.id), eq(apiKeys.type, "pk")));
  const result = summary({ account_key: accountKey, secret_key: secretKey, publishable_key: pk?.publishableValue ?? null, created: true });
  if (keysFile) {
    mkdirSync(path.dirname(keysFile), { recursive: true });
    writeFileSync(keysFile, JSON.stringify({ account_key: accountKey, secret_key: secretKey }), { mode: 0o600 });
  }
  return result;
}

function summary(keys: Pick<DemoSummary, "account_key" | "secret_key" | "publishable_key" | "created">): DemoSummary {
  const { appUrl } = getConfig();
  return {
    slug: DEMO_SLUG,
    booking_page_url: `${appUrl}/book/${DEMO_SLUG}`,
    openapi_url: `${appUrl}/v1/openapi.json`,
    ...keys,
  };
}
