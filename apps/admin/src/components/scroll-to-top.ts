/**
 * After a save the admin lands at the top of the list (issue 22 item 14), where the saved item and the
 * message are, not wherever the form was scrolled to.
 */
export function scrollToTop() {
  // jsdom has no scrolling; browsers always do.
  if (typeof window.scrollTo === 'function' && !navigator.userAgent.includes('jsdom'))
    window.scrollTo({ top: 0, behavior: 'auto' });
}
