/*
 * Booking widget loader, served as /embed.js (app/embed.js/route.ts puts the texts below in
 * from the message files, embed.loader.* in each language). Paste on any page:
 *   <script src="https://<app>/embed.js" data-slug="your-slug" data-mode="inline"></script>
 *   data-mode="popup" shows a button (text from data-label) that opens the flow in a modal.
 *   data-theme="light|dark|auto" and data-brand-color="#rrggbb" override the workspace's theme
 *   and colour for this embed only (docs/brand.md); a value the API would refuse is ignored.
 * Language: the host page's <html lang> picks the loader's own words (the button, the close
 * button, the fallback link) and goes to the frame as `lang`, so the flow speaks it too.
 * Events on the host page (CustomEvent, bubbling from the widget's container):
 *   booking:ready, booking:slot_selected {starts_at},
 *   booking:booking_submitted and booking:booking_confirmed {id, status, starts_at},
 *   booking:error {reason, booking_url}: the flow cannot be shown here, and a plain link to the
 *   booking page stands in its place. reason "origin_not_allowed": this site is not on the
 *   publishable key's allowed_origins; "unavailable": the frame did not load in time (network,
 *   server, unknown slug). A frame that was only slow still appears (booking:ready follows).
 * Messages are accepted only from the app's origin AND the widget's own frame, and sent only
 * to the app's origin, never "*". No dependencies, no cookies.
 */
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !script.getAttribute("data-slug")) return;

  // Replaced when served: { en: { button, close, frameTitle, refused, unavailable, link }, es: …, … }.
  var TEXTS = /* EMBED_TEXTS */ {};
  var hostLang = document.documentElement.lang || "";
  var text = TEXTS[hostLang.toLowerCase().split("-")[0]] || TEXTS.en;
  var slug = script.getAttribute("data-slug");
  var mode = script.getAttribute("data-mode") === "popup" ? "popup" : "inline";
  var label = script.getAttribute("data-label") || text.button;
  var theme = /^(light|dark|auto)$/.test(script.getAttribute("data-theme") || "") ? script.getAttribute("data-theme") : null;
  var brandColor = /^#[0-9a-fA-F]{6}$/.test(script.getAttribute("data-brand-color") || "") ? script.getAttribute("data-brand-color").toLowerCase() : null;
  // Replaced when served: the frame's surface in each scheme (lib/brand/palette.ts), so the frame is never a white box before a dark page loads.
  var SURFACES = /* EMBED_SURFACES */ {};
  var appOrigin = new URL(script.src, location.href).origin;
  var FRAME = "bk-embed";
  var HOST = "bk-embed-host";
  var EVENTS = { ready: 1, slot_selected: 1, booking_submitted: 1, booking_confirmed: 1 };
  var bookingUrl = appOrigin + "/book/" + encodeURIComponent(slug);
  // After the frame's load event our page says "ready" within a moment; a browser error page never does.
  var READY_AFTER_LOAD_MS = 8000;
  var READY_AT_ALL_MS = 30000;

  injectStyles();
  var container = document.createElement("div");
  container.className = "bk-embed bk-embed-" + mode + " bk-embed-scheme-" + (theme || "auto");
  if (brandColor) {
    container.setAttribute("data-brand", "");
    container.style.setProperty("--bk-brand", brandColor);
  }
  script.parentNode.insertBefore(container, script.nextSibling);

  var frame = null;
  var overlay = null;
  var opener = null;
  var frameReady = false;
  var fallback = null;
  var timers = [];

  function frameUrl() {
    var url = appOrigin + "/embed/" + encodeURIComponent(slug) + "?mode=" + mode + "&origin=" + encodeURIComponent(location.origin);
    if (theme) url += "&theme=" + theme;
    if (brandColor) url += "&brand_color=" + encodeURIComponent(brandColor);
    return hostLang ? url + "&lang=" + encodeURIComponent(hostLang) : url;
  }

  function makeFrame() {
    var iframe = document.createElement("iframe");
    iframe.src = frameUrl();
    iframe.title = text.frameTitle;
    iframe.className = "bk-embed-frame";
    iframe.setAttribute("allow", "payment");
    timers.push(
      setTimeout(function () {
        fail("unavailable");
      }, READY_AT_ALL_MS),
    );
    iframe.addEventListener("load", function () {
      timers.push(
        setTimeout(function () {
          fail("unavailable");
        }, READY_AFTER_LOAD_MS),
      );
    });
    return iframe;
  }

  function clearTimers() {
    while (timers.length) clearTimeout(timers.pop());
  }

  // The flow cannot be shown: a plain link to the booking page takes the frame's place.
  function fail(reason) {
    clearTimers();
    if (frameReady || fallback || !frame) return;
    fallback = document.createElement("div");
    fallback.className = "bk-embed-fallback";
    var message = document.createElement("p");
    message.textContent = reason === "origin_not_allowed" ? text.refused : text.unavailable;
    var link = document.createElement("a");
    link.href = bookingUrl;
    link.textContent = text.link;
    fallback.appendChild(message);
    fallback.appendChild(link);
    frame.parentNode.insertBefore(fallback, frame);
    // A refused frame never recovers; a slow one may still say "ready" and take its place back.
    if (reason === "origin_not_allowed") {
      frame.parentNode.removeChild(frame);
    } else {
      frame.style.display = "none";
    }
    if (overlay && !overlay.hidden) link.focus();
    container.dispatchEvent(new CustomEvent("booking:error", { bubbles: true, detail: { reason: reason, booking_url: bookingUrl } }));
  }

  function recover() {
    if (!fallback) return;
    var hadFocus = fallback.contains(document.activeElement);
    fallback.parentNode.removeChild(fallback);
    fallback = null;
    frame.style.display = "";
    if (hadFocus) frame.focus();
  }

  function send(type) {
    if (frame && frame.contentWindow) frame.contentWindow.postMessage({ source: HOST, v: 1, type: type }, appOrigin);
  }

  // Only what a host page needs: never a token, link, code or customer detail.
  function detailFor(type, data) {
    data = data || {};
    if (type === "slot_selected") return { starts_at: String(data.starts_at) };
    if (type === "booking_submitted" || type === "booking_confirmed") {
      return { id: String(data.id), status: String(data.status), starts_at: String(data.starts_at) };
    }
    return {};
  }

  window.addEventListener("message", function (event) {
    if (!frame || event.origin !== appOrigin || event.source !== frame.contentWindow) return;
    var message = event.data;
    if (!message || message.source !== FRAME || message.v !== 1) return;
    if (message.type === "resize" && message.data && typeof message.data.height === "number") {
      frame.style.height = Math.max(0, Math.ceil(message.data.height)) + "px";
    } else if (message.type === "close") {
      close();
    } else if (message.type === "error") {
      fail(message.data && message.data.reason === "origin_not_allowed" ? "origin_not_allowed" : "unavailable");
    } else if (EVENTS[message.type]) {
      // The frame is ready only after it loads: move focus into it if the popup is open.
      if (message.type === "ready") {
        clearTimers();
        recover();
        frameReady = true;
      }
      if (message.type === "ready" && overlay && !overlay.hidden) send("focus");
      container.dispatchEvent(new CustomEvent("booking:" + message.type, { bubbles: true, detail: detailFor(message.type, message.data) }));
    }
  });

  if (mode === "inline") {
    frame = makeFrame();
    container.appendChild(frame);
    return;
  }

  var button = document.createElement("button");
  button.type = "button";
  button.className = "bk-embed-button";
  button.setAttribute("aria-haspopup", "dialog");
  button.textContent = label;
  button.addEventListener("click", open);
  container.appendChild(button);

  function buildOverlay() {
    overlay = document.createElement("div");
    overlay.className = "bk-embed-overlay";
    overlay.hidden = true;
    var dialog = document.createElement("div");
    dialog.className = "bk-embed-dialog";
    dialog.setAttribute("role", "dialog");
    dialog.setAttribute("aria-modal", "true");
    dialog.setAttribute("aria-label", label);
    // Focus trap: sentinels before and after send focus back into the dialog.
    var first = sentinel();
    var last = sentinel();
    var closeButton = document.createElement("button");
    closeButton.type = "button";
    closeButton.className = "bk-embed-close";
    closeButton.setAttribute("aria-label", text.close);
    closeButton.innerHTML = '<span aria-hidden="true">&times;</span>';
    closeButton.addEventListener("click", close);
    frame = makeFrame();
    first.addEventListener("focus", focusContent);
    last.addEventListener("focus", function () {
      closeButton.focus();
    });
    var scroller = document.createElement("div");
    scroller.className = "bk-embed-scroller";
    scroller.appendChild(frame);
    dialog.appendChild(first);
    dialog.appendChild(closeButton);
    dialog.appendChild(scroller);
    dialog.appendChild(last);
    overlay.appendChild(dialog);
    overlay.addEventListener("keydown", function (event) {
      if (event.key === "Escape") {
        event.preventDefault();
        close();
      }
    });
    overlay.addEventListener("click", function (event) {
      if (event.target === overlay) close();
    });
    document.body.appendChild(overlay);
  }

  // The frame, or the link that stands in for it.
  function focusContent() {
    if (fallback) fallback.querySelector("a").focus();
    else frame.focus();
  }

  function sentinel() {
    var span = document.createElement("span");
    span.tabIndex = 0;
    span.className = "bk-embed-sentinel";
    return span;
  }

  function open() {
    if (!overlay) buildOverlay();
    opener = document.activeElement;
    overlay.hidden = false;
    document.documentElement.classList.add("bk-embed-open");
    focusContent();
    if (frameReady) send("focus");
  }

  function close() {
    if (!overlay || overlay.hidden) return;
    overlay.hidden = true;
    document.documentElement.classList.remove("bk-embed-open");
    if (opener && opener.focus) opener.focus();
  }

  function injectStyles() {
    if (document.getElementById("bk-embed-styles")) return;
    var style = document.createElement("style");
    style.id = "bk-embed-styles";
    style.textContent =
      ".bk-embed-frame{display:block;width:100%;min-height:320px;border:0;color-scheme:light dark;background:light-dark(" +
      SURFACES.light +
      "," +
      SURFACES.dark +
      ")}" +
      ".bk-embed-scheme-light .bk-embed-frame{color-scheme:light}.bk-embed-scheme-dark .bk-embed-frame{color-scheme:dark}" +
      ".bk-embed-inline .bk-embed-frame{border-radius:16px}" +
      ".bk-embed-button{font:inherit;font-weight:600;padding:12px 20px;min-height:44px;border:0;border-radius:10px;background:#3451c7;color:#fff;cursor:pointer}" +
      ".bk-embed-button:hover{background:#2a43a8}" +
      // data-brand-color: the button in that colour, its text white or black by the colour's
      // relative luminance (y in xyz-d65, as WCAG defines it): at 0.179 either choice holds 4.5:1.
      "@supports (color:color(from red xyz-d65 x y z)){" +
      ".bk-embed[data-brand] .bk-embed-button,.bk-embed[data-brand] .bk-embed-button:hover{background:var(--bk-brand);--bk-on:clamp(0,(0.179 - y) * 100000,1);" +
      "color:color(from var(--bk-brand) xyz-d65 calc(var(--bk-on) * 0.9505) var(--bk-on) calc(var(--bk-on) * 1.089))}" +
      ".bk-embed[data-brand] .bk-embed-button:hover{text-decoration:underline}}" +
      ".bk-embed-button:focus-visible,.bk-embed-close:focus-visible,.bk-embed-frame:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}" +
      ".bk-embed-overlay{position:fixed;inset:0;z-index:2147483000;display:flex;align-items:center;justify-content:center;padding:16px;background:rgba(16,24,40,.55)}" +
      ".bk-embed-overlay[hidden]{display:none}" +
      ".bk-embed-dialog{position:relative;display:flex;width:min(760px,100%);max-height:calc(100vh - 32px);overflow:hidden;border-radius:16px;background:#fff;box-shadow:0 24px 48px rgba(16,24,40,.18)}" +
      ".bk-embed-scroller{flex:1;min-width:0;overflow:auto;overscroll-behavior:contain}" +
      ".bk-embed-dialog .bk-embed-frame{min-height:min(600px,calc(100vh - 96px))}" +
      ".bk-embed-close{position:absolute;top:8px;right:8px;z-index:1;width:44px;height:44px;border:1px solid #dde1e8;border-radius:50%;background:#fff;color:#1b2030;font-size:24px;line-height:1;cursor:pointer}" +
      ".bk-embed-fallback{margin:0;padding:20px;border:1px solid #dde1e8;border-radius:16px;background:#fff;color:#1b2030;font:inherit;line-height:1.5}" +
      ".bk-embed-fallback p{margin:0 0 8px}" +
      ".bk-embed-fallback a{color:#1d4ed8;font-weight:600;text-decoration:underline}" +
      ".bk-embed-fallback a:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}" +
      ".bk-embed-dialog .bk-embed-fallback{border:0;padding:64px 24px 24px}" +
      ".bk-embed-sentinel{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}" +
      "html.bk-embed-open{overflow:hidden}" +
      "@media (max-width:480px){.bk-embed-overlay{padding:0}.bk-embed-dialog{max-height:100%;height:100%;border-radius:0}}";
    document.head.appendChild(style);
  }
})();
