import { Button } from "@/components/ui/button";
import { zoneCity } from "@/lib/booking-pages/format";
import styles from "./choice.module.css";

type ZoneToggleProps = { businessZone: string; customerZone: string | null; showing: string; onShow: (zone: string) => void };

/** Times are shown in the business's zone; the customer's own zone is one click away. */
export function ZoneToggle({ businessZone, customerZone, showing, onShow }: ZoneToggleProps) {
  const other = showing === businessZone ? customerZone : businessZone;
  return (
    <p className={styles.zone}>
      <span>
        Times shown in <strong>{zoneCity(showing)} time</strong> ({showing})
      </span>
      {customerZone && customerZone !== businessZone && other && (
        <Button variant="ghost" size="small" onClick={() => onShow(other)}>
          {other === customerZone ? `Show in my time (${zoneCity(customerZone)})` : `Show in ${zoneCity(businessZone)} time`}
        </Button>
      )}
    </p>
  );
}
