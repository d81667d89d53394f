import { Box, Card, CardContent, Checkbox, FormControlLabel, FormGroup, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useGetIdentity, useGetOne, useNotify, useRecordContext, useUpdate } from 'react-admin';
import { PERMISSIONS, type Permission, permissionDisplayName } from '../../../api/contract/permissions';
import { GuardedButton } from '../../components/GuardedButton';
import { useHasPermission } from '../../layout/RequirePermission';

interface Grants {
  id: number;
  role_permissions: Permission[];
  extra_permissions: Permission[];
}

/**
 * Extra permissions on top of the role (MANAGE_PERMISSIONS). The server refuses changes to
 * one's own grants and grants the actor does not hold; the form says so up front.
 */
export function PermissionGrants() {
  const record = useRecordContext<{ id: number }>();
  const { identity } = useGetIdentity();
  const allowed = useHasPermission('MANAGE_PERMISSIONS');
  const notify = useNotify();
  const { data } = useGetOne<Grants>(
    'employee-permissions',
    { id: record?.id ?? 0 },
    { enabled: allowed && record !== undefined },
  );
  const [extra, setExtra] = useState<Permission[]>([]);
  useEffect(() => setExtra(data?.extra_permissions ?? []), [data]);
  const [update, { isPending }] = useUpdate<Grants>();
  if (!record) return null;
  const self = identity?.id === record.id;
  const fromRole = new Set(data?.role_permissions ?? []);
  const toggle = (p: Permission) =>
    setExtra((now) => (now.includes(p) ? now.filter((x) => x !== p) : [...now, p]));
  const save = () =>
    update(
      'employee-permissions',
      { id: record.id, data: { extra_permissions: extra }, previousData: data },
      {
        onSuccess: () => notify('Permissions saved', { type: 'success' }),
        onError: (e) => notify((e as Error).message, { type: 'error' }),
      },
    );
  return (
    <Card variant="outlined" sx={{ m: 2 }}>
      <CardContent>
        <Typography component="h2" variant="h6">
          Extra permissions
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {self
            ? 'You cannot change your own permissions.'
            : 'Granted on top of the role. Permissions of the role are shown checked and cannot be removed here.'}
        </Typography>
        {allowed && data && (
          <FormGroup sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}>
            {PERMISSIONS.map((p) => (
              <FormControlLabel
                key={p}
                label={permissionDisplayName(p)}
                control={
                  <Checkbox
                    checked={fromRole.has(p) || extra.includes(p)}
                    disabled={self || fromRole.has(p)}
                    onChange={() => toggle(p)}
                  />
                }
              />
            ))}
          </FormGroup>
        )}
        <Box sx={{ mt: 1 }}>
          <GuardedButton
            permission="MANAGE_PERMISSIONS"
            variant="contained"
            onClick={save}
            disabled={self || isPending}
          >
            Save permissions
          </GuardedButton>
        </Box>
      </CardContent>
    </Card>
  );
}
