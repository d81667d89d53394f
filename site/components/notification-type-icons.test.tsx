import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES, type NotificationItem } from '../../api/contract/notification-types';
import { NotificationList } from './NotificationList';

const notice = (type: number): NotificationItem => ({
  id: type,
  message: `Notice of type ${type}`,
  type,
  isread: false,
  createtimestamp: new Date(Date.UTC(2026, 10, 24, 12, 0, type)),
  route: null,
  relateduser: null,
});

function renderList(items: NotificationItem[]) {
  return renderToString(
    <NotificationList
      items={items}
      error={null}
      loading={false}
      onOpen={() => {}}
      onMarkAll={() => {}}
      showSeeAll
    />,
  );
}

/** The list item (one <li>) that carries a notice's message. */
function itemHtml(html: string, type: number): string {
  const items = html.split('<li>').slice(1);
  const found = items.find((li) => li.includes(`Notice of type ${type}<`));
  if (!found) throw new Error(`no item for type ${type}`);
  return found;
}

describe('notification type icons', () => {
  it('draws every type 1 to 11 as an inline SVG, not an emoji that may show as an empty box', () => {
    const html = renderList(NOTIFICATION_TYPES.map((t) => notice(t.type)));
    const paths = new Set<string>();
    for (const { type } of NOTIFICATION_TYPES) {
      const li = itemHtml(html, type);
      expect(li).toMatch(
        new RegExp(`<svg class="notification-type-icon" data-type="${type}"[^>]*aria-hidden="true"`),
      );
      const d = /<path d="([^"]+)"/.exec(li)?.[1];
      expect(d, `type ${type} has a drawn path`).toBeTruthy();
      paths.add(d!);
      // No pictographic emoji anywhere in the item.
      expect(li).not.toMatch(/\p{Extended_Pictographic}/u);
    }
    // One icon per type: eleven different drawings.
    expect(paths.size).toBe(NOTIFICATION_TYPES.length);
  });

  it('says the type in words, since the icon itself is hidden from screen readers', () => {
    const html = renderList(NOTIFICATION_TYPES.map((t) => notice(t.type)));
    for (const { type, label } of NOTIFICATION_TYPES) {
      expect(itemHtml(html, type)).toContain(
        `<span class="visually-hidden">${label.replace('&', '&amp;')}: </span>`,
      );
    }
  });

  it('shows the related person initial instead of the type icon when there is one, and still names the type', () => {
    const html = renderList([
      { ...notice(2), relateduser: { id: 9, firstname: 'Marisol', lastname: 'Grant', profileimage: null } },
    ]);
    const li = itemHtml(html, 2);
    expect(li).not.toContain('<svg class="notification-type-icon"');
    expect(li).toContain('>M</span>');
    expect(li).toContain('New follower: ');
  });
});
