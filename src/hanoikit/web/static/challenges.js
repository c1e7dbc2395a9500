// The progression: twenty challenges across the family, from three classic disks to more posts, restricted moves,
// magnetic colourings and random positions to solve in par, each unlocked by the one before. A challenge is only
// settings (and a seed for a random position); the server holds the rules.

import { completed } from "./store.js";

const classic = (n, posts = 3, moves = "any") => ({
  n, magnetic: false, colors: "NNN", goal_up: null, ...(posts !== 3 ? { posts } : {}),
  ...(moves !== "any" ? { moves } : {}),
});
const magnetic = (n, colors, goal = null, moves = "any") => ({
  n, magnetic: true, colors, goal_up: goal, ...(colors.length !== 3 ? { posts: colors.length } : {}),
  ...(moves !== "any" ? { moves } : {}),
});

export const CHALLENGES = [
  { id: "classic-3", title: "Three disks", about: "The classic tower: never a larger disk on a smaller one.",
    settings: classic(3) },
  { id: "classic-5", title: "Five disks", about: "The same rule, four times the moves.", settings: classic(5) },
  { id: "classic-4p", title: "A fourth post", about: "Five disks, four posts: the extra post saves many moves.",
    settings: classic(5, 4) },
  { id: "classic-cyclic", title: "Round the circle", about: "Moves go only S → I → D → S.",
    settings: classic(3, 3, "cyclic") },
  { id: "classic-linear", title: "Neighbours only", about: "No move between S and D: every disk passes I.",
    settings: classic(3, 3, "linear") },
  { id: "magnetic-3", title: "Magnetic disks", about: "Every move flips a disk; touching faces must differ.",
    settings: magnetic(3, "NNN") },
  { id: "rbb-3", title: "Coloured posts: RBB", about: "S red, I and D blue: a post takes only disks of its colour.",
    settings: magnetic(3, "RBB") },
  { id: "rbn-4", title: "Four disks on RBN", about: "S red, I blue, D neutral.", settings: magnetic(4, "RBN") },
  { id: "par-4", title: "A random position, in par", about: "Reach the goal in exactly the optimal number of moves.",
    settings: magnetic(4, "NNN"), seed: 2024, par: true },
  { id: "magnetic-4p", title: "Magnetic on four posts", about: "Three magnetic disks, four plain posts.",
    settings: magnetic(3, "NNNN") },
  { id: "rnnb-4", title: "Red start, blue goal", about: "Four posts: S red, D blue, the two between plain.",
    settings: magnetic(4, "RNNB") },
  { id: "star-4p", title: "Through the centre", about: "Four posts, every move to or from I; the tower ends red up.",
    settings: magnetic(3, "NNNN", "R", "star") },
  { id: "par-5", title: "Five disks on NRB, in par", about: "A random position; only the optimum counts.",
    settings: magnetic(5, "NRB"), seed: 7, par: true },
  { id: "linear-rbnn", title: "Neighbours, four posts", about: "Linear moves on RBNN: each disk walks post by post.",
    settings: magnetic(4, "RBNN", null, "linear") },
  { id: "cyclic-4p", title: "Magnetic circle", about: "Four magnetic disks, four posts, moves one way round.",
    settings: magnetic(4, "NNNN", null, "cyclic") },
  { id: "linear-5p", title: "Five posts in a row", about: "Linear moves on five posts; the tower ends red up.",
    settings: magnetic(3, "NNNNN", "R", "linear") },
  { id: "classic-5p", title: "Five posts", about: "Five disks, five posts: fewer moves than you think.",
    settings: classic(5, 5) },
  { id: "star-3", title: "Star, four disks", about: "Three posts, every move through I, the tower ends red up.",
    settings: magnetic(4, "NNN", "R", "star") },
  { id: "star-5p", title: "A five-post star, in par", about: "A random position on five posts, moves via I; par only.",
    settings: magnetic(4, "NNNNN", "R", "star"), seed: 11, par: true },
  { id: "classic-cyclic-5", title: "The long way round", about: "Five classic disks, cyclic moves: 163 at best.",
    settings: classic(5, 3, "cyclic") },
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
