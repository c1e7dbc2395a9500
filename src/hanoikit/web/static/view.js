// The page's readouts, each a function of the one state object (``state``, from game.js) drawing it into the page:
// the board and its post controls, the counters, the clock, the message, the win dialog, the settings form and the
// list of challenges.

import { reducedMotion } from "./animation.js";
import { drawBoard, liftDisk, markTargets } from "./board.js";
import { CHALLENGES, unlocked } from "./challenges.js";
import { bestOf, completed, dailyResults, history } from "./store.js";
import {
  POSTS, clock, count, currentState, decode, elapsed, parseMove, postColors, postNames, puzzleKey, stacks, topDisk,
} from "./state.js";

const FACE_NAME = { R: "red", B: "blue" };

export const $ = (id) => document.getElementById(id);

export function render(state, shown = currentState(state)) {
  // draw the position ``shown`` (default: the game's) of the game's puzzle on the board, with the player's selection
  drawBoard($("board"), shown, postColors(state.settings, state.k), state.config.palette, state.k);
  describePosts(state, shown);
  showRules(state);
  $("chart-box").hidden = state.k !== 3;  // the colour-crossing chart has a lane for each of three posts
  showTargets(state);
}

function describePosts(game, state) {
  // one button per post over the board, named by its disks and top colours, for the keyboard and screen readers
  const box = $("posts");
  const names = postNames(game.k);
  if (box.children.length !== game.k) {
    box.textContent = "";
    for (let post = 0; post < game.k; post++) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "post-button";
      button.dataset.post = post;
      box.appendChild(button);
    }
  }
  const { ups } = decode(state, game.k);
  const own = postColors(game.settings, game.k);
  stacks(state, game.k).forEach((stack, post) => {
    const button = box.children[post];
    const colour = own[post] === "N" ? "" : `, coloured ${FACE_NAME[own[post]]}`;
    let contents;
    if (!stack.length) contents = "empty";
    else {
      const disks = stack.map((disk) => (ups ? `${disk} ${FACE_NAME[ups[disk - 1]]} up` : `${disk}`));
      const top = stack[stack.length - 1];
      contents = `${stack.length} disk${stack.length === 1 ? "" : "s"}, bottom to top: ${disks.join(", ")}` +
        (ups ? `; top shows ${FACE_NAME[ups[top - 1]]}` : "");
    }
    button.setAttribute("aria-label", `Post ${names[post]}${colour}: ${contents}`);
    button.setAttribute("aria-pressed", String(game.selected === post));
    button.setAttribute("aria-keyshortcuts", String(post + 1));
  });
}

function showRules(game) {
  // the moves the rule allows, under the board: "S ⇄ I" both ways, "S → I" one way only; nothing when all are
  const allowed = game.position ? game.position.allowed_moves : [];
  const box = $("rules");
  if (!allowed.length || allowed.length === game.k * (game.k - 1)) {
    box.textContent = "";
    box.hidden = true;
    return;
  }
  const set = new Set(allowed);
  const names = postNames(game.k);
  const parts = [];
  for (const pair of allowed) {  // in the order of the posts (the server sends them so)
    const back = pair[1] + pair[0];
    if (!set.has(back)) parts.push(`<span class="oneway">${pair[0]} → ${pair[1]}</span>`);
    else if (names.indexOf(pair[0]) < names.indexOf(pair[1])) {
      parts.push(`<span class="twoway">${pair[0]} ⇄ ${pair[1]}</span>`);
    }
  }
  box.hidden = false;
  box.innerHTML = `<span class="label">Allowed moves</span> ${parts.join(" ")}`;
}

export function showTargets(game) {
  const targetable = game.selected !== null && !game.watch && game.position;
  const targets = targetable
    ? game.position.legal_moves.map((move) => parseMove(move, game.k)).filter(({ src }) => src === game.selected)
      .map(({ dst }) => dst)
    : [];
  markTargets($("board"), targetable ? game.selected : null, targets);
  if (targetable) liftDisk($("board"), topDisk(currentState(game), game.selected, game.k));  // the disk picked up
  for (const button of $("posts").children) {
    button.setAttribute("aria-pressed", String(targetable && Number(button.dataset.post) === game.selected));
  }
}

