import { createContext, type ReactNode, useContext } from 'react';

/**
 * What the server knew when it rendered the first screen (decision 0071), for the client's hydrating render,
 * which must produce the same markup: a page that reads the screen's width during render starts from the
 * server's guess (`isMobile`) and corrects it in an effect. Null when the page was rendered by the client.
 */
export interface FirstScreen {
  isMobile: boolean;
  /** The address the server rendered (path and query): what only its markup has (a poster image) checks it. */
  location: string;
}

const FirstScreenContext = createContext<FirstScreen | null>(null);

export const useFirstScreen = () => useContext(FirstScreenContext);

/**
 * `value` for the page's life. It does not change once hydrated: a context that changes above a part of the page
 * still waiting to hydrate (a lazy route whose chunk is on its way) makes React throw that part's server markup
 * away and render it again.
 */
export function FirstScreenProvider({ value, children }: { value: FirstScreen | null; children: ReactNode }) {
  return <FirstScreenContext.Provider value={value}>{children}</FirstScreenContext.Provider>;
}

/** The id of the JSON block in which the server hands the client its rendered state. */
export const FIRST_SCREEN_STATE_ID = 'first-screen-state';

declare global {
  interface Window {
    /** Does again the taps and submissions public/early.js held while the server's markup waited for the app. */
    __danceReplay?: () => void;
  }
}
