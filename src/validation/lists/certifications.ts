/** Certifications (spec 02 §3, §5 "Certification add"; status and order §4). Year and expiry are numbers. */
import { defineList, iconChoice, optionalNumber, requiredNumber, requiredText, type ItemOf } from './define';
import { CERTIFICATION_ICONS } from './icons';
import { certificationStatus, sortCertifications } from './rules';

export const CERTIFICATION_MESSAGES = {
  nameRequired: 'Certification name is required',
  issuerRequired: 'Issuer is required',
  yearRequired: 'Year is required',
  yearNumeric: 'Year must be a number',
  expiresNumeric: 'Expiry must be a year',
} as const;

export const certifications = defineList({
  key: 'certifications',
  path: 'certifications',
  table: 'profile_certifications',
  noun: 'Certification',
  fields: {
    name: requiredText('Certification name', CERTIFICATION_MESSAGES.nameRequired),
    issuer: requiredText('Issuer', CERTIFICATION_MESSAGES.issuerRequired),
    year: requiredNumber('Year', CERTIFICATION_MESSAGES.yearRequired, CERTIFICATION_MESSAGES.yearNumeric, 1900, 2200),
    expires: optionalNumber('Expiry year', CERTIFICATION_MESSAGES.expiresNumeric, 1900, 2200),
    icon: iconChoice('Icon', CERTIFICATION_ICONS),
  },
  computed: (item, now) => ({ status: certificationStatus(item.expires, now) }) as object,
  order: (items, { now }) => sortCertifications(items, now),
});
export type CertificationItemJson = ItemOf<typeof certifications.fields> & { status: string };