export function updateStatus(game) {
  const position = game.position;
  $("moves").textContent = count(game.moves.length);
  $("optimal").textContent = count(game.optimal);
  $("remaining").textContent = position ? count(position.distance) : "–";
  $("goal").textContent = position ? goalText(position.goal) : "–";
  $("undo").disabled = (!game.moves.length && !game.aside) || !!game.watch;
  $("undo").title = !game.moves.length && game.aside ? "Back to the game before this one" : "";
  $("redo").disabled = !game.redo.length || !!game.watch;
  showClock(game);
  showBest(game);
  showTargets(game);
}

export function showClock(game) {
  $("clock").textContent = clock(elapsed(game));
}

function showBest(game) {
  const best = game.settings && game.initial ? bestOf(puzzleKey(game.settings, game.initial)) : null;
  $("best").textContent = best ? `${count(best.moves)} · ${clock(best.ms)}` : "–";
}

function goalText(goal) {
  const [letters, ups] = goal.split(":");
  const post = letters.slice(-1);
  return ups ? `tower on ${post}, ${FACE_NAME[ups[0]]} up` : `tower on ${post}`;
}

export function say(text, kind = "", action = null) {
  // the message under the board; ``action`` {label, run}: a button after it (e.g. the largest size a link may have)
  const message = $("message");
  message.textContent = text;
  message.className = kind;
  if (action) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "message-action";
    button.textContent = action.label;
    button.addEventListener("click", () => { say(""); action.run(); });
    message.append(" ", button);
  }
}

export function stars(used, optimal) {
  // three stars for the optimum, two within half as many moves again, else one
  if (used <= optimal) return 3;
  return used <= Math.ceil(optimal * 1.5) ? 2 : 1;
}

export function showWin({ used, optimal, ms, rating, best, challenge, next, par }) {
  $("win-stars").textContent = "★".repeat(rating) + "☆".repeat(3 - rating);
  $("win-stars").setAttribute("aria-label", `${rating} of 3 stars`);
  let text = `You used ${count(used)} move${used === 1 ? "" : "s"}; the optimal is ${count(optimal)}.`;
  if (used === optimal) text += " A perfect solution!";
  $("win-text").textContent = text;
  const before = best.before;
  $("win-best").textContent = `Time ${clock(ms)}. ` + (before === null ? "Your first solve of this puzzle."
    : best.better ? `A new personal best (was ${count(before.moves)} moves in ${clock(before.ms)}).`
      : `Your best: ${count(before.moves)} moves in ${clock(before.ms)}.`);
  let note = "";
  if (challenge && par && used > optimal) note = `In par means ${count(optimal)} moves: try again to unlock the next challenge.`;
  else if (challenge && next) note = `Challenge complete: "${next.title}" is unlocked.`;
  else if (challenge) note = "Challenge complete: that was the last one. Try other colourings in the settings.";
  $("win-note").textContent = note;
  $("win-note").hidden = !note;
  $("win-next").hidden = !(challenge && next && !(par && used > optimal));
  const dialog = $("win");
  dialog.classList.toggle("celebrate", !reducedMotion());
  if (!dialog.open) dialog.showModal();
  ($("win-next").hidden ? $("win-again") : $("win-next")).focus();
  say(`Solved in ${count(used)} move${used === 1 ? "" : "s"} (optimal ${count(optimal)}).`, "win");
}

export function hideWin() {
  if ($("win").open) $("win").close();
}

// ---- the menus' choices: each either plays with a par or is disabled with its reason (/api/choices) -------------

function describes(choices, settings = readSettings()) {
  // the choices are those of the member the menus name (its disks, posts and kind): others, such as the first
  // game's while a link's four-post classic game waits for its own, say nothing about the menus' options
  return Boolean(choices) && choices.n === settings.n && choices.posts === (settings.posts || 3) &&
    choices.magnetic === settings.magnetic;
}

