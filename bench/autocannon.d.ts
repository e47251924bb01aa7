/** The part of autocannon 9's programmatic API the benchmark uses (the package ships no types). */
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  export type RequestParams = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  };

  export type Request = RequestParams & {
    setupRequest?: (request: RequestParams, context: Record<string, unknown>) => RequestParams | null;
    onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, unknown>) => void;
  };

  export interface Client extends EventEmitter {
    setRequests(requests: Request[]): void;
  }

  /** The path comes from `url`; a top-level `path` option is ignored by autocannon. */
  export type Options = Omit<RequestParams, "path"> & {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    requests?: Request[];
    setupClient?: (client: Client) => void;
  };

  export type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  };

  export type Result = {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    statusCodeStats: Record<string, { count: number }>;
  };

  export default function autocannon(options: Options): EventEmitter & PromiseLike<Result>;
}
