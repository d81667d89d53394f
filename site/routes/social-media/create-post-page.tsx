import type { SessionUser } from '../../../api/contract/session-user';
import { ACCEPTED_IMAGE_TYPES } from '../../../api/modules/images/upload-rules';
import { socialMediaCampaignsOf } from '../../../api/modules/posts/feed';
import { POST_MAX } from '../../../api/modules/posts/schema';
import { renderPage } from '../../render/render-page';
import type { PageContext } from '../../server/page';
import type { FormState } from '../people/member-pages';

function FieldError({ id, messages }: { id: string; messages?: string[] }) {
  if (!messages?.length) return null;
  return (
    <p id={id} className="field-error">
      {messages[0]}
    </p>
  );
}

/**
 * /social-media/create-post, a bare page (docs/product/spec.md §2): the text (links and @handles),
 * an optional image and, for a candidate with SocialMedia campaigns, which one it updates.
 * A plain multipart form: it works without JavaScript.
 */
export async function createPostPage(c: PageContext, user: SessionUser, state: FormState = {}, status = 200) {
  const campaigns = await socialMediaCampaignsOf(c.get('db'), user.id);
  const errors = state.errors ?? {};
  const values = state.values ?? {};
  return renderPage(c, {
    status,
    meta: { title: 'Create a post', description: 'Share an update with your followers.', noindex: true },
    body: (
      <div className="create-post">
        <h1>Create a post</h1>
        <p>
          Your post appears on your profile and in your followers' feeds. Mention someone with their handle,
          like @marisol-grant, to let them know. Links become clickable.
        </p>
        {state.formError && (
          <p className="notice notice--error" role="alert">
            {state.formError}
          </p>
        )}
        <form method="post" action="/social-media/create-post" encType="multipart/form-data" className="form">
          <label htmlFor="post-body">Your post</label>
          <textarea
            id="post-body"
            name="body"
            rows={6}
            required
            maxLength={POST_MAX}
            defaultValue={values.body ?? ''}
            aria-invalid={errors.body ? true : undefined}
            aria-describedby={errors.body ? 'post-body-error' : undefined}
          />
          <FieldError id="post-body-error" messages={errors.body} />
          <label htmlFor="post-image">Image (optional, up to 5 MB)</label>
          <input
            id="post-image"
            name="image"
            type="file"
            accept={ACCEPTED_IMAGE_TYPES}
            aria-invalid={errors.image ? true : undefined}
            aria-describedby={errors.image ? 'post-image-error' : undefined}
          />
          <FieldError id="post-image-error" messages={errors.image} />
          {campaigns.length > 0 && (
            <>
              <label htmlFor="post-campaign">Campaign update (notifies your followers)</label>
              <select id="post-campaign" name="campaignId" defaultValue={values.campaignId ?? ''}>
                <option value="">Not a campaign update</option>
                {campaigns.map((campaign) => (
                  <option key={campaign.id} value={campaign.id}>
                    {campaign.name}
                  </option>
                ))}
              </select>
              <FieldError id="post-campaign-error" messages={errors.campaignId} />
            </>
          )}
          <p className="create-post__actions">
            <button type="submit" className="button button--primary">
              Publish
            </button>
            <a className="button" href="/social-media">
              Cancel
            </a>
          </p>
        </form>
      </div>
    ),
  });
}
