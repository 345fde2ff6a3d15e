import { NotFoundPanel } from "@/components/booking/not-found-panel";

/** Unknown, expired and cancelled links all land here, told apart by nothing. */
export default function ManageLinkNotFound() {
  return (
    <NotFoundPanel
      title="This booking link isn't active"
      body="The link may be mistyped, it may have expired, or the booking was cancelled. Check your latest email from the business, or book again on their booking page."
    />
  );
}
