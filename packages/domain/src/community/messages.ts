/** Community texts, word for word from spec 2 §2, §4, §5, §8 and spec 3 §8 (typos included). */
export const COMMENT_MESSAGES = {
  communityChat: 'Community Chat',
  noComments: 'No comments have been made yet. Be the first to comment!',
  posting: 'Posting comment...',
  posted: 'Successfully posted!',
  pendingApproval: 'Comment is now pending approval from administration.',
  editing: 'Editing comment..',
  updated: 'Successfully updated!',
  editPending: 'Edited comment is now pending for approval from administration.',
  deleting: 'Deleting comment..',
  deleted: 'Successfully deleted!',
  confirmDelete: 'Are you sure you want to delete this comment?',
  no: 'NO',
  yes: 'YES',
  editEmpty: 'Edited comment cannot be empty!',
  empty: 'A comment cannot be empty.',
  hideReplies: 'Hide Replies',
  moderationFailed: 'An error occurred. Please try again.',
  // Ours (the spec names none): abuse limits and a muted member.
  tooFast: 'You are commenting too fast. Please wait a moment and try again.',
  tooManyToday: 'You have reached today’s comment limit. Please try again tomorrow.',
  duplicate: 'You have just posted this comment.',
  muted: 'Commenting is turned off for your account.',
  pendingMark: 'Pending approval',
  imageNotUploaded: 'Attach images uploaded for this comment.',
} as const;

/** Spec 2 §4's 'Show N more Reply/Replies': 'Show 1 more Reply', 'Show 3 more Replies'. */
export const showMoreReplies = (n: number) => `Show ${n} more ${n === 1 ? 'Reply' : 'Replies'}`;
