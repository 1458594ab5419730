CREATE INDEX "measurement_daily_all_company_idx" ON "measurement_daily" USING btree ("company_id","day") WHERE "measurement_daily"."measure" = 'all';--> statement-breakpoint
CREATE INDEX "measurement_daily_all_machine_idx" ON "measurement_daily" USING btree ("machine_id","day") WHERE "measurement_daily"."measure" = 'all';--> statement-breakpoint
CREATE INDEX "measurement_daily_all_day_idx" ON "measurement_daily" USING btree ("day") WHERE "measurement_daily"."measure" = 'all';--> statement-breakpoint
CREATE INDEX "measurement_abnormal_idx" ON "measurement" USING btree ("company_id","measured_time" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE ("measurement"."bp_conclusion" is not null and "measurement"."bp_conclusion" <> '正常') or ("measurement"."sugar_conclusion" is not null and "measurement"."sugar_conclusion" <> '正常') or ("measurement"."bmi_conclusion" is not null and "measurement"."bmi_conclusion" <> '正常');--> statement-breakpoint
-- The scheduler makes month partitions ahead (modules/measurements/partitions.ts), never a device's post.
-- A reading of that month stored in the default partition meanwhile (a race with the check below) makes
-- CREATE fail with check_violation: the month then stays in the default partition, as one found there.
CREATE OR REPLACE FUNCTION measurement_ensure_month(at timestamptz) RETURNS void LANGUAGE plpgsql AS $$
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
EXCEPTION WHEN duplicate_table OR check_violation THEN
  -- another process made it meanwhile, or a reading of the month reached the default partition first
  NULL;
END
$$;
