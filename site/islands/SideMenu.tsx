import { takeEarlyClick } from '../lib/early-click';

/** From this width the header shows its links itself and the menu closes. */
const WIDE_SCREEN = '(min-width: 80em)';

/**
 * The side menu's behaviour (its markup: ./side-menu/SideMenuPanel.tsx). A menu that opens and
 * closes needs no React: this runs at load, a fraction of a kilobyte, so a press works as soon as
 * the page's scripts have run, without downloading React on first use
 * (docs/decisions/0063-header-islands-hydrate-on-first-use.md). A press that came before it ran
 * (marked by the entry: site/lib/early-click.ts) opens the menu once it does.
 */
export function mount(element: HTMLElement) {
  const toggle = element.querySelector<HTMLButtonElement>('.side-menu__toggle');
  const panel = element.querySelector<HTMLElement>('.side-menu__panel');
  const backdrop = element.querySelector<HTMLElement>('.side-menu__backdrop');
  if (!toggle || !panel || !backdrop) throw new Error('the side menu’s markup is missing a part');

  const show = (open: boolean) => {
    panel.hidden = !open;
    backdrop.dataset.open = String(open);
    toggle.setAttribute('aria-expanded', String(open));
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close();
  };
  const open = () => {
    show(true);
    panel.querySelector<HTMLElement>('a, button')?.focus();
    document.addEventListener('keydown', onKey);
  };
  const close = ({ refocus = true } = {}) => {
    if (panel.hidden) return;
    show(false);
    document.removeEventListener('keydown', onKey);
    if (refocus) toggle.focus();
  };

  toggle.addEventListener('click', () => (panel.hidden ? open() : close()));
  backdrop.addEventListener('click', () => close());
  panel.querySelector('.side-menu__close')?.addEventListener('click', () => close());
  const wide = window.matchMedia(WIDE_SCREEN);
  wide.addEventListener('change', () => wide.matches && close({ refocus: false }));

  takeEarlyClick(element)?.click();
}
