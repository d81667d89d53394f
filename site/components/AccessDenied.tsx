import { type Permission, permissionDisplayName } from '../../api/contract/permissions';

/** What a user without a required permission sees in place of the content (docs/product/spec.md §6). */
export function AccessDenied({ permission }: { permission: Permission }) {
  return (
    <section className="access-denied" aria-labelledby="access-denied-title">
      <h2 id="access-denied-title">Access Denied</h2>
      <p>{`You need the ${permissionDisplayName(permission)} permission to view this content.`}</p>
    </section>
  );
}
