CREATE TABLE "indicator" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"kind" varchar(20) NOT NULL,
	"unit" varchar(20),
	"min" double precision,
	"max" double precision,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	"remarks" varchar(500),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "process_template_version" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"version" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"steps" jsonb NOT NULL,
	"created_by" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "process_template" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"is_out" boolean DEFAULT false NOT NULL,
	"remarks" varchar(500),
	"current_version_id" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "station_group" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"center" varchar(20),
	"remarks" varchar(500),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "station" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "process_template_version" ADD CONSTRAINT "process_template_version_template_id_process_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."process_template"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_template_version" ADD CONSTRAINT "process_template_version_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_group" ADD CONSTRAINT "station_group_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station" ADD CONSTRAINT "station_group_id_station_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."station_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station" ADD CONSTRAINT "station_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "indicator_name_idx" ON "indicator" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "process_template_version_idx" ON "process_template_version" USING btree ("template_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "process_template_name_idx" ON "process_template" USING btree ("is_out","name") WHERE "process_template"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "station_group_name_idx" ON "station_group" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "station_group_idx" ON "station" USING btree ("group_id","sort");