CREATE INDEX "report_start_time_idx" ON "report" USING btree ("start_time");--> statement-breakpoint
CREATE INDEX "report_finish_time_idx" ON "report" USING btree ("finish_time");--> statement-breakpoint
CREATE INDEX "report_sign_time_idx" ON "report" USING btree ("sign_time");