// What a document is attached to, in words: "Unit Cedar Commons · 4B", "Lease of Jonah Larsen · …".
import type { OwnedDocument } from '../../../../shared/related-records';
import { assertNever } from '../../../../shared/app-error';

export function ownerPrefix(ownerType: OwnedDocument['ownerType']): string {
  switch (ownerType) {
    case 'property':
      return 'Property';
    case 'unit':
      return 'Unit';
    case 'lease':
      return 'Lease of';
    case 'tenant':
      return 'Tenant';
    default:
      return assertNever(ownerType);
  }
}
