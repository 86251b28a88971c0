import { runStartChain, type StartChainAsk, type StartChainReply } from './start-chain';

/** The player's start chain off the main thread (start-chain.ts, decision 0070). */
// The app is typed with the DOM's globals; a dedicated worker's scope needs only these two.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<StartChainAsk | { type: 'cancel'; id: number }>) => void) | null;
  postMessage: (reply: StartChainReply) => void;
};
const running = new Map<number, AbortController>();

scope.onmessage = (event) => {
  const message = event.data;
  if (message.type === 'cancel') {
    running.get(message.id)?.abort();
    running.delete(message.id);
    return;
  }
  const controller = new AbortController();
  running.set(message.id, controller);
  void runStartChain(message, (reply) => scope.postMessage(reply), controller.signal).finally(() =>
    running.delete(message.id),
  );
};
