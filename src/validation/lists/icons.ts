/**
 * The icons an award, a certification or a license may show (spec 02 §3: "Twelve selectable icons" for
 * awards; the issue asks for a fitting set for certifications and licenses). The editor offers exactly these
 * (an icon picker), the server refuses anything else on write, and the read views draw each list's default
 * for a legacy value outside the set (views/ui/Icon.tsx holds the drawings).
 */
export const AWARD_ICONS = [
  'medal',
  'ribbon',
  'star',
  'shield',
  'flame',
  'helmet',
  'axe',
  'ladder',
  'hydrant',
  'cross',
  'heart',
  'trophy',
] as const;

/** Training and qualifications: a certificate, study, and the disciplines certifications are issued in. */
export const CERTIFICATION_ICONS = [
  'certificate',
  'graduation',
  'book',
  'flame',
  'cross',
  'hazmat',
  'rope',
  'shield',
] as const;

/** Licenses: a card, and what a license lets one drive, treat or handle. */
export const LICENSE_ICONS = ['id_card', 'truck', 'ambulance', 'cross', 'hazmat', 'boat', 'ladder', 'shield'] as const;

export type AwardIcon = (typeof AWARD_ICONS)[number];
export type CertificationIcon = (typeof CERTIFICATION_ICONS)[number];
export type LicenseIcon = (typeof LICENSE_ICONS)[number];
export type ItemIcon = AwardIcon | CertificationIcon | LicenseIcon;

/** A stored icon if it is one of `icons`, else the set's first (a legacy or unknown value). */
export function iconOr<T extends string>(icons: readonly T[], value: string | null | undefined): T {
  const wanted = value?.trim().toLowerCase();
  return icons.find((name) => name === wanted) ?? icons[0]!;
}

/** What an icon is called for assistive technology (the picker shows no names). */
export const iconName = (icon: string) => {
  const words = icon.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};
