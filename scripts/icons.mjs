// icons.mjs — draws the app's icons (static/icons/icon-192.png and
// icon-512.png, for the web app manifest): a small chessboard in the
// board's colours on the page's panel colour, with the accent's dot on one
// square. Plain pixels, written as PNG with Node's zlib. Run once after a
// change: node scripts/icons.mjs
import { deflateSync } from "node:zlib";
import { writeFileSync } from "node:fs";

const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const PANEL = rgb("#2a2d34"),
  LIGHT = rgb("#ecdab9"),
  DARK = rgb("#c5a076"),
  ACCENT = rgb("#7fa650");

function pixel(x, y, size) {
  const margin = size * 0.16,
    cell = (size - 2 * margin) / 4;
  const fx = (x - margin) / cell,
    fy = (y - margin) / cell;
  if (fx < 0 || fy < 0 || fx >= 4 || fy >= 4) return PANEL;
  const [cx, cy] = [Math.floor(fx), Math.floor(fy)];
  // The dot: on the square b3 of the little board (column 1, row 1).
  if (cx === 1 && cy === 1 && (fx - 1.5) ** 2 + (fy - 1.5) ** 2 < 0.3 ** 2) return ACCENT;
  return (cx + cy) % 2 === 0 ? LIGHT : DARK;
}

// crc32 of a PNG chunk's type and data.
function crc32(buf) {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "ascii");
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

function png(size) {
  const raw = Buffer.alloc(size * (1 + 3 * size));
  for (let y = 0; y < size; y++) {
    const row = y * (1 + 3 * size); // filter byte 0: none
    for (let x = 0; x < size; x++) raw.set(pixel(x, y, size), row + 1 + 3 * x);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

for (const size of [192, 512]) writeFileSync(`static/icons/icon-${size}.png`, png(size));
