import CloseIcon from '@mui/icons-material/Close';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import {
  Box,
  Collapse,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  type Theme,
  useMediaQuery,
} from '@mui/material';
import { useSidebarState, useStore } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { type ConsoleSection, screenForPath, visibleSections } from '../../api/contract/console-screens';
import { useStaffPermissions } from './RequirePermission';

/** '/admin/coupons' → '/coupons' for the router, whose basename is /admin. */
export const routerPath = (path: string) => path.replace(/^\/admin/, '') || '/';

/**
 * The sidebar of docs/product/spec.md §2: collapsible sections, each item only for holders of its
 * permission (api/contract/console-screens.ts), nothing at all while permissions load.
 */
export function AdminMenu() {
  const { permissions, isPending } = useStaffPermissions();
  const [, setOpen] = useSidebarState();
  const isXSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const sections = isPending ? [] : visibleSections(permissions);
  return (
    <Box component="nav" aria-label="Admin" sx={{ pb: 4, color: 'inherit' }} aria-busy={isPending}>
      {isXSmall && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 1 }}>
          <IconButton aria-label="Close menu" onClick={() => setOpen(false)} sx={{ color: 'inherit' }}>
            <CloseIcon />
          </IconButton>
        </Box>
      )}
      {sections.map((section) => (
        <MenuSection key={section.id} section={section} onNavigate={() => isXSmall && setOpen(false)} />
      ))}
    </Box>
  );
}

function MenuSection({ section, onNavigate }: { section: ConsoleSection; onNavigate: () => void }) {
  const [expanded, setExpanded] = useStore(`admin.menu.${section.id}.expanded`, true);
  const current = screenForPath(`/admin${useLocation().pathname}`.replace(/\/$/, ''));
  const listId = `admin-menu-${section.id}`;
  return (
    <>
      <ListItemButton
        onClick={() => setExpanded(!expanded)}
        aria-expanded={expanded}
        aria-controls={listId}
        sx={{ py: 0.5, mt: 1, opacity: 0.8, textTransform: 'uppercase', letterSpacing: '0.06em' }}
      >
        <ListItemText
          primary={section.title}
          slotProps={{ primary: { variant: 'caption', fontWeight: 700 } }}
        />
        {expanded ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
      </ListItemButton>
      <Collapse in={expanded} unmountOnExit>
        <List id={listId} dense disablePadding aria-label={section.title}>
          {section.items.map((item) => {
            const active = current?.path === item.path;
            return (
              <ListItem key={item.path} disablePadding>
                <ListItemButton
                  component={Link}
                  to={routerPath(item.path)}
                  onClick={onNavigate}
                  selected={active}
                  aria-current={active ? 'page' : undefined}
                  sx={{ pl: 3 }}
                >
                  <ListItemText primary={item.label} />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      </Collapse>
    </>
  );
}
