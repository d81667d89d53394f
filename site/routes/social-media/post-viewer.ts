import { loadStaffAccess } from '../../../api/modules/staff/access';
import type { PageContext } from '../../server/page';
import type { PostViewer } from './PostCard';

/** Staff who review red flags may remove any post (docs/decisions/0033-social.md). */
export async function postViewerOf(c: PageContext): Promise<PostViewer | null> {
  const user = c.get('user');
  if (!user) return null;
  const staff = await loadStaffAccess(c.get('db'), user.id, { secondFactor: c.get('secondFactor') });
  return { id: user.id, canModerate: staff?.permissions.includes('VIEW_RED_FLAGS') ?? false };
}
