// The page's one state object, and the notation it reads (the notation, not the rules: the server holds those).

export const POSTS = "SID";

export const game = {
  config: null,       // the server's /api/config: bounds, choices and the palette
  settings: null,     // {n, magnetic, colors, goal_up}
  initial: null,      // state notation the game began in
  optimal: null,      // optimal number of moves from it
  moves: [],          // moves played, e.g. "1SD"
  states: [],         // position after each move
  redo: [],           // [{move, state}] taken back
  position: null,     // the server's description of the current position
  selected: null,     // source post picked by click or key
  busy: false,
  ticket: 0,          // the latest new game asked for: a later one wins
  watch: null,        // the solution being watched (watch.js)
  press: null,        // a pointer pressed on the board (app.js)
};

export function currentState(of = game) {
  return of.states.length ? of.states[of.states.length - 1] : of.initial;
}

export function postColors(settings) {
  // the posts' own colours as chosen in the settings: "NNN" for the classic puzzle
  return settings && settings.magnetic ? settings.colors.toUpperCase() : "NNN";
}

export function parseMove(move) {
  // "12SD" -> {disk: 12, src: 0, dst: 2}
  const disk = parseInt(move, 10);
  const posts = move.slice(String(disk).length);
  return { disk, src: POSTS.indexOf(posts[0]), dst: POSTS.indexOf(posts[1]) };
}

export function reverse(move) {
  const { disk, src, dst } = parseMove(move);
  return `${disk}${POSTS[dst]}${POSTS[src]}`;
}

export function decode(state) {
  // "SSI:RRB" -> posts of disks 1..n and their top colours
  const [letters, ups] = state.split(":");
  return { posts: [...letters].map((c) => POSTS.indexOf(c)), ups: ups ? [...ups] : null };
}

export function stacks(state) {
  // the disks on each post, bottom first
  const { posts } = decode(state);
  const result = [[], [], []];
  for (let disk = posts.length; disk >= 1; disk--) result[posts[disk - 1]].push(disk);
  return result;
}

export function topDisk(state, post) {
  const stack = stacks(state)[post];
  return stack.length ? stack[stack.length - 1] : null;
}
