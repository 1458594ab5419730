-- the description search's trigram index (PGlite loads the extension in db/pgliteExtensions.ts)
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "goods" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer,
	"name" varchar(100) NOT NULL,
	"category" varchar(10) NOT NULL,
	"ticket_number" varchar(50) NOT NULL,
	"ticket_pic_id" integer NOT NULL,
	"goods_pic_ids" integer[] NOT NULL,
	"pawn_time" timestamp with time zone NOT NULL,
	"pawn_name" varchar(50) NOT NULL,
	"phone" varchar(11) NOT NULL,
	"id_number" varchar(18) NOT NULL,
	"is_invalid" varchar(1) DEFAULT '否' NOT NULL,
	"doubtable" varchar(2) DEFAULT '正常' NOT NULL,
	"photo_text" text DEFAULT '' NOT NULL,
	"search_text" text GENERATED ALWAYS AS (name || ' ' || ticket_number || ' ' || photo_text) STORED NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "goods" ADD CONSTRAINT "goods_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goods_company_time_idx" ON "goods" USING btree ("company_id","create_time");--> statement-breakpoint
CREATE INDEX "goods_time_idx" ON "goods" USING btree ("create_time","id");--> statement-breakpoint
CREATE INDEX "goods_search_trgm_idx" ON "goods" USING gin ("search_text" gin_trgm_ops);