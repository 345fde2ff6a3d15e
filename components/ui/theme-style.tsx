import { themeCss, type Brand } from "@/lib/brand/theme-css";

/**
 * The business's colour tokens for this page, in the server's HTML (React puts the style in
 * the head), so the first paint already has its colours and, with theme auto, the customer's
 * light or dark scheme: no light frame before a dark page. `html:root` outranks the platform's
 * own tokens that the root layout renders as `:root`, whatever order the two styles land in.
 */
export function ThemeStyle({ brand }: { brand: Brand }) {
  return (
    <style href={`theme-${brand.brandColor ?? "default"}-${brand.theme}`} precedence="high">
      {themeCss(brand, "html:root")}
    </style>
  );
}
