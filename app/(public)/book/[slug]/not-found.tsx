import { NotFoundPanel } from "@/components/booking/not-found-panel";

export default function BookingPageNotFound() {
  return <NotFoundPanel title="This booking page doesn't exist" body="Check the link you were given, or contact the business for their booking page." />;
}
