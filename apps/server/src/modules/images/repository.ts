import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';

/** Keeps an image's bytes as they were checked; returns its id. */
export async function storeImage(
  db: Executor,
  image: { contentType: string; content: Buffer; uploadedBy: string },
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into images (content_type, size, content, uploaded_by)
        values (${image.contentType}, ${image.content.length}, ${image.content}, ${image.uploadedBy}) returning id`,
  );
  if (!row) throw new Error('the image just stored cannot be read back');
  return row.id;
}

/** An image's type and bytes, or undefined for an unknown id. */
export async function findImage(
  db: Executor,
  id: string,
): Promise<{ contentType: string; content: Buffer | Uint8Array } | undefined> {
  const [row] = await queryRows<{ content_type: string; content: Buffer | Uint8Array }>(
    db,
    sql`select content_type, content from images where id = ${id}`,
  );
  return row && { contentType: row.content_type, content: row.content };
}

/** Removes an image its uploader no longer shows (an avatar they replaced); another person's image stays. */
export async function deleteImage(db: Executor, id: string, uploadedBy: string): Promise<void> {
  await db.execute(sql`delete from images where id = ${id} and uploaded_by = ${uploadedBy}`);
}
