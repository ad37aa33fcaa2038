/**
 * One load run with autocannon over loopback: fixed connections and duration after a
 * short warm-up, summed up as the figures bench:api reports.
 */
import autocannon from 'autocannon';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Called before each request: a body or headers that must differ per request. */
  vary?: () => { body?: string; headers?: Record<string, string> };
}

export interface LoadSettings {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

export interface LoadFigures {
  /** Answers in 2xx per second over the measured run. */
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number; max: number };
  /** Every request that did not get a 2xx: connection errors, timeouts and non-2xx answers. */
  errors: number;
  /** Status codes seen, with counts (non-2xx ones tell why a run failed). */
  statusCodes: Record<string, number>;
  requests: number;
  durationSeconds: number;
}

function run(url: string, request: LoadRequest, connections: number, seconds: number) {
  const { vary } = request;
  return autocannon({
    url,
    connections,
    duration: seconds,
    // A slow scrypt-bound login must not count as a timeout at 20 queued connections.
    timeout: 30,
    requests: [
      {
        method: request.method,
        path: request.path,
        headers: request.headers,
        body: request.body,
        // autocannon calls setupRequest whenever the key is present, even when undefined.
        ...(vary && {
          setupRequest: (raw: autocannon.Request) => {
            const varied = vary();
            return {
              ...raw,
              ...(varied.body === undefined ? {} : { body: varied.body }),
              headers: { ...raw.headers, ...varied.headers },
            };
          },
        }),
      },
    ],
  });
}

/** `afterWarmup` runs between the warm-up and the measured run (to reset the server's counters). */
export async function measure(
  url: string,
  request: LoadRequest,
  settings: LoadSettings,
  afterWarmup?: () => Promise<void>,
): Promise<LoadFigures> {
  if (settings.warmupSeconds > 0) await run(url, request, settings.connections, settings.warmupSeconds);
  await afterWarmup?.();
  const result = await run(url, request, settings.connections, settings.durationSeconds);
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count ?? 0]),
  );
  const round = (value: number, places = 1) => Number(value.toFixed(places));
  return {
    requestsPerSecond: round(result['2xx'] / result.duration),
    latencyMs: {
      p50: result.latency.p50,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    errors: result.errors + result.non2xx,
    statusCodes,
    requests: result.requests.total,
    durationSeconds: round(result.duration, 2),
  };
}
