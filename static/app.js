// @ts-check
// The play page's entry point: its style sheets, the start of play.js and
// the service worker for offline use.
import "cm-chessboard/assets/chessboard.css";
import "cm-chessboard/assets/extensions/markers/markers.css";
import "cm-chessboard/assets/extensions/arrows/arrows.css";
import "cm-chessboard/assets/extensions/promotion-dialog/promotion-dialog.css";
import "./style.css";
import { start } from "./play.js";
import { registerOffline } from "./offline.js";

start();
registerOffline();
