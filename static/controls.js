// The page's settings form and keyboard shortcuts: DOM wiring only, the
// actions themselves belong to the page (play.js and the modules it composes).
import { saveSettings } from "./settings.js";
import { depthReadout, strengthHelp, levels, levelLabel, levelNumber } from "./strength.js";
import { chosenControl } from "./timed.js";
import { controlText } from "./clock.js";
import { $ } from "./dom.js";
import { defaultThreads } from "./team.js";

/**
 * The settings in a few words: the player's side, the engine's strength
 * and the clock.
 * @param {import("./settings.js").Settings} settings
 */
export function settingsSummary(settings) {
  const side = { w: "White", b: "Black", random: "random side" }[settings.side] ?? "White";
  const strength = settings.elo !== null ? `level ${levelNumber(settings.elo)}` : `depth ${settings.depth}`;
  const tc = chosenControl(settings);
  const variant = settings.variant === "chess960" ? `Chess960${settings.chess960 === null ? "" : ` ${settings.chess960}`} · ` : "";
  return `${side} · ${variant}${strength} · ${tc ? controlText(tc) : "no clock"}`;
}

/** Escape folds an open box and gives its summary the focus. @param {HTMLDetailsElement} details */
function foldOnEscape(details) {
  details.addEventListener("keydown", (e) => {
    if (e.key !== "Escape" || !details.open) return;
    details.open = false;
    /** @type {HTMLElement} */ (details.querySelector("summary")).focus();
  });
}

/** Shows the settings in the form's controls. @param {import("./settings.js").Settings} settings */
function showSettings(settings) {
  $("depth").value = String(settings.depth);
  $("side").value = settings.side;
  $("lines").value = String(settings.lines);
  $("threads").value = settings.threads === null ? "auto" : String(settings.threads);
  /** @type {HTMLOptionElement} */ ($("threads").querySelector('option[value="auto"]')).textContent = `Auto (${defaultThreads()})`;
  $("sounds").checked = settings.sounds;
  $("help").checked = settings.help;
  $("theme").value = settings.theme;
  $("board-colours").value = settings.board;
  $("pieces").value = settings.pieces;
  $("confirm-moves").checked = settings.confirm;
  $("coords").checked = settings.coords;
  $("board-size").value = String(settings.size);
}

// bindSettings shows settings in the form and keeps them saved as the
// player changes them; onLines runs when the number of engine lines
// changes, onSounds(on) when sounds are turned on or off, onHelp when the
// engine's help while playing is, onLook when the theme, the board's
// colours, the pieces or the coordinates change, onThreads when the engine's workers do.
/**
 * @param {import("./settings.js").Settings} settings
 * @param {{onLines: () => void, onSounds: (on: boolean) => void, onHelp: () => void, onLook: () => void, onThreads: () => void}} hooks
 */
export function bindSettings(settings, { onLines, onSounds, onHelp, onLook, onThreads }) {
  // The settings start folded under their summary, which says the side, the
  // strength and the clock: the move list keeps its room. Opened on a wide
  // screen they drop down over the panel (style.css) and Escape folds them.
  const details = /** @type {HTMLDetailsElement} */ ($("settings"));
  foldOnEscape(details);
  // Listeners on the box run after each control's own: the summary follows every change.
  const summarize = () => ($("settings-summary").textContent = settingsSummary(settings));
  details.addEventListener("change", summarize);
  details.addEventListener("input", summarize);
  const showDepth = () => {
    $("depth-value").textContent = depthReadout(settings);
    $("depth-help").textContent = strengthHelp(settings);
    $("depth").disabled = settings.elo !== null; // a level sets its own search
  };
  showSettings(settings);
  showDepth();
  bindLooks(settings, onLook);
  bindVariant(settings);
  $("confirm-moves").addEventListener("change", (e) => {
    settings.confirm = /** @type {HTMLInputElement} */ (e.target).checked;
    saveSettings(settings);
  });
  $("help").addEventListener("change", (e) => {
    settings.help = /** @type {HTMLInputElement} */ (e.target).checked;
    onHelp();
    saveSettings(settings);
  });
  $("sounds").addEventListener("change", (e) => {
    settings.sounds = /** @type {HTMLInputElement} */ (e.target).checked;
    onSounds(settings.sounds);
    saveSettings(settings);
  });
  $("depth").addEventListener("input", (e) => {
    settings.depth = parseInt(/** @type {HTMLInputElement} */ (e.target).value, 10);
    showDepth();
    saveSettings(settings);
  });
  summarize();
  $("level").addEventListener("change", (e) => {
    const value = /** @type {HTMLSelectElement} */ (e.target).value;
    settings.elo = value === "" ? null : parseInt(value, 10); // "": full strength
    showDepth();
    saveSettings(settings);
  });
  $("side").addEventListener("change", (e) => {
    settings.side = /** @type {HTMLSelectElement} */ (e.target).value;
    saveSettings(settings);
  });
  $("lines").addEventListener("change", (e) => {
    settings.lines = parseInt(/** @type {HTMLSelectElement} */ (e.target).value, 10);
    onLines();
    saveSettings(settings);
  });
  $("threads").addEventListener("change", (e) => {
    const v = /** @type {HTMLSelectElement} */ (e.target).value;
    settings.threads = v === "auto" ? null : parseInt(v, 10);
    saveSettings(settings);
    onThreads();
  });
}

