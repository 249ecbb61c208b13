/** A minimal Server-Sent Events reader over fetch, for tests against a listening server. */
export interface SseMessage {
  id?: string;
  event?: string;
  data?: string;
  comment?: string;
}

export interface SseStream {
  status: number;
  /** Waits for the first message (already received or coming) that matches. */
  next(match: (message: SseMessage) => boolean, timeoutMs?: number): Promise<SseMessage>;
  received: SseMessage[];
  /** Settles when the server ends the stream (or the client closes it). */
  ended: Promise<void>;
  close(): void;
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const received: SseMessage[] = [];
  const waiters = new Set<() => void>();
  const notify = () => waiters.forEach((w) => w());

  let ended: Promise<void> = Promise.resolve();
  if (response.body) {
    ended = (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const message: SseMessage = {};
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) message.comment = line.slice(1).trim();
              const [field, ...rest] = line.split(': ');
              const value = rest.join(': ');
              if (field === 'id' || field === 'event' || field === 'data') message[field] = value;
            }
            received.push(message);
            notify();
            end = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // aborted
      }
    })();
  }

  return {
    status: response.status,
    received,
    ended,
    close: () => controller.abort(),
    next: (match, timeoutMs = 5000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = received.find(match);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(received)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
  };
}

export const isChange = (topic: string) => (message: SseMessage) =>
  message.event === 'change' && JSON.parse(message.data ?? '{}').topic === topic;

/** Settles when the server ends the stream; fails if it is still open after `ms`. */
export async function endsWithin(stream: SseStream, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the stream was still open after ${ms} ms`)), ms);
  });
  try {
    await Promise.race([stream.ended, late]);
  } finally {
    clearTimeout(timer);
  }
}
