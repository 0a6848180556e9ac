/**
 * The Node HTTP server every Turnout process listens with (the app, the test app, the bench's bare server),
 * so tests and benchmarks measure the connection behaviour users get.
 */
import http from 'node:http';

/**
 * Idle keep-alive connections stay open 65 s, longer than the idle timeout of common reverse proxies and load
 * balancers (60 s): otherwise the server may close a connection just as the proxy reuses it, and the request
 * fails with a reset (Node's default is 5 s).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export function createHttpServer(listener: http.RequestListener): http.Server {
  const server = http.createServer(listener);
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  return server;
}
