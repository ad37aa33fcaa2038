/**
 * Puts a page's localStorage in place before Lighthouse loads it. The login guard and the
 * language redirect run client-side from localStorage (src/lib/head-script.ts), so a
 * signed-in page can only be audited when the session is already stored. Lighthouse's
 * storage reset leaves localStorage alone (its default clearStorageTypes), so what is set
 * here survives into the audit while the HTTP cache is still cleared.
 *
 * Speaks the DevTools protocol directly over WebSocket (Node's global one): one tab, open
 * a same-origin URL that runs no page script, set the keys, close the tab.
 */

interface Target {
  id: string;
  webSocketDebuggerUrl: string;
}

/** A same-origin document with no head script: the API's health answer. */
const NEUTRAL_PATH = '/api/health/';

export async function setLocalStorage(
  debuggingPort: number,
  origin: string,
  entries: Record<string, string | null>,
): Promise<void> {
  const devtools = `http://127.0.0.1:${debuggingPort}`;
  const target = (await (await fetch(`${devtools}/json/new?about:blank`, { method: 'PUT' })).json()) as Target;
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', () => reject(new Error('cannot reach the DevTools protocol')), { once: true });
  });

  let nextId = 0;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const events = new Map<string, () => void>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as {
      id?: number;
      method?: string;
      result?: unknown;
      error?: { message: string };
    };
    if (message.id !== undefined) {
      const waiter = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) waiter?.reject(new Error(message.error.message));
      else waiter?.resolve(message.result);
    } else if (message.method) {
      events.get(message.method)?.();
    }
  });
  const send = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const id = ++nextId;
      pending.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method, params }));
    });
  const once = (method: string) => new Promise<void>((resolve) => events.set(method, resolve));

  try {
    await send('Page.enable');
    const loaded = once('Page.loadEventFired');
    await send('Page.navigate', { url: `${origin}${NEUTRAL_PATH}` });
    await loaded;
    const script = Object.entries(entries)
      .map(([key, value]) =>
        value === null
          ? `localStorage.removeItem(${JSON.stringify(key)});`
          : `localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(value)});`,
      )
      .join('');
    const result = (await send('Runtime.evaluate', { expression: `${script}location.origin`, returnByValue: true })) as {
      result: { value?: unknown };
      exceptionDetails?: { text: string };
    };
    if (result.exceptionDetails) throw new Error(`cannot set localStorage: ${result.exceptionDetails.text}`);
    if (result.result.value !== origin) throw new Error(`set localStorage on ${String(result.result.value)}, not ${origin}`);
  } finally {
    socket.close();
    await fetch(`${devtools}/json/close/${target.id}`).catch(() => {});
  }
}
