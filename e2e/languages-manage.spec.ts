import { readFileSync } from "node:fs";
import path from "node:path";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import type { APIRequestContext, Frame, Page } from "@playwright/test";
import { E2E } from "./support/env";
import { expect, test } from "./support/journey";
import { call, firstSlot, seedWorkspace, type Seeded } from "./support/seed";
import { ONCE } from "./support/once";

/**
 * Issue 17, phase 2 (the manage page and the widget): a booking made in a language is managed
 * in it (the booking's language beats this English browser), the widget speaks its host page's
 * `<html lang>`, Arabic lays out right to left, axe finds nothing at 390 px (Arabic also at
 * 1280 px), and no English word of ours is left on the page: every English message (its
 * literal parts over three characters, unless the language writes them the same) is searched
 * for in the visible text and in aria-label, title, placeholder and alt, after the words the
 * business wrote itself (shown as written, never translated) are taken out.
 */
type Tree = { [key: string]: string | Tree };
type Lang = "en" | "es" | "fr" | "de" | "pt" | "ar";
const LANGS: Lang[] = ["en", "es", "fr", "de", "pt", "ar"];
const CLIENT_NAMESPACES = ["ui", "booking", "wording", "flow", "manage", "embed", "errors", "statuses"];

const messages = Object.fromEntries(
  LANGS.map((lang) => [lang, JSON.parse(readFileSync(path.join("lib", "i18n", "messages", `${lang}.json`), "utf8")) as Tree]),
) as Record<Lang, Tree>;

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(full, value);
    else for (const [inner, text] of flatten(value, full)) out.set(inner, text);
  }
  return out;
}

function literalParts(elements: MessageFormatElement[], into: string[] = []): string[] {
  for (const element of elements) {
    if (element.type === TYPE.literal) into.push(element.value);
    if (element.type === TYPE.select || element.type === TYPE.plural) for (const option of Object.values(element.options)) literalParts(option.value, into);
    if (element.type === TYPE.tag) literalParts(element.children, into);
  }
  return into;
}

