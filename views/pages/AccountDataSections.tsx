/**
 * Account Settings → Signed-in Devices and Your Data (docs/decisions/signed-in-devices.md, docs/decisions/data-export.md, docs/decisions/account-deletion.md): plain server forms, no script needed.
 * Devices: browser and OS, last seen and signed in (UTC), which tell two of the same browser apart; "This
 * device" marks the session asking; "Sign out this device" (named with the device and its last seen) for each
 * other one, and Sign Out All Other Devices. Your Data: Export (a zip downloads, or is e-mailed when large)
 * and the way to Delete My Account (its own page, which explains what goes). And the e-mailed export link's page.
 */
import { InlineProof } from '../ui/InlineProof';
import { styled } from 'styled-components';
import { sc } from '../ui/sc';
import { Badge } from '../ui/Badge';
import { Button, ButtonLink } from '../ui/Button';
import { Checkbox, Form, FormAlert, SubmitButton } from '../ui/Field';
import { formatDateTime } from '../ui/format';
import type { DevicesJson } from '../../src/validation/accountData';
import type { FormState } from '../../src/validation/forms';
import { MessagePage } from './MessagePage';
import { theme } from '../ui/theme';

const Stack = styled.div.withConfig(sc('DeviceStack'))`
  display: grid;
  gap: ${theme.space[4]};
`;

const List = styled.ul.withConfig(sc('DeviceList'))`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${theme.space[2]};
`;

const Row = styled.li.withConfig(sc('DeviceRow'))`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space[2]};
  padding: ${theme.space[3]};
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius.control};
  form {
    margin: 0;
  }
`;

const What = styled.div.withConfig(sc('DeviceWhat'))`
  min-width: 0;
  overflow-wrap: anywhere;
  strong {
    margin-right: ${theme.space[2]};
  }
  small {
    display: block;
    color: ${theme.color.muted};
    font-size: ${theme.font.size.sm};
  }
`;

const Actions = styled.div.withConfig(sc('DataActions'))`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[3]};
  align-items: center;
  form {
    margin: 0;
  }
`;

const Note = styled.p.withConfig(sc('DataNote'))`
  margin: 0;
  color: ${theme.color.muted};
  font-size: ${theme.font.size.sm};
`;

const ticked = (state: FormState | undefined, fallback: boolean) =>
  state ? state.values.newDeviceAlerts === 'true' : fallback;

export function DevicesSection({ devices, alertsState }: { devices: DevicesJson; alertsState?: FormState }) {
  const others = devices.devices.filter((d) => !d.current).length;
  return (
    <Stack>
      <List aria-label="Signed-in devices">
        {devices.devices.map((device) => {
          // What tells two of the same browser apart: when each was last seen and signed in (no place is stored).
          const name = `${device.browser} on ${device.os}`;
          const lastSeen = formatDateTime(device.lastSeenAt);
          return (
            <Row key={device.id} data-testid="device">
              <What>
                <strong>{name}</strong>
                {device.current ? <Badge $tone="ok">This device</Badge> : null}
                <small>
                  Last seen {lastSeen} · Signed in {formatDateTime(device.createdAt)}
                </small>
              </What>
              {device.current ? null : (
                <Form action="/account-settings#devices">
                  <input type="hidden" name="intent" value="signOutDevice" />
                  <input type="hidden" name="sessionId" value={device.id} />
                  <Button
                    type="submit"
                    $variant="secondary"
                    aria-label={`Sign out this device: ${name}, last seen ${lastSeen}`}
                  >
                    Sign out this device
                  </Button>
                </Form>
              )}
            </Row>
          );
        })}
      </List>
      {others > 0 ? (
        <Actions>
          <Form action="/account-settings#devices">
            <input type="hidden" name="intent" value="signOutOthers" />
            <Button type="submit" $variant="destructive">
              Sign Out All Other Devices
            </Button>
          </Form>
        </Actions>
      ) : (
        <Note>No other device is signed in.</Note>
      )}
      <Form action="/account-settings#devices">
        <input type="hidden" name="intent" value="deviceAlerts" />
        <Checkbox
          id="new-device-alerts"
          name="newDeviceAlerts"
          label="E-mail me when a new device signs in"
          defaultChecked={ticked(alertsState, devices.newDeviceAlerts)}
          error={alertsState?.errors.newDeviceAlerts}
        />
        <SubmitButton pending={false} label="Save Alerts" busyLabel="Saving…" />
      </Form>
    </Stack>
  );
}

export function YourDataSection() {
  return (
    <Stack>
      <Note>
        Export gives you a zip of your profile, every list, your account records and your photos. Large exports are
        prepared in the background and the download link is e-mailed to you.
      </Note>
      <Actions>
        <Form action="/account-settings/export">
          <Button type="submit" $variant="primary">
            Export My Data
          </Button>
        </Form>
        <ButtonLink href="/account-settings/delete" $variant="destructive">
          Delete My Account…
        </ButtonLink>
      </Actions>
    </Stack>
  );
}

const Centered = styled.div.withConfig(sc('ExportLinkDownload'))`
  display: flex;
  justify-content: center;
  margin-top: ${theme.space[4]};
`;

/**
 * Export My Data without a recent proof (docs/api.md "Step-up"): the same post again, with the password (and the
 * code) asked inline.
 */
export function ConfirmExportPage({ state }: { state: FormState }) {
  return (
    <MessagePage title="Confirm it’s you" action={{ href: '/account-settings#data', label: 'Back to settings' }}>
      <p>Your data export holds everything in your account, so we ask for your password first.</p>
      <Form action="/account-settings/export">
        <FormAlert error={state.error} />
        <InlineProof state={state} />
        <Button type="submit" $variant="primary">
          Export My Data
        </Button>
      </Form>
    </MessagePage>
  );
}

/** The e-mailed export link's page: one button that downloads (and uses up) the link. */
export function ExportLinkPage({ action, megabytes }: { action: string; megabytes: number }) {
  return (
    <MessagePage title="Your data export is ready" action={{ href: '/', label: 'Back to home' }}>
      <p>The link works once: download the zip now and keep it somewhere safe.</p>
      <Centered>
        <Form action={action}>
          <Button type="submit" $variant="primary">
            Download ({megabytes} MB)
          </Button>
        </Form>
      </Centered>
    </MessagePage>
  );
}
