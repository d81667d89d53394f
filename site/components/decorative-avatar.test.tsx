import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { avatarUrlFor, generatedAvatar } from '../../api/contract/avatars';
import { DecorativeAvatar } from './DecorativeAvatar';

describe('generatedAvatar', () => {
  it('reads back the initials and hue avatarUrlFor put in the URL', () => {
    const url = avatarUrlFor('Jordan Rivera', 'member@demo.campaignhq.test');
    const found = generatedAvatar(url);
    expect(found?.initials).toBe('JR');
    expect(url).toBe(`/media/avatars/JR-${found?.hue}.svg`);
  });

  it('is null for an uploaded image or anything else', () => {
    for (const url of [
      '/media/profile-images/12/abc.webp',
      '/media/avatars/jr-10.svg',
      '/media/avatars/JRX-10.svg',
      '/media/avatars/JR-1000.svg',
      'https://elsewhere.example/media/avatars/JR-10.svg',
    ])
      expect(generatedAvatar(url), url).toBeNull();
  });
});

describe('DecorativeAvatar', () => {
  it('draws a generated avatar with CSS: its initials and hue, hidden from assistive technology, no image', () => {
    const html = renderToStaticMarkup(
      <DecorativeAvatar className="person-card__avatar" src="/media/avatars/SO-120.svg" size={64} />,
    );
    expect(html).not.toContain('<img');
    expect(html).toContain('class="person-card__avatar avatar-initials"');
    expect(html).toContain('data-initials="SO"');
    expect(html).toContain('background:hsl(120 55% 38%)');
    expect(html).toContain('--avatar-size:64px');
    expect(html).toContain('aria-hidden="true"');
  });

  it('shows an uploaded image as a lazy, decorative <img> of the given size', () => {
    const html = renderToStaticMarkup(
      <DecorativeAvatar className="post__avatar" src="/media/profile-images/7/photo.webp" size={40} />,
    );
    expect(html).toBe(
      '<img class="post__avatar" src="/media/profile-images/7/photo.webp" alt="" width="40" height="40" loading="lazy"/>',
    );
  });
});
