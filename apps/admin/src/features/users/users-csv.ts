import type { TAdminUser } from '@dance/domain';

const HEADER = ['First name', 'Last name', 'Email', 'Type', 'Plan', 'Status', 'Studio', 'Joined'];

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A field a spreadsheet would
 * run as a formula (starting with =, +, -, @, tab or carriage return) is prefixed with an apostrophe, so an
 * exported name cannot execute anything when the file is opened (OWASP CSV injection).
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toUsersCsv(users: readonly TAdminUser[], typeLabel: (user: TAdminUser) => string): string {
  const rows = users.map((u) => [
    u.firstName,
    u.lastName,
    u.email,
    typeLabel(u),
    u.plan?.title ?? '',
    u.plan?.statusLabel ?? '',
    u.studio ? `${u.studio.name} <${u.studio.email}>` : '',
    u.createdAt.slice(0, 10),
  ]);
  return `${[HEADER, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** Saves the CSV as a file in the browser. */
export function downloadCsv(name: string, csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
