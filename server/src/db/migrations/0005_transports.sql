CREATE TABLE "logistics_company" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"contactor" varchar(50),
	"phone" varchar(20),
	"province" varchar(20),
	"city" varchar(20),
	"district" varchar(20),
	"remarks" varchar(500),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlement_tolerance" (
	"company_id" integer NOT NULL,
	"settlement" varchar(100) NOT NULL,
	"unit" varchar(10) NOT NULL,
	"value" numeric(10, 3) NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlement_tolerance_company_id_settlement_pk" PRIMARY KEY("company_id","settlement")
);
--> statement-breakpoint
CREATE TABLE "ticket_reading" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer,
	"file_type" smallint NOT NULL,
	"attachment_id" integer,
	"ok" boolean NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"format_name" varchar(100),
	"error" varchar(500),
	"ms" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transport_destination" (
	"id" serial PRIMARY KEY NOT NULL,
	"transport_id" integer NOT NULL,
	"ordinal" smallint NOT NULL,
	"dest" varchar(100),
	"address" varchar(200),
	"sign_time" timestamp with time zone,
	"weight" numeric(10, 2),
	"bags" integer,
	"sign_gross_weight" numeric(10, 2),
	"sign_tare_weight" numeric(10, 2),
	"sign_user" varchar(50),
	"sign_settlement" varchar(100),
	"sign_additional" varchar(500),
	"pic_url" varchar(300)
);
--> statement-breakpoint
CREATE TABLE "transport_sms" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer,
	"phone" varchar(20) NOT NULL,
	"carrier" varchar(100) NOT NULL,
	"transport_ids" jsonb NOT NULL,
	"content" text NOT NULL,
	"ok" boolean NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transport" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer,
	"status" smallint DEFAULT 1 NOT NULL,
	"delivery_manufactory" varchar(100),
	"delivery_customer" varchar(100),
	"delivery_goods_name" varchar(100),
	"delivery_specific" varchar(50),
	"delivery_plate_number" varchar(20),
	"delivery_carrier" varchar(100),
	"delivery_number" varchar(64),
	"delivery_time" timestamp with time zone,
	"delivery_net_weight" numeric(10, 2),
	"delivery_bags" integer,
	"delivery_gross_weight" numeric(10, 2),
	"delivery_tare_weight" numeric(10, 2),
	"delivery_additional" varchar(500),
	"delivery_pic_id" integer,
	"delivery_origin" text,
	"sign_manufactory" varchar(100),
	"sign_customer" varchar(100),
	"sign_goods_name" varchar(100),
	"sign_specific" varchar(50),
	"sign_plate_number" varchar(20),
	"sign_carrier" varchar(100),
	"sign_name" varchar(100),
	"sign_place" varchar(200),
	"sign_number" varchar(64),
	"sign_time" timestamp with time zone,
	"sign_net_weight" numeric(10, 2),
	"sign_first_net_weight" numeric(10, 2),
	"sign_bags" integer,
	"sign_gross_weight" numeric(10, 2),
	"sign_tare_weight" numeric(10, 2),
	"sign_user" varchar(50),
	"sign_settlement" varchar(100),
	"sign_additional" varchar(500),
	"sign_pic_id" integer,
	"sign_origin" text,
	"originals" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"pound_diff" numeric(10, 2),
	"danger_level" smallint,
	"version" integer DEFAULT 1 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "user_setting" (
	"user_id" integer NOT NULL,
	"key" varchar(60) NOT NULL,
	"value" jsonb NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_setting_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "logistics_company" ADD CONSTRAINT "logistics_company_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_tolerance" ADD CONSTRAINT "settlement_tolerance_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_reading" ADD CONSTRAINT "ticket_reading_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_reading" ADD CONSTRAINT "ticket_reading_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_reading" ADD CONSTRAINT "ticket_reading_attachment_id_attachment_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachment"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_destination" ADD CONSTRAINT "transport_destination_transport_id_transport_id_fk" FOREIGN KEY ("transport_id") REFERENCES "public"."transport"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_sms" ADD CONSTRAINT "transport_sms_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_sms" ADD CONSTRAINT "transport_sms_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport" ADD CONSTRAINT "transport_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport" ADD CONSTRAINT "transport_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport" ADD CONSTRAINT "transport_delivery_pic_id_attachment_id_fk" FOREIGN KEY ("delivery_pic_id") REFERENCES "public"."attachment"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport" ADD CONSTRAINT "transport_sign_pic_id_attachment_id_fk" FOREIGN KEY ("sign_pic_id") REFERENCES "public"."attachment"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport" ADD CONSTRAINT "transport_updated_by_app_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_setting" ADD CONSTRAINT "user_setting_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "logistics_company_name_idx" ON "logistics_company" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "logistics_company_time_idx" ON "logistics_company" USING btree ("company_id","create_time");--> statement-breakpoint
CREATE INDEX "ticket_reading_attachment_idx" ON "ticket_reading" USING btree ("attachment_id");--> statement-breakpoint
CREATE INDEX "ticket_reading_company_time_idx" ON "ticket_reading" USING btree ("company_id","create_time");--> statement-breakpoint
CREATE INDEX "ticket_reading_user_time_idx" ON "ticket_reading" USING btree ("user_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "transport_destination_ordinal_idx" ON "transport_destination" USING btree ("transport_id","ordinal");--> statement-breakpoint
CREATE INDEX "transport_sms_company_time_idx" ON "transport_sms" USING btree ("company_id","create_time");--> statement-breakpoint
CREATE INDEX "transport_company_time_idx" ON "transport" USING btree ("company_id","create_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transport_time_idx" ON "transport" USING btree ("create_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transport_company_delivery_time_idx" ON "transport" USING btree ("company_id","delivery_time");--> statement-breakpoint
CREATE INDEX "transport_company_delivery_number_idx" ON "transport" USING btree ("company_id","delivery_number");--> statement-breakpoint
CREATE INDEX "transport_company_sign_number_idx" ON "transport" USING btree ("company_id","sign_number");--> statement-breakpoint
CREATE INDEX "transport_delivery_pic_idx" ON "transport" USING btree ("delivery_pic_id");--> statement-breakpoint
CREATE INDEX "transport_sign_pic_idx" ON "transport" USING btree ("sign_pic_id");--> statement-breakpoint
CREATE INDEX "transport_user_idx" ON "transport" USING btree ("user_id","create_time");