import { customType, index, integer, pgTable, primaryKey, serial, smallint, timestamp } from 'drizzle-orm/pg-core'
import { companies } from './companies.js'

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite answers a Uint8Array, node-postgres a Buffer
  fromDriver: (value) => Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
})

/**
 * A registered goods photo's descriptor (goods/photoMatch): its keypoints with their visual words,
 * packed (descriptor.ts `packKeypoints`), read back only for the shortlisted photos of a search.
 */
export const goodsPhotos = pgTable('goods_photo', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  goodsId: integer('goods_id').notNull(),
  /** the stored picture (attachment), shown beside a match */
  attachmentId: integer('attachment_id'),
  width: smallint('width').notNull(),
  height: smallint('height').notNull(),
  keypoints: bytea('keypoints').notNull(),
  /** distinct visual words: the index's scores are divided by its root, so that a busy picture does not lead every search */
  wordCount: smallint('word_count').notNull(),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('goods_photo_company_idx').on(t.companyId),
  index('goods_photo_goods_idx').on(t.goodsId),
])

/**
 * The inverted index: for each visual word, the photos showing it, in blocks of 65,536 photo ids (one
 * row per word and block, so a registration appends to a few hundred short rows and a search reads
 * about two rows a word at 100,000 photos). `photos` holds each photo's id within its block as two
 * bytes (big-endian), in the order they were added: half of what an integer array takes, and read
 * by a search as one binary value (store.ts `candidates`).
 */
export const goodsPhotoPostings = pgTable('goods_photo_posting', {
  word: integer('word').notNull(),
  block: integer('block').notNull(),
  photos: bytea('photos').notNull(),
}, (t) => [primaryKey({ columns: [t.word, t.block] })])
