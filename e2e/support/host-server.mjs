import { createServer } from "node:http";

/**
 * Two "business websites" on origins other than the app's: :3101 is on the key's
 * allowed_origins, :3102 never is. GET /?slug=…&mode=inline|popup[&lang=xx] serves a page (in
 * <html lang="xx">, English by default) that pastes the one-line embed script and logs the
 * widget's events.
 */
const BASE = Number(process.env.E2E_PORT_BASE ?? 3100);
const APP_URL = `http://127.0.0.1:${BASE}`;
const PORTS = [BASE + 1, BASE + 2];

function page(slug, mode, lang) {
  const safeSlug = String(slug).replace(/[^a-z0-9-]/gi, "");
  const safeMode = mode === "popup" ? "popup" : "inline";
  const safeLang = /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(String(lang)) ? lang : "en";
  return `<!doctype html>
<html lang="${safeLang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Harbour Hair – a business website</title>
<style>body{margin:0;font-family:Georgia,serif;background:#faf7f2;color:#222}header,main,footer{max-width:880px;margin:0 auto;padding:24px}h1{margin:0}#events{font:14px monospace;white-space:pre-wrap;overflow-wrap:anywhere}</style></head>
<body>
<header><h1>Harbour Hair</h1><p>Our own website, with the booking widget pasted in.</p></header>
<main>
<h2>Book an appointment</h2>
<script src="${APP_URL}/embed.js" data-slug="${safeSlug}" data-mode="${safeMode}" data-label="Book an appointment"></script>
<h2>Widget events</h2>
<div id="events" aria-live="off"></div>
</main>
<footer><p>12 Harbour Road</p></footer>
<script>
window.widgetEvents = [];
["ready", "slot_selected", "booking_submitted", "booking_confirmed"].forEach(function (type) {
  document.addEventListener("booking:" + type, function (event) {
    window.widgetEvents.push({ type: type, detail: event.detail });
    document.getElementById("events").textContent += type + " " + JSON.stringify(event.detail) + "\\n";
  });
});
</script>
</body>
</html>`;
}

for (const port of PORTS) {
  createServer((request, response) => {
    const url = new URL(request.url ?? "/", `http://127.0.0.1:${port}`);
    if (url.pathname === "/health") return response.end("ok");
    if (url.pathname !== "/") {
      response.statusCode = 404;
      return response.end("not found");
    }
    response.setHeader("Content-Type", "text/html; charset=utf-8");
    response.end(page(url.searchParams.get("slug") ?? "", url.searchParams.get("mode"), url.searchParams.get("lang")));
  }).listen(port, "127.0.0.1");
}
