// @ts-check
// Installs the service worker (sw.js) that lets the page work offline, and
// tells the player when a new version of the page is ready: a notice with
// a button that switches to it and reloads.
import { $ } from "./dom.js";

export function registerOffline() {
  if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
  const sw = navigator.serviceWorker;
  // A page first taken over by the first version (its install) needs no
  // reload; any later change of worker is a new version the player asked for.
  let controlled = Boolean(sw.controller);
  sw.register("sw.js")
    .then((reg) => {
      const offer = (/** @type {ServiceWorker | null} */ worker) => {
        if (!worker || !sw.controller) return; // the first install needs no reload
        $("update-notice").hidden = false;
        $("update-reload").onclick = () => worker.postMessage("activate");
      };
      offer(reg.waiting);
      reg.addEventListener("updatefound", () => {
        const worker = reg.installing;
        worker?.addEventListener("statechange", () => worker.state === "installed" && offer(worker));
      });
    })
    .catch(() => {}); // no offline use (a private window may refuse it); the page works as before
  sw.addEventListener("controllerchange", () => {
    if (controlled) location.reload();
    controlled = true;
  });
}
