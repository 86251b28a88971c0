/**
 * The player's and the upload wizard's texts, word for word from spec 2 §2, §4, §8 and spec 3 §4, §5, §8
 * (typos included). Kept beside the player contracts so the shared message file stays small.
 */
export const PLAYER_MESSAGES = {
  // Member player (spec 2)
  notLoggedIn: 'Please log in to view the content.',
  loading: 'loading....',
  videoFetchFailed: 'An error occurred while fetching the video.',
  reactionFailed: 'An error occurred, please login again',
  saved: 'Saved',
  unsaved: 'Unsaved',
  wishlistFailed: 'Failed to update wishlist. Please try again later.',
  savedStatusFailed: 'Failed to update saved status',
  recommendationsFailed: 'Failed to load recommended videos. Please try again later.',
  upgradeMyAccount: 'Upgrade My Account',
  watchTrailer: 'Watch Trailer',
  more: 'More',
  showLess: 'Show Less',
  pleaseLoginAgain: 'Please Login Again',
  subscriptionRequired: 'A subscription is needed to watch this video. Choose a plan to continue.',
  classUpgrade: 'This class is part of our studio and VIP plans. Upgrade your account to watch it.',
  mediaNotReady: 'This video is still being prepared. Please try again in a few minutes.',
  /** A class released later: its trailer plays until the release (12:00 AM New York time). */
  classComingSoon: 'This class is coming soon.',
  classComingSoonTrailer: 'This class is coming soon. Watch the trailer until it is released.',
  mediaFailed: 'This video could not be processed.',
  /** A part of the player whose code could not load (the network dropped, or a new release replaced it). */
  practiceToolsFailed: 'The practice tools could not load. Reload the page to try again.',
  cameraFailed: 'The camera could not load. Reload the page to try again.',
  /** Both at once (the network dropped): one line and one Reload button, not two. */
  practiceToolsAndCameraFailed:
    'The practice tools and the camera could not load. Reload the page to try again.',
  // Upload wizard (spec 3 §4, §5, §8)
  addVideoToContinue: 'Please add a video to continue',
  invalidChapterTime: 'Invalid time. Use HH:MM:SS.',
  chapterTimeNotUnique: 'Each chapter must have a unique time.',
  chapterTimeExceedsDuration: 'Chapter time cannot exceed video duration.',
  requiredFieldsMissing: 'Required fields are missing',
  processingVideo: 'Processing video… This can take a few minutes.',
  uploadFailed: 'Upload Failed',
  uploadFailedTryAgain: 'Upload Failed, please try again.',
  videoUploaded: 'Video Successfully Uploaded!',
  muxAssetFailed: 'Failed to fetch Mux asset data. Please verify the Asset ID.',
  pleaseSelectLevel: 'Please select at least one level',
  titleRequired: 'Title is required',
  videoFileTooLarge: 'The video must be at most 2 GB.',
  videoFileType: 'Please choose a video file (MP4, MOV, WebM or MKV).',
} as const;
