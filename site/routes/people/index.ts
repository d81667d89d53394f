import type { Hono } from 'hono';
import type { AppEnv } from '../../../api/middleware/app-env';
import { followFromForm, unfollowFromForm } from './follow-forms';
import { membersOnly } from './member-pages';
import { saveMyProfile, showMyProfile, uploadProfileImage } from './my-profile';
import { showSearch } from './search-page';
import {
  confirmNewEmail,
  deleteMyAccount,
  exportMyData,
  requestNewEmail,
  saveNames,
  saveNotificationChoices,
  savePassword,
  saveVisibility,
  showSettings,
} from './settings-forms';

/**
 * People pages: /search, /myprofile, /settings and the follow form posts. membersOnly sends visitors
 * to sign in and hands the handler the session user.
 */
export function registerPeopleRoutes(app: Hono<AppEnv>) {
  app.get('/search', showSearch);
  // See your profile as you built it, edit the introduction, attributes and picture.
  app.get('/myprofile', membersOnly(showMyProfile));
  app.post('/myprofile', membersOnly(saveMyProfile));
  app.post('/myprofile/image', membersOnly(uploadProfileImage));
  // Each settings section is its own form POST, so everything works without JavaScript.
  app.get('/settings', membersOnly(showSettings));
  app.post('/settings/names', membersOnly(saveNames));
  app.post('/settings/email', membersOnly(requestNewEmail));
  app.post('/settings/password', membersOnly(savePassword));
  app.post('/settings/visibility', membersOnly(saveVisibility));
  app.post('/settings/notifications', membersOnly(saveNotificationChoices));
  app.get('/settings/export', membersOnly(exportMyData));
  app.post('/settings/delete', membersOnly(deleteMyAccount));
  // Opened from the email, perhaps in another browser: the token alone proves the new address.
  app.get('/settings/email/confirm', confirmNewEmail);
  app.post('/profile/follow', membersOnly(followFromForm));
  app.post('/profile/unfollow', membersOnly(unfollowFromForm));
}
