/** Playlist texts of spec 1 §2, §5, §8 and spec 3 §5, §8, word for word. */
export const PLAYLIST_MESSAGES = {
  noFeatured: 'No Featured playlists exist',
  createPersonal: 'Create your own Personal Playlists now!',
  nameRequired: 'Name is required',
  descriptionRequired: 'Description is required',
  videoRequired: 'At least one video must be selected',
  pickPlaylistOrName: 'Select at least one playlist or enter a new name',
  somethingWentWrong: 'Something went wrong',
  fetchPersonalFailed: 'Error fetching personal playlists',
  fetchStudioFailed: 'Error fetching studio playlists',
  createFailed: 'Failed to create new playlist. Please try again later.',
  updateFailed: 'Failed to update playlist. Please try again later.',
  detailsFailed: 'Error fetching playlist details',
  saveOrderFailed: 'Error saving order',
  /** The spec's "Payload is null" is developer wording (decision 0040): what happened and what to do. */
  orderEmpty: 'The new order is empty. Reload the playlist and try again.',
  createdAndAdded: 'Created and added playlist successfully',
  added: 'Added to playlist successfully',
  created: 'Playlist created successfully!',
  updated: 'Playlist updated successfully!',
  reordered: 'Playlist reordered successfully!',
  deleted: 'Playlist deleted Successfully',
  videoRemoved: 'Deleted successfully',
  featuredSaved: 'Featured playlist saved successfully',
  featuredDeleted: 'Deleted Successfully',
  imageUploadFailed: 'Image upload failed',
  removeTitle: 'Remove from Playlist?',
  removeBody: 'Are you sure you want to remove this video from this playlist?',
  /** The order changed under the editor (another member saved first): reload and try again. */
  orderStale: 'This playlist changed while you were editing it. Reload it and try again.',
  duplicateVideos: 'A video can appear only once in a playlist',
  unknownVideos: 'Unknown video',
  alreadyInPlaylist: 'This video is already in the playlist',
} as const;

/** Spec 1 §9 and spec 3 §9: playlist error toasts and the shuffle prompt last 5 s; shuffle locks for 7 s. */
export const PLAYLIST_LIMITS = {
  errorToastMs: 5000,
  shufflePromptMs: 5000,
  shuffleLockoutMs: 7000,
  maxVideos: 500,
  nameMax: 120,
  descriptionMax: 2000,
} as const;
