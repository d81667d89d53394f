import { Box, Typography } from '@mui/material';
import {
  Datagrid,
  DateField,
  FunctionField,
  List,
  NumberField,
  SearchInput,
  SelectInput,
  TextField,
  useGetOne,
} from 'react-admin';
import { dollars } from '../../../api/contract/money';
import type { MerchandiseRevenue as Summary } from '../../../api/contract/shop-views';
import { ConsolePagination } from '../../components/ConsolePagination';
import { Figure } from '../../components/Figure';
import { ListActions } from '../../components/ListActions';
import { ScreenTitle } from '../../components/ScreenTitle';
import { STATUS_CHOICES } from './money';

interface OrderRow {
  id: number;
  status: keyof typeof LABELS;
  total_cents: number;
}
const LABELS = Object.fromEntries(STATUS_CHOICES.map((c) => [c.id, c.name]));

function Figures() {
  const { data, error } = useGetOne<Summary>('merchandise-revenue', { id: 'summary' });
  if (error) return <Typography role="alert">The revenue figures could not be loaded.</Typography>;
  if (!data) return null;
  return (
    <Box
      component="section"
      aria-label="Revenue figures"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', mb: 3 }}
    >
      <Figure
        label="Gross revenue"
        value={dollars(data.grossCents)}
        note={`${data.ordersPaid} paid orders`}
      />
      <Figure
        label="Last 30 days"
        value={dollars(data.last30Days.grossCents)}
        note={`${data.last30Days.orders} orders`}
      />
      <Figure size="h5" label="Average order" value={dollars(data.averageOrderCents)} />
      <Figure size="h5" label="Discounts given" value={dollars(data.discountCents)} />
      <Figure size="h5" label="Refunded" value={dollars(data.refundedCents)} />
      <Figure size="h5" label="To fulfil" value={String(data.toFulfil)} note="Paid or processing" />
    </Box>
  );
}

const filters = [
  <SearchInput key="q" source="q" placeholder="Order number or email" alwaysOn />,
  <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />,
];

/**
 * Merchandise revenue (VIEW_MERCHANDISE_REVENUE): the shop's figures and every order; a row opens
 * the order to move it along (processing, shipped, delivered, returns, refunds).
 */
export default function MerchandiseRevenue() {
  return (
    <Box sx={{ pb: 4 }}>
      <ScreenTitle title="Merchandise" intro="Shop revenue and orders. Open an order to fulfil it." />
      <Figures />
      <List
        resource="orders"
        title=" "
        filters={filters}
        actions={<ListActions />}
        sort={{ field: 'created_at', order: 'DESC' }}
        disableSyncWithLocation
        storeKey="merchandise-orders"
        pagination={<ConsolePagination />}
      >
        <Datagrid
          bulkActionButtons={false}
          rowClick={(id) => `/revenues/merchandise/${id}`}
          aria-label="Orders"
        >
          <TextField source="number" label="Order" />
          <DateField source="created_at" label="Placed" showTime />
          <TextField source="email" label="Buyer" />
          <TextField source="ship_state" label="State" sortable={false} />
          <NumberField source="item_count" label="Items" sortable={false} />
          <FunctionField<OrderRow>
            source="total_cents"
            label="Total"
            render={(r) => dollars(r.total_cents)}
          />
          <FunctionField<OrderRow>
            source="status"
            label="Status"
            render={(r) => LABELS[r.status] ?? r.status}
          />
        </Datagrid>
      </List>
    </Box>
  );
}
