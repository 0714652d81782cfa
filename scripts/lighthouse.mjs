// Lighthouse over the built page (./build.sh lighthouse): the mobile and
// desktop presets, run in Debian's Chromium against `kibitz serve` on
// dist/. Lighthouse 13.5.0 is installed on first use under .cache/ (it is
// large, and only this target needs it). Prints each category's score and
// the performance metrics, and each audit that is not passed in the
// accessibility, best-practices and SEO categories; writes the reports to
// test-results/lighthouse-{mobile,desktop}.json. Performance figures need
// the machine's cores to themselves.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { startNative } from "../tests/workerd.mjs";

const VERSION = "13.5.0";
const prefix = ".cache/lighthouse";
const bin = `${prefix}/node_modules/.bin/lighthouse`;
const installed =
  existsSync(`${prefix}/node_modules/lighthouse/package.json`) && JSON.parse(readFileSync(`${prefix}/node_modules/lighthouse/package.json`, "utf8")).version;
if (installed !== VERSION) {
  console.log(`installing lighthouse ${VERSION} under ${prefix}`);
  mkdirSync(prefix, { recursive: true });
  execFileSync("npm", ["install", "--prefix", prefix, "--no-save", "--no-audit", "--no-fund", "--loglevel=error", `lighthouse@${VERSION}`], {
    stdio: "inherit",
  });
}
mkdirSync("test-results", { recursive: true });
const server = await startNative();
const chrome = process.env.CHROMIUM ? (process.env.CHROMIUM.includes("/") ? process.env.CHROMIUM : `/usr/bin/${process.env.CHROMIUM}`) : "/usr/bin/chromium";
const METRICS = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"];
try {
  for (const preset of ["mobile", "desktop"]) {
    const out = `test-results/lighthouse-${preset}.json`;
    execFileSync(
      bin,
      [
        `${server.url}/`,
        `--chrome-path=${chrome}`,
        "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
        ...(preset === "desktop" ? ["--preset=desktop"] : []),
        "--output=json",
        `--output-path=${out}`,
        "--quiet",
      ],
      { stdio: "inherit" },
    );
    const report = JSON.parse(readFileSync(out, "utf8"));
    const cats = ["performance", "accessibility", "best-practices", "seo"].map((c) => `${c} ${Math.round(report.categories[c].score * 100)}`);
    console.log(`${preset}: ${cats.join(", ")}`);
    console.log(`  ${METRICS.map((m) => `${m} ${report.audits[m].displayValue}`).join(", ")}`);
    for (const c of ["accessibility", "best-practices", "seo"]) {
      for (const ref of report.categories[c].auditRefs) {
        const a = report.audits[ref.id];
        if (ref.weight > 0 && a.score !== null && a.score < 1) console.log(`  ${c}: ${a.id} — ${a.title}`);
      }
    }
  }
} finally {
  server.stop();
}
