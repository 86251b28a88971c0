/** The member app's configuration, read once from Vite's env. */
export const env = {
  /** Where admins land after logging in on the member site. */
  adminUrl: String(import.meta.env.VITE_ADMIN_URL ?? 'http://localhost:5174').replace(/\/+$/, ''),
} as const;
