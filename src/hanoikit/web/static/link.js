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

export class LinkError extends Error {
  // a link the page cannot open: ``param`` names the query parameter at fault, ``value`` is as typed, ``message``
  // says what the parameter accepts, and ``nearest`` is the query of the nearest puzzle (the bad parameter dropped,
  // or brought within its bounds)
  constructor(param, value, accepts, nearest) {
    super(`${param}=${value} cannot be played: ${accepts}`);
    this.param = param;
    this.value = value;
    this.accepts = accepts;
    this.nearest = nearest;
  }
}

export function accepts(param, { posts = 3, n = 3, cap = null } = {}) {
  // what the link's parameter ``param`` accepts, in words
  const names = [...postNames(posts)].join(", ");
  switch (param) {
    case "n": return cap === null ? "n takes a whole number of disks, such as 3"
      : `n takes a number of disks, 1 to ${cap} with ${posts} posts`;
    case "posts": return "posts takes 3, 4 or 5";
    case "moves": return "moves takes any, cyclic, linear or star, or pairs of post letters such as SI+ID+DS";
    case "colors": return `colors takes one of R, B or N (red, blue, plain) for each of the ${posts} posts, such as ` +
      `${"RB".padEnd(posts, "N")}, or classic`;
    case "start": case "at": return `${param} takes a position: a post letter (${names}) for each of the ${n} disks, ` +
      `smallest first, then ':' and R or B for each disk's top face on the magnetic tower, such as ` +
      `${"S".repeat(n)}:${"R".repeat(n)}`;
    case "goal": return `goal takes R or B (the goal tower's top colour), or the tower on ${postNames(posts).slice(-1)} ` +
      `itself, such as ${postNames(posts).slice(-1).repeat(n)}:${"B".repeat(n)}`;
    case "par": return "par takes a number of moves, at least the optimum";
    case "daily": return "daily takes a date, YYYY-MM-DD, such as 2026-11-25";
    default: return `${param} is not one of the page's parameters`;
  }
}

export function nearest(search, param, value = null) {
  // the query ``search`` with ``param`` set to ``value``, or dropped (with the positions, which name its disks, when
  // it is the number of disks or posts)
  const query = new URLSearchParams(search);
  if (value === null) query.delete(param);
  else query.set(param, value);
  if (["n", "posts", "colors"].includes(param)) {
    for (const position of ["start", "at"]) query.delete(position);
  }
  if (param === "start") query.delete("at");
  return `?${query}`.replaceAll("%3A", ":").replaceAll("%2B", "+");
}

function position(query, param, n, posts, colors) {
  // the position a link names as ``param`` (start, at), upper-cased, or null; LinkError if it cannot be one
  const text = query.get(param);
  if (!text) return null;
  const value = text.toUpperCase();
  const [letters, ups, more] = value.split(":");
  const names = postNames(posts);
  const valid = more === undefined && letters.length === n && [...letters].every((c) => names.includes(c)) &&
    (ups === undefined || (ups.length === n && /^[RB]+$/.test(ups))) && !(colors && ups === undefined && n === 0);
  if (!valid) throw new LinkError(param, text, accepts(param, { posts, n }), nearest(query, param));
  return value;
}

export function readLink(search = window.location.search, capOf = null) {
  // the settings and positions a link names, or null if it names none; raises LinkError, naming the parameter at
  // fault, for a link it cannot read. ``capOf(settings)``: the most disks the page plays for a member.
  const query = new URLSearchParams(search);
  if (!PUZZLE.some((name) => query.has(name))) return null;
  let colors = (query.get("colors") || "").toUpperCase();
  const inferred = /^[RBN]{4,5}$/.test(colors) ? colors.length : 3;  // colours for four posts say there are four
  const posts = query.has("posts") ? Number(query.get("posts")) : inferred;
  if (!Number.isInteger(posts) || posts < 3 || posts > 5) {
    throw new LinkError("posts", query.get("posts"), accepts("posts"),
      nearest(query, "posts", Number.isFinite(posts) && posts > 5 ? "5" : null));
  }
  const typed = query.get("n");
  const n = query.has("n") ? Number(typed) : 3;
  if (!/^\s*\d+\s*$/.test(typed ?? "3") || !Number.isInteger(n) || n < 1) {
    throw new LinkError("n", typed, accepts("n", { posts }), nearest(query, "n", Number(typed) < 1 ? "1" : null));
  }
  const rule = (query.get("moves") || "any").trim();
  const names = postNames(posts);
  const pairs = rule.toUpperCase().split(/[\s+,]+/).filter(Boolean);
  const moves = RULES.includes(rule.toLowerCase()) ? rule.toLowerCase() : rule.toUpperCase();
  if (!RULES.includes(moves) && !(pairs.length && pairs.every((pair) => pair.length === 2 && pair[0] !== pair[1] &&
    names.includes(pair[0]) && names.includes(pair[1])))) {
    throw new LinkError("moves", query.get("moves"), accepts("moves"), nearest(query, "moves"));
  }
  let goal = (query.get("goal") || "").toUpperCase();
  if (goal.length > 1) {
    const [letters, ups] = goal.split(":");
    const last = names.slice(-1);
    if (![...letters].every((c) => c === last) || (ups !== undefined && new Set(ups).size !== 1)) {
      throw new LinkError("goal", query.get("goal"), `the page plays towards the tower on ${last}: ` +
        accepts("goal", { posts, n }), nearest(query, "goal"));
    }
    goal = ups ? ups[0] : "";
  }
  if (goal && goal !== "R" && goal !== "B") {
    throw new LinkError("goal", query.get("goal"), accepts("goal", { posts, n }), nearest(query, "goal"));
  }
  const faces = Boolean(goal) || ["start", "at"].some((name) => (query.get(name) || "").includes(":"));
  if (colors === "CLASSIC" || (!colors && !faces)) colors = "";
  else if (!colors) colors = "N".repeat(posts);
  else if (colors.length !== posts || !/^[RBN]+$/.test(colors)) {
    throw new LinkError("colors", query.get("colors"), accepts("colors", { posts }),
      nearest(query, "colors", "N".repeat(posts)));
  }
  const magnetic = Boolean(colors);
  const settings = { n, magnetic, colors: magnetic ? colors : "NNN", goal_up: magnetic && goal ? goal : null };
  if (posts !== 3) settings.posts = posts;
  if (moves !== "any") settings.moves = moves;
  const cap = capOf ? capOf(settings) : null;
  if (cap !== null && n > cap) {
    throw new LinkError("n", typed, `${accepts("n", { posts, cap })} and ${settings.moves || "any"} moves (so that ` +
      "every hint answers at once)", nearest(query, "n", String(cap)));
  }
  const start = position(query, "start", n, posts, magnetic);
  const at = position(query, "at", n, posts, magnetic);
  const par = query.has("par") ? Number(query.get("par")) : null;
  if (par !== null && (!/^\s*\d+\s*$/.test(query.get("par")) || !Number.isSafeInteger(par) || par < 1)) {
    throw new LinkError("par", query.get("par"), accepts("par"), nearest(query, "par"));
  }
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
