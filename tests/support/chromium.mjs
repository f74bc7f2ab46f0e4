// Flags for the headless Chromium of the browser tests and bench:lighthouse. Plain JavaScript so that both the
// vitest suites and the plain-node benchmarks load it.

/**
 * Chromium's new headless mode is the whole browser with its windows hidden. For every window (every browser
 * context of a test) it starts the address bar's suggestion popup, a WebUI page in a renderer of its own
 * (chrome://omnibox-popup.top-chrome/), which nobody can see or type into. On this 2-core machine it cost about
 * 0.6 s of CPU per window: 20 windows took 17.4–17.8 CPU-s with it and 5.2 without. Chromium merges this list with
 * the features Playwright disables.
 */
export const QUIET_CHROMIUM_FLAGS = ["--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup"];
