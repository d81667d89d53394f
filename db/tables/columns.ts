import type { ColumnType } from 'kysely';

/** Column types shared by the table files (db/schema.ts and db/tables/*). */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
