/*
 * Booking widget loader. Paste on any page:
 *   <script src="https://<app>/embed.js" data-slug="your-slug" data-mode="inline"></script>
 *   data-mode="popup" shows a button (text from data-label) that opens the flow in a modal.
 * Events on the host page (CustomEvent, bubbling from the widget's container):
 *   booking:ready, booking:slot_selected {starts_at},
 *   booking:booking_submitted and booking:booking_confirmed {id, status, starts_at}.
 * Messages are accepted only from the app's origin AND the widget's own frame, and sent only
 * to the app's origin, never "*". No dependencies, no cookies.
 */
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !script.getAttribute("data-slug")) return;

  var slug = script.getAttribute("data-slug");
  var mode = script.getAttribute("data-mode") === "popup" ? "popup" : "inline";
  var label = script.getAttribute("data-label") || "Book now";
  var appOrigin = new URL(script.src, location.href).origin;
  var FRAME = "bk-embed";
  var HOST = "bk-embed-host";
  var EVENTS = { ready: 1, slot_selected: 1, booking_submitted: 1, booking_confirmed: 1 };

  injectStyles();
  var container = document.createElement("div");
  container.className = "bk-embed bk-embed-" + mode;
  script.parentNode.insertBefore(container, script.nextSibling);

  var frame = null;
  var overlay = null;
  var opener = null;
  var frameReady = false;

  function frameUrl() {
    return appOrigin + "/embed/" + encodeURIComponent(slug) + "?mode=" + mode + "&origin=" + encodeURIComponent(location.origin);
  }

  function makeFrame() {
    var iframe = document.createElement("iframe");
    iframe.src = frameUrl();
    iframe.title = "Online booking";
    iframe.className = "bk-embed-frame";
    iframe.setAttribute("allow", "payment");
    return iframe;
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
    } else if (EVENTS[message.type]) {
      // The frame is ready only after it loads: move focus into it if the popup is open.
      if (message.type === "ready") frameReady = true;
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
    closeButton.setAttribute("aria-label", "Close booking");
    closeButton.innerHTML = '<span aria-hidden="true">&times;</span>';
    closeButton.addEventListener("click", close);
    frame = makeFrame();
    first.addEventListener("focus", function () {
      frame.focus();
    });
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
    frame.focus();
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
      ".bk-embed-frame{display:block;width:100%;min-height:320px;border:0;background:#fff;color-scheme:light}" +
      ".bk-embed-inline .bk-embed-frame{border-radius:16px}" +
      ".bk-embed-button{font:inherit;font-weight:600;padding:12px 20px;min-height:44px;border:0;border-radius:10px;background:#3451c7;color:#fff;cursor:pointer}" +
      ".bk-embed-button:hover{background:#2a43a8}" +
      ".bk-embed-button:focus-visible,.bk-embed-close:focus-visible,.bk-embed-frame:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}" +
      ".bk-embed-overlay{position:fixed;inset:0;z-index:2147483000;display:flex;align-items:center;justify-content:center;padding:16px;background:rgba(16,24,40,.55)}" +
      ".bk-embed-overlay[hidden]{display:none}" +
      ".bk-embed-dialog{position:relative;display:flex;width:min(760px,100%);max-height:calc(100vh - 32px);overflow:hidden;border-radius:16px;background:#fff;box-shadow:0 24px 48px rgba(16,24,40,.18)}" +
      ".bk-embed-scroller{flex:1;min-width:0;overflow:auto;overscroll-behavior:contain}" +
      ".bk-embed-dialog .bk-embed-frame{min-height:min(600px,calc(100vh - 96px))}" +
      ".bk-embed-close{position:absolute;top:8px;right:8px;z-index:1;width:44px;height:44px;border:1px solid #dde1e8;border-radius:50%;background:#fff;color:#1b2030;font-size:24px;line-height:1;cursor:pointer}" +
      ".bk-embed-sentinel{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}" +
      "html.bk-embed-open{overflow:hidden}" +
      "@media (max-width:480px){.bk-embed-overlay{padding:0}.bk-embed-dialog{max-height:100%;height:100%;border-radius:0}}";
    document.head.appendChild(style);
  }
})();
