/**
 * The texts the member app's first page can show (the shell, the video cards, the home page). They are kept in a
 * module of their own (a bundler puts a whole module in one chunk) so that its first script carries these and not
 * every message (the first-page JavaScript budget); MESSAGES has them too, under the same names.
 */
export const FIRST_PAGE_MESSAGES = {
  pleaseLoginAgain: 'Please Login Again',
  somethingWentWrong: 'Something went wrong',
  videoSaved: 'Saved',
  videoUnsaved: 'Unsaved',
  savedUpdateFailed: 'Failed to update saved status',
  noVideosToShow: 'No Videos To Show',
  saveNeedsAccountTitle: 'Sign up to save videos',
  saveNeedsAccountBody:
    'Create an account to keep the videos you want to practise in one list, on every device.',
  saveNeedsAccountConfirm: 'Sign up',
  saveNeedsAccountCancel: 'Not now',
  searchTooShort: 'Please enter at least 3 characters',
} as const;
