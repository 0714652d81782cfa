// wasm-size.mjs — where a Go wasm module's bytes go: each section's size
// raw and with brotli, then the code by Go package (the function bodies of
// each package, raw and brotli-compressed on their own: a package's share
// of the module on the wire, roughly, since brotli compresses the whole
// module at once) and the largest functions. Names come from the module's
// "name" section, so give it a module built without -ldflags=-s (the
// shipped modules are stripped; the code is the same).
//   node scripts/wasm-size.mjs MODULE.wasm [TOP]
//   node scripts/wasm-size.mjs --strip IN.wasm OUT.wasm   writes IN without its
//     name section: the module -ldflags=-s would have built (./build.sh wasm
//     builds the SIMD module once with names, for this report, and ships it so)
import { readFileSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants } from "node:zlib";

const strip = process.argv[2] === "--strip";
const [path, topArg] = process.argv.slice(strip ? 3 : 2);
if (!path || (strip && !topArg)) {
  console.error("usage: node scripts/wasm-size.mjs MODULE.wasm [TOP] | --strip IN.wasm OUT.wasm");
  process.exit(2);
}
const TOP = Number(topArg || 25);
const bytes = readFileSync(path);
if (bytes.readUInt32LE(0) !== 0x6d736100) throw new Error(`${path} is not a WebAssembly module`);

const brotli = (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: b.length } }).length;

// A reader of unsigned LEB128 numbers and names at a position.
function reader(buf, pos = 0) {
  return {
    get pos() {
      return pos;
    },
    set pos(p) {
      pos = p;
    },
    u32() {
      let result = 0,
        shift = 0,
        b;
      do {
        b = buf[pos++];
        result += (b & 0x7f) * 2 ** shift;
        shift += 7;
      } while (b & 0x80);
      return result;
    },
    name() {
      const n = this.u32();
      const s = buf.toString("utf8", pos, pos + n);
      pos += n;
      return s;
    },
  };
}

// The sections, in order.
const SECTION = ["custom", "type", "import", "function", "table", "memory", "global", "export", "start", "element", "code", "data", "datacount"];
const sections = [];
for (const r = reader(bytes, 8); r.pos < bytes.length;) {
  const id = bytes[r.pos++];
  const size = r.u32();
  const start = r.pos;
  const s = { id, kind: SECTION[id] ?? `section ${id}`, start, size };
  if (id === 0) s.kind = `custom "${reader(bytes, start).name()}"`;
  sections.push(s);
  r.pos = start + size;
}

if (strip) {
  const named = sections.find((s) => s.kind === 'custom "name"');
  if (!named) throw new Error(`${path} has no name section`);
  // The section's id byte and size come before its start.
  let head = named.start - 1;
  while (bytes[head - 1] & 0x80) head--;
  writeFileSync(topArg, Buffer.concat([bytes.subarray(0, head - 1), bytes.subarray(named.start + named.size)]));
  process.exit(0);
}

// The imported functions come first in the function index space.
let imported = 0;
const imports = sections.find((s) => s.id === 2);
if (imports) {
  const r = reader(bytes, imports.start);
  for (let n = r.u32(); n > 0; n--) {
    r.name();
    r.name();
    const kind = bytes[r.pos++];
    if (kind === 0) {
      imported++;
      r.u32();
    } else if (kind === 1) {
      r.pos++;
      const flags = r.u32();
      r.u32();
      if (flags & 1) r.u32();
    } else if (kind === 2) {
      const flags = r.u32();
      r.u32();
      if (flags & 1) r.u32();
    } else if (kind === 3) {
      r.pos += 2;
    } else throw new Error(`import kind ${kind}`);
  }
}

// Function names (the name section's subsection 1).
const names = new Map();
const nameSection = sections.find((s) => s.kind === 'custom "name"');
if (nameSection) {
  const r = reader(bytes, nameSection.start);
  r.name();
  while (r.pos < nameSection.start + nameSection.size) {
    const sub = bytes[r.pos++];
    const size = r.u32();
    const end = r.pos + size;
    if (sub === 1) for (let n = r.u32(); n > 0; n--) names.set(r.u32(), r.name());
    r.pos = end;
  }
}

// The bodies of the code section.
const code = sections.find((s) => s.id === 10);
const bodies = [];
if (code) {
  const r = reader(bytes, code.start);
  const n = r.u32();
  for (let i = 0; i < n; i++) {
    const size = r.u32();
    bodies.push({ name: names.get(imported + i) ?? `func ${imported + i}`, start: r.pos, size });
    r.pos += size;
  }
}

// A Go symbol's package: the import path before the first "." after the
// last "/" (runtime.mallocgc → runtime, kibitz/engine/search.(*Searcher).x
// → kibitz/engine/search); generic instances keep their package's name.
const packageOf = (name) => {
  const slash = name.lastIndexOf("/", name.indexOf("[") >= 0 ? name.indexOf("[") : name.length);
  const dot = name.indexOf(".", slash + 1);
  return dot < 0 ? name : name.slice(0, dot);
};

const kb = (n) => `${(n / 1000).toFixed(1)} kB`;
const total = bytes.length;
console.log(`${path}: ${kb(total)} raw, ${kb(brotli(bytes))} brotli`);
console.log("sections (raw, brotli on its own):");
for (const s of sections.filter((s) => s.size > 1000)) {
  console.log(`  ${s.kind.padEnd(24)} ${kb(s.size).padStart(10)} ${kb(brotli(bytes.subarray(s.start, s.start + s.size))).padStart(10)}`);
}
const byPackage = new Map();
for (const b of bodies) {
  const p = packageOf(b.name);
  const e = byPackage.get(p) ?? { raw: 0, parts: [] };
  e.raw += b.size;
  e.parts.push(bytes.subarray(b.start, b.start + b.size));
  byPackage.set(p, e);
}
const packages = [...byPackage].map(([p, e]) => ({ p, raw: e.raw, br: brotli(Buffer.concat(e.parts)) })).sort((a, b) => b.br - a.br);
console.log(`code by package (${packages.length} packages; raw, brotli on its own), the largest ${TOP}:`);
for (const x of packages.slice(0, TOP)) console.log(`  ${x.p.padEnd(40)} ${kb(x.raw).padStart(10)} ${kb(x.br).padStart(10)}`);
const rest = packages.slice(TOP);
if (rest.length)
  console.log(
    `  ${`the other ${rest.length}`.padEnd(40)} ${kb(rest.reduce((s, x) => s + x.raw, 0)).padStart(10)} ${kb(rest.reduce((s, x) => s + x.br, 0)).padStart(10)}`,
  );
console.log(`the largest functions (raw):`);
for (const b of [...bodies].sort((a, b) => b.size - a.size).slice(0, TOP)) console.log(`  ${b.name.slice(0, 80).padEnd(80)} ${kb(b.size).padStart(10)}`);