/** The English words that must not show on a page in `lang`. */
function englishLeftovers(lang: Lang): string[] {
  const english = flatten(messages.en);
  const target = flatten(messages[lang]);
  const everythingInTarget = [...target.values()].join("\n");
  const fragments = new Set<string>();
  for (const [key, value] of english) {
    if (!CLIENT_NAMESPACES.includes(key.split(".")[0] ?? "") || target.get(key) === value) continue;
    for (const part of literalParts(parse(value))) {
      for (const piece of part.split(/[()\n]/)) {
        const words = piece.trim().replace(/^[,.;:·–\s]+|[,.;:·–\s]+$/g, "");
        if (words.length > 3 && /\p{L}{3}/u.test(words) && !everythingInTarget.includes(words)) fragments.add(words);
      }
    }
  }
  return [...fragments];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** What the customer can read or hear: visible text, the page's title and the accessible names set by attribute. */
async function readable(target: Page | Frame): Promise<string> {
  return target.evaluate(() => {
    const attributes = [...document.querySelectorAll("[aria-label],[title],[placeholder],[alt]")].flatMap((element) =>
      ["aria-label", "title", "placeholder", "alt"].map((name) => element.getAttribute(name) ?? ""),
    );
    return [document.title, document.body.innerText, ...attributes].join("\n");
  });
}

async function expectNoEnglish(target: Page | Frame, lang: Lang, businessText: string[]) {
  if (lang === "en") return;
  let text = await readable(target);
  for (const written of [...businessText].sort((a, b) => b.length - a.length)) text = text.replaceAll(written, " ");
  const found = englishLeftovers(lang).filter((words) => new RegExp(`(?<![\\p{L}])${escape(words)}(?![\\p{L}])`, "u").test(text));
  expect(found, `English left on a ${lang} page`).toEqual([]);
}

/** A message of `lang` by its key, `{name}` arguments filled in. */
function message(lang: Lang, key: string, values: Record<string, string> = {}): string {
  const value = flatten(messages[lang]).get(key);
  if (value === undefined) throw new Error(`no message ${key}`);
  return value.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`).replace(/<\/?strong>/g, "");
}

/** A message as a pattern, its arguments matching anything. */
const pattern = (lang: Lang, key: string) =>
  new RegExp(
    `^${escape(flatten(messages[lang]).get(key) ?? "")
      .replace(/\\\{\w+\\\}/g, ".+")
      .replace(/<\/?strong>/g, "")}$`,
  );

async function htmlOf(target: Page | Frame) {
  return target.locator("html").evaluate((html) => ({ lang: html.getAttribute("lang"), dir: html.getAttribute("dir") }));
}

let seeded: Promise<Seeded> | undefined;
const business = (request: APIRequestContext) =>
  (seeded ??= seedWorkspace(request, {
    withDeposit: true,
    allowedOrigins: [E2E.hostUrl],
    accountFile: E2E.languagesManageAccountFile,
  }));

function writtenByBusiness(workspace: Seeded, customer: { name: string; email: string }): string[] {
  return [
    workspace.name,
    "A calm harbour-side salon. Cuts, colour and quick trims.",
    "Walk-ins welcome when we're quiet.",
    "Please arrive five minutes early. <b>Parking</b> is free after 6 pm.",
    "Deposits are refunded in full when you cancel at least 24 hours ahead.",
    "Colour consultation",
    "Talk through colour options.",
    "Quick trim",
    "Fringe or neck trim between cuts.",
    "Haircut",
    "Wash, cut and style.",
    "Alex Rivera",
    "harbour-hair.example",
    customer.name,
    customer.email,
  ];
}

for (const lang of LANGS) {
  test.describe(`a booking made in ${lang}`, ONCE, () => {
    // An English browser: the booking's own language must win over it.
    test.use({ locale: "en-GB" });

    test(`manages it in ${lang}: the page, the cancel dialog with the refund, moving it, and the widget on a ${lang} site`, async ({ page, request, look }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const workspace = await business(request);
      const customer = { name: "Lou Marsh", email: `lou.${lang}.${Date.now().toString(36)}@customer.example` };
      const slot = await firstSlot(request, workspace, workspace.services.colour ?? "");
      const created = await call(request, "POST", "/v1/bookings", workspace.sk, {
        service_id: workspace.services.colour,
        starts_at: slot.start,
        customer: { ...customer, timezone: "Europe/London", language: lang },
      });
      await call(request, "POST", `/dev/payments/${created.id as string}/succeed`, undefined);
      const written = writtenByBusiness(workspace, customer);

      await page.goto(`/manage/${created.access_token as string}`);
      expect(await htmlOf(page)).toEqual({ lang, dir: lang === "ar" ? "rtl" : "ltr" });
      await expect(page).toHaveTitle(message(lang, "manage.metaTitle"));
      await expect(page.getByRole("heading", { level: 2, name: /Colour consultation/ })).toBeVisible();
      await expect(page.getByRole("combobox", { name: message(lang, "ui.languageSwitcher.label") })).toHaveValue(lang);
      await expectNoEnglish(page, lang, written);
      await look(`manage-${lang}`);

      // Cancelling: the refund is named, in the page's language, before the customer commits.
      await page.getByRole("button", { name: message(lang, "manage.view.cancelBooking") }).click();
      const dialog = page.getByRole("dialog", { name: message(lang, "manage.cancelDialog.title") });
      await expect(dialog).toBeVisible();
      const confirm = dialog.getByRole("button", { name: pattern(lang, "manage.cancelDialog.confirmRefund") });
      await expect(confirm).toBeVisible();
      await expect(confirm).toContainText(/20|٢٠/);
      await expectNoEnglish(page, lang, written);
      await look(`cancel-dialog-${lang}`);
      await dialog.getByRole("button", { name: message(lang, "manage.cancelDialog.keep") }).click();
      await expect(dialog).toBeHidden();

      // Moving it: the panel speaks the language too.
      await page.getByRole("button", { name: message(lang, "manage.view.changeTime") }).click();
      await expect(page.getByRole("heading", { name: message(lang, "manage.reschedule.heading") })).toBeFocused();
      await expectNoEnglish(page, lang, written);
      await look(`reschedule-${lang}`);
      await page.getByRole("button", { name: message(lang, "manage.reschedule.keep") }).click();

      if (lang === "es" || lang === "ar") {
        // Cancelled, with the refund: the confirmation and the toast/announcement in the language.
        await page.getByRole("button", { name: message(lang, "manage.view.cancelBooking") }).click();
        await dialog.getByRole("button", { name: pattern(lang, "manage.cancelDialog.confirmRefund") }).click();
        await expect(page.getByRole("heading", { level: 2, name: message(lang, "manage.view.cancelledHeading") })).toBeFocused();
        await expect(page.getByText(pattern(lang, "manage.view.refundTitle"))).toBeVisible();
        await expectNoEnglish(page, lang, written);
        await look(`cancelled-${lang}`);

        // The cancelled link, reloaded: it still names the business, in the booking's language.
        await page.reload();
        expect(await htmlOf(page)).toEqual({ lang, dir: lang === "ar" ? "rtl" : "ltr" });
        await expect(page.getByRole("heading", { level: 2, name: message(lang, "manage.retired.cancelledTitle") })).toBeVisible();
        await expectNoEnglish(page, lang, written);
        await look(`cancelled-link-${lang}`);
      }

      // The widget on a site whose <html lang> is this language: embed.js passes it on.
      await page.goto(`${E2E.hostUrl}/?slug=${workspace.slug}&mode=inline&lang=${lang}`);
      const iframe = page.locator("iframe.bk-embed-frame");
      await expect(iframe).toHaveAttribute("title", message(lang, "embed.loader.frameTitle"));
      await expect(iframe).toHaveAttribute("src", new RegExp(`[?&]lang=${lang}(&|$)`));
      const frame = page.frameLocator("iframe.bk-embed-frame");
      await expect(frame.getByRole("main", { name: message(lang, "embed.mainLabel") })).toBeVisible();
      await expect(frame.getByRole("combobox", { name: message(lang, "ui.languageSwitcher.label") })).toHaveValue(lang);
      const inner = page.frame({ url: /\/embed\// });
      if (!inner) throw new Error("the widget frame did not load");
      expect(await htmlOf(inner)).toEqual({ lang, dir: lang === "ar" ? "rtl" : "ltr" });
      await expect(frame.getByRole("heading", { level: 1, name: workspace.name })).toBeVisible();
      await expectNoEnglish(inner, lang, [...written, "Hair", "Colour"]);
      await look(`widget-${lang}`);

      // A site the business never allowed: embed.js's own link, in the host page's language.
      await page.goto(`${E2E.strangerUrl}/?slug=${workspace.slug}&mode=inline&lang=${lang}`);
      await expect(page.getByText(message(lang, "embed.loader.refused"))).toBeVisible();
      await expect(page.getByRole("link", { name: message(lang, "embed.loader.link") })).toHaveAttribute("href", `${E2E.appUrl}/book/${workspace.slug}`);
    });
  });
}
