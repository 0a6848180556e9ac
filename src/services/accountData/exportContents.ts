/**
 * What "export my data" (docs/decisions/data-export.md) contains, read from the database, and the zip written from it.
 *
 * - profile.json: the profile row and every list (timeline … fire stations) with each item's visibility, the photo
 *   folders and photo links.
 * - account.json: the account (never the password hash or the calendar secret), departments, membership
 *   verifications, endorsements given and received, AI interactions, security events and signed-in devices (never
 *   a token hash).
 * - photos/: each photo's largest stored variant (the `large` JPEG), in directories named after its folders, and
 *   photos/photos.json with captions, tags, visibility and what each photo is linked to.
 * - documents/: each proof document as stored (docs/decisions/proof-documents.md), listed in profile.json's
 *   "proofDocuments" with the item it proves.
 * - README.txt: what each file is.
 *
 * The zip is streamed with yazl (MIT, no dependencies, the streaming zip writer of the yauzl author): entries are
 * written in order to its output stream and each photo is opened only when its turn comes
 * (`addReadStreamLazy`), so neither the archive nor more than one photo stream is ever held at once.
 */
import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import { Model } from 'objection';
import yazl from 'yazl';
import { LISTS } from '../../validation/lists';
import { withoutInvisibles } from '../../validation/common';
import { variantKey } from '../photos';
import { documentFileKey } from '../documents';
import type { DocumentKind } from '../../validation/documents';
import type { MediaStore } from '../photos/store';

type Row = Record<string, unknown>;

export interface ExportPhoto {
  /** Its path in the zip. */
  file: string;
  /** The stored object with its bytes. */
  key: string;
  bytes: number;
}

export interface ExportContents {
  profile: Row;
  account: Row;
  photos: ExportPhoto[];
  photosMetadata: Row[];
}

const ACCOUNT_SECRETS = ['passwordHash', 'calendarSecretHash'];

const without = (row: Row, keys: string[]) =>
  Object.fromEntries(Object.entries(row).filter(([k]) => !keys.includes(k)));

/**
 * A folder or file name that is safe in any unzip tool: no separators, no dots-only names, bounded; no
 * invisible formatting character (a right-to-left override makes "x‮gpj.exe" read as "xexe.jpg").
 */
