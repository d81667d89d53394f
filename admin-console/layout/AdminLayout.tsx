import { useQuery } from '@tanstack/react-query';
import { Layout, type LayoutProps, Sidebar, type SidebarProps } from 'react-admin';
import { loadAdminInfo } from '../providers/admin-info';
import { AdminAppBar } from './AdminAppBar';
import { AdminInfoAlert } from './AdminInfoAlert';
import { AdminMenu } from './AdminMenu';
import { TwoFactorEnrolment } from './TwoFactorEnrolment';

export const SIDEBAR_BACKGROUND = '#0b1d33';
const SIDEBAR_TEXT = '#e8eef6';

/** Dark on desktop; below 600 px a temporary drawer that covers the whole screen. */
function DarkSidebar(props: SidebarProps) {
  return (
    <Sidebar
      {...props}
      sx={(theme) => ({
        backgroundColor: SIDEBAR_BACKGROUND,
        color: SIDEBAR_TEXT,
        height: 'auto',
        minHeight: 'calc(100vh - 3em)',
        '& .RaSidebar-fixed': { backgroundColor: SIDEBAR_BACKGROUND, color: SIDEBAR_TEXT },
        '& .MuiDrawer-paper': { backgroundColor: SIDEBAR_BACKGROUND, color: SIDEBAR_TEXT },
        '& .Mui-selected': { backgroundColor: 'rgba(255, 255, 255, 0.16) !important' },
        '& .MuiSvgIcon-root': { color: SIDEBAR_TEXT },
        [theme.breakpoints.only('xs')]: {
          '& .MuiDrawer-paper': { width: '100vw', maxWidth: '100vw', height: '100vh' },
        },
      })}
    />
  );
}

/**
 * Staff whose session has not proven a second factor hold no permission (the API refuses them);
 * whatever screen they open, the console shows the enrolment panel in its place.
 */
export function AdminLayout({ children, ...props }: LayoutProps) {
  const { data: info } = useQuery({ queryKey: ['admin-info'], queryFn: () => loadAdminInfo() });
  return (
    <Layout {...props} appBar={AdminAppBar} sidebar={DarkSidebar} menu={AdminMenu}>
      <AdminInfoAlert />
      {info?.needsSecondFactor ? <TwoFactorEnrolment /> : children}
    </Layout>
  );
}
