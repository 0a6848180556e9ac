/** Valid items for every list (by path), used by the list API tests and the profile document test. */

/** Per list: a valid new item, a change, and the values each should read back as. */
export const LIST_SAMPLES: Record<string, { add: Record<string, unknown>; patch: Record<string, unknown> }> = {
  timeline: {
    add: { year: '2015-2019', event: 'Hired at Station 7', type: 'hired', position: 'Probationary Firefighter' },
    patch: { event: 'Promoted to Engineer', type: 'promoted' },
  },
  'status-updates': {
    add: {
      title: 'Back from deployment',
      content: 'Two weeks on the Dixie Fire.',
      type: 'deployment',
      priority: 'high',
    },
    patch: { priority: 'low' },
  },
  incidents: {
    add: {
      date: '2021-07-04',
      location: 'Elm St',
      title: 'Warehouse fire',
      description: 'Three-alarm fire',
      department: 'Austin FD',
      severity: 'major',
      unitsResponded: ['Engine 7', 'Ladder 3'],
      mediaUrls: [{ url: 'https://news.example/fire', title: 'News', type: 'news_article' }],
    },
    patch: { lessonsLearned: 'Stage early', type: 'structure_fire' },
  },
  awards: {
    add: {
      name: 'Medal of Valor',
      year: '2019',
      type: 'valor',
      mediaLinks: [{ url: 'https://x.example', type: 'news' }],
    },
    patch: { citation: 'For rescuing two children' },
  },
  certifications: {
    add: { name: 'Firefighter II', issuer: 'TCFP', year: '2014', expires: '' },
    patch: { expires: 2030 },
  },
  licenses: {
    add: { name: 'EMT-Basic', type: 'EMS', issued: '2016', expires: '12/2099', status: 'active' },
    patch: { expires: '2098' },
  },
  skills: {
    add: {
      name: 'Rope rescue',
      category: 'firefighter',
      level: 'expert',
      certifications: ['Rope Tech'],
      endorsements: [{ endorserName: 'Capt. Reyes', comment: 'Best on the crew' }],
    },
    patch: { level: 'advanced', yearsExperience: '8' },
  },
  gear: {
    add: { name: 'Engine 7', station: 'Station 7', years: '2015-2018', description: 'Pierce Enforcer' },
    patch: { years: '2015-2020' },
  },
  'special-units': {
    add: { name: 'Hazmat Team', years: '2017-present', description: 'Level A entry' },
    patch: { description: 'Team lead' },
  },
  training: {
    add: { topic: 'Ladder drills', date: '2026-03-14', category: 'company', hours: 3.5, notes: 'Ground ladders' },
    patch: { hours: 2 },
  },
  'readiness-dates': {
    add: { kind: 'immunization', name: 'Hepatitis B', date: '2026-02-10', validUntil: '2031-02-10' },
    patch: { validUntil: '2032-02-10' },
  },
  'hiring-tracker': {
    add: { test: 'cpat', department: 'Austin Fire Department', takenOn: '2026-03-14', notes: 'Passed' },
    patch: { rank: 12 },
  },
  'fire-stations': {
    add: { stationName: 'Station 7', stationNumber: '7', position: 'Captain', specialties: ['Hazmat'] },
    patch: { location: 'East Austin' },
  },
};
