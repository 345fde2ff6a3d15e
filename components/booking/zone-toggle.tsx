import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import styles from "./choice.module.css";
import { useZoneCity } from "./zone-names";

type ZoneToggleProps = { businessZone: string; customerZone: string | null; showing: string; onShow: (zone: string) => void };

/** Times are shown in the business's zone; the customer's own zone is one click away. */
export function ZoneToggle({ businessZone, customerZone, showing, onShow }: ZoneToggleProps) {
  const t = useTranslations("flow.zone");
  // Cities as the server named them in the page's language (docs/booking-flow.md#time-zones).
  const zoneCity = useZoneCity();
  const other = showing === businessZone ? customerZone : businessZone;
  return (
    <p className={styles.zone}>
      <span>{t.rich("shownIn", { city: zoneCity(showing), zone: showing, strong: (chunks) => <strong>{chunks}</strong> })}</span>
      {customerZone && customerZone !== businessZone && other && (
        <Button variant="ghost" size="small" onClick={() => onShow(other)}>
          {other === customerZone ? t("showMine", { city: zoneCity(customerZone) }) : t("showBusiness", { city: zoneCity(businessZone) })}
        </Button>
      )}
    </p>
  );
}
