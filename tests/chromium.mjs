// launchChromium starts the headless Chromium that the browser tests and
// benchmarks drive: $CHROMIUM (a path, or a name under /usr/bin) or
// Debian's /usr/bin/chromium, with what a test machine needs off (the
// sandbox, the GPU, QUIC, first-run and background traffic).
import { chromium } from "playwright-core";

export function launchChromium() {
  const named = process.env.CHROMIUM;
  return chromium.launch({
    executablePath: named ? (named.includes("/") ? named : `/usr/bin/${named}`) : "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}
