// The magnetic rules, learnt by playing: a short tutorial on a two-disk magnetic tower, shown on the first visit,
// skippable and opened again by its button. Each step waits for what the player does on the board (the game's state
// says so). It follows its own game only: it ends when its steps are done, when it is closed, or when another game
// (a classic one, a challenge, the daily puzzle) takes the board.

import { getState, subscribe } from "./game.js";
import { markTutorial, tutorialSeen } from "./store.js";

const TOWER = { n: 2, magnetic: true, colors: "NNN", goal_up: null };

const STEPS = [
  { text: "Magnetic disks are red on one face and blue on the other. Every move flips the disk. Move disk 1 from S " +
      "to I (click S, then I, or press S then I) and watch it turn blue side up.",
    done: (state) => state.moves[0] === "1SI" && state.moves.length === 1 },
  { text: "Now move disk 2 from S to D: it flips too, and shows blue.",
    done: (state) => state.moves.length === 2 && state.moves[1] === "2SD" },
  { text: "Touching faces must differ. Disk 1 shows blue, so red is underneath; moved, it would flip and put blue " +
      "on the blue of disk 2. Try it: move disk 1 from I to D, and see the move refused with its reason.",
    done: (state, start) => state.refusals > start.refusals },
  { text: "Posts may be coloured too: a red or blue post touches the disk at its foot like a face, so the disk " +
      "there must show it the other colour. The Colours menu chooses them; Hint shows the best next move. " +
      "That is all: solve the tower!",
    done: (state) => state.won, last: true },
];

export function tutorial(newGame, say) {
  // the tutorial's controller: ``open()`` starts it (a two-disk game), ``close()`` ends it; ``firstVisit()`` says
  // whether to open it (once per browser)
  const box = document.getElementById("tutorial");
  const text = document.getElementById("tutorial-text");
  const next = document.getElementById("tutorial-next");
  const progress = document.getElementById("tutorial-step");
  const run = { step: -1, start: null };  // where the tutorial is (not the game's state); start: its game's state

  function show() {
    const step = STEPS[run.step];
    text.textContent = step.text;
    progress.textContent = `Step ${run.step + 1} of ${STEPS.length}`;
    next.textContent = step.last ? "Finish" : "Skip this step";
    if (run.start) run.start = getState();
  }

  function advance() {
    if (run.step < 0) return;
    if (run.step + 1 >= STEPS.length) { end(); return; }
    run.step += 1;
    show();
  }

  function open() {
    markTutorial();
    run.step = 0;
    run.start = null;  // until its game begins
    box.hidden = false;
    newGame(false, TOWER, { notice: "The tutorial's tower.", tutorial: true });
    show();
  }

  function end() {
    run.step = -1;
    run.start = null;
    box.hidden = true;
  }

  function close() {
    end();
    say("Tutorial closed: the Tutorial button opens it again.");
  }

  subscribe((state, action) => {
    if (run.step < 0) return;
    if (action.type === "begin") {  // a game takes the board: the tutorial's own, or another, which ends it
      if (state.tutorial && !run.start) run.start = state;
      else if (!state.tutorial) end();
      return;
    }
    if (run.start && state.tutorial && STEPS[run.step].done(state, run.start)) advance();
  });
  next.addEventListener("click", advance);
  document.getElementById("tutorial-skip").addEventListener("click", close);
  document.getElementById("tutorial-open").addEventListener("click", open);
  return { open, close, firstVisit: () => !tutorialSeen() };
}
