// Demo people of each organisation and which record types each role may approve.
// Matrix (the service's documentation leaves it open): Admin and Landlord approve everything; a Property Manager
// everything but properties themselves; a Broker properties, units and leases; a Maintenance
// Coordinator may look at the queue but neither approve nor dismiss.
import type { ResourceType } from '../shared/service';
import { RESOURCE_TYPES } from '../shared/service';

export const PERSONA_ROLES = [
  'admin',
  'property_manager',
  'landlord',
  'broker',
  'maintenance_coordinator',
] as const;
export type PersonaRole = (typeof PERSONA_ROLES)[number];

export const ROLE_LABELS: Record<PersonaRole, string> = {
  admin: 'Admin',
  property_manager: 'Property Manager',
  landlord: 'Landlord',
  broker: 'Broker',
  maintenance_coordinator: 'Maintenance Coordinator',
};

export const APPROVAL_MATRIX: Record<PersonaRole, readonly ResourceType[]> = {
  admin: RESOURCE_TYPES,
  landlord: RESOURCE_TYPES,
  property_manager: ['unit', 'tenant', 'lease', 'payment', 'maintenance_request'],
  broker: ['property', 'unit', 'lease'],
  maintenance_coordinator: [],
};

export function mayApprove(role: PersonaRole, type: ResourceType): boolean {
  return APPROVAL_MATRIX[role].includes(type);
}

export function mayDismiss(role: PersonaRole): boolean {
  return role !== 'maintenance_coordinator';
}

const PEOPLE: Record<string, Record<PersonaRole, string>> = {
  org_demo: {
    admin: 'Morgan Ellis',
    property_manager: 'Dana Whitfield',
    landlord: 'Ruth Abernathy',
    broker: 'Victor Osei',
    maintenance_coordinator: 'Sam Kowalski',
  },
  org_other: {
    admin: 'Lupe Garza',
    property_manager: 'Cody Ramirez',
    landlord: 'June Calloway',
    broker: 'Hector Villa',
    maintenance_coordinator: 'Billie Tran',
  },
};

export function isPersonaRole(value: unknown): value is PersonaRole {
  return typeof value === 'string' && (PERSONA_ROLES as readonly string[]).includes(value);
}

/** "Dana Whitfield (Property Manager)": how an approver appears in `updated_by` and `decidedBy`. */
export function personaName(organisation: string, role: PersonaRole): string {
  const person = PEOPLE[organisation]?.[role] ?? `Demo ${ROLE_LABELS[role]}`;
  return `${person} (${ROLE_LABELS[role]})`;
}
