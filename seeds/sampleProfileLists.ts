/**
 * The sample profile's lists (docs/decisions/profile-lists.md, "Sample profile"): a full, believable career in every widget, so the
 * demo shows what a filled-in profile looks like. Everything is public except one crew-only status update
 * (to show the authenticated visibility); nothing is private. Dates that must look current (license expiries)
 * are computed from the seed's clock, `now`. The people and places are fictional.
 */
import type { ListDefinition } from '../src/validation/lists';
import { timeline } from '../src/validation/lists/timeline';
import { statusUpdates } from '../src/validation/lists/statusUpdates';
import { incidents } from '../src/validation/lists/incidents';
import { awards } from '../src/validation/lists/awards';
import { certifications } from '../src/validation/lists/certifications';
import { licenses } from '../src/validation/lists/licenses';
import { skills } from '../src/validation/lists/skills';
import { gear } from '../src/validation/lists/gear';
import { specialUnits } from '../src/validation/lists/specialUnits';
import { fireStations } from '../src/validation/lists/fireStations';
import { licenseStatus } from '../src/validation/lists/rules';

type Item = Record<string, unknown>;

/** `MM/YYYY`, `months` months after `now`'s month. */
export function monthYear(now: Date, months: number): string {
  const total = now.getFullYear() * 12 + now.getMonth() + months;
  return `${String((total % 12) + 1).padStart(2, '0')}/${Math.floor(total / 12)}`;
}

const isoDate = (now: Date, daysAgo: number) =>
  new Date(now.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);

const VOLUNTEER = 'Maple Grove Volunteer Fire Company';

