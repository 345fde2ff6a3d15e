import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { zoneCity } from "@/lib/booking-pages/format";
import styles from "./choice.module.css";

type ZoneToggleProps = { businessZone: string; customerZone: string | null; showing: string; onShow: (zone: string) => void };

/** Times are shown in the business's zone; the customer's own zone is one click away. */
export function ZoneToggle({ businessZone, customerZone, showing, onShow }: ZoneToggleProps) {
  const t = useTranslations("flow.zone");
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
