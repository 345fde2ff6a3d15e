import type { Brand } from "@/lib/brand/theme-css";
import type { PublicWorkspace } from "@/lib/public/schemas";
import { BrandColor, Theme } from "@/lib/workspaces/schemas";

type Overrides = { theme: unknown; brandColor: unknown };

/**
 * The brand one embed shows: the workspace's, with the embed script's `data-theme` and
 * `data-brand-color` (sent to the frame as `theme` and `brand_color`) winning for that frame
 * only. An override the API would refuse is ignored, never half-applied (docs/brand.md).
 */
export function embedBrand(workspace: Pick<PublicWorkspace, "brand_color" | "theme">, overrides: Overrides): Brand {
  const theme = Theme.safeParse(overrides.theme);
  const brandColor = BrandColor.safeParse(overrides.brandColor);
  return {
    theme: theme.success ? theme.data : workspace.theme,
    brandColor: brandColor.success ? brandColor.data : workspace.brand_color,
  };
}
