/** The admin app's configuration, read once: the member site the console links to. */
function readMemberUrl(): string {
  const raw = import.meta.env.VITE_MEMBER_URL?.trim();
  if (!raw) return 'http://localhost:5173';
  try {
    return new URL(raw).origin;
  } catch {
    throw new Error(`VITE_MEMBER_URL is not a valid URL: ${raw}`);
  }
}

export const env = {
  memberAppUrl: readMemberUrl(),
} as const;