function currentRule(choices) {
  return choices ? choices.rules.find((rule) => rule.moves === $("rule").value) || null : null;
}

function currentColoring(rule) {
  return rule ? rule.colorings.find((item) => item.code === $("colors").value) || null : null;
}

function mark(option, reason, notes) {
  // an option disabled, marked so in its text, its reason in the notes under the settings (``notes``: [label, why])
  if (!option.dataset.base) option.dataset.base = option.textContent;
  option.disabled = Boolean(reason);
  option.textContent = reason ? `${option.dataset.base} (unavailable)` : option.dataset.base;
  option.title = reason || "";
  if (reason) notes.push([option.dataset.base, reason]);
}

function showNotes(notes) {
  const box = $("choice-notes");
  box.textContent = "";
  box.hidden = !notes.length;
  for (const [label, reason] of notes) {
    const item = document.createElement("li");
    const name = document.createElement("b");
    name.textContent = label;
    item.append(name, `: ${reason}.`);
    box.appendChild(item);
  }
}

function unmark(ids) {
  // the menus ``ids`` with no choice marked: nothing is called unavailable until the server has said so
  for (const id of ids) {
    for (const option of $(id).options) {
      if (option.value || id !== "goal-up") mark(option, null, []);
      else option.textContent = "default";
    }
  }
}

export function showChoices(choices) {
  // disable what cannot be played, each with its reason; then move a disabled choice to one that can be played and
  // answer what was changed, in words (or ""). Choices of another member only clear the marks (see ``describes``).
  if (!describes(choices)) {
    unmark(["rule", "colors", "goal-up"]);
    showNotes([]);
    delete $("settings").dataset.choices;
    return "";
  }
  $("settings").dataset.choices = `n=${choices.n}&posts=${choices.posts}&magnetic=${choices.magnetic}`;  // whose marks
  const changed = [];
  const notes = [];
  for (const option of $("rule").options) {
    const rule = choices.rules.find((item) => item.moves === option.value);
    mark(option, rule ? rule.reason : null, notes);
  }
  if ($("rule").selectedOptions[0] && $("rule").selectedOptions[0].disabled) {
    const reason = currentRule(choices).reason;
    const open = choices.rules.find((rule) => !rule.reason);
    if (open) {
      $("rule").value = open.moves;
      changed.push(`the moves are now ${open.moves} (${reason})`);
    }
  }
  const rule = currentRule(choices);
  if (!rule) {  // a rule a link names as pairs of posts: the server checks its game
    unmark(["colors", "goal-up"]);
    showNotes(notes);
    return "";
  }
  const colorNotes = [];
  for (const option of $("colors").options) {
    const coloring = rule && rule.colorings.find((item) => item.code === option.value);
    mark(option, coloring ? coloring.reason : null, colorNotes);
  }
  if (colorNotes.length) {  // one note for them all: they share the reason
    const codes = colorNotes.map(([label]) => label.split(":")[0]);
    notes.push([`Colourings ${codes.join(", ")}`, colorNotes[0][1]]);
  }
  if (choices.magnetic && $("colors").selectedOptions[0] && $("colors").selectedOptions[0].disabled) {
    const open = rule.colorings.find((item) => item.code === "NNN" && !item.reason) ||
      rule.colorings.find((item) => !item.reason);
    if (open) {
      changed.push(`the colouring is now ${open.code} (${currentColoring(rule).reason})`);
      $("colors").value = open.code;
    }
  }
  const coloring = currentColoring(rule);
  for (const option of $("goal-up").options) {
    if (!option.value) {
      const face = coloring && coloring.default_goal;
      option.textContent = face ? `default (${FACE_NAME[face]} on top)` : "default";
      continue;
    }
    const goal = coloring && coloring.goals.find((item) => item.goal_up === option.value);
    mark(option, goal ? goal.reason : null, notes);
  }
  if (choices.magnetic && $("goal-up").selectedOptions[0] && $("goal-up").selectedOptions[0].disabled) {
    const reason = coloring.goals.find((item) => item.goal_up === $("goal-up").value).reason;
    $("goal-up").value = "";
    changed.push(`the goal is now ${FACE_NAME[coloring.default_goal]} on top (${reason})`);
  }
  showNotes(notes);
  return changed.length ? `Changed to a puzzle that can be solved: ${changed.join("; ")}.` : "";
}

