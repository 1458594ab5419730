CREATE TABLE "measurement_group_daily" (
	"day" date NOT NULL,
	"company_id" integer NOT NULL,
	"group_id" integer DEFAULT 0 NOT NULL,
	"measure" varchar(10) NOT NULL,
	"conclusion" varchar(10) DEFAULT '' NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "measurement_group_daily_company_id_day_group_id_measure_conclusion_pk" PRIMARY KEY("company_id","day","group_id","measure","conclusion")
);
--> statement-breakpoint
ALTER TABLE "machine" ADD COLUMN "town_code" varchar(12);--> statement-breakpoint
ALTER TABLE "measurement_daily" ADD COLUMN "town_code" varchar(12) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "measurement_group_daily" ADD CONSTRAINT "measurement_group_daily_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "measurement_group_daily_day_idx" ON "measurement_group_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "measurement_daily_town_day_idx" ON "measurement_daily" USING btree ("town_code","day") WHERE "measurement_daily"."town_code" <> '';--> statement-breakpoint
-- the department roll-up of the readings recorded before it existed (China days, as the ingest counts them)
INSERT INTO "measurement_group_daily" ("day", "company_id", "group_id", "measure", "conclusion", "count")
SELECT ((m.measured_time AT TIME ZONE 'UTC') + interval '8 hours')::date, m.company_id, coalesce(t.group_id, 0), x.measure, x.conclusion, count(*)
FROM "measurement" m JOIN "testee" t ON t.id = m.testee_id
CROSS JOIN LATERAL (VALUES ('all', ''),
  ('abnormal', CASE WHEN coalesce(m.bp_conclusion, '正常') <> '正常' OR coalesce(m.sugar_conclusion, '正常') <> '正常' OR coalesce(m.bmi_conclusion, '正常') <> '正常' THEN '' END),
  ('bp', m.bp_conclusion), ('sugar', m.sugar_conclusion), ('bmi', m.bmi_conclusion)) AS x(measure, conclusion)
WHERE x.conclusion IS NOT NULL
GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
-- 'abnormal' (a reading with any conclusion other than 正常, counted once) for the readings recorded before
INSERT INTO "measurement_daily" ("day", "machine_id", "company_id", "province", "measure", "conclusion", "count")
SELECT d.day, d.machine_id, d.company_id, d.province, 'abnormal', '', x.n
FROM "measurement_daily" d JOIN (
  SELECT ((measured_time AT TIME ZONE 'UTC') + interval '8 hours')::date AS day, machine_id, count(*) AS n
  FROM "measurement"
  WHERE coalesce(bp_conclusion, '正常') <> '正常' OR coalesce(sugar_conclusion, '正常') <> '正常' OR coalesce(bmi_conclusion, '正常') <> '正常'
  GROUP BY 1, 2
) x ON x.day = d.day AND x.machine_id = d.machine_id
WHERE d.measure = 'all';
