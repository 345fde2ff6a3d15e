import { requireConsole } from "../../../_session";
import { PROFILE_FIELDS } from "../_fields";
import { WorkspaceSettingsForm } from "../_form";
import { refusalFrom, type PageSearch } from "../_ui";

type PageProps = { params: Promise<{ workspace: string }>; searchParams: PageSearch };

/** The business profile: every profile field of `PATCH /v1/workspace`. */
export default async function ProfilePage({ params, searchParams }: PageProps) {
  const { workspace } = await params;
  const query = await searchParams;
  const { access } = await requireConsole(workspace);
  return <WorkspaceSettingsForm access={access} section="profile" fields={PROFILE_FIELDS} refusal={refusalFrom(query)} saved={query.saved === "1"} />;
}
