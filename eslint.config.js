// The page's lint rules (npx eslint): ESLint's recommended set over the
// page's modules, its worker, the node tests and the build scripts.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["dist/", "bin/", "node_modules/", "web/worker/build/", "test-results/"] },
  js.configs.recommended,
  {
    files: ["static/**/*.js"],
    languageOptions: { globals: { ...globals.browser, KIBITZ_WORKER: "readonly", KIBITZ_STANDALONE: "readonly" } },
  },
  {
    files: ["examples/**/*.js", "tests/bundlers/*.js"],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ["static/engine-worker.js"],
    languageOptions: { globals: { ...globals.worker, Go: "readonly", kibitz: "readonly" } },
  },
  {
    files: ["static/sw.js"],
    languageOptions: { globals: { ...globals.serviceworker, KIBITZ_VERSION: "readonly" } },
  },
  {
    files: ["tests/**/*.mjs", "scripts/**/*.mjs", "wasm/**/*.mjs", "web/worker/*.mjs"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ["web/worker/worker.mjs"],
    languageOptions: { globals: { Go: "readonly" } },
  },
  {
    rules: {
      "no-unused-vars": ["error", { args: "after-used", caughtErrors: "none" }],
      eqeqeq: ["error", "always"],
      "no-var": "error",
      "prefer-const": "error",
    },
  },
];
