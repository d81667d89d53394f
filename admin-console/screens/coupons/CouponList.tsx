import { Button } from '@mui/material';
import {
  ChipField,
  CreateButton,
  Datagrid,
  DateField,
  FunctionField,
  List,
  NumberField,
  SearchInput,
  SelectInput,
  TextField,
  useNotify,
  useRecordContext,
  useUpdate,
} from 'react-admin';
import { dollars } from '../../../api/contract/money';
import { ListActions } from '../../components/ListActions';
import { ScreenTitle } from '../../components/ScreenTitle';
import { KIND_CHOICES } from './CouponForm';

interface Coupon {
  id: number;
  code: string;
  kind: 'percent' | 'fixed';
  amount: number;
  state: string;
}

const STATE_CHOICES = ['active', 'scheduled', 'expired', 'inactive', 'used_up'].map((s) => ({
  id: s,
  name: s.replace('_', ' '),
}));
const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Code" />,
  <SelectInput key="kind" source="kind" choices={KIND_CHOICES} />,
  <SelectInput key="state" source="state" choices={STATE_CHOICES} />,
];

function ExpireButton() {
  const record = useRecordContext<Coupon>();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  if (!record || record.state === 'expired') return null;
  return (
    <Button
      size="small"
      disabled={isPending}
      onClick={(e) => {
        e.stopPropagation();
        update(
          'coupons',
          { id: record.id, data: { expire: true }, previousData: record },
          {
            mutationMode: 'pessimistic',
            onSuccess: () => notify(`${record.code} has expired`, { type: 'success' }),
            onError: (error) => notify((error as Error).message, { type: 'error' }),
          },
        );
      }}
    >
      Expire
    </Button>
  );
}

/** Coupons (VIEW_COUPONS): create, edit and expire; redemptions are counted once the shop exists. */
export default function CouponList() {
  return (
    <>
      <ScreenTitle title="Coupons" />
      <List
        resource="coupons"
        title=" "
        filters={filters}
        actions={
          <ListActions>
            <CreateButton />
          </ListActions>
        }
        sort={{ field: 'created_at', order: 'DESC' }}
      >
        <Datagrid bulkActionButtons={false} rowClick="edit">
          <TextField source="code" />
          <FunctionField
            label="Discount"
            sortBy="amount"
            render={(c: Coupon) => (c.kind === 'percent' ? `${c.amount}%` : dollars(c.amount))}
          />
          <FunctionField
            label="Minimum"
            sortable={false}
            render={(c: { min_subtotal_cents: number }) => dollars(c.min_subtotal_cents)}
          />
          <DateField source="starts_at" label="Starts" emptyText="—" />
          <DateField source="ends_at" label="Ends" emptyText="—" />
          <NumberField source="redemptions_count" label="Redeemed" />
          <NumberField source="max_redemptions" label="Limit" emptyText="—" />
          <ChipField source="state" size="small" />
          <ExpireButton />
        </Datagrid>
      </List>
    </>
  );
}
