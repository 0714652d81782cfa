// @ts-check
// cm-chessboard writes three inline styles through the style attribute
// (the coordinates' font size, the dragged piece's pointer-events and
// position), which a Content-Security-Policy without 'unsafe-inline'
// refuses: the coordinates then lose their size and a dragged piece stops
// following the pointer. The same declarations set through the CSSOM
// (style.cssText) are not inline markup and are allowed, so the board's
// two ways of writing an element's attributes take "style" that way.
// Imported for its effect by boardview.js, before any board is made.
import { Svg } from "cm-chessboard/src/lib/Svg.js";

const addElement = Svg.addElement;
/** @param {Element} parent @param {string} name @param {Record<string, string>} [attributes] */
Svg.addElement = (parent, name, attributes = {}) => {
  const { style, ...rest } = attributes;
  const el = addElement.call(Svg, parent, name, rest);
  if (style !== undefined) el.style.cssText = style;
  return el;
};

const createSvg = Svg.createSvg;
/** @param {Element} [container] */
Svg.createSvg = (container) => {
  /** @type {SVGSVGElement} */
  const svg = createSvg.call(Svg, container);
  const setAttribute = svg.setAttribute.bind(svg);
  svg.setAttribute = (name, value) => (name === "style" ? void (svg.style.cssText = value) : setAttribute(name, value));
  return svg;
};
