import { getTranslations } from "next-intl/server";
import { directionOf } from "@/lib/i18n/locales";
import { resolvePageLocale } from "@/lib/i18n/page-locale";

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

// GET /console/sign-in/too-many – the 429 page of the sign-in limits (docs/console.md#sign-in), in the console's language
export async function GET(): Promise<Response> {
  const locale = await resolvePageLocale();
  const t = await getTranslations({ locale, namespace: "console.signIn" });
  const title = escape(t("tooManyTitle"));
  const html = `<!doctype html><html lang="${locale}" dir="${directionOf(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem"><main><h1>${title}</h1><p>${escape(t("tooManyBody"))}</p><p><a href="/console/sign-in">${escape(t("back"))}</a></p></main></body></html>`;
  return new Response(html, { status: 429, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "3600" } });
}
