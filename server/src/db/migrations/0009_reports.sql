CREATE TABLE "report_diagram" (
	"report_id" integer PRIMARY KEY NOT NULL,
	"canvas" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"update_user_id" integer,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_event" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL,
	"from_status" smallint,
	"to_status" smallint NOT NULL,
	"reason" varchar(200),
	"user_id" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_record" (
	"report_id" integer NOT NULL,
	"item_key" varchar(32) NOT NULL,
	"step_key" varchar(32) NOT NULL,
	"value" jsonb,
	"remark" varchar(500),
	"passed" boolean,
	"user_id" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_record_report_id_item_key_pk" PRIMARY KEY("report_id","item_key")
);
--> statement-breakpoint
CREATE TABLE "report" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"report_number" varchar(30) NOT NULL,
	"license_number" varchar(10) NOT NULL,
	"tanker_type" varchar(10) NOT NULL,
	"tanker_number" varchar(50),
	"org" varchar(100),
	"contact_name" varchar(50) NOT NULL,
	"phone" varchar(11) NOT NULL,
	"latest_material" varchar(50),
	"outdate" date,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"reception_id" integer,
	"template_id" integer,
	"template_version_id" integer,
	"is_out" boolean,
	"inspector_id" integer,
	"station_id" integer,
	"center" varchar(20),
	"result" varchar(10),
	"safety_grade" smallint,
	"next_inspection_date" date,
	"full_inspection_date" date,
	"return_reason" varchar(200),
	"reviewer_id" integer,
	"signer_id" integer,
	"start_time" timestamp with time zone,
	"finish_time" timestamp with time zone,
	"review_time" timestamp with time zone,
	"sign_time" timestamp with time zone,
	"verify_token" varchar(64) NOT NULL,
	"warned_days" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"create_user_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_diagram" ADD CONSTRAINT "report_diagram_report_id_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_diagram" ADD CONSTRAINT "report_diagram_update_user_id_app_user_id_fk" FOREIGN KEY ("update_user_id") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_event" ADD CONSTRAINT "report_event_report_id_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_event" ADD CONSTRAINT "report_event_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_record" ADD CONSTRAINT "report_record_report_id_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_record" ADD CONSTRAINT "report_record_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_reception_id_reservation_id_fk" FOREIGN KEY ("reception_id") REFERENCES "public"."reservation"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_template_id_process_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."process_template"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_template_version_id_process_template_version_id_fk" FOREIGN KEY ("template_version_id") REFERENCES "public"."process_template_version"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_inspector_id_app_user_id_fk" FOREIGN KEY ("inspector_id") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_station_id_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."station"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_reviewer_id_app_user_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_signer_id_app_user_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_create_user_id_app_user_id_fk" FOREIGN KEY ("create_user_id") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_event_report_idx" ON "report_event" USING btree ("report_id","id");--> statement-breakpoint
CREATE INDEX "report_event_time_idx" ON "report_event" USING btree ("to_status","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "report_number_idx" ON "report" USING btree ("report_number");--> statement-breakpoint
CREATE UNIQUE INDEX "report_verify_token_idx" ON "report" USING btree ("verify_token");--> statement-breakpoint
CREATE UNIQUE INDEX "report_reception_idx" ON "report" USING btree ("reception_id");--> statement-breakpoint
CREATE INDEX "report_company_time_idx" ON "report" USING btree ("company_id","create_time","id");--> statement-breakpoint
CREATE INDEX "report_status_time_idx" ON "report" USING btree ("status","create_time","id");--> statement-breakpoint
CREATE INDEX "report_plate_idx" ON "report" USING btree ("license_number");--> statement-breakpoint
CREATE INDEX "report_next_inspection_idx" ON "report" USING btree ("next_inspection_date") WHERE "report"."status" = 6;