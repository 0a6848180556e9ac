/** A real photo upload through the API (multipart), as the gallery sends it. */
import sharp from 'sharp';
import type { TestApp } from './app';
import type { CreatedUser } from './users';
import type { PhotoGalleryJson } from '../../src/validation/photos';

export async function uploadPhoto(
  app: TestApp,
  owner: CreatedUser,
  profileId: number,
  colour = '#884422',
): Promise<PhotoGalleryJson['photoGallery'][number]> {
  const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
  const answer = await fetch(`${app.baseUrl}/api/profiles/${profileId}/photos`, {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${owner.token}`, Origin: app.baseUrl },
  });
  if (answer.status !== 201) throw new Error(`upload answered ${answer.status}: ${await answer.text()}`);
  const gallery = ((await answer.json()) as PhotoGalleryJson).photoGallery;
  return gallery[gallery.length - 1]!;
}

/** A 12 MP camera photo of a certificate: noisy, as a phone's photo is (the packet's size and time rows). */
export const cameraPhoto = (label: string): Promise<Buffer> =>
  sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#ffffff',
      noise: { type: 'gaussian', mean: 160, sigma: 40 },
    },
  })
    .composite([
      {
        input: Buffer.from(
          `<svg width="4000" height="3000"><text x="200" y="1500" font-size="200" fill="black">${label}</text></svg>`,
        ),
      },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();

/** A proof document uploaded through the owner's plain form (`item`: `certifications:{itemId}` …). */
export async function uploadDocument(
  app: TestApp,
  owner: CreatedUser,
  profileId: number,
  file: { bytes: Buffer; name: string; item: string; title: string },
): Promise<void> {
  const body = new FormData();
  body.append('item', file.item);
  body.append('title', file.title);
  body.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
  const response = await fetch(`${app.baseUrl}/profiles/${profileId}/documents/upload`, {
    method: 'POST',
    body,
    redirect: 'manual',
    headers: { Origin: app.baseUrl, Authorization: `Bearer ${owner.token}`, Accept: 'text/html' },
  });
  if (response.status !== 303) throw new Error(`upload ${file.title}: ${response.status} ${await response.text()}`);
}
