import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";

/** The hold lapsed: say so kindly and lead back to the times, with the details kept. */
export function HoldExpired({ onRestart }: { onRestart: () => void }) {
  const t = useTranslations("flow.lapsed");
  return (
    <Notice
      tone="warning"
      role="alert"
      title={t("title")}
      actions={
        <Button variant="primary" size="small" onClick={onRestart}>
          {t("action")}
        </Button>
      }
    >
      {t("long")}
    </Notice>
  );
}
