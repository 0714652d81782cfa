// @ts-check
// The play page's entry point: its style sheets, the start of play.js and
// the service worker for offline use, once the first game is up.
import "cm-chessboard/assets/chessboard.css";
import "cm-chessboard/assets/extensions/markers/markers.css";
import "cm-chessboard/assets/extensions/arrows/arrows.css";
import "cm-chessboard/assets/extensions/promotion-dialog/promotion-dialog.css";
import "./style.css";
import { start } from "./play.js";
import { registerOffline } from "./offline.js";

// The service worker's first install fetches every file of the page: it
// waits until the engine is ready and the first game set up, so that it
// does not compete with the engine's own downloads on a first visit.
start().finally(registerOffline);
