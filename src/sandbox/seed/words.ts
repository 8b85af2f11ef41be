// Word lists the demo data is built from; each organisation gets its own places and people.
export interface Place {
  city: string;
  state: string;
  zip: number;
}

export interface OrganisationProfile {
  id: string;
  name: string;
  rngSeed: string;
  baseProperties: number;
  places: Place[];
  streets: string[];
  buildingNames: string[];
  firstNames: string[];
  lastNames: string[];
  emailDomain: string;
}

const FIRST = [
  'Ava',
  'Liam',
  'Maya',
  'Noah',
  'Zoe',
  'Ethan',
  'Priya',
  'Mateo',
  'Hana',
  'Omar',
  'Grace',
  'Caleb',
  'Ines',
  'Kofi',
  'Lena',
  'Ravi',
  'Sofia',
  'Jonah',
  'Mei',
  'Diego',
  'Aisha',
  'Felix',
  'Nora',
  'Tariq',
];
const LAST = [
  'Nguyen',
  'Patel',
  'Garcia',
  'Johnson',
  'Kim',
  'Okafor',
  'Larsen',
  'Silva',
  'Cohen',
  'Murphy',
  'Haddad',
  'Tanaka',
  'Brooks',
  'Romero',
  'Schmidt',
  'Adeyemi',
  'Walsh',
  'Ivanova',
  'Reyes',
  'Fischer',
];

export const DEMO_PROFILE: OrganisationProfile = {
  id: 'org_demo',
  name: 'Maple & Oak Property Management',
  rngSeed: 'demo',
  baseProperties: 25,
  places: [
    { city: 'Portland', state: 'OR', zip: 97201 },
    { city: 'Salem', state: 'OR', zip: 97301 },
    { city: 'Eugene', state: 'OR', zip: 97401 },
    { city: 'Vancouver', state: 'WA', zip: 98660 },
    { city: 'Spokane', state: 'WA', zip: 99201 },
    { city: 'Boise', state: 'ID', zip: 83702 },
  ],
  streets: [
    'Maple',
    'Oak',
    'Cedar',
    'Alder',
    'Birch',
    'Willow',
    'Hawthorne',
    'Division',
    'Burnside',
    'Belmont',
  ],
  buildingNames: [
    'Maple Court',
    'Cedar Commons',
    'Alder Flats',
    'Willow Row',
    'Birch House',
    'Harbor View',
    'Rose Terrace',
    'Summit Place',
    'River Bend',
    'Juniper Lofts',
    'Fernwood',
    'Quarry Yard',
  ],
  firstNames: FIRST,
  lastNames: LAST,
  emailDomain: 'example.com',
};

export const OTHER_PROFILE: OrganisationProfile = {
  id: 'org_other',
  name: 'Bluebonnet Rentals',
  rngSeed: 'other',
  baseProperties: 6,
  places: [
    { city: 'Austin', state: 'TX', zip: 78701 },
    { city: 'Round Rock', state: 'TX', zip: 78664 },
    { city: 'San Marcos', state: 'TX', zip: 78666 },
  ],
  streets: ['Lamar', 'Guadalupe', 'Congress', 'Pecan', 'Mesquite'],
  buildingNames: ['Bluebonnet Place', 'Pecan Grove', 'Mesa Flats', 'Lone Star Lofts'],
  firstNames: ['Wyatt', 'Luz', 'Bo', 'Carmen', 'Tex', 'Rosa', 'Hank', 'Dolores'],
  lastNames: ['Travis', 'Alvarez', 'Crockett', 'Bowie', 'Salinas', 'Houston'],
  emailDomain: 'example.org',
};
