CREATE TABLE "reservation" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"license_number" varchar(10) NOT NULL,
	"contact_name" varchar(50) NOT NULL,
	"phone" varchar(11) NOT NULL,
	"tanker_type" varchar(10) NOT NULL,
	"reserve_time" date NOT NULL,
	"reserve_period" varchar(4) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"remarks" varchar(200),
	"create_user_id" integer,
	"arrive_time" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reservation" ADD CONSTRAINT "reservation_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation" ADD CONSTRAINT "reservation_plan_id_reservation_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."reservation_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation" ADD CONSTRAINT "reservation_create_user_id_app_user_id_fk" FOREIGN KEY ("create_user_id") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservation_plan_status_idx" ON "reservation" USING btree ("plan_id","status");--> statement-breakpoint
CREATE INDEX "reservation_company_day_idx" ON "reservation" USING btree ("company_id","reserve_time");--> statement-breakpoint
CREATE UNIQUE INDEX "reservation_plate_day_idx" ON "reservation" USING btree ("company_id","reserve_time","license_number") WHERE "reservation"."status" <> 2;