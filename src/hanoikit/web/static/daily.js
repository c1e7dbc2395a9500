// The daily puzzle: the same for everyone on a date (the server draws the member, the start and the goal from the
// date's seed, with the par), and the card that offers it.

import { api } from "./api.js";

export function today() {
  // the player's date, YYYY-MM-DD
  const now = new Date();
  const two = (value) => String(value).padStart(2, "0");
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

export function fetchDaily(date) {
  return api(`/api/daily?date=${encodeURIComponent(date)}`);
}
