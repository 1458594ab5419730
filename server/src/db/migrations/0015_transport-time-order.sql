DROP INDEX "transport_company_time_idx";--> statement-breakpoint
DROP INDEX "transport_time_idx";--> statement-breakpoint
CREATE INDEX "transport_company_time_idx" ON "transport" USING btree ("company_id","create_time","id");--> statement-breakpoint
CREATE INDEX "transport_time_idx" ON "transport" USING btree ("create_time","id");