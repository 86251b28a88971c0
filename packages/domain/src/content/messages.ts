/** Texts of spec 3 for adding videos, banners and popups, word for word (typos included). */
export const CONTENT_MESSAGES = {
  addVideosFromVimeo: 'Add Videos from vimeo',
  selectVideoType: 'Please select a video type!',
  addVideoSuccess: 'Success! Data submitted successfully!',
  addVideoError: 'Danger! Error submitting data. Please try again.',
  unexpectedError: 'Unexpected error. Please check console.',
  pickReleaseDate: 'Please pick a release date',
  thereIsAProblem: 'There is a problem',
  /** Not quoted by the spec (it only sets the picker minimum); the server's answer to a past date. */
  releaseDateInPast: 'Release date cannot be before today.',
  bannerImageRequired: 'Please select an image',
  bannerTitleRequired: 'Please enter a title',
  pleaseLoginFirst: 'Please login first',
  bannerSubmitError: 'Error during submission. Please try again.',
  bannerFetchError: (message: string) => `Error fetching banners: ${message}`,
  editLoadFailed: 'Something Went Wrong',
  loading: 'Loading...',
  popupDeviceRequired: 'Please select at least one device (Desktop or Mobile).',
  popupSubmitError: 'An error occurred while submitting the popup.',
  popupFetchError: (message: string) => `Error fetching Popups: ${message}`,
} as const;

/** How long the add-video banners stay (spec 3 §9: admin alert banners, 20 seconds). */
export const ADD_VIDEO_BANNER_MS = 20_000;
