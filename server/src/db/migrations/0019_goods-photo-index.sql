CREATE TABLE "goods_photo_posting" (
	"word" integer NOT NULL,
	"block" integer NOT NULL,
	"photo_ids" integer[] NOT NULL,
	CONSTRAINT "goods_photo_posting_word_block_pk" PRIMARY KEY("word","block")
);
--> statement-breakpoint
CREATE TABLE "goods_photo" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"attachment_id" integer,
	"width" smallint NOT NULL,
	"height" smallint NOT NULL,
	"keypoints" "bytea" NOT NULL,
	"word_count" smallint NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "goods_photo" ADD CONSTRAINT "goods_photo_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goods_photo_company_idx" ON "goods_photo" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "goods_photo_goods_idx" ON "goods_photo" USING btree ("goods_id");