export function describeColoring(code) {
  // "RBN: S red, I blue, D plain"; a code for more posts names them all ("NNBN: S plain, I plain, J blue, D plain")
  if (/^N+$/.test(code)) return `${code}: no coloured post`;
  const names = { R: "red", B: "blue", N: "plain" };
  const posts = code.length === 3 ? POSTS : postNames(code.length);
  return `${code}: ${[...code].map((c, i) => `${posts[i]} ${names[c]}`).join(", ")}`;
}

export function readSettings(choices = null) {
  // the settings the form names; posts and moves only when not the three-post, every-move default (as links do);
  // with the menus' ``choices``, the goal that can be reached when the model's cannot
  const magnetic = $("mode").value === "magnetic";
  const k = Number($("post-count").value);
  const code = $("colors").value;  // the colours of S, I and D (the posts between plain), or of every post
  const three = code.length === 3 ? code : code.slice(0, 2) + code.slice(-1);
  const settings = {
    n: Number($("disks").value),
    magnetic,
    colors: !magnetic ? "NNN" : code.length === k ? code : three.slice(0, 2) + "N".repeat(k - 3) + three[2],
    goal_up: magnetic && $("goal-up").value ? $("goal-up").value : null,
  };
  if (k !== 3) settings.posts = k;
  if ($("rule").value !== "any") settings.moves = $("rule").value;
  const coloring = magnetic && describes(choices, settings) ? currentColoring(currentRule(choices)) : null;
  if (magnetic && !settings.goal_up && coloring && coloring.default_goal !== coloring.model_goal) {
    settings.goal_up = coloring.default_goal;  // the model's goal cannot be reached here: the one that can
  }
  return settings;
}

function colorOption(colors) {
  // the Colours menu's option for the posts' colours ``colors``: S, I and D's when the posts between are plain, else
  // one of its own (say NNBN), offered while it is played
  if (colors.length === 3 || /^N+$/.test(colors.slice(2, -1))) return colors.slice(0, 2) + colors.slice(-1);
  const menu = $("colors");
  if (![...menu.options].some((option) => option.value === colors)) {
    for (const option of [...menu.options]) if (option.value.length > 3) option.remove();
    const option = document.createElement("option");
    option.value = colors;
    option.textContent = describeColoring(colors);
    menu.prepend(option);
  }
  return colors;
}

export function showSettings(game, settings) {
  const colors = settings.colors.toUpperCase();
  const k = settings.posts || 3;
  $("mode").value = settings.magnetic ? "magnetic" : "classic";
  $("post-count").value = String(k);
  const rule = settings.moves || "any";
  let option = [...$("rule").options].find((item) => item.value === rule);
  if (!option) {  // a rule a link names as pairs of posts: offered while it is played
    option = document.createElement("option");
    option.value = rule;
    option.textContent = rule;
    $("rule").appendChild(option);
  }
  $("rule").value = rule;
  $("colors").value = colorOption(colors);
  $("disks").value = settings.n;
  $("goal-up").value = settings.goal_up || "";
  updateSettingsView(game);
}

