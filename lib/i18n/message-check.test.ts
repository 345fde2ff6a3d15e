import { describe, expect, it } from "vitest";
import { checkMessages, describeProblem, type MessageTree } from "./message-check";

const EN: MessageTree = {
  ui: { stepper: { step: "{number}. {name}", status: "{state, select, done {completed} other {not started}}" } },
  email: { greeting: "Hello {name},", count: "{count, plural, one {# booking} other {# bookings}}" },
};
const SOURCES = [
  { path: "components/ui/stepper.tsx", text: 'const t = useTranslations("ui.stepper");\nt("step", { number, name }); t("status", { state });' },
  {
    path: "lib/notifications/templates/layout.ts",
    text: "// uses `t('email.unused')` only in a comment\nconst line = `${t(\"email.greeting\", { name })}`;\nt('email.count', { count });",
  },
];

const check = (messages: Record<string, MessageTree>, sources = SOURCES) => checkMessages({ messages, sources }).map(describeProblem);

describe("the message check (npm run check:messages)", () => {
  it("passes when every language has English's keys, valid ICU and only English's arguments, and the code uses every key", () => {
    const es: MessageTree = {
      ui: { stepper: { step: "{number}. {name}", status: "{state, select, done {completado} other {pendiente}}" } },
      email: { greeting: "Hola, {name}:", count: "{count, plural, one {# reserva} other {# reservas}}" },
    };
    expect(check({ en: EN, es })).toEqual([]);
  });

  it("finds a key a language lacks and a key English does not have", () => {
    const fr: MessageTree = {
      ui: { stepper: { step: "{number}. {name}", status: "{state, select, other {à venir}}", extra: "Bonus" } },
      email: { greeting: "Bonjour {name}," },
    };
    expect(check({ en: EN, fr })).toEqual(["fr: missing email.count (English has it)", "fr: ui.stepper.extra is not an English key"]);
  });

  it("finds invalid ICU and arguments English does not pass", () => {
    const de: MessageTree = {
      ui: { stepper: { step: "{number}. {name", status: "{state, select, done {erledigt}}" } },
      email: { greeting: "Guten Tag {nom},", count: "{count, plural, one {# Buchung} other {# Buchungen}}" },
    };
    const problems = check({ en: EN, de });
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^de: ui\.stepper\.step is not valid ICU/);
    expect(problems[1]).toMatch(/^de: ui\.stepper\.status is not valid ICU/);
    expect(problems[2]).toBe("de: email.greeting uses {nom}, which English does not pass");
  });

  it("finds an English key no code uses; a mention in a comment or another file's namespace does not count", () => {
    const en: MessageTree = { ...EN, email: { ...(EN.email as MessageTree), unused: "Never shown" } };
    expect(check({ en })).toEqual(["en: email.unused is used by no code"]);
    const withoutStepper = SOURCES.slice(1).concat({ path: "other.tsx", text: 't("step"); t("status");' });
    expect(check({ en: EN }, withoutStepper)).toEqual(["en: ui.stepper.step is used by no code", "en: ui.stepper.status is used by no code"]);
  });

  it("counts a computed key when its namespace and each later word are written in one file", () => {
    const en: MessageTree = { errors: { network: { title: "Offline", body: "Check your connection." } } };
    const computed = {
      path: "lib/booking-pages/messages.ts",
      text: 'createTranslator({ namespace: "errors" });\nsay("network");\ntype Key = `${Group}.${"title" | "body"}`;',
    };
    expect(check({ en }, [computed])).toEqual([]);
    expect(check({ en }, [{ path: "a.ts", text: 'createTranslator({ namespace: "errors" }); say("network");' }])).toEqual([
      "en: errors.network.title is used by no code",
      "en: errors.network.body is used by no code",
    ]);
  });

  it("finds English's own invalid ICU", () => {
    expect(check({ en: { ...EN, ui: { stepper: { step: "{number", status: "x" } } } })).toContain(
      "en: ui.stepper.step is not valid ICU (EXPECT_ARGUMENT_CLOSING_BRACE)",
    );
  });
});
