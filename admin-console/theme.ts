import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** react-admin's default look with Campaign HQ's navy; the sidebar is styled in layout/AdminLayout. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: { ...defaultTheme.palette, primary: { main: '#0b2545' }, secondary: { main: '#1f5aa6' } },
  sidebar: { width: 248, closedWidth: 0 },
};
