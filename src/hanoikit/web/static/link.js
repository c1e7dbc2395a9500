// The game in the address: a link names the puzzle and the position, so that it opens the same challenge.
//
// Query parameters (all optional):
//   n       the number of disks (default 3)
//   colors  the posts' own colours on the magnetic tower, one of R, B, N per post (e.g. RBN); "classic" or no
//           colors for the classic tower (unless start or goal name top colours, as in SSS:RRR)
//   posts   the number of posts, 3 to 5 (default 3; sent to the server, which says whether it offers them)
//   moves   the move rule: any, cyclic, linear or star (default any)
//   start   the position the game begins in, e.g. SSI:RRB (default: the tower on S)
//   goal    the colour the goal tower shows on top, R or B, or the goal tower itself, e.g. DDD:BBB
//   at      the position reached (a shared link opens it as the challenge)
//   par     the number of moves to beat (hanoi generate writes the optimum here; default: the optimum)
// e.g. /?n=4&colors=RBN&start=SSIS:RRBR or /?n=3&posts=4&moves=cyclic or /?n=3&posts=3&moves=SI+ID+DS&par=14
// (the moves as pairs of post letters: a '+' in a query reads as a space, which the server takes too)

import { postNames } from "./state.js";

const PUZZLE = ["n", "colors", "posts", "moves", "start", "goal", "at", "par"];
const RULES = ["any", "cyclic", "linear", "star"];

export class LinkError extends Error {}

export function readLink(search = window.location.search) {
  // the settings and positions a link names, or null if it names none; raises LinkError for a link it cannot read
  const query = new URLSearchParams(search);
  if (!PUZZLE.some((name) => query.has(name))) return null;
  const n = query.has("n") ? Number(query.get("n")) : 3;
  if (!Number.isInteger(n) || n < 1) throw new LinkError(`the link's n should be a number of disks, not "${query.get("n")}"`);
  const posts = query.has("posts") ? Number(query.get("posts")) : 3;
  if (!Number.isInteger(posts) || posts < 3 || posts > 5) throw new LinkError("the link's posts should be 3, 4 or 5");
  const rule = (query.get("moves") || "any").trim();
  const moves = RULES.includes(rule.toLowerCase()) ? rule.toLowerCase() : rule.toUpperCase();
  const par = query.has("par") ? Number(query.get("par")) : null;
  if (par !== null && (!Number.isInteger(par) || par < 0)) throw new LinkError("the link's par should be a number of moves");
  const start = query.get("start") ? query.get("start").toUpperCase() : null;
  const at = query.get("at") ? query.get("at").toUpperCase() : null;
  let goal = (query.get("goal") || "").toUpperCase();
  if (goal.length > 1) {
    const [letters, ups] = goal.split(":");
    const last = postNames(posts).slice(-1);
    if (![...letters].every((c) => c === last) || (ups !== undefined && new Set(ups).size !== 1)) {
      throw new LinkError(`the page plays towards the tower on ${last}; the link's goal "${query.get("goal")}" is another position`);
    }
    goal = ups ? ups[0] : "";
  }
  if (goal && goal !== "R" && goal !== "B") throw new LinkError("the link's goal should be R or B (the goal's top colour)");
  let colors = (query.get("colors") || "").toUpperCase();
  const faces = Boolean(goal) || [start, at].some((text) => text && text.includes(":"));
  if (colors === "CLASSIC" || (!colors && !faces)) colors = "";
  else if (!colors) colors = "N".repeat(posts);
  const magnetic = Boolean(colors);
  const settings = { n, magnetic, colors: magnetic ? colors : "NNN", goal_up: magnetic && goal ? goal : null };
  if (posts !== 3) settings.posts = posts;
  if (moves !== "any") settings.moves = moves;
  return { settings, start, at, par };
}

export function linkFor(settings, initial, current, par = null) {
  // the query string that opens this game: its puzzle, the position it began in, the one reached and the par a link
  // set
  const query = new URLSearchParams();
  query.set("n", settings.n);
  query.set("colors", settings.magnetic ? settings.colors : "classic");
  if (settings.posts) query.set("posts", settings.posts);
  if (settings.moves) query.set("moves", settings.moves);
  if (settings.goal_up) query.set("goal", settings.goal_up);
  query.set("start", initial);
  if (current && current !== initial) query.set("at", current);
  if (par !== null && par !== undefined) query.set("par", par);
  return `?${query}`.replaceAll("%3A", ":");  // SSI:RRB reads better than SSI%3ARRB, and means the same
}

export function showLink(settings, initial, current, par = null) {
  const search = linkFor(settings, initial, current, par);
  if (search !== window.location.search) window.history.replaceState(null, "", search);
}
