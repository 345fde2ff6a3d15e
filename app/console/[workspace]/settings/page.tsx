import { redirect } from "next/navigation";

type PageProps = { params: Promise<{ workspace: string }> };

/** Settings opens on the business profile. */
export default async function SettingsPage({ params }: PageProps) {
  const { workspace } = await params;
  redirect(`/console/${workspace}/settings/profile`);
}
