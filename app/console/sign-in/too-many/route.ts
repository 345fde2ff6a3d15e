// GET /console/sign-in/too-many – the 429 page of the sign-in limits (docs/console.md#sign-in)
export function GET(): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Too many sign-in links</title></head><body style="font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem"><main><h1>Too many sign-in links</h1><p>Too many sign-in links were asked for. Try again within the hour, or use the last link you were sent.</p><p><a href="/console/sign-in">Back to sign in</a></p></main></body></html>`;
  return new Response(html, { status: 429, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "3600" } });
}
