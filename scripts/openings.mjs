// Builds static/openings.tsv, the opening names the play page shows, from
// the data files of eco.json (https://github.com/JeffML/eco.json, MIT
// licence, published on npm as @chess-openings/eco.json, whose package
// fetches these files from GitHub at run time — the page must not, so
// they are reduced to what it needs and committed).
//
//   node scripts/openings.mjs DIR   # DIR holds ecoA.json … ecoE.json, eco_interpolated.json
//
// After a first line that credits the data, each line: the position (piece placement and side to move, the first two
// FEN fields), the ECO code and the name, tab-separated, sorted.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.argv[2];
if (!dir) {
  console.error("usage: node scripts/openings.mjs DIR");
  process.exit(2);
}
const byPosition = new Map();
for (const file of ["ecoA", "ecoB", "ecoC", "ecoD", "ecoE", "eco_interpolated"]) {
  const data = JSON.parse(readFileSync(join(dir, `${file}.json`), "utf8"));
  for (const [fen, o] of Object.entries(data)) {
    const key = fen.split(" ").slice(0, 2).join(" ");
    // The ECO files come first: their names win over interpolated ones.
    if (!byPosition.has(key)) byPosition.set(key, `${o.eco}\t${o.name.replace(/\s+/g, " ").trim()}`);
  }
}
const lines = [...byPosition].map(([k, v]) => `${k}\t${v}`).sort();
// The first line credits the data (the page skips lines without two tabs).
const credit = "# Opening names from eco.json, https://github.com/JeffML/eco.json - MIT License, Copyright (c) 2017 Ömür Yanıkoğlu";
writeFileSync("static/openings.tsv", [credit, ...lines].join("\n") + "\n");
console.log(`static/openings.tsv: ${lines.length} positions`);
