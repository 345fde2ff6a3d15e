import { zoneNamesFor } from "@/lib/booking-pages/zone-names";

/** A workspace's zone as the console says it ("New York time"), the id kept for the title attribute. */
export function zoneName(zone: string): string {
  return `${zoneNamesFor([zone], "en")[zone]} time`;
}
