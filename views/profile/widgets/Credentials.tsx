/**
 * Certifications and licenses (spec 02 §3, §4 status and order): the server computed each status and the
 * order; a status is always a word in its tone. A license's expiry is in the JSON only when the viewer may see it.
 */
import type { CertificationItemJson } from '../../../src/validation/lists/certifications';
import type { LicenseItemJson } from '../../../src/validation/lists/licenses';
import type { CertificationStatus, LicenseStatus } from '../../../src/validation/lists/rules';
import { CERTIFICATION_ICONS, LICENSE_ICONS, iconOr } from '../../../src/validation/lists/icons';
import { addToLinkedInUrl, checkAtSource } from '../../../src/validation/checkAtSource';
import { Icon } from '../../ui/Icon';
import type { SectionContext, SectionItem } from './context';
import { itemsView, type Label } from './ItemLayout';

type Certification = CertificationItemJson & SectionItem;
type License = LicenseItemJson & SectionItem;

const STATUS: Record<LicenseStatus | CertificationStatus, Label> = {
  active: { text: 'Active', tone: 'ok' },
  current: { text: 'Current', tone: 'ok' },
  expiring: { text: 'Expiring', tone: 'warn' },
  expired: { text: 'Expired', tone: 'danger' },
  permanent: { text: 'Permanent', tone: 'ok' },
};

export const statusLabel = (status: string): Label | null =>
  (STATUS as Record<string, Label | undefined>)[status] ?? null;

const expiry = (status: string, expires: string | number | null | undefined) =>
  expires === null || expires === undefined || expires === ''
    ? null
    : `${status === 'expired' ? 'Expired' : 'Expires'} ${expires}`;

/**
 * A certification's links (docs/decisions/import-and-json-resume.md): "Check at source" for whoever sees the item,
 * when its issuer has a public lookup and the owner gave its number; "Add to LinkedIn" in the owner's view.
 */
function certificationLinks(cert: Certification, context: SectionContext) {
  const source = checkAtSource(cert);
  const owners = Boolean(context.showVisibility);
  if (!source && !owners) return null;
  return (
    <p data-testid="certification-links">
      {source ? (
        <>
          <a href={source.url} rel="noopener noreferrer" target="_blank">
            {`Check at source (${source.body})`}
          </a>
          {` · ${source.codeName} ${source.code}`}
        </>
      ) : null}
      {source && owners ? ' · ' : null}
      {owners ? (
        <a href={addToLinkedInUrl(cert)} rel="noopener noreferrer" target="_blank">
          Add to LinkedIn
        </a>
      ) : null}
    </p>
  );
}

export const renderCertifications = itemsView<Certification>((cert, context) => ({
  icon: <Icon name={iconOr(CERTIFICATION_ICONS, cert.icon)} size={20} />,
  title: cert.name,
  labels: [statusLabel(cert.status)],
  meta: [cert.issuer, `Since ${cert.year}`, expiry(cert.status, cert.expiresOn ?? cert.expires)],
  extra: certificationLinks(cert, context),
}));

export const renderLicenses = itemsView<License>((license) => ({
  icon: <Icon name={iconOr(LICENSE_ICONS, license.icon)} size={20} />,
  title: license.name,
  labels: [statusLabel(license.status)],
  meta: [license.type, `Issued ${license.issued}`, expiry(license.status, license.expires)],
}));
