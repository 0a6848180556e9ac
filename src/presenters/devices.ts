/** Signed-in devices as their owner sees them (Account Settings): browser and OS, never the token or an address. */
import type { Session } from '../models/Session';
import type { User } from '../models/User';
import type { Viewer } from '../policies/viewer';
import { UNKNOWN_BROWSER, UNKNOWN_OS } from '../services/devices';
import type { DeviceJson, DevicesJson } from '../validation/accountData';
import { iso } from './iso';

export function presentDevice(session: Session, currentId: number | null, _viewer: Viewer): DeviceJson {
  return {
    id: session.id,
    browser: session.browser ?? UNKNOWN_BROWSER,
    os: session.os ?? UNKNOWN_OS,
    createdAt: iso(session.createdAt),
    lastSeenAt: iso(session.lastSeenAt),
    current: session.id === currentId,
  };
}

/** The current device first, then by last seen. */
export function presentDevices(sessions: Session[], currentId: number | null, user: User): DevicesJson {
  const devices = sessions.map((s) => presentDevice(s, currentId, user));
  return {
    devices: [...devices.filter((d) => d.current), ...devices.filter((d) => !d.current)],
    newDeviceAlerts: user.newDeviceAlerts,
  };
}
