/** What the Network Information API says of the connection (Chromium-based browsers; absent elsewhere). */
export interface NetworkInformationLike {
  saveData?: boolean;
  type?: string;
  effectiveType?: string;
}

/**
 * Whether the member's connection asks to save data: Save-Data (the browser's or the system's data
 * saver), a cellular connection (usually metered) or a slow one (2G/3G). Browsers without the Network
 * Information API say nothing: treated as an ordinary connection.
 */
export function isSavingData(connection: NetworkInformationLike | undefined): boolean {
  if (!connection) return false;
  return (
    connection.saveData === true ||
    connection.type === 'cellular' ||
    ['slow-2g', '2g', '3g'].includes(connection.effectiveType ?? '')
  );
}

/** This browser's connection information, if it has the API. */
export const currentConnection = (): NetworkInformationLike | undefined =>
  (globalThis.navigator as (Navigator & { connection?: NetworkInformationLike }) | undefined)?.connection;
