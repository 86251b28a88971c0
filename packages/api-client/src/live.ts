/** The API's base path (as in client.ts). */
const API_BASE_PATH = '/api/v1';

export interface LiveHandlers {
  /** Named events of the channel (the SSE `event:`), with their JSON data. */
  [type: string]: ((data: unknown) => void) | undefined;
}

/**
 * Follows a live channel of the API (`GET /api/v1/live?channel=`, Server-Sent Events). The browser's
 * EventSource reconnects by itself and resumes with Last-Event-ID; a `reset` event means events were missed:
 * refetch what is shown. Returns the function that stops following.
 */
export function followLive(channel: string, handlers: LiveHandlers, baseUrl = API_BASE_PATH): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  const source = new EventSource(`${baseUrl}/live?channel=${encodeURIComponent(channel)}`, {
    withCredentials: true,
  });
  for (const [type, handler] of Object.entries(handlers)) {
    if (!handler) continue;
    source.addEventListener(type, (event) => {
      let data: unknown = null;
      try {
        data = JSON.parse((event as MessageEvent<string>).data);
      } catch {
        return;
      }
      handler(data);
    });
  }
  return () => source.close();
}
