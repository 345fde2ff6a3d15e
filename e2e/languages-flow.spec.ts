import { readFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { E2E } from "./support/env";
import { expect, expectNoAxeViolations, saveScreenshot, test, WCAG_22_AA_TAGS } from "./support/fixtures";
import { uniqueEmail } from "./support/flow";
import { call, latestCode, seedWorkspace } from "./support/seed";
import { ONCE } from "./support/once";

/**
 * Issue 17, phase 2: the whole booking flow in each of the six languages, with the browser
 * asking for that language (Accept-Language and navigator.language). At every step: the
 * page's `lang` and `dir`, axe clean (WCAG 2.2 AA), a screenshot, and no English message left
 * on screen (visible text, aria-labels, titles, placeholders); then the confirmation's manage
 * link opens the manage page in the same language. Workspaces live on this spec's own account.
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const WCAG_TAGS = [...WCAG_22_AA_TAGS, "best-practice"];

type Lang = "en" | "es" | "fr" | "de" | "pt" | "ar";
const LANGUAGES: { lang: Lang; locale: string; widths: number[] }[] = [
  { lang: "en", locale: "en-GB", widths: [390] },
  { lang: "es", locale: "es-ES", widths: [390] },
  { lang: "fr", locale: "fr-FR", widths: [390] },
  { lang: "de", locale: "de-DE", widths: [390] },
  { lang: "pt", locale: "pt-BR", widths: [390] },
  { lang: "ar", locale: "ar-EG", widths: [390, 1280] },
];

/** The namespaces the customer pages show. */
const PAGE_NAMESPACES = ["ui", "booking", "wording", "flow", "manage", "embed", "errors", "statuses"];
type Tree = { [key: string]: string | Tree };
const messages = (lang: Lang) => JSON.parse(readFileSync(path.join("lib", "i18n", "messages", `${lang}.json`), "utf8")) as Tree;

function leaves(tree: Tree, names: string[] = Object.keys(tree)): string[] {
  return names.flatMap((name) => {
    const value = tree[name];
    if (value === undefined) return [];
    return typeof value === "string" ? [value] : leaves(value);
  });
}

/** The literal words of an ICU message: arguments, plural/select branches and rich-text tags removed. */
function literals(message: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  for (const char of message) {
    if (char === "{") {
      if (depth === 0) parts.push(current);
      current = "";
      depth += 1;
    } else if (char === "}") {
      depth -= 1;
    } else if (depth === 0) {
      current += char;
    }
  }
  parts.push(current);
  return parts
    .flatMap((part) => part.split(/<\/?[a-z]+>/))
    .map((part) => part.replace(/^[\s.,:;()–-]+|[\s.,:;()–-]+$/g, ""))
    .filter((part) => part.length > 3 && /[A-Za-z]{2}/.test(part));
}

/** English fragments that must not appear on a page in `lang` (those the language shares are left out). */
function englishFragments(lang: Lang): string[] {
  const own = leaves(messages(lang), PAGE_NAMESPACES).join("\n");
  const english = new Set(leaves(messages("en"), PAGE_NAMESPACES).flatMap(literals));
  return [...english].filter((fragment) => !own.includes(fragment));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Everything a customer can read or hear on the page (visible text, accessible names, titles, placeholders), less the business's own words. */
async function pageWords(page: Page): Promise<string> {
  return page.evaluate(() => {
    const attributes = [...document.querySelectorAll("[aria-label], [title], [placeholder], [alt]")].flatMap((element) =>
      ["aria-label", "title", "placeholder", "alt"].map((name) => element.getAttribute(name) ?? ""),
    );
    // Text the business wrote (marked dir="auto": names, descriptions, notes, policies) is shown as written.
    const business = [...document.querySelectorAll<HTMLElement>("[dir='auto']")].map((element) => element.innerText).filter(Boolean);
    let words = [document.title, document.body.innerText, ...attributes].join("\n");
    for (const text of business) words = words.split(text).join("\n");
    return words;
  });
}

async function englishLeft(page: Page, lang: Lang): Promise<string[]> {
  if (lang === "en") return [];
  const words = await pageWords(page);
  return englishFragments(lang).filter((fragment) => new RegExp(`(?<![\\p{L}])${escape(fragment)}(?![\\p{L}])`, "u").test(words));
}

async function look(page: Page, lang: Lang, width: number, step: string) {
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
  await page.waitForTimeout(150);
  await expectNoAxeViolations(page, `${step} (${lang}, ${width} px)`, WCAG_TAGS);
  expect(await englishLeft(page, lang), `English left at ${step} (${lang}, ${width} px)`).toEqual([]);
  await saveScreenshot(page, path.join("e2e", "artifacts", "screens", `languages-flow-${lang}-${width}`), step);
}

const step = (page: Page, name: string) => expect(page.locator(`[data-flow-step="${name}"]`)).toBeVisible();

async function subjects(request: APIRequestContext, email: string): Promise<string[]> {
  const messages = (await call(request, "GET", `/dev/outbox/messages?to=${encodeURIComponent(email)}`, undefined)).data as { subject: string }[];
  return messages.map((message) => message.subject);
}

for (const { lang, locale, widths } of LANGUAGES) {
  test.describe(`${lang}`, ONCE, () => {
    test.use({ locale });
    for (const width of widths) {
      test(`the booking flow speaks ${lang}, from the service to the confirmation (${width} px)`, ONCE, async ({ page, request }) => {
        await page.setViewportSize(width === 390 ? PHONE : DESKTOP);
        const seeded = await seedWorkspace(request, { requireVerification: true, accountFile: E2E.languagesFlowAccountFile });
        await page.goto(`/book/${seeded.slug}`);
        await step(page, "service");
        await look(page, lang, width, "1-service");

        await page.locator("[data-service-id]").first().click();
        await step(page, "time");
        // The second day with times (the day buttons' labels are in the page's language): today's
        // first time may pass now while the customer fills in the details.
        await page.locator("button[data-date]:not([aria-disabled])").nth(1).click();
        const times = page.locator("button[data-start]");
        await expect(times.first()).toBeVisible();
        await look(page, lang, width, "2-time");
        await times.first().click();

        await step(page, "details");
        // Empty details: the field messages are the page's language too.
        await page.locator("form button[type='submit']").click();
        await expect(page.locator("[aria-invalid='true']").first()).toBeFocused();
        await look(page, lang, width, "3-details-errors");
        const email = uniqueEmail(`lang-${lang}`);
        await page.locator("input[name='name']").fill("Sam Chen");
        await page.locator("input[name='email']").fill(email);
        await look(page, lang, width, "3-details");
        await page.locator("form button[type='submit']").click();

        await step(page, "verify");
        await expect(page.locator("input[name='code']")).toBeFocused();
        await look(page, lang, width, "4-code");
        // The code comes in the page's language: the booking carried customer.language.
        const code = await latestCode(request, email);
        const [subject] = await subjects(request, email);
        if (lang === "en") expect(subject).toMatch(/is your code for/);
        else expect(subject).not.toMatch(/is your code for/);
        await page.locator("input[name='code']").fill(code);
        await page.locator("form button[type='submit']").click();

        await step(page, "done");
        await look(page, lang, width, "5-done");

        // The confirmation's manage link: the manage page keeps the customer's language.
        const manageHref = await page.locator("a[href*='/manage/']").first().getAttribute("href");
        expect(manageHref).toBeTruthy();
        await page.goto(manageHref ?? "");
        await expect(page.locator("main h2").first()).toBeVisible();
        await look(page, lang, width, "6-manage");
      });
    }
  });
}

test.describe("switcher", ONCE, () => {
  test.use({ locale: "en-GB" });
  test("the language switcher changes the page's language, and the choice survives a reload", ONCE, async ({ page, request }) => {
    await page.setViewportSize(PHONE);
    const seeded = await seedWorkspace(request, { accountFile: E2E.languagesFlowAccountFile });
    await page.goto(`/book/${seeded.slug}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.getByRole("combobox", { name: "Language" }).selectOption("fr");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { level: 2, name: "Choisissez un soin" })).toBeVisible();
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    await expect(page.getByText("Réservation en ligne", { exact: true })).toBeVisible();
    await page.getByRole("combobox", { name: "Langue" }).selectOption("ar");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    expect(await englishLeft(page, "ar")).toEqual([]);
  });

  test("switched to French on the code step: the booking is confirmed, and its confirmation written, in French", ONCE, async ({ page, request }) => {
    await page.setViewportSize(PHONE);
    const seeded = await seedWorkspace(request, { accountFile: E2E.languagesFlowAccountFile, requireVerification: true });
    await page.goto(`/book/${seeded.slug}`);
    await page.getByRole("button", { name: /^Haircut/ }).click();
    await page
      .getByRole("group", { name: /^Times on/ })
      .getByRole("button")
      .first()
      .click();
    const email = uniqueEmail("switched");
    await page.getByLabel("Full name").fill("Léa Martin");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
    const code = await latestCode(request, email);

    await page.getByRole("combobox", { name: "Language" }).selectOption("fr");
    await expect(page.getByRole("heading", { name: "Consultez vos e-mails" })).toBeVisible();
    await page.getByLabel("Code de confirmation").fill(code);
    await page.getByRole("button", { name: "Confirmer la réservation" }).click();
    await expect(page.getByRole("heading", { name: `Votre réservation chez ${seeded.name} est confirmée` })).toBeVisible();
    await call(request, "POST", "/dev/jobs/run", undefined);
    await expect
      .poll(async () => {
        const messages = (await call(request, "GET", `/dev/outbox/messages?to=${encodeURIComponent(email)}`, undefined)).data as {
          subject: string;
          text: string;
        }[];
        return messages.map((message) => message.text).join("\n");
      })
      .toContain("Votre réservation chez");
  });
});
