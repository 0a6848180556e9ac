/**
 * The kept-session path (src/http/session.ts) answers only when koa-session would leave the session as it is:
 * `sessionStaysAsItIs` mirrors koa-session's own checks — expired (`_expire` past: a new, empty session) and
 * `renew` (less than half the max age left: saved again, with a new cookie).
 */
import test from 'ava';
import { sessionStaysAsItIs } from '../../src/http/session';

const DAY = 24 * 60 * 60 * 1000;
const configured = 30 * DAY;

test('a session with time left and no expiry of its own stays as it is', (t) => {
  t.true(sessionStaysAsItIs({ userId: 1 }, configured));
  t.true(sessionStaysAsItIs({ userId: 1, _expire: Date.now() + 20 * DAY, _maxAge: 30 * DAY }, configured));
});

test('a session past its own expiry does not (koa-session starts an empty one)', (t) => {
  t.false(sessionStaysAsItIs({ userId: 1, _expire: Date.now() - 1, _maxAge: 30 * DAY }, configured));
});

test('a session within half its max age of expiry does not (koa-session renews it)', (t) => {
  t.false(sessionStaysAsItIs({ userId: 1, _expire: Date.now() + 10 * DAY, _maxAge: 30 * DAY }, configured));
  // its own max age decides, else the configured one
  t.true(sessionStaysAsItIs({ userId: 1, _expire: Date.now() + 10 * DAY, _maxAge: 12 * DAY }, configured));
  t.false(sessionStaysAsItIs({ userId: 1, _expire: Date.now() + 10 * DAY }, configured));
  t.true(sessionStaysAsItIs({ userId: 1, _expire: Date.now() + 20 * DAY }, configured));
});

test('a browser-session cookie (`_session`) is never renewed', (t) => {
  t.true(sessionStaysAsItIs({ userId: 1, _expire: Date.now() + DAY, _session: true }, configured));
});
