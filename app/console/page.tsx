import { redirect } from "next/navigation";
import { requireConsole } from "./_session";

export const dynamic = "force-dynamic";

// GET /console – the first workspace's bookings (or sign in).
export default async function ConsoleHome() {
  const { access } = await requireConsole();
  redirect(`/console/${access.workspace.id}/bookings`);
}