export function safeName(text: string, fallback: string): string {
  const cleaned = withoutInvisibles(text.normalize('NFKC'))
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must not reach a file name
    .replace(/[\u0000-\u001f\u007f-\u009f/\\:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 60)
    .trim();
  return cleaned || fallback;
}

/** Each folder's directory path ("Academy/Graduation"), following parents (cycles cut). */
function folderPaths(folders: Row[]): Map<number, string> {
  const byId = new Map(folders.map((f) => [f.id as number, f]));
  const paths = new Map<number, string>();
  const pathOf = (id: number, seen: Set<number>): string => {
    const known = paths.get(id);
    if (known !== undefined) return known;
    const folder = byId.get(id)!;
    const own = `${safeName(String(folder.name ?? ''), `folder-${id}`)}-${id}`;
    const parent = folder.parentId as number | null;
    const full = parent && byId.has(parent) && !seen.has(parent) ? `${pathOf(parent, seen.add(id))}/${own}` : own;
    paths.set(id, full);
    return full;
  };
  for (const id of byId.keys()) pathOf(id, new Set());
  return paths;
}

/** Everything of `userId` that goes into the export, read in one repeatable-read snapshot when `db` is one. */
export async function gatherExport(userId: number, db: Knex = Model.knex()): Promise<ExportContents> {
  const user = (await db('users').where({ id: userId }).first()) as Row;
  const profile = ((await db('profiles').where({ userId }).first()) as Row | undefined) ?? null;
  const profileId = (profile?.id as number | undefined) ?? -1;

  const lists: Record<string, Row[]> = {};
  for (const list of LISTS) lists[list.key] = await db(list.table).where({ profileId }).orderBy('position');
  const folders = (await db('photo_folders').where({ profileId }).orderBy('id')) as Row[];
  const photos = (await db('photos').where({ profileId }).orderBy('position')) as Row[];
  const links = (await db('photo_links').where({ profileId }).orderBy('id')) as Row[];
  const usernameRedirects = await db('username_redirects').where({ profileId }).orderBy('username');
  const documents = (await db('proof_documents').where({ profileId }).orderBy('id')) as Row[];

  const paths = folderPaths(folders);
  const exportPhotos: ExportPhoto[] = [];
  const photosMetadata = photos.map((photo) => {
    const id = photo.id as number;
    const folder = photo.folderId ? paths.get(photo.folderId as number) : undefined;
    const name = `${id}-${safeName(String(photo.caption ?? ''), 'photo')}.jpg`;
    const file = `photos/${folder ? `${folder}/` : ''}${name}`;
    exportPhotos.push({
      file,
      key: variantKey(String(photo.storageKey), 'large', 'jpeg'),
      bytes: Number(photo.fileSize ?? 0),
    });
    return {
      file,
      ...without(photo, ['storageKey', 'variants', 'profileId']),
      folder: folder ?? null,
      links: links.filter((link) => link.photoId === id).map((link) => without(link, ['photoId', 'profileId', 'id'])),
    };
  });

  const proofDocuments = documents.map((document) => {
    const kind = document.kind as DocumentKind;
    const file = `documents/${String(document.id)}-${safeName(String(document.title ?? ''), 'document')}.${kind === 'pdf' ? 'pdf' : 'jpg'}`;
    exportPhotos.push({
      file,
      key: documentFileKey(String(document.storageKey), kind),
      bytes: Number(document.fileSize ?? 0),
    });
    return { file, ...without(document, ['storageKey', 'profileId']) };
  });

  const departments = await db('user_departments')
    .join('departments', 'departments.id', 'user_departments.departmentId')
    .where('user_departments.userId', userId)
    .select('user_departments.*', 'departments.name as departmentName', 'departments.state as departmentState')
    .orderBy('user_departments.id');
  const skillIds = (lists.skills ?? []).map((s) => s.id as number);

  return {
    profile: {
      profile,
      lists,
      photoFolders: folders.map((f) => ({ ...f, directory: `photos/${paths.get(f.id as number)}` })),
      photoLinks: links,
      usernameRedirects,
      proofDocuments,
    },
    account: {
      account: without(user, ACCOUNT_SECRETS),
      departments,
      membershipVerifications: await db('membership_verifications').where({ userId }).orderBy('id'),
      endorsementsGiven: await db('skill_endorsements').where({ endorserId: userId }).orderBy('id'),
      endorsementsReceived: await db('skill_endorsements').whereIn('skillId', skillIds).orderBy('id'),
      aiInteractions: await db('ai_logs').where({ userId }).orderBy('id'),
      securityEvents: await db('security_events').where({ userId }).orderBy('id'),
      devices: await db('sessions')
        .where({ userId })
        .select('id', 'browser', 'os', 'userAgent', 'createdAt', 'lastSeenAt', 'expiresAt')
        .orderBy('id'),
    },
    photos: exportPhotos,
    photosMetadata,
  };
}

/** The bytes of photos an export would carry (decides: download now, or prepare in the background). */
export async function exportPhotoBytes(userId: number, db: Knex = Model.knex()): Promise<number> {
  let total = 0;
  for (const table of ['photos', 'proof_documents']) {
    const row = (await db(table)
      .join('profiles', 'profiles.id', `${table}.profileId`)
      .where('profiles.userId', userId)
      .sum({ bytes: `${table}.fileSize` })
      .first()) as { bytes: string | number | null } | undefined;
    total += Number(row?.bytes ?? 0);
  }
  return total;
}

export function exportReadme(productName: string, createdAt: Date): string {
  return `${productName} data export
Created ${createdAt.toISOString()} (UTC)

profile.json
  "profile": your profile as stored, with the visibility of each field that has one.
  "lists": every list on your profile (timeline, status updates, incidents, awards, certifications, licenses,
  skills, gear, special units, fire stations), in display order, each item with its visibility
  (public = everyone, authenticated = signed-in members, private = only you and site admins).
  "photoFolders", "photoLinks": your photo folders and which photo is shown with which item.
  "usernameRedirects": earlier custom addresses that still lead to your profile.
  "proofDocuments": your private proof documents, the item each proves and its file in documents/.

account.json
  "account": your account (name, e-mail, role, settings); never your password.
  "departments": the departments you serve or served with.
  "membershipVerifications": your requests to be verified as a member of a department and their decisions.
  "endorsementsGiven", "endorsementsReceived": skill endorsements you gave and those on your skills.
  "aiInteractions": what you asked the AI assistant and what it answered.
  "securityEvents": sign-in security events on your account.
  "devices": the devices signed in to your account (browser and system; no IP addresses are kept).

photos/
  Each photo in its largest stored size (JPEG), in a directory per photo folder.
  photos/photos.json lists every photo with its file name, caption, category, tags, visibility, folder and
  the profile items it is linked to.

documents/
  Each proof document as stored (PDF, or JPEG for a scan or photo).

All times are UTC, in ISO 8601.
`;
}

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

/**
 * The zip, as a stream: README and JSON first, every photo folder as a directory, then each photo read from the
 * store when the writer reaches it (a photo whose stored file is missing becomes an empty file).
 */
export function exportZipStream(
  contents: ExportContents,
  store: MediaStore,
  options: { productName: string; now: Date },
): NodeJS.ReadableStream {
  const zip = new yazl.ZipFile();
  const mtime = options.now;
  zip.addBuffer(Buffer.from(exportReadme(options.productName, options.now)), 'README.txt', { mtime });
  zip.addBuffer(json(contents.profile), 'profile.json', { mtime });
  zip.addBuffer(json(contents.account), 'account.json', { mtime });
  zip.addBuffer(json(contents.photosMetadata), 'photos/photos.json', { mtime });
  for (const folder of (contents.profile.photoFolders as Row[] | undefined) ?? [])
    zip.addEmptyDirectory(String(folder.directory), { mtime });
  for (const photo of contents.photos) {
    zip.addReadStreamLazy(photo.file, { mtime, compress: false }, (callback) => {
      store.get(photo.key).then(
        (object) => callback(null, object ? object.body : emptyStream()),
        // yazl types the callback's stream as always present, though it is unused when the error is set.
        (error: unknown) => callback(error as Error, null as unknown as NodeJS.ReadableStream),
      );
    });
  }
  zip.end();
  return zip.outputStream;
}

async function* nothing(): AsyncGenerator<Buffer> {}
const emptyStream = () => Readable.from(nothing());
