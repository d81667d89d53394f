import {
  BooleanInput,
  DateTimeInput,
  NumberInput,
  required,
  SelectInput,
  SimpleForm,
  TextInput,
} from 'react-admin';

export const KIND_CHOICES = [
  { id: 'percent', name: 'Percent off' },
  { id: 'fixed', name: 'Fixed amount off (cents)' },
];

/** The coupon fields of docs/product/rulings.md (Shop); codes are unique whatever their case. */
export function CouponForm() {
  return (
    <SimpleForm>
      <TextInput source="code" validate={required()} helperText="3 to 32 letters, digits, - or _" />
      <SelectInput source="kind" choices={KIND_CHOICES} validate={required()} />
      <NumberInput
        source="amount"
        validate={required()}
        helperText="Percent points, or cents for a fixed amount"
      />
      <NumberInput source="min_subtotal_cents" label="Minimum subtotal (cents)" defaultValue={0} />
      <DateTimeInput source="starts_at" label="Starts" />
      <DateTimeInput source="ends_at" label="Ends" />
      <NumberInput source="max_redemptions" label="Maximum redemptions" />
      <BooleanInput source="active" defaultValue={true} />
    </SimpleForm>
  );
}
