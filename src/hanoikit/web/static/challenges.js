// The progression: challenges from three classic disks to magnetic colourings and random positions to solve in par,
// each unlocked by the one before. A challenge is only settings (and a seed for a random position); the server holds
// the rules.

import { completed } from "./store.js";

const classic = (n) => ({ n, magnetic: false, colors: "NNN", goal_up: null });
const magnetic = (n, colors) => ({ n, magnetic: true, colors, goal_up: null });

export const CHALLENGES = [
  { id: "classic-3", title: "Three disks", about: "The classic tower: never a larger disk on a smaller one.",
    settings: classic(3) },
  { id: "classic-5", title: "Five disks", about: "The same rule, four times the moves.", settings: classic(5) },
  { id: "magnetic-3", title: "Magnetic disks", about: "Every move flips a disk; touching faces must differ.",
    settings: magnetic(3, "NNN") },
  { id: "rbb-3", title: "Coloured posts: RBB", about: "S red, I and D blue: a post takes only disks of its colour.",
    settings: magnetic(3, "RBB") },
  { id: "rbn-4", title: "Four disks on RBN", about: "S red, I blue, D neutral.", settings: magnetic(4, "RBN") },
  { id: "par-4", title: "A random position, in par", about: "Reach the goal in exactly the optimal number of moves.",
    settings: magnetic(4, "NNN"), seed: 2024, par: true },
  { id: "par-5", title: "Five disks on NRB, in par", about: "A random position; only the optimum counts.",
    settings: magnetic(5, "NRB"), seed: 7, par: true },
];

export function challenge(id) {
  return CHALLENGES.find((item) => item.id === id) || null;
}

export function unlocked(index, done = completed()) {
  return index === 0 || Boolean(done[CHALLENGES[index - 1].id]);
}

export function next(id) {
  const index = CHALLENGES.findIndex((item) => item.id === id);
  return index >= 0 && index + 1 < CHALLENGES.length ? CHALLENGES[index + 1] : null;
}
