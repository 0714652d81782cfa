// strip-internal.mjs — leaves the library's internals out of its type
// declarations (./build.sh site): each member whose JSDoc says @internal is
// removed from the .d.ts files given, with its comment. (tsc's
// stripInternal does not apply to declarations emitted from JavaScript.)
//   node scripts/strip-internal.mjs FILE.d.ts…
import { readFileSync, writeFileSync } from "node:fs";

for (const file of process.argv.slice(2)) {
  const lines = readFileSync(file, "utf8").split("\n");
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].trim().startsWith("/**")) {
      out.push(lines[i]);
      continue;
    }
    let end = i;
    while (!lines[end].includes("*/")) end++;
    const comment = lines.slice(i, end + 1);
    if (!comment.some((l) => l.includes("@internal"))) {
      out.push(...comment);
      i = end;
      continue;
    }
    // The member: up to the line that ends it at the comment's depth.
    let last = end + 1;
    let depth = 0;
    for (; last < lines.length; last++) {
      for (const c of lines[last]) depth += c === "{" || c === "(" ? 1 : c === "}" || c === ")" ? -1 : 0;
      if (depth === 0 && lines[last].trimEnd().endsWith(";")) break;
    }
    if (last >= lines.length) throw new Error(`${file}:${i + 1}: an @internal comment with no member after it`);
    i = last;
  }
  const text = out.join("\n");
  if (text.includes("@internal")) throw new Error(`${file}: an @internal member is left`);
  writeFileSync(file, text);
}
