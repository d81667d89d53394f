import type { ReferenceOption } from './options';
import { CIVIC_LISTS } from './reference-lists-civic';
import { PERSONAL_LISTS } from './reference-lists-personal';
import { WORK_AND_SHOP_LISTS } from './reference-lists-work';

/** The reference option lists the product loads once (docs/product/spec.md §3), in the spec's order. */
export const LIST_NAMES = [
  'astrological',
  'book',
  'companysize',
  'employment',
  'ethnic',
  'eye',
  'express',
  'food',
  'hair',
  'hobby',
  'jobtype',
  'language',
  'married',
  'movie',
  'music',
  'party',
  'position',
  'religious',
  'report',
  'role',
  'skill',
  'stateevents',
  'states',
  'uscitizen',
  'orderstatusoptions',
  'product',
] as const;

export type ListName = (typeof LIST_NAMES)[number];

export type { ReferenceOption } from './options';

/**
 * Values are snake_case slugs of the label, except: states (USPS codes), role (numeric
 * codes 1–5) and companysize (the ranges). Array order is display order (`position`).
 */
export const REFERENCE_LISTS: Record<ListName, ReferenceOption[]> = {
  ...PERSONAL_LISTS,
  ...CIVIC_LISTS,
  ...WORK_AND_SHOP_LISTS,
};

export function labelOf(list: ListName, value: string): string | undefined {
  return REFERENCE_LISTS[list].find((o) => o.value === value)?.label;
}
