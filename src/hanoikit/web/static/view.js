// The page's readouts, drawn from the one state object: the board, the counters, the message, the win box, the
// settings form.

import { drawBoard, markTargets } from "./board.js";
import { game, parseMove, postColors } from "./state.js";

const FACE_NAME = { R: "red", B: "blue" };

export const $ = (id) => document.getElementById(id);

export function render(state) {
  // draw the position ``state`` of the game's puzzle on the board, with the player's selection
  drawBoard($("board"), state, postColors(game.settings), game.config.palette);
  showTargets();
}

export function showTargets() {
  const targetable = game.selected !== null && !game.watch && game.position;
  const targets = targetable
    ? game.position.legal_moves.map(parseMove).filter(({ src }) => src === game.selected).map(({ dst }) => dst)
    : [];
  markTargets($("board"), targetable ? game.selected : null, targets);
}

export function updateStatus() {
  const position = game.position;
  $("moves").textContent = game.moves.length;
  $("optimal").textContent = game.optimal === null ? "–" : game.optimal;
  $("remaining").textContent = position && position.distance !== null ? position.distance : "–";
  $("goal").textContent = position ? goalText(position.goal) : "–";
  $("undo").disabled = !game.moves.length || !!game.watch;
  $("redo").disabled = !game.redo.length || !!game.watch;
  showTargets();
}

function goalText(goal) {
  const [, ups] = goal.split(":");
  return ups ? `tower on D, ${FACE_NAME[ups[0]]} up` : "tower on D";
}

export function say(text, kind = "") {
  const message = $("message");
  message.textContent = text;
  message.className = kind;
}

export function showWin() {
  const used = game.moves.length;
  const best = game.optimal;
  let text = `You used ${used} move${used === 1 ? "" : "s"}; the optimal is ${best}.`;
  if (used === best) text += " A perfect solution!";
  $("win-text").textContent = text;
  $("win").hidden = false;
  say(`Solved in ${used} moves (optimal ${best}).`, "win");
}

export function hideWin() { $("win").hidden = true; }

export function readSettings() {
  const magnetic = $("mode").value === "magnetic";
  return {
    n: Number($("disks").value),
    magnetic,
    colors: magnetic ? $("colors").value : "NNN",
    goal_up: magnetic && $("goal-up").value ? $("goal-up").value : null,
  };
}

export function showSettings(settings) {
  $("mode").value = settings.magnetic ? "magnetic" : "classic";
  $("colors").value = settings.colors.toUpperCase();
  $("disks").value = settings.n;
  $("goal-up").value = settings.goal_up || "";
  updateSettingsView();
}

export function updateSettingsView() {
  const magnetic = $("mode").value === "magnetic";
  document.body.classList.toggle("classic", !magnetic);
  $("disks-out").textContent = $("disks").value;
  $("title").textContent = magnetic ? "Magnetic Tower of Hanoi" : "Tower of Hanoi";
  for (const option of $("algorithm").options) {
    if (option.value !== "optimal") option.disabled = !magnetic;
  }
  if ($("algorithm").selectedOptions[0] && $("algorithm").selectedOptions[0].disabled) $("algorithm").value = "optimal";
}
