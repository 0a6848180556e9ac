/**
 * The app's clock for the step-up window (docs/api.md "Step-up"): `Date.now` unless the app was built with another
 * (tests move it past the window instead of waiting). Kept per app, so two apps in one process keep their own.
 */
import type Koa from 'koa';

export type Clock = () => number;

const clocks = new WeakMap<Koa, Clock>();

export function installClock(app: Koa, clock: Clock | undefined): void {
  if (clock) clocks.set(app, clock);
}

/** Now, by the clock of the app answering `ctx`. */
export const nowOf = (ctx: Koa.Context): number => (clocks.get(ctx.app) ?? Date.now)();
