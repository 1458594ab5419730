CREATE TABLE "screen_link_key" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"secret" varchar(64) NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transport_daily" (
	"day" date NOT NULL,
	"company_id" integer NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"pound_alerts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "transport_daily_day_company_id_pk" PRIMARY KEY("day","company_id")
);
--> statement-breakpoint
ALTER TABLE "screen_link_key" ADD CONSTRAINT "screen_link_key_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_daily" ADD CONSTRAINT "transport_daily_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transport_daily_company_day_idx" ON "transport_daily" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "reservation_day_idx" ON "reservation" USING btree ("reserve_time");--> statement-breakpoint
-- Transports per China Standard Time day and base for the big screens (modules/screens), kept by
-- statement triggers: in the writing transaction whatever writes (the save and edit pages, status
-- moves, deletes, a tolerance's recolouring of a whole settlement unit, a base's deletion), and once
-- per statement, so a bulk write aggregates its rows once. A 作废 transport is not counted; a pound
-- alert is dangerLevel 1 or 3 (the pound difference over the tolerance). An update adds its new rows
-- and takes away its old ones; a delete only takes away (the base's own rows may be gone already).
-- Rows are locked in (day, company) order, so two bulk writes over the same days wait, not deadlock.
CREATE FUNCTION transport_daily_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO transport_daily AS d (day, company_id, count, pound_alerts)
    SELECT ((r.create_time AT TIME ZONE 'UTC') + interval '8 hours')::date, r.company_id,
      count(*), count(*) FILTER (WHERE r.danger_level IN (1, 3))
    FROM new_rows r WHERE r.status <> 3 GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (day, company_id) DO UPDATE SET count = d.count + excluded.count, pound_alerts = d.pound_alerts + excluded.pound_alerts;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO transport_daily AS d (day, company_id, count, pound_alerts)
    SELECT day, company_id, sum(n)::int, sum(alerts)::int FROM (
      SELECT ((r.create_time AT TIME ZONE 'UTC') + interval '8 hours')::date AS day, r.company_id, 1 AS n,
        CASE WHEN r.danger_level IN (1, 3) THEN 1 ELSE 0 END AS alerts
      FROM new_rows r WHERE r.status <> 3
      UNION ALL
      SELECT ((r.create_time AT TIME ZONE 'UTC') + interval '8 hours')::date, r.company_id, -1,
        CASE WHEN r.danger_level IN (1, 3) THEN -1 ELSE 0 END
      FROM old_rows r WHERE r.status <> 3
    ) AS change
    GROUP BY day, company_id HAVING sum(n) <> 0 OR sum(alerts) <> 0 ORDER BY day, company_id
    ON CONFLICT (day, company_id) DO UPDATE SET count = d.count + excluded.count, pound_alerts = d.pound_alerts + excluded.pound_alerts;
  ELSE
    PERFORM 1 FROM transport_daily d
    WHERE (d.day, d.company_id) IN (SELECT ((r.create_time AT TIME ZONE 'UTC') + interval '8 hours')::date, r.company_id FROM old_rows r WHERE r.status <> 3)
    ORDER BY d.day, d.company_id FOR UPDATE;
    UPDATE transport_daily AS d SET count = d.count - gone.n, pound_alerts = d.pound_alerts - gone.alerts
    FROM (
      SELECT ((r.create_time AT TIME ZONE 'UTC') + interval '8 hours')::date AS day, r.company_id,
        count(*)::int AS n, (count(*) FILTER (WHERE r.danger_level IN (1, 3)))::int AS alerts
      FROM old_rows r WHERE r.status <> 3 GROUP BY 1, 2
    ) AS gone
    WHERE d.day = gone.day AND d.company_id = gone.company_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER transport_daily_insert AFTER INSERT ON "transport" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transport_daily_count();--> statement-breakpoint
CREATE TRIGGER transport_daily_update AFTER UPDATE ON "transport" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transport_daily_count();--> statement-breakpoint
CREATE TRIGGER transport_daily_delete AFTER DELETE ON "transport" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transport_daily_count();--> statement-breakpoint
INSERT INTO transport_daily (day, company_id, count, pound_alerts)
SELECT ((create_time AT TIME ZONE 'UTC') + interval '8 hours')::date, company_id, count(*), count(*) FILTER (WHERE danger_level IN (1, 3))
FROM "transport" WHERE status <> 3 GROUP BY 1, 2;