export function updateSettingsView(game) {
  const magnetic = $("mode").value === "magnetic";
  document.body.classList.toggle("classic", !magnetic);
  $("disks-out").textContent = $("disks").value;
  $("title").textContent = magnetic ? "Magnetic Tower of Hanoi" : "Tower of Hanoi";
  const k = Number($("post-count").value);
  const max = game.config ? maxDisks(game.config, k, magnetic, $("rule").value) : Number($("disks").max);
  $("disks").max = max;
  if (Number($("disks").value) > max) $("disks").value = max;
  $("disks-out").textContent = $("disks").value;
  const cyclic = $("rule").querySelector("option[value=cyclic]");
  cyclic.dataset.base = `cyclic (${[...postNames(k), "S"].join("→")})`;  // the cycle of these posts, e.g. S→I→D→S
  cyclic.textContent = cyclic.disabled ? `${cyclic.dataset.base} (unavailable)` : cyclic.dataset.base;
  if (!describes(game.choices)) showChoices(null);  // no marks of another member while this one's are on their way
  const levy = magnetic && k === 3 && $("rule").value === "any";  // Levy's algorithms play the three-post tower
  for (const option of $("algorithm").options) {
    if (option.value !== "optimal") option.disabled = !levy;
  }
  if ($("algorithm").selectedOptions[0] && $("algorithm").selectedOptions[0].disabled) $("algorithm").value = "optimal";
}

export function maxDisks(config, k, magnetic, rule) {
  // the largest tower the server offers for this member (/api/config)
  if (k === 3 && rule === "any") return config.max_disks;
  return config.family_max_disks[`${k}${magnetic ? "m" : ""}`] || config.max_disks;
}

export function showChallenges(game, play) {
  // the progression, each challenge a button once the one before is done; ``play(challenge)`` starts one
  const list = $("challenge-list");
  const done = completed();
  list.textContent = "";
  CHALLENGES.forEach((item, index) => {
    const open = unlocked(index, done);
    const row = document.createElement("li");
    row.className = item.id === game.challenge ? "current" : "";
    const button = document.createElement("button");
    button.type = "button";
    button.disabled = !open;
    button.dataset.challenge = item.id;
    const mark = done[item.id] ? "★".repeat(done[item.id]) + "☆".repeat(3 - done[item.id]) : open ? "" : "locked";
    button.innerHTML = `<span class="title"></span><span class="mark" aria-hidden="true"></span><span class="sr"></span>`;
    button.querySelector(".title").textContent = `${index + 1}. ${item.title}`;
    button.querySelector(".mark").textContent = mark;
    button.querySelector(".sr").textContent = done[item.id] ? `, done: ${done[item.id]} of 3 stars`
      : open ? "" : ", locked";
    button.title = item.about;
    button.addEventListener("click", () => play(item));
    row.appendChild(button);
    list.appendChild(row);
  });
}

const dailyCard = { day: null, play: null };  // the day shown on the daily puzzle's card, and its button's action

export function refreshDaily() {
  // the card again, with the stars of a game just won
  if (dailyCard.day) showDaily(dailyCard.day, dailyCard.play);
}

export function showDaily(day, play) {
  // the daily puzzle's card: what it is, and the stars already won on it (``day`` null: not loaded)
  Object.assign(dailyCard, { day, play });
  $("daily-play").disabled = !day;
  if (!day) return;
  $("daily-about").textContent = `${day.date}: ${describeDailyText(day)}`;
  const result = dailyResults()[day.date];
  $("daily-done").textContent = result ? `Done: ${"★".repeat(result.stars)}${"☆".repeat(3 - result.stars)}` : "";
  $("daily-play").onclick = () => play(day);
}

function describeDailyText(day) {
  const s = day.settings;
  const rule = s.moves === "any" ? "every move allowed" : `${s.moves} moves`;
  return `${s.n} disks on ${s.posts} posts, ${rule}, post colours ${s.colors}; par ${day.par}.`;
}

export function showHistory() {
  // the games won in this browser, the latest first
  const games = history();
  const list = $("history-list");
  list.textContent = "";
  $("history-empty").hidden = games.length > 0;
  for (const game of games.slice(0, 8)) {
    const item = document.createElement("li");
    item.textContent = `${game.what}: ${count(game.moves)} moves (par ${count(game.par)}), ${clock(game.ms)}`;
    const stars = document.createElement("span");
    stars.className = "stars";
    stars.textContent = "★".repeat(game.stars) + "☆".repeat(3 - game.stars);
    stars.setAttribute("aria-label", `${game.stars} of 3 stars`);
    stars.setAttribute("role", "img");
    item.appendChild(stars);
    list.appendChild(item);
  }
}
