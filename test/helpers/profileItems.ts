/**
 * A live profile with widget items added through the API as its owner (spec 02 §3): 7 public timeline events
 * (2010–2016, the 2016 one not on the main profile) and a private one, 3 licenses (added active, expiring,
 * expired; dates relative to today; expiries public, so visitors see them and the statuses), 8 skills, 2 awards (one with a legacy icon outside the set, written
 * straight to its table), an incident, a certification, gear and a special unit.
 */
import type { TestApp } from './app';
import { clientAs } from './app';
import { createUser, type CreatedUser } from './users';
import { createProfileFor } from './profiles';

const monthYear = (date: Date) => `${String(date.getMonth() + 1).padStart(2, '0')}/${date.getFullYear()}`;
const monthsFromNow = (months: number) => {
  const now = new Date();
  return monthYear(new Date(now.getFullYear(), now.getMonth() + months, 1));
};

export const SKILL_LEVEL_CYCLE = ['beginner', 'intermediate', 'advanced', 'expert'] as const;

export async function createProfileWithItems(app: TestApp): Promise<{ owner: CreatedUser; id: number }> {
  const owner = await createUser({ name: 'Avery Widgets' });
  const profile = await createProfileFor(owner, { defaultVisibility: 'public' });
  const add = async (list: string, item: Record<string, unknown>) => {
    const res = await clientAs(app, owner).post(`/api/profiles/${profile.id}/${list}`, {
      visibility: 'public',
      ...item,
    });
    if (res.status !== 201) throw new Error(`${list}: ${res.status} ${JSON.stringify(res.body)}`);
  };
  const types = [
    'hired',
    'training_completed',
    'promoted',
    'transferred',
    'special_assignment',
    'promoted',
    'award_received',
  ];
  for (let i = 0; i < 7; i += 1) {
    await add('timeline', {
      year: String(2010 + i),
      event: `Career event ${2010 + i}`,
      type: types[i],
      location: i === 0 ? 'Austin, TX' : '',
      position: i === 2 ? 'Engineer' : '',
      description: i === 0 ? 'Sworn in with Academy Class 42.' : '',
      showOnMainProfile: i !== 6,
    });
  }
  await add('timeline', { year: '2017', event: 'Secret private event', type: 'milestone', visibility: 'private' });
  await add('licenses', {
    name: 'Active License',
    expirationVisibility: 'public',
    type: 'EMS',
    issued: '2016',
    expires: monthsFromNow(24),
    status: 'active',
    icon: 'ambulance',
  });
  await add('licenses', {
    name: 'Expiring License',
    expirationVisibility: 'public',
    type: 'Driver',
    issued: '2018',
    expires: monthsFromNow(1),
    status: 'active',
  });
  await add('licenses', {
    name: 'Expired License',
    expirationVisibility: 'public',
    type: 'Hazmat',
    issued: '2012',
    expires: monthsFromNow(-2),
    status: 'active',
  });
  for (let i = 0; i < 8; i += 1) {
    await add('skills', {
      name: `Skill number ${i + 1}`,
      category: i % 2 ? 'leadership' : 'firefighter',
      level: SKILL_LEVEL_CYCLE[i % 4],
      yearsExperience: i + 1,
      description: `About skill ${i + 1}`,
      endorsements: i === 0 ? [{ endorserName: 'Capt. Reyes', endorserTitle: 'Captain', comment: 'Steady hands' }] : [],
    });
  }
  await add('awards', {
    name: 'Medal of Valor',
    year: '2019',
    type: 'valor',
    icon: 'star',
    awardedBy: 'Austin Fire Department',
    citation: 'For rescuing two children from a burning home.',
    significance: 'Highest honor of the department.',
    mediaLinks: [
      { url: 'https://news.example/valor', title: 'News story', type: 'news' },
      { url: 'javascript:alert(1)', title: 'Bad link' },
    ],
  });
  await add('awards', { name: 'Unit Citation', year: '2021', type: 'unit' });
  // A row from before icons were checked on write: its icon is outside the set (the read view falls back).
  await app
    .db('profile_awards')
    .where({ profileId: profile.id, name: 'Unit Citation' })
    .update({ icon: 'no-such-icon' });
  await add('incidents', {
    date: '2021-07-04',
    location: 'Elm St',
    title: 'Warehouse fire',
    description: 'Three-alarm fire.',
    department: 'Austin FD',
    type: 'structure_fire',
    severity: 'major',
    unitsResponded: ['Engine 7', 'Ladder 3'],
    lessonsLearned: 'Stage early.',
  });
  await add('certifications', { name: 'Firefighter II', issuer: 'TCFP', year: 2014, icon: 'graduation' });
  await add('gear', {
    name: 'Engine 7',
    station: 'Station 7',
    years: '2015-2018',
    description: 'Pierce Enforcer pumper.',
  });
  await add('special-units', { name: 'Hazmat Team', years: '2017-present', description: 'Level A entry team.' });
  return { owner, id: profile.id };
}
