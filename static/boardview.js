// The page's chessboard: cm-chessboard with markers, arrows, the promotion
// dialog and its accessibility extension. BoardView shows positions one
// after another (overlapping animations lose pieces), marks the last move
// and a king in check, and turns move input on and off; a move begun while
// it still draws a position waits for it (heldinput.js).
import { Chess } from "./chessrules.js";
import { Chessboard, COLOR, BORDER_TYPE } from "cm-chessboard/src/Chessboard.js";
import { Markers, MARKER_TYPE } from "cm-chessboard/src/extensions/markers/Markers.js";
import { Arrows } from "cm-chessboard/src/extensions/arrows/Arrows.js";
import { PromotionDialog } from "cm-chessboard/src/extensions/promotion-dialog/PromotionDialog.js";
import { Accessibility } from "cm-chessboard/src/extensions/accessibility/Accessibility.js";
import "./csp-board.js";
import { holdInput } from "./heldinput.js";
// The board's images, given content-hashed names by the bundler.
import piecesUrl from "cm-chessboard/assets/pieces/standard.svg";
import markersUrl from "cm-chessboard/assets/extensions/markers/markers.svg";
import arrowsUrl from "cm-chessboard/assets/extensions/arrows/arrows.svg";

// The element cm-chessboard keeps the piece sprite in (ChessboardView).
const SPRITE_CACHE = "cm-chessboard-sprite";
const LAST_MOVE = { class: "marker-last-move", slice: "markerSquare" };
const CHECK = { class: "marker-check", slice: "markerCircleFilled" };

export class BoardView {
  /**
   * @param {HTMLElement} el
   * @param {string} [assetFolder] the folder that holds the images, when
   *   not the one the bundle names them in (a host that copied the files)
   * @param {string} [pieces] the piece set's sprite (pieces.js), standard's by default
   */
  constructor(el, assetFolder, pieces = piecesUrl) {
    // The file's name is the address's last part, or its fragment for the
    // standalone element's blob: addresses (scripts/standalone.mjs).
    const at = (/** @type {string} */ url) =>
      assetFolder ? new URL(url.slice(Math.max(url.lastIndexOf("/"), url.lastIndexOf("#")) + 1), assetFolder).href : url;
    this.at = at;
    this.cm = new Chessboard(el, {
      position: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
      assetsUrl: "",
      // On a phone's small board the coordinates go in a frame, clear of the pieces.
      style: {
        borderType: matchMedia("(max-width: 720px)").matches ? BORDER_TYPE.frame : BORDER_TYPE.none,
        showCoordinates: true,
        animationDuration: 200,
        pieces: { file: at(pieces) },
      },
      extensions: [
        { class: Markers, props: { autoMarkers: MARKER_TYPE.frame, sprite: at(markersUrl) } },
        { class: Arrows, props: { sprite: at(arrowsUrl) } },
        { class: PromotionDialog },
        // The page has its own keyboard move form (it goes through the same
        // path as a move on the board); the extension's hidden one did not.
        { class: Accessibility, props: { boardAsTable: false, piecesAsList: false, movePieceForm: false, language: "en" } },
      ],
    });
    /** @type {string | null} */
    this.fen = null; // the position shown, or being animated to
    /** @type {Promise<void>} */
    this.queue = Promise.resolve();
    /** positions given to show and not yet drawn */
    this.drawing = 0;
    this.held = holdInput(el, () => this.drawing > 0);
    /** @type {string | null} */
    this.inputColor = null;
    /** @type {((event: any) => any) | null} */
    this.inputHandler = null;
  }

  // setPieces draws the pieces from another set's sprite. cm-chessboard
  // keeps the sprite once in the page (every board's pieces point into
  // it), so the page's copy is replaced and the pieces drawn again.
  /** @param {string} sprite */
  setPieces(sprite) {
    const file = this.at(sprite);
    const style = this.cm.props.style;
    if (style.pieces.file === file) return;
    style.pieces.file = file;
    document.getElementById(SPRITE_CACHE)?.remove();
    this.cm.view.cacheSpriteToDiv(SPRITE_CACHE, file);
    this.cm.view.redrawPieces();
  }

  // show animates the board to fen and marks lastMove ({from, to} or
  // null) and a king in check. A queued update superseded by a newer one is
  // skipped, and the view is made exact when an animation ends.
  /** @param {string} fen @param {{from: string, to: string} | null} lastMove */
  show(fen, lastMove) {
    this.fen = fen;
    const cm = this.cm;
    this.drawing++;
    this.queue = this.queue
      .then(async () => {
        if (this.fen !== fen) return;
        await cm.setPosition(fen, true);
        if (cm.getPosition() !== fen.split(" ")[0]) await cm.setPosition(fen, false);
      })
      .catch(() => cm.setPosition(fen, false))
      .finally(() => {
        if (--this.drawing === 0) this.held.release();
      });
    cm.removeMarkers(LAST_MOVE);
    cm.removeMarkers(CHECK);
    if (lastMove) {
      cm.addMarker(LAST_MOVE, lastMove.from);
      cm.addMarker(LAST_MOVE, lastMove.to);
    }
    const view = new Chess(fen);
    if (view.inCheck()) {
      const king = view.findPiece({ type: "k", color: view.turn() })[0];
      if (king) cm.addMarker(CHECK, king);
    }
  }

  // setInput lets the given colour ("w", "b") move pieces through handler,
  // or nobody (null). cm-chessboard refuses to enable input twice, so the
  // colour and the handler are tracked.
  /** @param {string | null} color @param {(event: any) => any} handler cm-chessboard's input callback */
  setInput(color, handler) {
    if (color === this.inputColor && (!color || handler === this.inputHandler)) return;
    if (this.inputColor) this.cm.disableMoveInput();
    if (color) this.cm.enableMoveInput(handler, color === "w" ? COLOR.white : COLOR.black);
    this.inputColor = color;
    this.inputHandler = handler;
  }

  // setOrientation resolves when the board has been redrawn.
  /** @param {boolean} blackBottom @returns {Promise<void>} */
  setOrientation(blackBottom) {
    return this.cm.setOrientation(blackBottom ? COLOR.black : COLOR.white);
  }

  get blackBottom() {
    return this.cm.getOrientation() === COLOR.black;
  }
}