// bindVariant binds the variant of the next game: standard chess or
// Chess960, with its start position (empty: a random one each game).
/** @param {import("./settings.js").Settings} settings */
function bindVariant(settings) {
  const position = $("chess960-position");
  const show = () => {
    $("variant").value = settings.variant;
    $("chess960-choice").hidden = settings.variant !== "chess960";
    position.value = settings.chess960 === null ? "" : String(settings.chess960);
  };
  show();
  $("variant").addEventListener("change", (e) => {
    settings.variant = /** @type {HTMLSelectElement} */ (e.target).value;
    show();
    saveSettings(settings);
  });
  position.addEventListener("change", () => {
    const n = Number(position.value);
    const valid = position.value.trim() === "" || (Number.isInteger(n) && n >= 0 && n <= 959);
    position.setAttribute("aria-invalid", String(!valid));
    position.setCustomValidity(valid ? "" : "A Chess960 position is a whole number from 0 to 959, or empty for a random one");
    if (!valid) return void position.reportValidity(); // the setting stays
    settings.chess960 = position.value.trim() === "" ? null : n;
    saveSettings(settings);
  });
}

// bindLooks binds the controls of the page's looks: theme, board colours,
// pieces, coordinates and the board's size; each calls onLook and saves.
/** @param {import("./settings.js").Settings} settings @param {() => void} onLook */
function bindLooks(settings, onLook) {
  /** @param {(control: HTMLInputElement & HTMLSelectElement) => void} apply */
  const look = (apply) => (/** @type {Event} */ e) => {
    apply(/** @type {HTMLInputElement & HTMLSelectElement} */ (e.target));
    onLook();
    saveSettings(settings);
  };
  $("theme").addEventListener(
    "change",
    look((t) => (settings.theme = t.value)),
  );
  $("board-colours").addEventListener(
    "change",
    look((t) => (settings.board = t.value)),
  );
  $("pieces").addEventListener(
    "change",
    look((t) => (settings.pieces = t.value)),
  );
  $("coords").addEventListener(
    "change",
    look((t) => (settings.coords = t.checked)),
  );
  $("board-size").addEventListener(
    "input",
    look((t) => (settings.size = Number(t.value))),
  );
}

// showLevels fills the strength control with the engine's levels (known
// once the engine has loaded) and shows the settings' choice.
/** @param {import("./settings.js").Settings} settings */
export function showLevels(settings) {
  const select = $("level");
  select.replaceChildren(select.options[0]);
  for (const elo of levels()) select.add(new Option(levelLabel(elo), String(elo)));
  select.value = settings.elo === null ? "" : String(settings.elo);
  $("settings-summary").textContent = settingsSummary(settings);
  $("depth-value").textContent = depthReadout(settings);
  $("depth-help").textContent = strengthHelp(settings);
  $("depth").disabled = settings.elo !== null;
}

// bindKeys maps the keyboard to the page, as lichess does: ← and → walk
// through the game, ↑/Home and ↓/End go to its start and end (position()
// gives {ply, plies}; show(ply) shows one), f flips, h asks for a hint, a
// switches analysis on and off, x shows the threat in analysis, z zen
// mode, space stops the engine, ? shows the sheet of these keys (index.html's
// #shortcuts); Shift+→ goes into a variation of the next move (the next one
// on each press) and Shift+← out of the one shown. Keys typed into a form
// field, or with another modifier, are left alone.
/**
 * @param {{position: () => {ply: number, plies: number}, show: (ply: number) => void, flip: () => void, hint: () => void,
 *   analyse: () => void, threat: () => void, stop: () => void, shortcuts: () => void, zen: () => void,
 *   enterVariation: () => void, exitVariation: () => void}} actions
 */
export function bindKeys({ position, show, flip, hint, analyse, threat, stop, shortcuts, zen, enterVariation, exitVariation }) {
  document.addEventListener("keydown", (e) => {
    const target = /** @type {Element} */ (e.target);
    // The board grid's own keys stop here (boardgrid.js); the rest are the page's.
    if (target.closest("input, textarea, select") || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
    const { ply, plies } = position();
    /** @type {Record<string, () => void>} */
    const keys = {
      ArrowLeft: () => (e.shiftKey ? exitVariation() : show(ply - 1)),
      ArrowRight: () => (e.shiftKey ? enterVariation() : show(ply + 1)),
      Home: () => show(0),
      End: () => show(plies),
      // lichess's: up to the start, down to the last move.
      ArrowUp: () => show(0),
      ArrowDown: () => show(plies),
      "?": shortcuts,
      f: flip,
      h: hint,
      a: analyse,
      x: threat,
      z: zen,
      " ": stop,
    };
    if (keys[e.key] && !(e.key === " " && target.closest("button"))) {
      e.preventDefault();
      keys[e.key]();
    }
  });
}
