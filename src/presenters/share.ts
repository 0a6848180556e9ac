/**
 * Sharing (docs/decisions/share.md) as each viewer gets it. Everything here starts from the profile's own presenters —
 * presentProfile (contact fields the viewer may not see are null) and presentProfileLists (the items the
 * viewer may see, per-field visibility applied) — so the card, the résumé and the image can never show what
 * the profile page would not.
 */
import type { Profile } from '../models/Profile';
import type { Viewer } from '../policies/viewer';
import type { ProfileContent } from '../services/profileContent';
import type { ListItemJson } from '../validation/lists';
import type { ProfileJson } from '../validation/profiles';
import type {
  InsightPeriod,
  InsightsJson,
  ResumeExperienceGroup,
  ResumeJson,
  ResumeSectionKey,
  ShareLinksJson,
  SiteInsightsJson,
} from '../validation/share';
import type { SharedCredentialJson } from '../validation/shareLinks';
import type { ShareableCredential } from '../services/verifiableCredentials/member';
import { canonicalProfileUrl } from '../render/profileMeta';
import { presentProfile } from './profiles';
import { presentProfileLists } from './lists';

/** Only what the owner put on the main profile. */
const onMain = (items: ListItemJson[] | undefined) => (items ?? []).filter((item) => item.showOnMainProfile);

/** The timeline grouped by department (the item's own, else the profile's), groups in order of first appearance. */
function experience(timeline: ListItemJson[], department: string): ResumeExperienceGroup[] {
  const groups = new Map<string, ListItemJson[]>();
  for (const item of timeline) {
    const name = (typeof item.department === 'string' && item.department.trim()) || department;
    groups.set(name, [...(groups.get(name) ?? []), item]);
  }
  return [...groups].map(([name, items]) => ({ department: name, items }));
}

export function presentResume(
  profile: Profile,
  content: Pick<ProfileContent, 'lists'>,
  viewer: Viewer | null,
  options: { baseUrl: string; sections: ResumeSectionKey[]; now: Date },
): ResumeJson {
  const shown = presentProfile(profile, viewer);
  const lists = presentProfileLists(content.lists, viewer, profile.userId, { now: options.now, sort: 'newest' });
  return {
    profile: shown,
    url: canonicalProfileUrl(options.baseUrl, shown),
    sections: options.sections,
    statement: shown.personalStatement,
    certifications: onMain(lists.certifications),
    licenses: onMain(lists.licenses),
    experience: experience(onMain(lists.timeline), shown.department),
    awards: onMain(lists.awards),
    specialUnits: onMain(lists.specialUnits),
    skills: onMain(lists.skills),
    incidents: onMain(lists.incidents),
    generatedOn: options.now.toISOString().slice(0, 10),
  };
}

/** The contact card's profile: the viewer's view of it (email and phone only when they may see them). */
export function presentContactCard(profile: Profile, viewer: Viewer | null, baseUrl: string) {
  const shown = presentProfile(profile, viewer);
  return { profile: shown, url: canonicalProfileUrl(baseUrl, shown), revised: profile.updatedAt };
}
export type ContactCardJson = ReturnType<typeof presentContactCard>;

/** The link preview image's profile: always the visitor's view, whoever asks (it is shared with everyone). */
export function presentPreviewCard(profile: Profile): ProfileJson {
  return presentProfile(profile, null);
}

/** The Share panel's links for a profile (the owner's page). */
export function presentShareLinks(profile: Profile, baseUrl: string, sections: ResumeSectionKey[]): ShareLinksJson {
  const base = `/profiles/${profile.id}`;
  return {
    publicUrl: canonicalProfileUrl(baseUrl, presentProfile(profile, null)),
    qrSvg: `${base}/qr.svg`,
    qrPng: `${base}/qr.png?size=1024`,
    contactCard: `${base}/contact.vcf`,
    resume: `${base}/resume`,
    resumePdf: `${base}/resume.pdf`,
    jsonResume: `${base}/resume.json`,
    ogImage: `${base}/og.png`,
    insights: `${base}/insights`,
    resumeSections: sections,
  };
}

/** The owner's shareable credentials as the Share panel links them (docs/decisions/wallet-card.md). */
export function presentSharedCredentials(rows: ShareableCredential[]): SharedCredentialJson[] {
  return rows.map((row) => ({
    kind: row.kind,
    department: row.departmentName,
    title: row.title,
    download:
      row.linkId === null
        ? `/account/credentials/issued/${row.credentialId}/credential.json`
        : `/account/credentials/${row.linkId}/credential.json`,
    verify: `/verify/${row.credentialId}`,
    card: row.linkId === null ? null : `/account/credentials/${row.linkId}/card`,
  }));
}

export interface InsightCounts {
  daily: Array<{ day: string; views: number; visitors: number }>;
  totals: InsightsJson['totals'];
  referrers: Array<{ domain: string; views: number }>;
}

export function presentInsights(profileId: number, days: InsightPeriod, counts: InsightCounts): InsightsJson {
  return { profileId, days, ...counts };
}

export function presentSiteInsights(days: InsightPeriod, totals: InsightsJson['totals']): SiteInsightsJson {
  return { days, totals };
}
