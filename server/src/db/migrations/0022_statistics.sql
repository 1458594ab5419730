CREATE TABLE "measurement_stat_day" (
	"day" date NOT NULL,
	"machine_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"province" varchar(20) DEFAULT '' NOT NULL,
	"town_code" varchar(12) DEFAULT '' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"abnormal" integer DEFAULT 0 NOT NULL,
	"bp_0" integer DEFAULT 0 NOT NULL,
	"bp_1" integer DEFAULT 0 NOT NULL,
	"bp_2" integer DEFAULT 0 NOT NULL,
	"bp_3" integer DEFAULT 0 NOT NULL,
	"bp_4" integer DEFAULT 0 NOT NULL,
	"sugar_0" integer DEFAULT 0 NOT NULL,
	"sugar_1" integer DEFAULT 0 NOT NULL,
	"sugar_2" integer DEFAULT 0 NOT NULL,
	"bmi_0" integer DEFAULT 0 NOT NULL,
	"bmi_1" integer DEFAULT 0 NOT NULL,
	"bmi_2" integer DEFAULT 0 NOT NULL,
	"bmi_3" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "measurement_stat_day_day_machine_id_pk" PRIMARY KEY("day","machine_id")
);
--> statement-breakpoint
CREATE TABLE "measurement_stat_group_day" (
	"day" date NOT NULL,
	"company_id" integer NOT NULL,
	"group_id" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"abnormal" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "measurement_stat_group_day_day_company_id_group_id_pk" PRIMARY KEY("day","company_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "measurement_stat_month" (
	"month" date NOT NULL,
	"machine_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"province" varchar(20) DEFAULT '' NOT NULL,
	"town_code" varchar(12) DEFAULT '' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"abnormal" integer DEFAULT 0 NOT NULL,
	"bp_0" integer DEFAULT 0 NOT NULL,
	"bp_1" integer DEFAULT 0 NOT NULL,
	"bp_2" integer DEFAULT 0 NOT NULL,
	"bp_3" integer DEFAULT 0 NOT NULL,
	"bp_4" integer DEFAULT 0 NOT NULL,
	"sugar_0" integer DEFAULT 0 NOT NULL,
	"sugar_1" integer DEFAULT 0 NOT NULL,
	"sugar_2" integer DEFAULT 0 NOT NULL,
	"bmi_0" integer DEFAULT 0 NOT NULL,
	"bmi_1" integer DEFAULT 0 NOT NULL,
	"bmi_2" integer DEFAULT 0 NOT NULL,
	"bmi_3" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "measurement_stat_month_month_machine_id_pk" PRIMARY KEY("month","machine_id")
);
--> statement-breakpoint
ALTER TABLE "machine" ADD COLUMN "town_code" varchar(12);--> statement-breakpoint
ALTER TABLE "measurement_stat_day" ADD CONSTRAINT "measurement_stat_day_machine_id_machine_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machine"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurement_stat_day" ADD CONSTRAINT "measurement_stat_day_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurement_stat_group_day" ADD CONSTRAINT "measurement_stat_group_day_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurement_stat_month" ADD CONSTRAINT "measurement_stat_month_machine_id_machine_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machine"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurement_stat_month" ADD CONSTRAINT "measurement_stat_month_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "measurement_stat_day_company_day_idx" ON "measurement_stat_day" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "measurement_stat_day_machine_day_idx" ON "measurement_stat_day" USING btree ("machine_id","day");--> statement-breakpoint
CREATE INDEX "measurement_stat_day_town_day_idx" ON "measurement_stat_day" USING btree ("town_code","day") WHERE "measurement_stat_day"."town_code" <> '';--> statement-breakpoint
CREATE INDEX "measurement_stat_group_day_company_day_idx" ON "measurement_stat_group_day" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "measurement_stat_month_company_month_idx" ON "measurement_stat_month" USING btree ("company_id","month");--> statement-breakpoint
CREATE INDEX "measurement_time_idx" ON "measurement" USING btree ("measured_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- the roll-ups of the readings recorded before them (China days, as the ingest counts them)
INSERT INTO "measurement_stat_day" ("day", "machine_id", "company_id", "province", "town_code", "total", "abnormal", "bp_0", "bp_1", "bp_2", "bp_3", "bp_4", "sugar_0", "sugar_1", "sugar_2", "bmi_0", "bmi_1", "bmi_2", "bmi_3")
SELECT ((m.measured_time AT TIME ZONE 'UTC') + interval '8 hours')::date, m.machine_id, m.company_id, coalesce(c.province, ''), coalesce(d.town_code, ''),
  count(*), count(*) FILTER (WHERE coalesce(m.bp_conclusion, '正常') <> '正常' OR coalesce(m.sugar_conclusion, '正常') <> '正常' OR coalesce(m.bmi_conclusion, '正常') <> '正常'),
  count(*) FILTER (WHERE m.bp_conclusion = '正常'),
  count(*) FILTER (WHERE m.bp_conclusion = '正常高值'),
  count(*) FILTER (WHERE m.bp_conclusion = '高血压1级'),
  count(*) FILTER (WHERE m.bp_conclusion = '高血压2级'),
  count(*) FILTER (WHERE m.bp_conclusion = '高血压3级'),
  count(*) FILTER (WHERE m.sugar_conclusion = '正常'),
  count(*) FILTER (WHERE m.sugar_conclusion = '空腹血糖受损'),
  count(*) FILTER (WHERE m.sugar_conclusion = '糖尿病'),
  count(*) FILTER (WHERE m.bmi_conclusion = '偏瘦'),
  count(*) FILTER (WHERE m.bmi_conclusion = '正常'),
  count(*) FILTER (WHERE m.bmi_conclusion = '超重'),
  count(*) FILTER (WHERE m.bmi_conclusion = '肥胖')
FROM "measurement" m JOIN "company" c ON c.id = m.company_id JOIN "machine" d ON d.id = m.machine_id
GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO "measurement_stat_group_day" ("day", "company_id", "group_id", "total", "abnormal")
SELECT ((m.measured_time AT TIME ZONE 'UTC') + interval '8 hours')::date, m.company_id, coalesce(t.group_id, 0), count(*), count(*) FILTER (WHERE coalesce(m.bp_conclusion, '正常') <> '正常' OR coalesce(m.sugar_conclusion, '正常') <> '正常' OR coalesce(m.bmi_conclusion, '正常') <> '正常')
FROM "measurement" m JOIN "testee" t ON t.id = m.testee_id
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "measurement_stat_month" ("month", "machine_id", "company_id", "province", "town_code", "total", "abnormal", "bp_0", "bp_1", "bp_2", "bp_3", "bp_4", "sugar_0", "sugar_1", "sugar_2", "bmi_0", "bmi_1", "bmi_2", "bmi_3")
SELECT date_trunc('month', day)::date, machine_id, min(company_id), min(province), min(town_code), sum(total), sum(abnormal),
  sum(bp_0), sum(bp_1), sum(bp_2), sum(bp_3), sum(bp_4), sum(sugar_0), sum(sugar_1), sum(sugar_2), sum(bmi_0), sum(bmi_1), sum(bmi_2), sum(bmi_3)
FROM "measurement_stat_day"
GROUP BY 1, 2;