/** Every list's items for the sample profile, in stored order. `department` is the profile's department name. */
export function sampleProfileLists(department: string, now: Date): Array<{ list: ListDefinition; items: Item[] }> {
  const year = now.getFullYear();
  const license = (item: Item & { expires: string }): Item => ({ ...item, status: licenseStatus(item.expires, now) });
  return [
    {
      list: timeline as unknown as ListDefinition,
      items: [
        {
          year: '2003',
          date: '2003-06-02',
          event: 'Joined as a volunteer probationary firefighter',
          type: 'joined',
          department: VOLUNTEER,
          position: 'Probationary Firefighter',
          location: 'Maple Grove Station 12',
          description: 'Signed up after a house fire on my street. First pager, first set of hand-me-down turnouts.',
        },
        {
          year: '2004',
          date: '2004-05-15',
          event: 'Completed Firefighter I & II',
          type: 'training_completed',
          department: VOLUNTEER,
          location: 'County Fire Training Academy',
          description: 'Evening and weekend academy while working days as an auto mechanic.',
        },
        {
          year: '2005',
          event: 'Certified EMT-Basic',
          type: 'training_completed',
          department: VOLUNTEER,
          description: 'Most of our calls were medical — it was time to be useful on all of them.',
        },
        {
          year: '2007',
          date: '2007-03-12',
          event: 'Hired as a career firefighter',
          type: 'hired',
          department,
          position: 'Firefighter',
          location: 'Station 1',
          isPrimary: true,
          description: 'Recruit class 07-1. Assigned to Truck 1, C Shift.',
        },
        {
          year: '2009',
          event: 'Vehicle & Machinery Rescue Technician',
          type: 'training_completed',
          department,
          description: 'Started a long habit of spending days off in the salvage yard with a spreader and cutter.',
        },
        {
          year: '2010',
          date: '2010-09-20',
          event: 'Assigned to the Technical Rescue Team',
          type: 'special_assignment',
          department,
          position: 'Rescue Technician',
          location: 'Station 3',
        },
        {
          year: '2012',
          date: '2012-07-01',
          event: 'Promoted to Engineer',
          type: 'promoted',
          department,
          position: 'Engineer / Driver-Operator',
          location: 'Station 3',
          description: 'Driver-operator on Engine 3.',
        },
        {
          year: '2014',
          date: '2014-11-08',
          event: 'Received the Lifesaving Award',
          type: 'award_received',
          department,
          description: 'For the Route 9 extrication (see Incidents).',
        },
        {
          year: '2015',
          date: '2015-02-16',
          event: 'Promoted to Lieutenant',
          type: 'promoted',
          department,
          position: 'Lieutenant',
          location: 'Station 1',
          description: 'Company officer on Truck 1, B Shift.',
        },
        {
          year: '2016',
          event: 'Joined the Regional Hazardous Materials Team',
          type: 'special_assignment',
          department,
          position: 'Hazmat Technician',
        },
        {
          year: '2019',
          date: '2019-08-05',
          event: 'Transferred to Station 3',
          type: 'transferred',
          department,
          position: 'Lieutenant',
          location: 'Station 3',
          description: 'Back to the busiest engine district in the city.',
        },
        {
          year: '2021',
          date: '2021-04-19',
          event: 'Promoted to Captain',
          type: 'promoted',
          department,
          position: 'Captain',
          location: 'Station 3',
          isPrimary: true,
          description: 'Company officer, Engine 3, B Shift.',
        },
        {
          year: '2023',
          date: '2023-01-09',
          event: 'Appointed Training Officer',
          type: 'appointed',
          department,
          position: 'Captain — Training Officer',
          description: 'Runs the recruit academy’s extrication and RIT modules and the company drill schedule.',
        },
      ],
    },
    {
      list: statusUpdates as unknown as ListDefinition,
      items: [
        {
          date: isoDate(now, 3),
          title: 'Recruit class 26-2 graduates Friday',
          content:
            'Eighteen new firefighters walk across the stage this week. Proud of every one of them — and of the ' +
            'instructors who gave up their weekends to get them there.',
          type: 'milestone',
          priority: 'high',
        },
        {
          date: isoDate(now, 12),
          title: 'Extrication refresher: new vehicle construction',
          content:
            'Spent two days on ultra-high-strength steel and airbag locations in late-model vehicles. Every ' +
            'company will get the same drill over the next month.',
          type: 'training',
          priority: 'normal',
        },
        {
          date: isoDate(now, 20),
          title: 'B Shift drill calendar is posted',
          content:
            'Crew-only: the quarter’s drill calendar and RIT rotation are on the station board and the shared drive.',
          type: 'announcement',
          priority: 'low',
          visibility: 'authenticated',
        },
      ],
    },
    {
      list: incidents as unknown as ListDefinition,
      items: [
        {
          date: '2022-01-14',
          location: 'Elm Street, 2-story occupied dwelling',
          title: 'Working fire with occupants reported',
          description: 'Fire on the first floor extending to the second, with a report of a child still inside.',
          department,
          type: 'structure_fire',
          severity: 'major',
          detailedStory:
            'Engine 3 arrived first with heavy smoke from the first floor. We stretched a line to protect the ' +
            'interior stairs while Truck 1 searched the second floor and found the child in a rear bedroom, ' +
            'within four minutes of arrival.',
          unitsResponded: ['Engine 3', 'Engine 1', 'Truck 1', 'Rescue 5', 'Battalion 2', 'Medic 4'],
          outcomeResult: 'Child rescued and transported in stable condition; fire held to two rooms.',
          lessonsLearned:
            'Protecting the stairs is protecting the search. Coordinated ventilation made the difference.',
          mediaUrls: [
            {
              url: 'https://example.com/news/elm-street-fire-rescue',
              title: 'Firefighters rescue child from Elm Street house fire',
              type: 'news_article',
            },
          ],
        },
        {
          date: '2014-09-27',
          location: 'Route 9 at County Road 4',
          title: 'Head-on collision with two occupants trapped',
          description: 'Two-vehicle head-on collision with heavy entrapment in one vehicle.',
          department,
          type: 'vehicle_accident',
          severity: 'critical',
          detailedStory:
            'Dash roll and a third-door conversion to free the driver, who was pinned at the legs. Medics ' +
            'worked inside the vehicle throughout.',
          unitsResponded: ['Rescue 5', 'Engine 3', 'Medic 4', 'Medic 7', 'Battalion 2'],
          outcomeResult: 'Both occupants extricated in 24 minutes and flown to the trauma center; both survived.',
          lessonsLearned: 'Stabilize first, cut second, and keep talking to the patient the whole time.',
        },
        {
          date: '2020-08-18',
          location: 'Sierra foothills (state mobilization)',
          title: 'Wildfire deployment — strike team engine',
          description: 'Fourteen-day out-of-county deployment on a state strike team.',
          department,
          type: 'wildfire',
          severity: 'major',
          detailedStory:
            'Structure protection and night patrols along the fire’s eastern flank with a five-engine strike team.',
          unitsResponded: ['Strike Team 2450C', 'Engine 3 (cross-staffed Type 3)'],
          outcomeResult: 'No homes lost in our division.',
          lessonsLearned: 'Rest and hydration are tactics. Know your escape routes before you need them.',
        },
        {
          date: '2017-03-05',
          location: 'Riverside Industrial Park',
          title: 'Trench collapse rescue',
          description: 'Worker trapped to the chest after a trench wall collapsed at a utility job site.',
          department,
          type: 'technical_rescue',
          severity: 'critical',
          detailedStory:
            'Shored the trench with the Technical Rescue Team before entry, then hand-dug the worker out over ' +
            'three hours.',
          unitsResponded: ['Rescue 5', 'Technical Rescue Team', 'Engine 3', 'Truck 1', 'Medic 4'],
          outcomeResult: 'Worker freed and transported; full recovery.',
          lessonsLearned: 'Secondary collapse is the real enemy. Slow is smooth, smooth is fast.',
        },
        {
          date: '2019-11-30',
          location: 'Neighboring township, commercial strip mall',
          title: 'Mutual aid — third-alarm commercial fire',
          description: 'Engine 3 responded on mutual aid to a third-alarm fire in a strip mall.',
          department,
          type: 'mutual_aid',
          severity: 'significant',
          unitsResponded: ['Engine 3', 'Truck 1'],
          outcomeResult: 'Fire confined to two of eight units.',
          lessonsLearned: 'Shared radio plans and common hose threads pay for themselves on nights like this.',
        },
      ],
    },
    {
      list: awards as unknown as ListDefinition,
      items: [
        {
          name: 'Medal of Valor',
          year: '2022',
          type: 'valor',
          icon: 'star',
          citation:
            'For entering a burning dwelling ahead of the hoseline to reach a trapped child, at great personal risk.',
          significance: 'The department’s highest honor for bravery.',
          awardedBy: department,
          ceremony: 'Annual Awards Ceremony, City Hall',
        },
        {
          name: 'Lifesaving Award',
          year: '2014',
          type: 'lifesaving',
          icon: 'heart',
          citation: 'For the extrication and care of two critically injured occupants on Route 9.',
          awardedBy: department,
        },
        {
          name: 'Unit Citation — Technical Rescue Team',
          year: '2017',
          type: 'unit',
          icon: 'shield',
          citation: 'Awarded to every member of the Technical Rescue Team for the Riverside trench rescue.',
          awardedBy: 'Office of the Fire Chief',
        },
        {
          name: 'Instructor of the Year',
          year: '2024',
          type: 'service',
          icon: 'trophy',
          significance: 'Chosen by the recruits of classes 24-1 and 24-2.',
          awardedBy: 'County Fire Training Academy',
        },
        {
          name: 'Meritorious Service Commendation',
          year: '2020',
          type: 'commendation',
          icon: 'flame',
          citation: 'For fourteen days of service on a state wildfire strike team.',
          awardedBy: 'State Fire Marshal',
        },
        {
          name: 'Community Service Award',
          year: '2018',
          type: 'community',
          icon: 'hydrant',
          citation: 'For organizing the smoke-alarm installation drive that reached 600 homes.',
          awardedBy: 'Eastside Neighborhood Council',
          mediaLinks: [{ url: 'https://example.com/news/smoke-alarm-drive', title: '600 homes safer', type: 'news' }],
        },
      ],
    },
    {
      list: certifications as unknown as ListDefinition,
      items: [
        { name: 'Firefighter I', issuer: 'State Fire Training', year: 2004, icon: 'flame' },
        { name: 'Firefighter II', issuer: 'State Fire Training', year: 2004, icon: 'flame' },
        { name: 'Fire Officer II', issuer: 'State Fire Training', year: 2017, icon: 'certificate' },
        { name: 'Fire Instructor I', issuer: 'State Fire Training', year: 2013, icon: 'graduation' },
        {
          name: 'Hazardous Materials Technician',
          issuer: 'State Fire Training',
          year: 2016,
          expires: year + 1,
          icon: 'hazmat',
        },
        {
          name: 'Rescue Technician — Vehicle & Machinery',
          issuer: 'State Fire Training',
          year: 2009,
          expires: year,
          icon: 'rope',
        },
      ],
    },
    {
      list: licenses as unknown as ListDefinition,
      items: [
        license({
          name: 'Emergency Medical Technician',
          type: 'EMT',
          icon: 'ambulance',
          issued: '2005',
          expires: monthYear(now, 12),
          expirationVisibility: 'public',
        }),
        license({
          name: 'Commercial Driver’s License — Class B',
          type: 'CDL',
          icon: 'truck',
          issued: '2012',
          expires: monthYear(now, 30),
        }),
        license({
          name: 'CPR / BLS Provider',
          type: 'CPR',
          icon: 'cross',
          issued: '2024',
          expires: monthYear(now, 2),
          expirationVisibility: 'public',
        }),
      ],
    },
    {
      list: skills as unknown as ListDefinition,
      items: [
        {
          name: 'Vehicle extrication',
          category: 'firefighter',
          level: 'expert',
          yearsExperience: 17,
          description: 'Hydraulic and battery tools, new vehicle construction, patient-first extrication plans.',
          certifications: ['Rescue Technician — Vehicle & Machinery'],
          endorsements: [
            {
              endorserName: 'Battalion Chief Dana Okafor',
              endorserTitle: 'Battalion Chief',
              endorserDepartment: department,
              comment: 'The person every company calls when a car is upside down.',
              date: '2024-05-02',
            },
          ],
        },
        {
          name: 'Search and rescue',
          category: 'firefighter',
          level: 'expert',
          yearsExperience: 19,
          certifications: ['Firefighter II'],
        },
        {
          name: 'Pump operations',
          category: 'firefighter',
          level: 'advanced',
          yearsExperience: 12,
          description: 'Driver-operator, relay pumping and drafting.',
        },
        {
          name: 'Hazardous materials mitigation',
          category: 'firefighter',
          level: 'advanced',
          yearsExperience: 9,
          certifications: ['Hazardous Materials Technician'],
        },
        {
          name: 'Rope rescue',
          category: 'firefighter',
          level: 'intermediate',
          yearsExperience: 8,
        },
        {
          name: 'Incident command',
          category: 'leadership',
          level: 'advanced',
          yearsExperience: 10,
          description: 'First-arriving company officer; ICS-300.',
        },
        {
          name: 'Recruit mentoring',
          category: 'leadership',
          level: 'expert',
          yearsExperience: 8,
          endorsements: [
            {
              endorserName: 'Firefighter Sam Whitaker',
              endorserTitle: 'Firefighter',
              endorserDepartment: department,
              comment: 'Got me through probation — and made me want to teach.',
              date: '2025-02-11',
            },
          ],
        },
        {
          name: 'Curriculum development',
          category: 'professional',
          level: 'intermediate',
          yearsExperience: 3,
          description: 'Writes the academy’s extrication and RIT lesson plans.',
          certifications: ['Fire Instructor I'],
        },
      ],
    },
    {
      list: gear as unknown as ListDefinition,
      items: [
        {
          name: 'Engine 3',
          station: 'Station 3',
          years: '2012–2015, 2019–present',
          description:
            '1,500 gpm pumper, 750 gallons; first-due in the busiest district. Driver, then company officer.',
        },
        {
          name: 'Truck 1',
          station: 'Station 1',
          years: '2007–2010, 2015–2019',
          description: '100-foot rear-mount aerial ladder: search, ventilation, forcible entry.',
        },
        {
          name: 'Rescue 5',
          station: 'Station 3',
          years: '2010–present',
          description: 'Heavy rescue carrying the extrication, shoring and rope caches of the Technical Rescue Team.',
        },
        {
          name: 'Hazmat 2',
          station: 'Station 5',
          years: '2016–2021',
          description: 'Regional hazardous materials unit: detection, decontamination and entry equipment.',
        },
      ],
    },
    {
      list: specialUnits as unknown as ListDefinition,
      items: [
        {
          name: 'Technical Rescue Team',
          years: '2010–present',
          description: 'Vehicle and machinery, trench, confined space and rope rescue. Team training coordinator.',
        },
        {
          name: 'Regional Hazardous Materials Team',
          years: '2016–2021',
          description: 'Entry team member and decontamination group supervisor.',
        },
      ],
    },
    {
      list: fireStations as unknown as ListDefinition,
      items: [
        {
          stationNumber: '3',
          stationName: 'Station 3 — Eastside',
          location: 'Eastside',
          startYear: '2010',
          years: '2010–2015, 2019–present',
          position: 'Captain',
          apparatus: 'Engine 3, Rescue 5',
          description: 'The busiest engine district in the city, and home of the Technical Rescue Team.',
          specialties: ['Technical rescue', 'Vehicle extrication'],
        },
        {
          stationNumber: '1',
          stationName: 'Station 1 — Headquarters',
          location: 'Downtown',
          startYear: '2007',
          endYear: '2019',
          years: '2007–2010, 2015–2019',
          position: 'Firefighter, then Lieutenant',
          apparatus: 'Truck 1, Engine 1',
          description: 'Downtown high-rise and commercial district.',
          specialties: ['High-rise operations', 'Aerial operations'],
        },
      ],
    },
  ];
}
