// The display: the theme (light, dark or high contrast; by default as the system prefers), the faces' style (colours,
// or colours with symbols: red striped, blue dotted, for colour-blind players) and reduced motion, set as attributes of
// the page's root element, where style.css reads them.

export function applyDisplay(prefs) {
  const root = document.documentElement;
  const dark = window.matchMedia("(prefers-color-scheme: dark)").matches;
  root.dataset.theme = prefs.theme === "auto" ? (dark ? "dark" : "light") : prefs.theme;
  root.dataset.faces = prefs.faces;
  if (prefs.motion === "reduce") root.dataset.motion = "reduce";
  else delete root.dataset.motion;
  return root.dataset.theme;
}
