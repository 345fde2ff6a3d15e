import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";

/**
 * What `npm run check:messages` finds wrong with the message files: English is the reference.
 * Every language must have exactly English's keys; every message must be valid ICU with no
 * argument English does not pass; and every English key must be used by the code.
 *
 * "Used" is read from the source's string literals, per file: a key is used when a file
 * holds its full path (`t("email.greeting")`), or a namespace of it and the rest
 * (`useTranslations("ui.stepper")` … `t("step")`), or a namespace of it and each later
 * segment (a computed key: `useTranslations("errors")` … t(`${group}.title`) with "network"
 * and "title" written in that file). The static parts of template literals count as words.
 */
export type MessageTree = { [key: string]: string | MessageTree };
export type SourceFile = { path: string; text: string };
export type Problem =
  | { kind: "missing"; locale: string; key: string }
  | { kind: "extra"; locale: string; key: string }
  | { kind: "invalid"; locale: string; key: string; error: string }
  | { kind: "unknown_argument"; locale: string; key: string; argument: string }
  | { kind: "unused"; key: string };

export const REFERENCE_LOCALE = "en";

export function flatten(tree: MessageTree, prefix = ""): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [name, value] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${name}` : name;
    if (typeof value === "string") flat.set(key, value);
    else for (const [inner, text] of flatten(value, key)) flat.set(inner, text);
  }
  return flat;
}

export function checkMessages(input: { messages: Record<string, MessageTree>; sources: SourceFile[] }): Problem[] {
  const reference = input.messages[REFERENCE_LOCALE];
  if (!reference) throw new Error(`no ${REFERENCE_LOCALE} messages`);
  const english = flatten(reference);
  const englishArguments = new Map<string, Set<string>>();
  for (const [key, text] of english) englishArguments.set(key, argumentsOf(parseOrNull(text) ?? []));
  const problems: Problem[] = [];

  for (const [locale, tree] of Object.entries(input.messages)) {
    const flat = flatten(tree);
    for (const key of english.keys()) if (!flat.has(key)) problems.push({ kind: "missing", locale, key });
    for (const [key, text] of flat) {
      if (!english.has(key)) {
        problems.push({ kind: "extra", locale, key });
        continue;
      }
      let elements: MessageFormatElement[];
      try {
        elements = parse(text);
      } catch (error) {
        problems.push({ kind: "invalid", locale, key, error: error instanceof Error ? error.message : String(error) });
        continue;
      }
      const known = englishArguments.get(key) ?? new Set<string>();
      for (const argument of argumentsOf(elements)) if (!known.has(argument)) problems.push({ kind: "unknown_argument", locale, key, argument });
    }
  }

  const literalsByFile = input.sources.map((source) => stringLiterals(source.text));
  for (const key of english.keys()) {
    if (!literalsByFile.some((literals) => isKeyUsed(key, literals))) problems.push({ kind: "unused", key });
  }
  return problems;
}

function parseOrNull(text: string): MessageFormatElement[] | null {
  try {
    return parse(text);
  } catch {
    return null;
  }
}

function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    into.add(element.value);
    if (element.type === TYPE.select || element.type === TYPE.plural) {
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    }
    if (element.type === TYPE.tag) argumentsOf(element.children, into);
  }
  return into;
}

/** The string literals of a source file, comments skipped (one left-to-right scan, so quotes inside comments or other strings do not count). */
function stringLiterals(text: string): Set<string> {
  const literals = new Set<string>();
  const tokens = /\/\/[^\n]*|\/\*[\s\S]*?\*\/|"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`/g;
  for (const match of text.matchAll(tokens)) {
    const literal = match[1] ?? match[2] ?? match[3];
    if (literal !== undefined) literals.add(literal);
    // A template's interpolations are code (`${t("sms.manage")}`); its static parts are words (`booking.${status}`).
    if (match[3]?.includes("${")) {
      for (const inner of stringLiterals(match[3])) literals.add(inner);
      for (const part of match[3].split(/\$\{[^}]*\}/)) literals.add(part.replace(/^\.+|\.+$/g, ""));
    }
  }
  return literals;
}

function isKeyUsed(key: string, literals: Set<string>): boolean {
  if (literals.has(key)) return true;
  const parts = key.split(".");
  for (let split = 1; split < parts.length; split++) {
    if (!literals.has(parts.slice(0, split).join("."))) continue;
    const rest = parts.slice(split);
    if (literals.has(rest.join(".")) || rest.every((segment) => literals.has(segment))) return true;
  }
  return false;
}

export function describeProblem(problem: Problem): string {
  switch (problem.kind) {
    case "missing":
      return `${problem.locale}: missing ${problem.key} (English has it)`;
    case "extra":
      return `${problem.locale}: ${problem.key} is not an English key`;
    case "invalid":
      return `${problem.locale}: ${problem.key} is not valid ICU (${problem.error})`;
    case "unknown_argument":
      return `${problem.locale}: ${problem.key} uses {${problem.argument}}, which English does not pass`;
    case "unused":
      return `en: ${problem.key} is used by no code`;
  }
}
