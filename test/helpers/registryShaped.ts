/**
 * Registry-shaped departments for national-scale search tests and benchmarks: names like the U.S. registry's
 * ("Oakwood17 Fire Protection District", "Cedarport Volunteer Fire Company No. 3"), nearly all containing
 * "fire" (97%, as 3,149 of the 3,216 shipped names do), each with a distinctive place word, in cities like
 * "Benton Hills". Inserted by one INSERT … SELECT generate_series, so 24,000 rows take seconds.
 */
import type { Knex } from 'knex';
import { settleDepartmentTables } from '../../src/services/departments/registryImport';

const TREES = ['Oak', 'Cedar', 'Maple', 'Elm', 'Pine', 'Willow', 'Ash', 'Birch', 'Spruce', 'Hickory'];
const TREES2 = ['Walnut', 'Cherry', 'Laurel', 'Holly', 'Aspen', 'Poplar', 'Cypress', 'Juniper', 'Sycamore', 'Linden'];
const ENDINGS = ['', 'wood', 'dale', 'brook', 'ridge', 'port', 'land', 'mont', 'haven', 'crest', 'ford', 'stead'];
const COUNTIES = ['Adams', 'Benton', 'Clark', 'Dale', 'Essex', 'Fulton', 'Grant', 'Henry', 'Irwin', 'Jasper', 'Knox'];
const COUNTIES2 = ['Logan', 'Marsh', 'Nolan', 'Owen', 'Perry', 'Quinn', 'Reno', 'Shelby', 'Tate', 'Union', 'Wayne'];
const CITY_ENDINGS = ['Hills', 'Park', 'Falls', 'Center', 'Heights', 'Valley', 'Junction', 'Grove'];
const STATES = ['AL', 'AR', 'CA', 'CO', 'GA', 'IA', 'IL', 'IN', 'KS', 'KY', 'MI', 'MN', 'MO', 'NC', 'NE', 'NY'];

const sqlArray = (items: readonly string[]) => `array[${items.map((s) => `'${s}'`).join(',')}]`;

/** Inserts `count` verified official departments (FDIDs R1, R2, …), then vacuums and analyzes the tables. */
export async function insertRegistryShaped(db: Knex, count: number): Promise<void> {
  if (count <= 0) return;
  const places = sqlArray([...TREES, ...TREES2]);
  const counties = sqlArray([...COUNTIES, ...COUNTIES2]);
  await db.raw(
    `insert into departments (name, city, state, county, fdid, source, verification_status)
     select
       case i % 10
         when 0 then p || n || ' Fire Protection District'
         when 1 then p || ' Volunteer Fire Company No. ' || (i % 9 + 1)
         when 2 then p || n || ' Fire Department'
         when 3 then p || ' Township Volunteer Fire Department'
         when 4 then p || n || ' County Fire Rescue'
         when 5 then p || n || ' Fire District'
         when 6 then 'City of ' || p || n || ' Fire Department'
         when 7 then p || n || ' Fire & Rescue Company'
         when 8 then p || n || ' Community Fire Department'
         else case when i % 30 = 9 then p || n || ' Rescue Squad' else p || n || ' Volunteer Fire Department' end
       end,
       c || ' ' || (${sqlArray(CITY_ENDINGS)})[i % ${CITY_ENDINGS.length} + 1],
       (${sqlArray(STATES)})[i % ${STATES.length} + 1],
       c || ' County',
       'R' || i, 'official', 'verified'
     from generate_series(1, ?::int) as i,
     lateral (select
       (${places})[i % 20 + 1] || (${sqlArray(ENDINGS)})[(i / 20) % ${ENDINGS.length} + 1] as p,
       (i / 240)::text as n,
       (${counties})[(i * 7) % 22 + 1] as c) as g`,
    [count],
  );
  await settleDepartmentTables(db);
}

/** Departments in the table now. */
export async function countDepartments(db: Knex): Promise<number> {
  const [{ n }] = (await db('departments').count('* as n')) as unknown as [{ n: string | number }];
  return Number(n);
}
