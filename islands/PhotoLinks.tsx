/**
 * Linking gallery photos to a widget's items (spec 02 §§2, 4, 5, 8, 9) for the owner in edit mode: each item
 * of the timeline, incidents or awards (or the profile image) with its linked photos and a button that opens
 * the Photo Manager dialog (islands/lib/PhotoChooser.tsx, PhotoManager.tsx). Items the list editor adds (and links) are announced
 * and show here too.
 */
import { useState } from 'react';
import { styled } from 'styled-components';
import { PHOTO_MESSAGES as M, type PhotoJson } from '../src/validation/photos';
import type { Visibility } from '../src/validation/visibility';
import { toast } from './lib/toast';
import { linkableItem, type LinkableItem, type Target } from '../src/validation/photos';
import { announceItem, useItemAnnouncements } from './lib/itemAnnouncements';
import { PhotoChooser } from './lib/PhotoChooser';
import { useLinkPhotos } from './lib/photoLinksApi';
import { sc } from '../views/ui/sc';
import { theme } from '../views/ui/theme';

const Items = styled.ul.withConfig(sc('PhotoLinkItems'))`
  list-style: none;
  margin: 0 0 ${theme.space[4]};
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${theme.space[3]};
  & > li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${theme.space[2]};
    font-size: ${theme.font.size.sm};
  }
  & > li > strong {
    flex: 1 1 160px;
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;

const WIDGET_TITLES: Record<Target, string> = {
  timeline: 'Timeline',
  statusUpdates: 'Status Updates',
  incidents: 'Memorable Incidents',
  awards: 'Awards',
  fireStations: 'Fire Stations',
  profile: 'Profile image',
};

/** The island: one widget's items (or the profile image) and their linked photos, each opening the manager. */
export default function PhotoLinks({
  profileId,
  target,
  items: initialItems,
  photos: initialPhotos,
  defaultVisibility,
}: {
  profileId: number;
  target: Target;
  items: LinkableItem[];
  photos: PhotoJson[];
  defaultVisibility: Visibility;
}) {
  const [items, setItems] = useState(initialItems);
  const [photos, setPhotos] = useState(initialPhotos);
  const linkPhotos = useLinkPhotos(target);
  useItemAnnouncements(
    target,
    (item, linked) => {
      if (target === 'profile') return;
      const shown = linkableItem(item);
      setPhotos((list) => [...list, ...linked.filter((p) => !list.some((known) => known.id === p.id))]);
      setItems((list) =>
        list.some((it) => it.id === shown.id) ? list.map((it) => (it.id === shown.id ? shown : it)) : [...list, shown],
      );
    },
    (removedId) => setItems((list) => list.filter((it) => it.id !== removedId)),
  );
  if (!items.length) return null;

  const done = async (index: number, photoIds: number[], uploaded: boolean) => {
    const item = items[index]!;
    const linked = await linkPhotos({ profileId, itemId: item.id, photoIds });
    if (!linked) {
      if (uploaded) toast({ variant: 'destructive', title: M.uploadedButNotLinked });
      return false;
    }
    setItems((list) => list.map((it, i) => (i === index ? { ...it, photoIds } : it)));
    // The list editor keeps the item's new version (a link changes the item).
    if (target !== 'profile' && linked.item) announceItem(target, linked.item, linked.photos);
    toast({ title: photoIds.length ? 'Photos linked' : 'Photos unlinked' });
    return true;
  };

  return (
    <section aria-label={`${WIDGET_TITLES[target]} photos`}>
      <Items>
        {items.map((item, index) => (
          <li key={item.id ?? `new-${index}`}>
            <strong>{item.title}</strong>
            <PhotoChooser
              profileId={profileId}
              target={target}
              title={target === 'profile' ? 'Profile image' : `Photos for ${item.title}`}
              buttonLabel={target === 'profile' ? 'Choose profile image' : `Photos for ${item.title}`}
              photos={photos}
              photoIds={item.photoIds}
              defaultVisibility={defaultVisibility}
              onGallery={(gallery) => setPhotos(gallery.photoGallery)}
              onDone={(ids, uploaded) => done(index, ids, uploaded)}
            />
          </li>
        ))}
      </Items>
    </section>
  );
}
