import { describe, expectTypeOf, it } from 'vitest';
import type * as Contract from '../../api/contract/accounts';
import type { StaffRole as ContractStaffRole } from '../../api/contract/permissions';
import type * as Schema from '../../db/schema';

/**
 * api/contract may not import db/ (the browser imports it), so the unions both sides name are
 * declared twice. These assertions fail `npm run typecheck` the day the two copies differ.
 */
describe('the contract and the database schema name the same values', () => {
  it('agrees on staff roles, account kinds, visibilities and attribute maps', () => {
    expectTypeOf<ContractStaffRole>().toEqualTypeOf<Schema.StaffRole>();
    expectTypeOf<Contract.AccountKind>().toEqualTypeOf<Schema.AccountKind>();
    expectTypeOf<Contract.Visibility>().toEqualTypeOf<Schema.Visibility>();
    expectTypeOf<Contract.ProfileAttributes>().toEqualTypeOf<Schema.ProfileAttributes>();
    expectTypeOf<Contract.AttributeVisibilityMap>().toEqualTypeOf<Schema.AttributeVisibilityMap>();
  });
});
