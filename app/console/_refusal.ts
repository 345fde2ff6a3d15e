import { getLocale, getTranslations } from "next-intl/server";
import { REFUSAL_WORDS, refusalWording, type RawRefusal } from "@/lib/i18n/refusal-wording";

/**
 * A refused console write in the member's language (docs/console.md#refusals). The API speaks
 * English: in English the member reads its message as it is; in any other language the console
 * says what to fix in the member's words, chosen from the field and the schema's finding, and
 * keeps the API's message beside it as the detail. Not a second validation: the verb has refused,
 * this only words it.
 */
export async function inMemberLanguage<R extends RawRefusal>(refusal: R): Promise<Omit<R, "issue"> & { detail?: string }> {
  const { issue: _issue, ...shown } = refusal;
  if ((await getLocale()) === "en") return shown;
  const t = await getTranslations(REFUSAL_WORDS);
  const { word, values } = refusalWording(refusal);
  return { ...shown, message: t(word, values), detail: refusal.message };
}
