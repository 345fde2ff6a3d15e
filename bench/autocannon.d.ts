/** The part of autocannon's programmatic API the benchmark uses (the package ships no types). */
declare module "autocannon" {
  type Histogram = { average: number; p50: number; p99: number; total: number };
  type RawRequest = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    amount?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: { method?: string; path?: string; headers?: Record<string, string>; setupRequest?: (request: RawRequest) => RawRequest }[];
  };
  export type Result = {
    /** Seconds the run lasted. */
    duration: number;
    requests: Histogram;
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
    "1xx": number;
    "2xx": number;
    "3xx": number;
    "4xx": number;
    "5xx": number;
  };
  export default function autocannon(options: Options): Promise<Result>;
}
