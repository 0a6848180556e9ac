/**
 * What an application packet is made of (docs/decisions/application-packet.md): the owner's chosen documents with
 * their bytes, the department applied to, the signed membership credentials when chosen, and the profile — read
 * for its owner (or an admin) only. The PDF itself is drawn by src/render/share/packetPdf.ts from these and the
 * profile's presenters; the ZIP for machines (src/render/share/packetZip.ts) adds the JSON Resume.
 */
import { Department } from '../../models/Department';
import { IssuedCredential } from '../../models/IssuedCredential';
import { MembershipVerification } from '../../models/MembershipVerification';
import type { Profile } from '../../models/Profile';
import type { ProofDocument } from '../../models/ProofDocument';
import type { Viewer } from '../../policies';
import { ValidationError } from '../../errors';
import { DOCUMENT_TARGET_NOUNS, PACKET_MESSAGES, type PacketInput } from '../../validation/documents';
import type { MediaStore } from '../photos/store';
import { verifiedMembershipSql } from '../verification/verifiedMemberships';
import { findDocuments, readDocumentBytes } from '.';

export interface ChosenDocument {
  document: ProofDocument;
  proves: string;
  bytes: Buffer;
}

/** A signed membership credential as issued and kept (docs/decisions/verifiable-credentials.md). */
export interface PacketCredential {
  id: string;
  departmentName: string;
  document: Record<string, unknown>;
}

export interface PacketParts {
  profile: Profile;
  department: string;
  required: ChosenDocument[];
  optional: ChosenDocument[];
  credentials: PacketCredential[];
}

/**
 * The member's signed membership credentials that still hold: issued, not revoked, not past `validUntil`, for a
 * membership the department still verifies; the newest of each department (one query).
 */
export async function packetCredentials(userId: number, now: Date): Promise<PacketCredential[]> {
  const rows = (await IssuedCredential.query()
    .alias('ic')
    .join('departments as d', 'd.id', 'ic.department_id')
    .where('ic.user_id', userId)
    .where('ic.achievement_type', 'Membership')
    .whereNull('ic.revoked_at')
    .whereExists(
      MembershipVerification.query()
        .alias('mv')
        .whereColumn('mv.id', 'ic.verification_id')
        .whereRaw(verifiedMembershipSql('mv')),
    )
    .orderBy('d.name')
    .orderBy('ic.issued_at', 'desc')
    .select('ic.id', 'ic.department_id', 'ic.document', 'd.name as department_name')) as unknown as Array<
    PacketCredential & { departmentId: number }
  >;
  const seen = new Set<number>();
  return rows
    .filter((row) => Date.parse(String(row.document.validUntil)) > now.getTime())
    .filter((row) => !seen.has(row.departmentId) && Boolean(seen.add(row.departmentId)))
    .map(({ id, departmentName, document }) => ({ id, departmentName, document }));
}

export async function gatherPacket(
  viewer: Viewer,
  input: { profileId: number; packet: PacketInput; now: Date },
  store: MediaStore,
): Promise<PacketParts> {
  const shelf = await findDocuments(viewer, { profileId: input.profileId });
  const { packet } = input;
  let department = packet.department ?? '';
  if (packet.departmentId !== null) {
    const row = await Department.query().findById(packet.departmentId);
    if (!row) throw new ValidationError(PACKET_MESSAGES.department, { department: PACKET_MESSAGES.department });
    department = row.name;
  }
  if (!department) throw new ValidationError(PACKET_MESSAGES.department, { department: PACKET_MESSAGES.department });
  const mine = new Map(shelf.documents.map((entry) => [entry.document.id, entry]));
  const choose = async (ids: number[]) => {
    const chosen: ChosenDocument[] = [];
    for (const id of ids) {
      const entry = mine.get(id);
      if (!entry) throw new ValidationError(PACKET_MESSAGES.documents, { documents: PACKET_MESSAGES.documents });
      const { document, itemTitle } = entry;
      chosen.push({
        document,
        proves: `${DOCUMENT_TARGET_NOUNS[document.target]}: ${itemTitle}`,
        bytes: await readDocumentBytes(document, store),
      });
      mine.delete(id); // a document goes in once, where it was first chosen
    }
    return chosen;
  };
  const required = await choose(packet.required);
  const optional = await choose(packet.optional);
  if (!required.length && !optional.length && !packet.resume)
    throw new ValidationError(PACKET_MESSAGES.nothing, { documents: PACKET_MESSAGES.nothing });
  // Only when the owner ticked them: nothing goes in that they did not choose.
  const credentials = packet.credentials ? await packetCredentials(shelf.profile.userId, input.now) : [];
  return { profile: shelf.profile, department, required, optional, credentials };
}
