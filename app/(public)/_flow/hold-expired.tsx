import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";

/** The hold lapsed: say so kindly and lead back to the times, with the details kept. */
export function HoldExpired({ onRestart }: { onRestart: () => void }) {
  return (
    <Notice
      tone="warning"
      role="alert"
      title="Your held time has ended"
      actions={
        <Button variant="primary" size="small" onClick={onRestart}>
          Choose a time again
        </Button>
      }
    >
      We could only keep the time for you for a limited while. Pick a time again; your details are saved, so it only takes a moment.
    </Notice>
  );
}
