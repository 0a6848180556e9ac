/**
 * V8 settings for the server process, made before anything else is loaded (src/server.ts imports this first).
 *
 * Allocation-site pretenuring off. V8 watches which allocation sites' objects survive scavenges and, once a site's
 * survival is high, allocates its objects straight in the old generation. A server's bursts — the registry import,
 * migrations, a first burst of requests while the caches fill — taught it that node-postgres' row parsing makes
 * long-lived objects, and the decision stuck: every later query's rows, which live for one request, went to the
 * old generation and came back only through mark-compacts (~250 KB a scavenge under a search load, a mark-compact
 * every ~1.6 s with pauses of 3–9 ms). Off, those rows die young. Measured on the built server (wrk, alternating
 * with and without): cold department search +15% answers a second, p99 −10–20%; the owner's edit page −12–20% of
 * its CPU; the kept and cold public pages unchanged (docs/decisions/request-floor.md).
 *
 * Set at run time rather than on the command line so every way of starting the server — `npm start`, the
 * container, the benchmarks — runs the same; this flag is read at each collection, so setting it here takes effect.
 */
import v8 from 'node:v8';

v8.setFlagsFromString('--no-allocation-site-pretenuring');
