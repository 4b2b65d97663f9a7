import { customType, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** Uploaded images (component pictures, images in descriptions), served by an unguessable id. */
export const images = pgTable('images', {
  id: uuid().primaryKey().defaultRandom(),
  contentType: text().notNull(),
  size: integer().notNull(),
  content: bytea().notNull(),
  uploadedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
