CREATE TABLE "company_material_order" (
	"id" serial PRIMARY KEY NOT NULL,
	"buy_company_id" integer NOT NULL,
	"sale_company_id" integer NOT NULL,
	"user_id" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recharge_record" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"times" integer NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	"user_id" integer,
	"user_name" varchar(50) DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservation_plan" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"reserve_time" date NOT NULL,
	"reserve_period" varchar(4) NOT NULL,
	"tanker_type" varchar(10) NOT NULL,
	"total_count" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attachment" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer,
	"file_type" integer NOT NULL,
	"target_id" integer,
	"name" varchar(200) NOT NULL,
	"mime" varchar(100) NOT NULL,
	"ext" varchar(10) NOT NULL,
	"size" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"thumb_sha256" varchar(64),
	"width" integer,
	"height" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "main_user_id" integer;--> statement-breakpoint
ALTER TABLE "user_company" ADD COLUMN "parent_id" integer;--> statement-breakpoint
ALTER TABLE "company_material_order" ADD CONSTRAINT "company_material_order_buy_company_id_company_id_fk" FOREIGN KEY ("buy_company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_material_order" ADD CONSTRAINT "company_material_order_sale_company_id_company_id_fk" FOREIGN KEY ("sale_company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_record" ADD CONSTRAINT "recharge_record_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_plan" ADD CONSTRAINT "reservation_plan_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachment" ADD CONSTRAINT "attachment_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_material_order_unique" ON "company_material_order" USING btree ("buy_company_id","sale_company_id");--> statement-breakpoint
CREATE INDEX "company_material_order_sale_idx" ON "company_material_order" USING btree ("sale_company_id");--> statement-breakpoint
CREATE INDEX "recharge_record_company_time_idx" ON "recharge_record" USING btree ("company_id","create_time");--> statement-breakpoint
CREATE INDEX "recharge_record_time_idx" ON "recharge_record" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "reservation_plan_unique" ON "reservation_plan" USING btree ("company_id","reserve_time","reserve_period","tanker_type");--> statement-breakpoint
CREATE INDEX "attachment_company_idx" ON "attachment" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "attachment_sha_idx" ON "attachment" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "attachment_thumb_sha_idx" ON "attachment" USING btree ("thumb_sha256");--> statement-breakpoint
ALTER TABLE "user_company" ADD CONSTRAINT "user_company_parent_id_app_user_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_create_time_idx" ON "company" USING btree ("create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "user_company_unique" ON "user_company" USING btree ("user_id","company_id");--> statement-breakpoint
CREATE INDEX "user_company_parent_idx" ON "user_company" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "user_company_top_idx" ON "user_company" USING btree ("company_id") WHERE "user_company"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "app_user_create_time_idx" ON "app_user" USING btree ("create_time");--> statement-breakpoint
-- the seeded headquarters admin is headquarters' main account (it cannot be deleted)
UPDATE "company" SET "main_user_id" = (SELECT "id" FROM "app_user" WHERE "phone" = 'admin') WHERE "id" = 1 AND "main_user_id" IS NULL;--> statement-breakpoint
-- sub-accounts already in a base with their parent are shown under it
UPDATE "user_company" uc SET "parent_id" = u."parent_id" FROM "app_user" u
WHERE u."id" = uc."user_id" AND u."parent_id" IS NOT NULL
  AND EXISTS (SELECT 1 FROM "user_company" p WHERE p."user_id" = u."parent_id" AND p."company_id" = uc."company_id");
