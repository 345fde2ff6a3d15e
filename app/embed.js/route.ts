import { loaderScript } from "@/lib/embed/loader-script";

// GET /embed.js – the widget loader for the business's own site (lib/embed/loader.js), its
// fallback words in the six languages from the message files.
export async function GET() {
  return new Response(await loaderScript(), {
    headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=300" },
  });
}
