/** Leaves the SPA for another app (a full page load); a module of its own so tests can observe it. */
export function goToUrl(url: string) {
  window.location.assign(url);
}
