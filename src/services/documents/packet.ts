/**
 * What an application packet is made of (docs/decisions/application-packet.md): the owner's chosen documents with
 * their bytes, the department applied to, and the profile — read for its owner (or an admin) only. The PDF itself
 * is drawn by src/render/share/packetPdf.ts from these and the profile's presenters.
 */
import { Department } from '../../models/Department';
import type { Profile } from '../../models/Profile';
import type { ProofDocument } from '../../models/ProofDocument';
import type { Viewer } from '../../policies';
import { ValidationError } from '../../errors';
import { DOCUMENT_TARGET_NOUNS, PACKET_MESSAGES, type PacketInput } from '../../validation/documents';
import type { MediaStore } from '../photos/store';
import { findDocuments, readDocumentBytes } from '.';

export interface ChosenDocument {
  document: ProofDocument;
  proves: string;
  bytes: Buffer;
}

export interface PacketParts {
  profile: Profile;
  department: string;
  required: ChosenDocument[];
  optional: ChosenDocument[];
}

export async function gatherPacket(
  viewer: Viewer,
  input: { profileId: number; packet: PacketInput },
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
  return { profile: shelf.profile, department, required, optional };
}
