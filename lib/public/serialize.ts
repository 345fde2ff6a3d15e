import type { WorkspaceRow } from "@/lib/db/schema";
import { pickDeclared } from "@/lib/schemas";
import { toWorkspaceSettings } from "@/lib/workspaces/serialize";
import { PublicWorkspace } from "./schemas";

/** Plain-text fields go out exactly as stored; rendering them as text is the client's job. */
export function toPublicWorkspace(row: WorkspaceRow, publishableKey: string | null): PublicWorkspace {
  return pickDeclared(PublicWorkspace, { ...toWorkspaceSettings(row), publishable_key: publishableKey });
}
