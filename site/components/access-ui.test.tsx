import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AccessDenied } from './AccessDenied';
import { GuardedButton } from './GuardedButton';

describe('AccessDenied', () => {
  it('names the missing permission in words', () => {
    const html = renderToString(<AccessDenied permission="VIEW_ANALYTICS_HEATMAP" />);
    expect(html).toContain('Access Denied');
    expect(html).toContain('You need the View Analytics Heatmap permission to view this content.');
  });
});

describe('GuardedButton', () => {
  it('renders a plain, enabled button when the permission is held', () => {
    const html = renderToString(
      <GuardedButton permission="MANAGE_FEATURES" allowed>
        Save
      </GuardedButton>,
    );
    expect(html).toMatch(/^<button type="button">Save<\/button>$/);
    expect(html).not.toContain('disabled');
    expect(html).not.toContain('Requires');
  });

  it('disables the button and explains why in a title and a tooltip the keyboard can reach', () => {
    const html = renderToString(
      <GuardedButton permission="MANAGE_FEATURES" allowed={false} className="button">
        Save
      </GuardedButton>,
    );
    expect(html).toContain('disabled=""');
    expect(html).toContain('aria-disabled="true"');
    expect(html).toContain('title="Requires MANAGE_FEATURES permission"');
    expect(html).toMatch(/<span class="guarded" tabindex="0" aria-describedby="([^"]+)">/);
    const id = /aria-describedby="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain(`role="tooltip" id="${id}">Requires MANAGE_FEATURES permission</span>`);
  });
});
