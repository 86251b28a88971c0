/** Mantine keeps the chosen colour scheme here: a display preference of the device, not of the user. */
const KEPT_KEYS = new Set(['mantine-color-scheme-value']);

/** Logout clears all storage (spec 1 §4), keeping only the device's display preference. */
export function clearBrowserStorage() {
  try {
    sessionStorage.clear();
    for (const key of Object.keys(localStorage)) {
      if (!KEPT_KEYS.has(key)) localStorage.removeItem(key);
    }
  } catch {
    // Storage can be disabled (private mode); there is nothing to clear then.
  }
}
