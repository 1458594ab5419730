CREATE TABLE "activity" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"title" varchar(100) NOT NULL,
	"place" varchar(100) NOT NULL,
	"organizer" varchar(100) NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"picture_id" integer,
	"content" text DEFAULT '' NOT NULL,
	"create_id" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "machine" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"type" varchar(50) NOT NULL,
	"device_no" varchar(50) NOT NULL,
	"secret_hash" varchar(64) NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "measurement_daily" (
	"day" date NOT NULL,
	"machine_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"province" varchar(20) DEFAULT '' NOT NULL,
	"measure" varchar(10) NOT NULL,
	"conclusion" varchar(10) DEFAULT '' NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "measurement_daily_day_machine_id_measure_conclusion_pk" PRIMARY KEY("day","machine_id","measure","conclusion")
);
--> statement-breakpoint
CREATE TABLE "measurement_request" (
	"machine_id" integer NOT NULL,
	"request_id" varchar(64) NOT NULL,
	"measurement_id" bigint NOT NULL,
	"measured_time" timestamp with time zone NOT NULL,
	CONSTRAINT "measurement_request_machine_id_request_id_pk" PRIMARY KEY("machine_id","request_id")
);
--> statement-breakpoint
CREATE TABLE "measurement" (
	"id" bigserial NOT NULL,
	"company_id" integer NOT NULL,
	"machine_id" integer NOT NULL,
	"testee_id" integer NOT NULL,
	"measured_time" timestamp with time zone NOT NULL,
	"systolic" smallint,
	"diastolic" smallint,
	"sugar" numeric(4, 1),
	"height" numeric(4, 1),
	"weight" numeric(4, 1),
	"bmi" numeric(4, 1),
	"bp_conclusion" varchar(10),
	"sugar_conclusion" varchar(10),
	"bmi_conclusion" varchar(10),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "measurement_id_measured_time_pk" PRIMARY KEY("id","measured_time")
) PARTITION BY RANGE ("measured_time");
--> statement-breakpoint
-- Readings are partitioned by month (China Standard Time) of measured_time, written by hand: drizzle-kit
-- knows no partitioning. A month's partition is made by measurement_ensure_month, which the server calls
-- before the first reading of a month it has not seen; a reading that finds no partition (a race with it)
-- lands in the default partition, and that month then stays there.
CREATE TABLE "measurement_default" PARTITION OF "measurement" DEFAULT;
--> statement-breakpoint
CREATE FUNCTION measurement_ensure_month(at timestamptz) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  -- China has kept UTC+8 without daylight saving since 1992: a fixed offset needs no time-zone data
  month_start timestamp := date_trunc('month', (at AT TIME ZONE 'UTC') + interval '8 hours');
  low timestamptz := (month_start - interval '8 hours') AT TIME ZONE 'UTC';
  high timestamptz := (month_start + interval '1 month' - interval '8 hours') AT TIME ZONE 'UTC';
  part text := 'measurement_' || to_char(month_start, 'YYYYMM');
BEGIN
  IF to_regclass(part) IS NOT NULL THEN RETURN; END IF;
  IF EXISTS (SELECT 1 FROM measurement_default WHERE measured_time >= low AND measured_time < high) THEN RETURN; END IF;
  EXECUTE format('CREATE TABLE %I PARTITION OF measurement FOR VALUES FROM (%L) TO (%L)', part, low, high);
EXCEPTION WHEN duplicate_table THEN
  -- another process made it meanwhile
  NULL;
END
$$;
--> statement-breakpoint
CREATE TABLE "testee_group" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(50) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "testee" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"group_id" integer,
	"name" varchar(50) NOT NULL,
	"sex" varchar(1) NOT NULL,
	"nation" varchar(10),
	"id_no" varchar(18) NOT NULL,
	"work_unit" varchar(100),
	"job" varchar(50),
	"work_unit_and_job" varchar(150),
	"phone" varchar(11),
	"remarks" varchar(200),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine" ADD CONSTRAINT "machine_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurement_daily" ADD CONSTRAINT "measurement_daily_machine_id_machine_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machine"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurement_daily" ADD CONSTRAINT "measurement_daily_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurement_request" ADD CONSTRAINT "measurement_request_machine_id_machine_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machine"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurement" ADD CONSTRAINT "measurement_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurement" ADD CONSTRAINT "measurement_machine_id_machine_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machine"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurement" ADD CONSTRAINT "measurement_testee_id_testee_id_fk" FOREIGN KEY ("testee_id") REFERENCES "public"."testee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testee_group" ADD CONSTRAINT "testee_group_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testee" ADD CONSTRAINT "testee_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testee" ADD CONSTRAINT "testee_group_id_testee_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."testee_group"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_company_start_idx" ON "activity" USING btree ("company_id","start_time");--> statement-breakpoint
CREATE INDEX "activity_start_idx" ON "activity" USING btree ("start_time","id");--> statement-breakpoint
CREATE UNIQUE INDEX "machine_device_no_uq" ON "machine" USING btree ("device_no");--> statement-breakpoint
CREATE INDEX "machine_company_idx" ON "machine" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "measurement_daily_company_day_idx" ON "measurement_daily" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "measurement_daily_province_day_idx" ON "measurement_daily" USING btree ("province","day");--> statement-breakpoint
CREATE INDEX "measurement_company_time_idx" ON "measurement" USING btree ("company_id","measured_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "measurement_testee_time_idx" ON "measurement" USING btree ("testee_id","measured_time");--> statement-breakpoint
CREATE INDEX "measurement_machine_time_idx" ON "measurement" USING btree ("machine_id","measured_time");--> statement-breakpoint
CREATE UNIQUE INDEX "testee_group_company_name_uq" ON "testee_group" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "testee_company_id_no_uq" ON "testee" USING btree ("company_id","id_no");--> statement-breakpoint
CREATE INDEX "testee_company_time_idx" ON "testee" USING btree ("company_id","create_time","id");--> statement-breakpoint
CREATE INDEX "testee_group_idx" ON "testee" USING btree ("group_id");--> statement-breakpoint
SELECT measurement_ensure_month(now() + make_interval(months => m)) FROM generate_series(-1, 2) AS m;
