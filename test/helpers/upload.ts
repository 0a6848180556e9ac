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
