// A site that uses the library as a web developer would: installed from
// npm, imported by its name, bundled by the site's own bundler with no
// option about it (tests/bundlers.test.mjs builds it with each bundler).
import { createEngine } from "kibitz-chess";
import "kibitz-chess/element";

const out = /** @type {HTMLElement} */ (document.getElementById("out"));
createEngine().then(
  async (engine) => {
    const r = await engine.search({ depth: 4 });
    out.textContent = `bestmove ${r.bestmove}`;
  },
  (err) => {
    out.textContent = `error ${err.name} ${err.code}: ${err.message}`;
  },
);
