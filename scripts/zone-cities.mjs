/**
 * Writes lib/booking-pages/zone-cities/<language>.json: the city each time zone is named by in
 * each language the pages speak, from CLDR's exemplar cities (docs/booking-flow.md#time-zones).
 * Intl has no API for them, and what ICU prints around them differs between Node and the browser.
 * The Unicode Consortium's CLDR JSON packages have them, but `cldr-dates-full` weighs ~100 MB,
 * so they are fetched with `npm pack` when the tables are regenerated, not installed:
 *
 *   node scripts/zone-cities.mjs && npx prettier --write lib/booking-pages/zone-cities
 *
 * Each table lists only the zones whose city is not what the IANA id says ("Lisboa" for
 * Europe/Lisbon in Portuguese, "São Paulo" for America/Sao_Paulo in English), under every id
 * that names the zone (Asia/Calcutta and Asia/Kolkata); a zone a language does not name takes
 * the English city.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const CLDR_VERSION = "48.2.0";
const LANGUAGES = ["en", "es", "fr", "de", "pt", "ar"];
const OUT = path.resolve("lib/booking-pages/zone-cities");

const dir = mkdtempSync(path.join(tmpdir(), "zone-cities-"));
try {
  for (const name of ["cldr-dates-full", "cldr-bcp47"]) {
    execFileSync("npm", ["pack", `${name}@${CLDR_VERSION}`, "--pack-destination", dir, "--silent"], { stdio: ["ignore", "ignore", "inherit"] });
  }
  const members = LANGUAGES.map((language) => `package/main/${language}/timeZoneNames.json`);
  execFileSync("tar", ["-xzf", path.join(dir, `cldr-dates-full-${CLDR_VERSION}.tgz`), "-C", dir, ...members]);
  execFileSync("tar", ["-xzf", path.join(dir, `cldr-bcp47-${CLDR_VERSION}.tgz`), "-C", dir, "package/bcp47/timezone.json"]);

  // Every id of a zone, CLDR's first ("Asia/Calcutta Asia/Kolkata").
  const ids = new Map();
  const zones = JSON.parse(readFileSync(path.join(dir, "package", "bcp47", "timezone.json"), "utf8")).keyword.u.tz;
  for (const entry of Object.values(zones)) {
    if (typeof entry !== "object" || !entry._alias) continue;
    const [first, ...others] = entry._alias.split(" ");
    ids.set(first, [first, ...others]);
  }

  const ianaCity = (zone) => (zone.split("/").pop() ?? zone).replaceAll("_", " ");
  const citiesOf = (language) => {
    const root = JSON.parse(readFileSync(path.join(dir, "package", "main", language, "timeZoneNames.json"), "utf8")).main[language].dates.timeZoneNames.zone;
    const cities = {};
    const walk = (node, prefix) => {
      for (const [key, value] of Object.entries(node)) {
        const zone = prefix ? `${prefix}/${key}` : key;
        if (typeof value !== "object" || value === null) continue;
        if (typeof value.exemplarCity === "string") cities[zone] = value.exemplarCity;
        else if (value._type !== "zone") walk(value, zone);
      }
    };
    walk(root, "");
    delete cities["Etc/Unknown"];
    return cities;
  };

  const english = citiesOf("en");
  mkdirSync(OUT, { recursive: true });
  const counts = [];
  for (const language of LANGUAGES) {
    const own = citiesOf(language);
    const table = {};
    for (const zone of new Set([...Object.keys(english), ...Object.keys(own)])) {
      const city = own[zone] ?? english[zone];
      for (const id of ids.get(zone) ?? [zone]) if (city !== ianaCity(id)) table[id] = city;
    }
    const sorted = Object.fromEntries(Object.entries(table).sort(([a], [b]) => (a < b ? -1 : 1)));
    writeFileSync(path.join(OUT, `${language}.json`), `${JSON.stringify(sorted, null, 2)}\n`);
    counts.push(`${language}: ${Object.keys(sorted).length}`);
  }
  console.log(`CLDR ${CLDR_VERSION}: ${counts.join(", ")} → ${path.relative(process.cwd(), OUT)}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
