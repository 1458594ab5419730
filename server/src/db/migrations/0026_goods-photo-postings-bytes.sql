-- The photo index's postings as two bytes a photo in blocks of 65,536 ids (store.ts), carried over from integer arrays in blocks of 8,192
ALTER TABLE "goods_photo_posting" RENAME TO "goods_photo_posting_int";--> statement-breakpoint
ALTER TABLE "goods_photo_posting_int" RENAME CONSTRAINT "goods_photo_posting_word_block_pk" TO "goods_photo_posting_int_pk";--> statement-breakpoint
CREATE TABLE "goods_photo_posting" (
	"word" integer NOT NULL,
	"block" integer NOT NULL,
	"photos" bytea NOT NULL,
	CONSTRAINT "goods_photo_posting_word_block_pk" PRIMARY KEY("word","block")
);--> statement-breakpoint
INSERT INTO "goods_photo_posting" ("word", "block", "photos")
SELECT "word", id >> 16, string_agg(substring(int4send(id & 65535) from 3 for 2), ''::bytea ORDER BY id)
FROM "goods_photo_posting_int", unnest("photo_ids") AS id
GROUP BY "word", id >> 16;--> statement-breakpoint
DROP TABLE "goods_photo_posting_int";
